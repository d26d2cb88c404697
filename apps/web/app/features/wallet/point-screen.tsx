import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { BEFORE_PARAM, type PointPageData } from './point-page.ts';
import type { BalanceView, PointLotView, PointMovementView } from './wallet.ts';
import { EmptyState, MovementSubject, pillLink, primaryLink, useWalletDates, WalletCard } from './wallet-ui.tsx';

/** Lots listed under the balance; the rest are summed up in one line. */
const LOTS_SHOWN = 5;

function Balance({ balance }: { balance: BalanceView }) {
  const { t } = useTranslation();
  const dates = useWalletDates();
  const lotText = (lot: PointLotView) =>
    lot.expiresAt === null
      ? t('wallet.lot_never', { count: lot.remaining, kind: t(`wallet.kind.${lot.kind}`) })
      : t('wallet.lot_expires', {
          count: lot.remaining,
          kind: t(`wallet.kind.${lot.kind}`),
          date: dates.dateTime(lot.expiresAt),
        });
  const expiring = balance.lots.filter((lot) => lot.expiresAt !== null);
  const total = balance.paidPoints + balance.freePoints;
  const figure = (label: string, value: number, testId: string, note: string, wide = false) => (
    <div className={`rounded-xl bg-zinc-50 px-4 py-3 ${wide ? 'col-span-2 sm:col-span-1' : ''}`}>
      <dt className="text-xs font-semibold text-zinc-600">{label}</dt>
      <dd className="mt-0.5 text-xl font-black text-ink tabular-nums sm:text-2xl" data-testid={testId}>
        {t('my.points_value', { count: value })}
      </dd>
      <dd className="mt-0.5 text-xs text-zinc-600">{note}</dd>
    </div>
  );
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {figure(t('wallet.total_points'), total, 'wallet-total-points', t('wallet.total_note'), true)}
        {figure(t('my.paid_points'), balance.paidPoints, 'wallet-paid-points', t('wallet.paid_note'))}
        {figure(t('my.free_points'), balance.freePoints, 'wallet-free-points', t('wallet.free_note'))}
      </dl>
      <div className="mt-4">
        <h3 className="text-sm font-bold text-ink">{t('wallet.expiry_heading')}</h3>
        {expiring.length === 0 ? (
          <p className="mt-1 text-sm text-zinc-600" data-testid="wallet-no-expiry">
            {total === 0 ? t('wallet.no_points') : t('wallet.nothing_expires')}
          </p>
        ) : (
          <ul className="mt-1.5 flex flex-col gap-1 text-sm text-zinc-700" data-testid="wallet-lots">
            {expiring.slice(0, LOTS_SHOWN).map((lot) => (
              <li key={`${lot.kind}-${lot.expiresAt}`} className="flex gap-2" data-testid="wallet-lot">
                <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-amber-500" />
                {lotText(lot)}
              </li>
            ))}
            {expiring.length > LOTS_SHOWN ? (
              <li className="pl-3.5 text-zinc-600">
                {t('wallet.lots_more', {
                  count: expiring.slice(LOTS_SHOWN).reduce((sum, lot) => sum + lot.remaining, 0),
                })}
              </li>
            ) : null}
          </ul>
        )}
        {balance.complete ? null : <p className="mt-1 text-xs text-zinc-600">{t('wallet.lots_incomplete')}</p>}
      </div>
      <div className="mt-5 flex flex-wrap gap-2">
        <Link to="/my/shop" className={primaryLink}>
          {t('my.buy_points')}
        </Link>
        <Link to="/my/setting/ticket" className={pillLink}>
          {t('my.ticket_history')}
        </Link>
      </div>
    </>
  );
}

function Amount({ movement }: { movement: PointMovementView }) {
  const { t } = useTranslation();
  const credit = movement.amount > 0;
  return (
    <div className="shrink-0 text-right">
      <p
        className={`text-base font-black tabular-nums ${credit ? 'text-emerald-700' : 'text-ink'}`}
        data-testid="movement-amount"
      >
        {t(credit ? 'wallet.amount_credit' : 'wallet.amount_debit', { count: Math.abs(movement.amount) })}
      </p>
      <p className="mt-0.5 text-[11px] font-bold text-zinc-600">{t(`wallet.kind.${movement.kind}`)}</p>
    </div>
  );
}

function MovementRow({ movement }: { movement: PointMovementView }) {
  const { t } = useTranslation();
  const dates = useWalletDates();
  const credit = movement.amount > 0;
  return (
    <li
      className="flex items-start gap-3 py-3.5"
      data-testid="point-movement"
      data-reason={movement.reason}
      data-movement-id={movement.id}
    >
      <div className="min-w-0 flex-1">
        <p className="text-sm font-bold text-ink" data-testid="movement-reason">
          {t(`wallet.reason.${movement.reason}`)}
        </p>
        <MovementSubject
          title={movement.title}
          episode={movement.episode}
          more={movement.magazineName !== '' ? <span>{movement.magazineName}</span> : undefined}
        />
        <p className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-zinc-600">
          {movement.at ? <time dateTime={movement.at}>{dates.dateTime(movement.at)}</time> : null}
          {credit && movement.expiresAt !== undefined ? (
            <span data-testid="movement-expiry">
              {movement.expiresAt === null
                ? t('wallet.never_expires')
                : t('wallet.expires_on', { date: dates.dateTime(movement.expiresAt) })}
            </span>
          ) : null}
          {credit && movement.remaining < movement.amount ? (
            <span>{t('wallet.remaining', { count: movement.remaining })}</span>
          ) : null}
        </p>
      </div>
      <Amount movement={movement} />
    </li>
  );
}

function HistoryPaging({ page }: { page: PointPageData }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (!page.olderBefore && !page.isOlderPage) return null;
  const linkClass =
    'inline-flex h-10 items-center rounded-full bg-white px-5 text-sm font-bold text-ink ring-1 ring-zinc-200 transition hover:bg-zinc-50';
  return (
    <nav aria-label={t('wallet.history_paging')} className="mt-4 flex flex-wrap items-center justify-center gap-3">
      {page.isOlderPage ? (
        <Link to={location.pathname} className={linkClass}>
          {t('wallet.newest_movements')}
        </Link>
      ) : null}
      {page.olderBefore ? (
        <Link
          to={`${location.pathname}?${new URLSearchParams({ [BEFORE_PARAM]: page.olderBefore })}`}
          rel="next"
          className={linkClass}
        >
          {t('wallet.older_movements')}
        </Link>
      ) : null}
    </nav>
  );
}

/** /my/setting/point: the balance with its expiries, the plan (`plan`, issue 11) and the point history. */
export function PointScreen({ page, plan }: { page: PointPageData; plan?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <PageFrame
      title={t('pages.my-setting-point.title')}
      lead={t('pages.my-setting-point.lead')}
      crumbs={[
        { label: t('pages.my.title'), to: '/my' },
        { label: t('pages.my-setting.title'), to: '/my/setting' },
      ]}
    >
      <div className="flex flex-col gap-5 sm:gap-6">
        <WalletCard id="wallet-balance" title={t('wallet.balance_heading')} testId="wallet-balance">
          <Balance balance={page.balance} />
        </WalletCard>
        {plan}
        <WalletCard id="wallet-history" title={t('wallet.history_heading')} testId="point-history">
          {page.movements.length === 0 ? (
            <EmptyState
              testId="point-history-empty"
              title={page.isOlderPage ? t('wallet.history_end_title') : t('wallet.history_empty_title')}
              body={page.isOlderPage ? t('wallet.history_end_body') : t('wallet.history_empty_body')}
              action={page.isOlderPage ? undefined : { href: '/my/shop', label: t('my.buy_points') }}
            />
          ) : (
            <ol className="divide-y divide-zinc-100">
              {page.movements.map((movement) => (
                <MovementRow key={movement.id} movement={movement} />
              ))}
            </ol>
          )}
          <HistoryPaging page={page} />
        </WalletCard>
      </div>
    </PageFrame>
  );
}
