import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import { buttonClassName } from '#app/components/ui/button.tsx';
import { FormError } from '#app/components/ui/form-error.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { timeLeft } from '#app/features/catalogue/episode-access.ts';
import { LiveCountdown } from '#app/features/catalogue/live-countdown.tsx';
import { PURCHASE_INTENT_FIELD, type PurchaseActionResult, PurchaseIntent } from '#app/features/catalogue/purchase.ts';
import type { LockedTickets, LockedViewerData, LockedWallet } from './viewer.ts';
import { ViewerPageFrame } from './viewer-frame.tsx';

const primary = buttonClassName({ variant: 'primary', size: 'xl', wide: true });
const rent =
  'inline-flex h-11 items-center justify-center gap-2 rounded-full bg-emerald-50 px-6 text-sm font-bold text-emerald-800 ring-1 ring-emerald-200 transition hover:bg-emerald-100';
const secondary = buttonClassName({ variant: 'secondary', size: 'lg', wide: true });

export interface LockedEpisodeProps {
  viewer: LockedViewerData;
  /** The answer of a buy or rent submitted here, when it failed (success reloads the chapter, readable). */
  result?: PurchaseActionResult;
}

/**
 * Buy, rent or top up right here (issue 24 item 7): forms posting to this very URL (replacing its
 * history entry, so Back never comes back to a form or a dialog), or the shop coming back here.
 */
function WalletActions({
  viewer,
  wallet,
  result,
}: {
  viewer: LockedViewerData;
  wallet: LockedWallet;
  result: PurchaseActionResult | undefined;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== 'idle';
  const points = (count: number) => t('catalogue.badge.points', { count });
  const ticketLabel =
    wallet.rent?.kind === 'title'
      ? t('purchase.rent_title_ticket', { count: wallet.rent.own, max: viewer.tickets?.title?.max ?? wallet.rent.own })
      : wallet.rent
        ? t('purchase.rent_premium_ticket', { count: wallet.rent.own })
        : '';
  return (
    <>
      {result?.status === 'failed' ? (
        <div className="mb-3 text-left">
          <FormError code={result.code} />
        </div>
      ) : null}
      {!wallet.purchasable ? (
        <p className="mb-2 text-sm text-zinc-700" role="status">
          {t('purchase.not_for_sale')}
        </p>
      ) : wallet.shortBy > 0 ? (
        <>
          <p className="mb-2 text-sm font-semibold text-zinc-700" data-testid="locked-short">
            {t('purchase.short', { count: wallet.shortBy })}
          </p>
          <Link to={wallet.shopHref} className={primary} data-testid="locked-top-up">
            {t('purchase.get_points')}
          </Link>
        </>
      ) : (
        <Form method="post" replace preventScrollReset className="flex flex-col">
          <input type="hidden" name={PURCHASE_INTENT_FIELD} value={PurchaseIntent.Buy} />
          <input type="hidden" name="episode_id" value={viewer.episodeId} />
          <input type="hidden" name="check_point" value={wallet.price} />
          <button type="submit" className={primary} disabled={busy} data-testid="locked-buy">
            {t('purchase.buy_confirm', { points: points(wallet.price) })}
          </button>
        </Form>
      )}
      {wallet.rent ? (
        <Form method="post" replace preventScrollReset className="flex flex-col">
          <input type="hidden" name={PURCHASE_INTENT_FIELD} value={PurchaseIntent.Rent} />
          <input type="hidden" name="episode_id" value={viewer.episodeId} />
          <input type="hidden" name="ticket_type" value={wallet.rent.ticketType} />
          <input type="hidden" name="ticket_version" value={wallet.rent.ticketVersion} />
          <button type="submit" className={`${rent} w-full`} disabled={busy} data-testid="locked-rent">
            <Icon name="ticket" className="size-5" />
            {ticketLabel}
          </button>
        </Form>
      ) : null}
      {wallet.purchasable && wallet.shortBy === 0 ? (
        <Link to={wallet.shopHref} className="text-sm font-bold text-brand-700 underline" data-testid="locked-top-up">
          {t('purchase.get_points')}
        </Link>
      ) : null}
    </>
  );
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
export function LockedEpisode({ viewer, result }: LockedEpisodeProps) {
  const { t } = useTranslation();
  const { point, bonusPoint, tickets, loginHref, wallet } = viewer;
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
            {wallet ? (
              <div className="flex items-center justify-between gap-3 px-4 py-3">
                <dt className="font-semibold text-zinc-600">{t('purchase.balance_before')}</dt>
                <dd className="font-bold" data-testid="locked-balance">
                  {t('catalogue.badge.points', { count: wallet.balance })}
                </dd>
              </div>
            ) : null}
            {bonusPoint > 0 ? (
              <div className="flex items-center justify-between gap-3 px-4 py-3">
                <dt className="font-semibold text-zinc-600">{t('episode.viewer.locked.bonus')}</dt>
                <dd className="font-bold text-amber-600">{t('catalogue.bonus_back', { count: bonusPoint })}</dd>
              </div>
            ) : null}
            {tickets ? (
              // dt and dd straight under the group's div, as a description list requires (axe).
              <div className="px-4 py-3" data-testid="locked-ticket">
                <dt className="flex items-start gap-3 font-bold text-ink">
                  <Icon name="ticket" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
                  {t('episode.viewer.locked.ticket')}
                </dt>
                {ticketLines(tickets, t, viewer.renderedAt).map((line, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of lines, drawn in one order
                  <dd key={index} className="mt-0.5 pl-8 text-zinc-600">
                    {line}
                  </dd>
                ))}
              </div>
            ) : null}
          </dl>

          <div className="mt-6 flex flex-col gap-2.5">
            {wallet ? (
              <WalletActions viewer={viewer} wallet={wallet} result={result} />
            ) : (
              <Link to={viewer.buyHref} className={primary} data-testid="locked-buy">
                {t('purchase.buy_confirm', { points: t('catalogue.badge.points', { count: point }) })}
              </Link>
            )}
            {!wallet && viewer.rentHref ? (
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
