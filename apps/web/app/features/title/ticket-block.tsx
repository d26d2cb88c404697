import { useTranslation } from 'react-i18next';
import { timeLeft } from '#app/features/catalogue/episode-access.ts';
import { LiveCountdown } from '#app/features/catalogue/live-countdown.tsx';
import type { TicketBlockView } from './title-page.ts';

/**
 * The title page's ticket information: how the title's free ticket recharges, how long a rental
 * lasts, what a logged-in reader holds (from the page's session, never "log in" to them) and when
 * the next ticket comes back while none is left.
 */
export function TicketBlock({ tickets, renderedAt }: { tickets: TicketBlockView; renderedAt: string }) {
  const { t } = useTranslation();
  const duration = (seconds: number) => {
    const value = timeLeft(seconds * 1000);
    return t(`catalogue.duration.${value.unit}`, { count: value.count });
  };
  return (
    <section aria-labelledby="ticket-info" className="rounded-2xl border border-amber-200 bg-amber-50/60 p-5">
      <div className="flex items-center gap-3">
        <span
          className="grid size-10 shrink-0 place-items-center rounded-full bg-amber-400 text-ink"
          aria-hidden="true"
        >
          <svg
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M3 8a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 0-2 2H5a2 2 0 0 0-2-2v-2a2 2 0 0 0 0-4z" />
            <path d="M9 6v12" strokeDasharray="2 2" />
          </svg>
        </span>
        <h2 id="ticket-info" className="text-base font-extrabold text-ink">
          {t('catalogue.tickets_title')}
        </h2>
      </div>
      {tickets.enabled ? (
        <>
          <p className="mt-3 text-sm leading-relaxed text-zinc-700">
            {t('catalogue.tickets_body', {
              count: tickets.max,
              recover: duration(tickets.recoverSeconds),
              rental: duration(tickets.rentalSeconds),
            })}
          </p>
          <dl className="mt-4 grid grid-cols-2 gap-2 text-center">
            <div className="rounded-xl bg-white px-3 py-2.5 ring-1 ring-amber-100">
              <dt className="text-[11px] font-bold text-zinc-500">{t('catalogue.tickets_owned')}</dt>
              <dd className="mt-0.5 text-lg font-black text-ink tabular-nums" data-testid="tickets-owned">
                {tickets.owned === undefined ? '–' : `${tickets.owned} / ${tickets.max}`}
              </dd>
            </div>
            <div className="rounded-xl bg-white px-3 py-2.5 ring-1 ring-amber-100">
              <dt className="text-[11px] font-bold text-zinc-500">{t('catalogue.tickets_rental')}</dt>
              <dd className="mt-0.5 text-lg font-black text-ink">{duration(tickets.rentalSeconds)}</dd>
            </div>
          </dl>
          {tickets.nextAt ? (
            <p className="mt-3 text-xs font-semibold text-amber-800" data-testid="tickets-next">
              <LiveCountdown
                until={tickets.nextAt}
                renderedAt={renderedAt}
                format={(left) => t('purchase.tickets_next', { left })}
                ended={t('purchase.ticket_back')}
              />
            </p>
          ) : null}
          {tickets.premiumOwned !== undefined && tickets.premiumOwned > 0 ? (
            <p className="mt-2 text-xs text-zinc-600">
              {t('episode.viewer.locked.ticket_premium_owned', { count: tickets.premiumOwned })}
            </p>
          ) : null}
          {!tickets.signedIn ? <p className="mt-3 text-xs text-zinc-500">{t('catalogue.tickets_login')}</p> : null}
        </>
      ) : (
        <p className="mt-3 text-sm text-zinc-600">{t('catalogue.tickets_none')}</p>
      )}
    </section>
  );
}
