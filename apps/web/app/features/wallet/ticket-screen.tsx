import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { Pager } from '#app/features/catalogue/pager.tsx';
import { RESERVATION_PARAM, type ReservationView, TICKET_HISTORY_PARAM, type TicketPageData } from './ticket-page.ts';
import type { PremiumTicketsView, TicketMovementView } from './wallet.ts';
import { EmptyState, MovementSubject, pillLink, useWalletDates, WalletCard } from './wallet-ui.tsx';

function Tickets({ tickets }: { tickets: PremiumTicketsView }) {
  const { t } = useTranslation();
  const dates = useWalletDates();
  return (
    <>
      <p className="text-3xl font-black text-ink tabular-nums" data-testid="ticket-count">
        {t('my.tickets_value', { count: tickets.count })}
      </p>
      {tickets.expiries.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-600">{t('wallet.tickets_none')}</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-1.5 text-sm text-zinc-700" data-testid="ticket-expiries">
          {tickets.expiries.map((expiry) => (
            <li key={expiry.at} className="flex gap-2" data-testid="ticket-expiry">
              <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-amber-500" />
              {t('wallet.ticket_expires', { count: expiry.count, date: dates.dateTime(expiry.at) })}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-xs leading-relaxed text-zinc-600">{t('wallet.tickets_about')}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to="/my/setting/point" className={pillLink}>
          {t('my.point_history')}
        </Link>
      </div>
    </>
  );
}

function movementText(movement: TicketMovementView, t: TFunction): string {
  if (movement.event === 'granted') {
    return movement.source === 'other'
      ? t('wallet.ticket_event.granted')
      : t('wallet.ticket_event.granted_from', { source: t(`wallet.ticket_source.${movement.source}`) });
  }
  if (movement.event === 'used') return t(`wallet.ticket_event.used_${movement.kind}`);
  return t('wallet.ticket_event.expired');
}

function TicketRow({ movement }: { movement: TicketMovementView }) {
  const { t } = useTranslation();
  const dates = useWalletDates();
  return (
    <li className="flex items-start gap-3 py-3.5" data-testid="ticket-movement" data-event={movement.event}>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-bold text-ink" data-testid="ticket-movement-text">
          {movementText(movement, t)}
        </p>
        <MovementSubject title={movement.title} episode={movement.episode} />
        <p className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-zinc-600">
          {movement.at ? <time dateTime={movement.at}>{dates.dateTime(movement.at)}</time> : null}
          {movement.event === 'granted' && movement.expiresAt ? (
            <span>{t('wallet.expires_on', { date: dates.dateTime(movement.expiresAt) })}</span>
          ) : null}
          {movement.event === 'used' && movement.rentalEndsAt ? (
            <span>{t('wallet.rental_until', { date: dates.dateTime(movement.rentalEndsAt) })}</span>
          ) : null}
        </p>
      </div>
      <p
        className={`shrink-0 text-base font-black tabular-nums ${movement.count > 0 ? 'text-emerald-700' : 'text-ink'}`}
      >
        {t(movement.count > 0 ? 'wallet.ticket_credit' : 'wallet.ticket_debit', { count: Math.abs(movement.count) })}
      </p>
    </li>
  );
}

function ReservationRow({ reservation }: { reservation: ReservationView }) {
  const { t } = useTranslation();
  const dates = useWalletDates();
  return (
    <li className="py-3.5" data-testid="reservation">
      <p className="flex flex-wrap gap-x-2 text-sm break-words">
        <Link to={reservation.title.href} className="font-semibold text-brand-700 hover:underline">
          {reservation.title.name}
        </Link>
        <span className="text-zinc-700">{reservation.episode.name}</span>
      </p>
      <p className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-zinc-600">
        {reservation.releaseAt ? (
          <span className="font-bold text-ink">
            {t('wallet.release_on', { date: dates.dateTime(reservation.releaseAt) })}
          </span>
        ) : null}
        {reservation.magazineName !== '' ? (
          <span>{t('wallet.bought_with', { name: reservation.magazineName })}</span>
        ) : null}
        {reservation.purchasedAt ? (
          <span>{t('wallet.bought_on', { date: dates.dateTime(reservation.purchasedAt) })}</span>
        ) : null}
      </p>
    </li>
  );
}

/** /my/setting/ticket: premium tickets held, ticket history and reservations. */
export function TicketScreen({ page }: { page: TicketPageData }) {
  const { t } = useTranslation();
  return (
    <PageFrame
      title={t('pages.my-setting-ticket.title')}
      lead={t('pages.my-setting-ticket.lead')}
      crumbs={[
        { label: t('pages.my.title'), to: '/my' },
        { label: t('pages.my-setting.title'), to: '/my/setting' },
      ]}
    >
      <div className="flex flex-col gap-5 sm:gap-6">
        <WalletCard id="wallet-tickets" title={t('wallet.tickets_heading')} testId="premium-tickets">
          <Tickets tickets={page.tickets} />
        </WalletCard>
        <WalletCard id="wallet-ticket-history" title={t('wallet.ticket_history_heading')} testId="ticket-history">
          {page.history.items.length === 0 ? (
            <EmptyState
              testId="ticket-history-empty"
              title={page.history.page > 1 ? t('wallet.history_end_title') : t('wallet.ticket_history_empty_title')}
              body={page.history.page > 1 ? t('wallet.history_end_body') : t('wallet.ticket_history_empty_body')}
            />
          ) : (
            <ol className="divide-y divide-zinc-100">
              {page.history.items.map((movement) => (
                <TicketRow key={movement.key} movement={movement} />
              ))}
            </ol>
          )}
          <Pager
            page={page.history.page}
            hasNext={page.history.hasNext}
            param={TICKET_HISTORY_PARAM}
            label={t('wallet.ticket_history_paging')}
            preventScrollReset
          />
        </WalletCard>
        <WalletCard id="wallet-reservations" title={t('wallet.reservations_heading')} testId="reservations">
          {page.reservations.items.length === 0 ? (
            <p className="rounded-xl bg-zinc-50 px-4 py-6 text-center text-sm text-zinc-600">
              {page.reservations.page > 1 ? t('wallet.history_end_body') : t('wallet.reservations_empty')}
            </p>
          ) : (
            <ol className="divide-y divide-zinc-100">
              {page.reservations.items.map((reservation) => (
                <ReservationRow key={reservation.key} reservation={reservation} />
              ))}
            </ol>
          )}
          <Pager
            page={page.reservations.page}
            hasNext={page.reservations.hasNext}
            param={RESERVATION_PARAM}
            label={t('wallet.reservations_paging')}
            preventScrollReset
          />
        </WalletCard>
      </div>
    </PageFrame>
  );
}
