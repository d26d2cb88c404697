import type { PointBalance } from '@manga/contracts';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigate, useNavigation } from 'react-router';
import { FormError } from '#app/components/ui/form-error.tsx';
import { useModalFocus } from '#app/components/ui/modal.tsx';
import { timeLeft } from '#app/features/catalogue/episode-access.ts';
import { LiveCountdown } from '#app/features/catalogue/live-countdown.tsx';
import { purchaseDialogHref } from '#app/features/catalogue/purchase-paths.ts';
import {
  type DialogEpisode,
  PURCHASE_INTENT_FIELD,
  type PurchaseActionResult,
  type PurchaseDialogView,
  PurchaseIntent,
  type PurchaseQuote,
  totalPoints,
} from './purchase.ts';

const primary =
  'inline-flex h-11 items-center justify-center rounded-full bg-brand-500 px-5 text-sm font-bold text-white shadow-lg shadow-brand-500/25 transition hover:bg-brand-600 disabled:bg-zinc-200 disabled:text-zinc-600 disabled:shadow-none';
const secondary =
  'inline-flex h-11 items-center justify-center rounded-full px-5 text-sm font-bold text-ink ring-1 ring-zinc-200 transition hover:bg-zinc-50';

function usePoints(): (count: number) => string {
  const { t } = useTranslation();
  return (count) => t('catalogue.badge.points', { count });
}

/** The modal frame: an alert dialog over the page, reached by a link, closed by Escape or Cancel. */
function DialogFrame({
  closeHref,
  title,
  episode,
  children,
  testId,
}: {
  closeHref: string;
  title: string;
  episode: DialogEpisode | undefined;
  children: ReactNode;
  testId: string;
}) {
  const navigate = useNavigate();
  const panelRef = useRef<HTMLDivElement>(null);
  useModalFocus(panelRef, true, () => navigate(closeHref, { replace: true, preventScrollReset: true }));
  return (
    <div className="fixed inset-0 z-50 grid place-items-center overflow-y-auto bg-ink/60 p-4 backdrop-blur-sm">
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby="purchase-title"
        tabIndex={-1}
        data-testid={testId}
        className="w-full max-w-md rounded-2xl bg-white p-5 shadow-2xl sm:p-6"
      >
        <h2 id="purchase-title" className="text-lg font-black text-ink">
          {title}
        </h2>
        {episode ? (
          <p className="mt-1 text-sm break-words text-zinc-600" data-testid="purchase-episode">
            {episode.name}
          </p>
        ) : null}
        {children}
      </div>
    </div>
  );
}

function CancelLink({ closeHref, label }: { closeHref: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <Link to={closeHref} replace preventScrollReset className={secondary} data-testid="purchase-cancel">
      {label ?? t('purchase.cancel')}
    </Link>
  );
}

/** "530 pt (free 30 · paid 500)". */
function Balance({ balance }: { balance: PointBalance }) {
  const { t } = useTranslation();
  const points = usePoints();
  return (
    <>
      <span className="font-black text-ink tabular-nums">{points(totalPoints(balance))}</span>
      <span className="block text-xs text-zinc-500 tabular-nums">
        {t('purchase.split', { free: balance.free_point, paid: balance.paid_point })}
      </span>
    </>
  );
}

/** Price, balance before and after, and which points pay (free first), or how many are missing. */
function QuoteTable({ quote, priceLabel, extra }: { quote: PurchaseQuote; priceLabel: string; extra?: ReactNode }) {
  const { t } = useTranslation();
  const points = usePoints();
  const row = 'flex items-start justify-between gap-3 px-4 py-2.5';
  return (
    <dl className="mt-4 divide-y divide-zinc-100 rounded-xl bg-zinc-50 text-sm ring-1 ring-zinc-100">
      <div className={row}>
        <dt className="font-semibold text-zinc-600">{priceLabel}</dt>
        <dd className="text-lg font-black text-ink tabular-nums" data-testid="purchase-price">
          {points(quote.price)}
        </dd>
      </div>
      {extra}
      <div className={row}>
        <dt className="font-semibold text-zinc-600">{t('purchase.balance_before')}</dt>
        <dd className="text-right" data-testid="purchase-balance-before">
          <Balance balance={quote.before} />
        </dd>
      </div>
      {quote.spend && quote.after ? (
        <>
          <div className={row}>
            <dt className="font-semibold text-zinc-600">{t('purchase.spent')}</dt>
            <dd className="text-right text-zinc-700 tabular-nums" data-testid="purchase-spent">
              {t('purchase.spent_value', { free: quote.spend.free_point, paid: quote.spend.paid_point })}
              <span className="block text-xs text-zinc-500">{t('purchase.free_first')}</span>
            </dd>
          </div>
          <div className={row}>
            <dt className="font-semibold text-zinc-600">{t('purchase.balance_after')}</dt>
            <dd className="text-right" data-testid="purchase-balance-after">
              <Balance balance={quote.after} />
            </dd>
          </div>
        </>
      ) : null}
    </dl>
  );
}

/** Not enough points: how many are missing and the way to the shop and back. */
function ShortOfPoints({ shortBy, shopHref, closeHref }: { shortBy: number; shopHref: string; closeHref: string }) {
  const { t } = useTranslation();
  return (
    <div className="mt-4" data-testid="purchase-short">
      <p
        role="alert"
        className="rounded-xl bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-900 ring-1 ring-amber-200"
      >
        {t('purchase.short', { count: shortBy })}
      </p>
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <CancelLink closeHref={closeHref} />
        <Link to={shopHref} className={primary} data-testid="purchase-shop" data-autofocus>
          {t('purchase.get_points')}
        </Link>
      </div>
    </div>
  );
}

function failedCode(result: PurchaseActionResult, intent: PurchaseIntent): number | undefined {
  return result?.status === 'failed' && result.intent === intent ? result.code : undefined;
}

const POINT_SHORTAGE = 3110;

function BuyDialog({
  view,
  closeHref,
  result,
}: {
  view: Extract<PurchaseDialogView, { kind: 'buy' }>;
  closeHref: string;
  result: PurchaseActionResult;
}) {
  const { t } = useTranslation();
  const points = usePoints();
  const busy = useNavigation().state !== 'idle';
  const code = failedCode(result, PurchaseIntent.Buy);
  const { quote } = view;
  return (
    <DialogFrame closeHref={closeHref} title={t('purchase.buy_title')} episode={view.episode} testId="buy-dialog">
      <QuoteTable
        quote={quote}
        priceLabel={t('purchase.price')}
        extra={
          view.bonusPoint > 0 ? (
            <div className="flex items-start justify-between gap-3 px-4 py-2.5">
              <dt className="font-semibold text-zinc-600">{t('episode.viewer.locked.bonus')}</dt>
              <dd className="font-bold text-amber-600">{t('catalogue.bonus_back', { count: view.bonusPoint })}</dd>
            </div>
          ) : null
        }
      />
      {!view.purchasable ? (
        <>
          <p className="mt-4 text-sm text-zinc-700" role="alert">
            {t('purchase.not_for_sale')}
          </p>
          <div className="mt-5 flex justify-end">
            <CancelLink closeHref={closeHref} label={t('purchase.close')} />
          </div>
        </>
      ) : quote.spend === undefined ? (
        <ShortOfPoints shortBy={quote.shortBy} shopHref={view.shopHref} closeHref={closeHref} />
      ) : (
        <Form method="post" preventScrollReset className="mt-5 flex flex-col gap-3">
          <input type="hidden" name={PURCHASE_INTENT_FIELD} value={PurchaseIntent.Buy} />
          <input type="hidden" name="episode_id" value={view.episode.id} />
          <input type="hidden" name="check_point" value={quote.price} />
          <FormError code={code} />
          {code === POINT_SHORTAGE ? (
            <Link to={view.shopHref} className="text-sm font-bold text-brand-600 underline">
              {t('purchase.get_points')}
            </Link>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <CancelLink closeHref={closeHref} />
            <button type="submit" className={primary} disabled={busy} data-autofocus data-testid="purchase-confirm">
              {t('purchase.buy_confirm', { points: points(quote.price) })}
            </button>
          </div>
        </Form>
      )}
    </DialogFrame>
  );
}

function RentDialog({
  view,
  closeHref,
  result,
  titleId,
}: {
  view: Extract<PurchaseDialogView, { kind: 'rent' }>;
  closeHref: string;
  result: PurchaseActionResult;
  titleId: number;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== 'idle';
  const code = failedCode(result, PurchaseIntent.Rent);
  const duration = (seconds: number) => {
    const value = timeLeft(seconds * 1000);
    return t(`catalogue.duration.${value.unit}`, { count: value.count });
  };
  const option = (key: string, label: string, detail: string, type: number, version: number, autofocus: boolean) => (
    <Form method="post" preventScrollReset key={key}>
      <input type="hidden" name={PURCHASE_INTENT_FIELD} value={PurchaseIntent.Rent} />
      <input type="hidden" name="episode_id" value={view.episode.id} />
      <input type="hidden" name="ticket_type" value={type} />
      <input type="hidden" name="ticket_version" value={version} />
      <button
        type="submit"
        disabled={busy}
        data-autofocus={autofocus || undefined}
        data-testid={`rent-${key}`}
        className="flex w-full items-center justify-between gap-3 rounded-xl bg-emerald-50 px-4 py-3 text-left ring-1 ring-emerald-200 transition hover:bg-emerald-100 disabled:opacity-60"
      >
        <span className="min-w-0">
          <span className="block text-sm font-black text-emerald-900">{label}</span>
          <span className="block text-xs text-emerald-800">{detail}</span>
        </span>
        <span aria-hidden="true" className="text-lg font-black text-emerald-700">
          →
        </span>
      </button>
    </Form>
  );
  const { title, premium } = view;
  const titleUsable = title !== undefined && title.own > 0;
  const premiumUsable = premium !== undefined && premium.own > 0;
  return (
    <DialogFrame closeHref={closeHref} title={t('purchase.rent_title')} episode={view.episode} testId="rent-dialog">
      <div className="mt-4 flex flex-col gap-2.5">
        {titleUsable
          ? option(
              'title',
              t('purchase.rent_title_ticket', { count: title.own, max: title.max }),
              t('purchase.rent_for', { rental: duration(title.rentalSeconds) }),
              title.ticketType,
              title.ticketVersion,
              true,
            )
          : null}
        {title && !titleUsable ? (
          <p
            className="rounded-xl bg-zinc-50 px-4 py-3 text-sm text-zinc-700 ring-1 ring-zinc-200"
            data-testid="rent-wait"
          >
            {title.nextAt ? (
              <LiveCountdown
                until={title.nextAt}
                renderedAt={view.renderedAt}
                format={(left) => t('purchase.ticket_next', { left })}
                ended={t('purchase.ticket_back')}
              />
            ) : (
              t('purchase.ticket_none')
            )}
          </p>
        ) : null}
        {premiumUsable
          ? option(
              'premium',
              t('purchase.rent_premium_ticket', { count: premium.own }),
              t('purchase.rent_for', { rental: duration(premium.rentalSeconds) }),
              premium.ticketType,
              0,
              !titleUsable,
            )
          : null}
        {!titleUsable && !premiumUsable && !title ? (
          <p className="rounded-xl bg-zinc-50 px-4 py-3 text-sm text-zinc-700 ring-1 ring-zinc-200">
            {t('purchase.ticket_none')}
          </p>
        ) : null}
      </div>
      <div className="mt-3">
        <FormError code={code} />
      </div>
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <CancelLink closeHref={closeHref} />
        <Link
          to={purchaseDialogHref(titleId, 'buy', view.episode.id)}
          replace
          preventScrollReset
          className={secondary}
          data-testid="rent-buy-instead"
        >
          {t('purchase.buy_instead')}
        </Link>
      </div>
    </DialogFrame>
  );
}

function BulkDialog({
  view,
  closeHref,
  result,
}: {
  view: Extract<PurchaseDialogView, { kind: 'bulk' }>;
  closeHref: string;
  result: PurchaseActionResult;
}) {
  const { t } = useTranslation();
  const points = usePoints();
  const busy = useNavigation().state !== 'idle';
  const code = failedCode(result, PurchaseIntent.Bulk);
  const { catchUp, quote } = view;
  if (catchUp.episodes.length === 0) {
    return (
      <DialogFrame closeHref={closeHref} title={t('purchase.bulk_title')} episode={undefined} testId="bulk-dialog">
        <p className="mt-3 text-sm text-zinc-700">{t('purchase.bulk_empty')}</p>
        <div className="mt-5 flex justify-end">
          <CancelLink closeHref={closeHref} label={t('purchase.close')} />
        </div>
      </DialogFrame>
    );
  }
  return (
    <DialogFrame closeHref={closeHref} title={t('purchase.bulk_title')} episode={undefined} testId="bulk-dialog">
      <p className="mt-1 text-sm text-zinc-600">{t('purchase.bulk_lead', { count: catchUp.episodes.length })}</p>
      <ul className="mt-3 max-h-40 divide-y divide-zinc-100 overflow-y-auto rounded-xl text-sm ring-1 ring-zinc-200">
        {catchUp.episodes.map((episode) => (
          <li key={episode.id} className="flex items-start justify-between gap-3 px-3 py-2">
            <span className="min-w-0 break-words text-zinc-700">{episode.name}</span>
            <span className="shrink-0 font-bold text-ink tabular-nums">{points(episode.point)}</span>
          </li>
        ))}
      </ul>
      <QuoteTable
        quote={quote}
        priceLabel={t('purchase.total')}
        extra={
          <div className="flex items-start justify-between gap-3 px-4 py-2.5">
            <dt className="font-semibold text-zinc-600">{t('purchase.point_back')}</dt>
            <dd className="text-right font-bold text-amber-600" data-testid="purchase-point-back">
              {catchUp.pointBack > 0
                ? t('catalogue.bonus_back', { count: catchUp.pointBack })
                : t('purchase.point_back_none')}
            </dd>
          </div>
        }
      />
      {quote.spend === undefined ? (
        <ShortOfPoints shortBy={quote.shortBy} shopHref={view.shopHref} closeHref={closeHref} />
      ) : (
        <Form method="post" preventScrollReset className="mt-5 flex flex-col gap-3">
          <input type="hidden" name={PURCHASE_INTENT_FIELD} value={PurchaseIntent.Bulk} />
          {catchUp.episodes.map((episode) => (
            <input key={episode.id} type="hidden" name="episode_id" value={episode.id} />
          ))}
          <input type="hidden" name="paid_point" value={catchUp.total} />
          <input type="hidden" name="point_back" value={catchUp.pointBack} />
          <FormError code={code} />
          {code === POINT_SHORTAGE ? (
            <Link to={view.shopHref} className="text-sm font-bold text-brand-600 underline">
              {t('purchase.get_points')}
            </Link>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <CancelLink closeHref={closeHref} />
            <button type="submit" className={primary} disabled={busy} data-autofocus data-testid="purchase-confirm">
              {t('purchase.bulk_confirm', { count: catchUp.episodes.length, points: points(catchUp.total) })}
            </button>
          </div>
        </Form>
      )}
    </DialogFrame>
  );
}

/** The buy, rent or catch-up confirmation of the title page (`?buy=`, `?rent=`, `?bulk=1`). */
export function PurchaseDialog({
  view,
  closeHref,
  result,
  titleId,
}: {
  view: PurchaseDialogView;
  closeHref: string;
  result: PurchaseActionResult;
  titleId: number;
}) {
  const { t } = useTranslation();
  switch (view.kind) {
    case 'buy':
      return <BuyDialog view={view} closeHref={closeHref} result={result} />;
    case 'rent':
      return <RentDialog view={view} closeHref={closeHref} result={result} titleId={titleId} />;
    case 'bulk':
      return <BulkDialog view={view} closeHref={closeHref} result={result} />;
    case 'open':
      return (
        <DialogFrame closeHref={closeHref} title={t('purchase.open_title')} episode={view.episode} testId="open-dialog">
          {result?.status === 'failed' ? (
            // The confirmation that was submitted failed because the episode opened meanwhile (3102).
            <div className="mt-3">
              <FormError code={result.code} />
            </div>
          ) : null}
          <p className="mt-3 text-sm text-zinc-700">{t('purchase.open_body')}</p>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <CancelLink closeHref={closeHref} label={t('purchase.close')} />
            <Link to={view.episode.href} className={primary} data-autofocus>
              {t('purchase.read_now')}
            </Link>
          </div>
        </DialogFrame>
      );
    case 'failed':
      return (
        <DialogFrame
          closeHref={closeHref}
          title={t('purchase.failed_title')}
          episode={undefined}
          testId="failed-dialog"
        >
          <div className="mt-3">
            <FormError code={view.code} />
          </div>
          <div className="mt-5 flex justify-end">
            <CancelLink closeHref={closeHref} label={t('purchase.close')} />
          </div>
        </DialogFrame>
      );
  }
}
