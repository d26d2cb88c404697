import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { timeLeft } from '#app/features/catalogue/episode-access.ts';
import { LiveCountdown } from '#app/features/catalogue/live-countdown.tsx';
import { Icon } from './icons.tsx';
import type { LockedTickets, LockedViewerData } from './viewer.ts';
import { ViewerPageFrame } from './viewer-frame.tsx';

const primary =
  'inline-flex h-12 items-center justify-center rounded-full bg-brand-500 px-6 text-sm font-bold text-white shadow-lg shadow-brand-500/25 transition hover:bg-brand-600';
const rent =
  'inline-flex h-11 items-center justify-center gap-2 rounded-full bg-emerald-50 px-6 text-sm font-bold text-emerald-800 ring-1 ring-emerald-200 transition hover:bg-emerald-100';
const secondary =
  'inline-flex h-11 items-center justify-center rounded-full px-6 text-sm font-bold text-ink ring-1 ring-zinc-200 transition hover:bg-zinc-50';

export interface LockedEpisodeProps {
  viewer: LockedViewerData;
  /** Inline ways to open the chapter here (buy, rent), shown above the links; the wallet adds them. */
  actions?: ReactNode;
}

/** The lines under "can be rented with a free ticket": what the reader holds, or what logging in gives. */
function ticketLines(tickets: LockedTickets, t: TFunction, renderedAt: string): ReactNode[] {
  const duration = (seconds: number) => {
    const value = timeLeft(seconds * 1000);
    return t(`catalogue.duration.${value.unit}`, { count: value.count });
  };
  const { title, held } = tickets;
  if (!held) {
    return [
      title
        ? t('episode.viewer.locked.ticket_guest', {
            count: title.max,
            recover: duration(title.recoverSeconds),
            rental: duration(title.rentalSeconds),
          })
        : t('episode.viewer.locked.ticket_how'),
    ];
  }
  const lines: ReactNode[] = [];
  if (held.title > 0) lines.push(t('episode.viewer.locked.ticket_owned', { count: held.title }));
  else if (title && held.nextTitleTicketInSeconds > 0) {
    // Wait until T: the next free ticket, counting down live.
    lines.push(
      <span data-testid="locked-ticket-wait">
        <LiveCountdown
          until={new Date(Date.parse(renderedAt) + held.nextTitleTicketInSeconds * 1000).toISOString()}
          renderedAt={renderedAt}
          format={(left) => t('episode.viewer.locked.ticket_wait', { left })}
          ended={t('purchase.ticket_back')}
        />
      </span>,
    );
  }
  if (held.premium > 0) lines.push(t('episode.viewer.locked.ticket_premium_owned', { count: held.premium }));
  else if (!title) lines.push(t('episode.viewer.locked.ticket_premium_none'));
  if (title) lines.push(t('episode.viewer.locked.ticket_rental', { rental: duration(title.rentalSeconds) }));
  return lines;
}

/**
 * A chapter that must be bought or rented first (API 400 / 3105): what it costs, whether a ticket
 * can rent it and what the reader holds (GET /title/ticket/list), logging in first for visitors,
 * where to buy or rent it (its row on the title page, or `actions`), and the free first chapter.
 * Never a broken reader.
 */
export function LockedEpisode({ viewer, actions }: LockedEpisodeProps) {
  const { t } = useTranslation();
  const { point, bonusPoint, tickets, loginHref } = viewer;
  return (
    <ViewerPageFrame viewer={viewer}>
      <main className="flex flex-1 items-center justify-center px-4 py-10 sm:py-16">
        <section
          aria-labelledby="locked-heading"
          data-testid="locked-chapter"
          className="w-full max-w-md rounded-3xl bg-white p-6 text-center text-ink shadow-2xl sm:p-8"
        >
          <div className="mx-auto grid size-14 place-items-center rounded-full bg-amber-100 text-amber-600">
            <Icon name="lock" className="size-7" />
          </div>
          <h2 id="locked-heading" className="mt-5 text-xl font-black tracking-tight sm:text-2xl">
            {t('episode.viewer.locked.title')}
          </h2>
          <p className="mt-1 text-sm text-zinc-500">
            {viewer.titleName} · {viewer.episodeName}
          </p>

          <dl className="mt-6 divide-y divide-zinc-100 rounded-2xl bg-zinc-50 text-left text-sm ring-1 ring-zinc-100">
            <div className="flex items-center justify-between gap-3 px-4 py-3">
              <dt className="font-semibold text-zinc-600">{t('episode.viewer.locked.price')}</dt>
              <dd className="text-lg font-black" data-testid="locked-price">
                {t('catalogue.badge.points', { count: point })}
              </dd>
            </div>
            {bonusPoint > 0 ? (
              <div className="flex items-center justify-between gap-3 px-4 py-3">
                <dt className="font-semibold text-zinc-600">{t('episode.viewer.locked.bonus')}</dt>
                <dd className="font-bold text-amber-600">{t('catalogue.bonus_back', { count: bonusPoint })}</dd>
              </div>
            ) : null}
            {tickets ? (
              <div className="flex items-start gap-3 px-4 py-3" data-testid="locked-ticket">
                <Icon name="ticket" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
                <div>
                  <dt className="font-bold text-ink">{t('episode.viewer.locked.ticket')}</dt>
                  {ticketLines(tickets, t, viewer.renderedAt).map((line, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of lines, drawn in one order
                    <dd key={index} className="mt-0.5 text-zinc-600">
                      {line}
                    </dd>
                  ))}
                </div>
              </div>
            ) : null}
          </dl>

          {actions ? <div className="mt-6">{actions}</div> : null}

          <div className="mt-6 flex flex-col gap-2.5">
            <Link to={viewer.buyHref} className={primary} data-testid="locked-buy">
              {t('purchase.buy_confirm', { points: t('catalogue.badge.points', { count: point }) })}
            </Link>
            {viewer.rentHref ? (
              <Link to={viewer.rentHref} className={rent} data-testid="locked-rent">
                <Icon name="ticket" className="size-5" />
                {t('purchase.rent_with_ticket')}
              </Link>
            ) : null}
            {loginHref ? (
              <>
                <Link to={loginHref} className={secondary}>
                  {t('episode.viewer.locked.log_in')}
                </Link>
                <p className="text-xs text-zinc-500">{t('episode.viewer.locked.log_in_note')}</p>
              </>
            ) : null}
            {viewer.firstEpisodeHref ? (
              <Link to={viewer.firstEpisodeHref} className={secondary}>
                {t('episode.viewer.locked.read_first')}
              </Link>
            ) : null}
            <Link to={viewer.unlockHref} className={secondary}>
              {t('episode.viewer.locked.see_on_title')}
            </Link>
          </div>
        </section>
      </main>
    </ViewerPageFrame>
  );
}
