import type { PointBalance } from '@manga/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import { Button, buttonClassName } from '#app/components/ui/button.tsx';
import { FormError } from '#app/components/ui/form-error.tsx';
import { LinkedModal } from '#app/components/ui/modal.tsx';
import {
  type DialogEpisode,
  PURCHASE_INTENT_FIELD,
  type PurchaseActionResult,
  type PurchaseDialogView,
  type PurchaseIntent,
  type PurchaseQuote,
  purchaseFailureOf,
  totalPoints,
} from '#app/features/catalogue/purchase.ts';

// What the title page's buy, rent and catch-up confirmations share (ADR 014): the modal frame, the
// way out, the wallet before and after, the shop when points are short, and the confirming form.

export function usePoints(): (count: number) => string {
  const { t } = useTranslation();
  return (count) => t('catalogue.badge.points', { count });
}

/** The modal frame: an alert dialog over the page, reached by a link, closed by Escape or Cancel. */
export function DialogFrame({
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
  return (
    <LinkedModal
      closeHref={closeHref}
      labelledBy="purchase-title"
      testId={testId}
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
    </LinkedModal>
  );
}

/** The row of a confirmation's buttons: side by side at the end, stacked (main action first) on phones. */
export function DialogActions({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={`flex flex-col-reverse gap-2 sm:flex-row sm:justify-end${className ? ` ${className}` : ''}`}>
      {children}
    </div>
  );
}

export function CancelLink({ closeHref, label }: { closeHref: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={closeHref}
      replace
      preventScrollReset
      className={buttonClassName({ variant: 'secondary', size: 'lg' })}
      data-testid="purchase-cancel"
    >
      {label ?? t('purchase.cancel')}
    </Link>
  );
}

/** A confirmation with nothing left to do but close it. */
export function CloseOnly({ closeHref }: { closeHref: string }) {
  const { t } = useTranslation();
  return (
    <div className="mt-5 flex justify-end">
      <CancelLink closeHref={closeHref} label={t('purchase.close')} />
    </div>
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

/** One line of the quote: what, and how much. */
export function QuoteRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-3 px-4 py-2.5">
      <dt className="font-semibold text-zinc-600">{label}</dt>
      {children}
    </div>
  );
}

/** Price, balance before and after, and which points pay (free first), or how many are missing. */
export function QuoteTable({
  quote,
  priceLabel,
  extra,
}: {
  quote: PurchaseQuote;
  priceLabel: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const points = usePoints();
  return (
    <dl className="mt-4 divide-y divide-zinc-100 rounded-xl bg-zinc-50 text-sm ring-1 ring-zinc-100">
      <QuoteRow label={priceLabel}>
        <dd className="text-lg font-black text-ink tabular-nums" data-testid="purchase-price">
          {points(quote.price)}
        </dd>
      </QuoteRow>
      {extra}
      <QuoteRow label={t('purchase.balance_before')}>
        <dd className="text-right" data-testid="purchase-balance-before">
          <Balance balance={quote.before} />
        </dd>
      </QuoteRow>
      {quote.spend && quote.after ? (
        <>
          <QuoteRow label={t('purchase.spent')}>
            <dd className="text-right text-zinc-700 tabular-nums" data-testid="purchase-spent">
              {t('purchase.spent_value', { free: quote.spend.free_point, paid: quote.spend.paid_point })}
              <span className="block text-xs text-zinc-500">{t('purchase.free_first')}</span>
            </dd>
          </QuoteRow>
          <QuoteRow label={t('purchase.balance_after')}>
            <dd className="text-right" data-testid="purchase-balance-after">
              <Balance balance={quote.after} />
            </dd>
          </QuoteRow>
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
      <DialogActions className="mt-5">
        <CancelLink closeHref={closeHref} />
        <Link
          to={shopHref}
          className={buttonClassName({ variant: 'primary', size: 'lg' })}
          data-testid="purchase-shop"
          data-autofocus
        >
          {t('purchase.get_points')}
        </Link>
      </DialogActions>
    </div>
  );
}

/** What the buy, rent and catch-up dialogs are given (`kind`: which confirmation). */
export interface PurchaseDialogProps<Kind extends PurchaseDialogView['kind']> {
  view: Extract<PurchaseDialogView, { kind: Kind }>;
  closeHref: string;
  result: PurchaseActionResult;
}

/**
 * The form that spends points (a purchase or a catch-up): what it sends, its failed answer with the
 * shop when points were short, Cancel and the confirming button; the shop instead when the wallet
 * is short of the quote.
 */
export function SpendForm({
  intent,
  quote,
  result,
  shopHref,
  closeHref,
  confirmLabel,
  fields,
}: {
  intent: PurchaseIntent;
  quote: PurchaseQuote;
  result: PurchaseActionResult;
  shopHref: string;
  closeHref: string;
  confirmLabel: string;
  /** The hidden fields of the call. */
  fields: ReactNode;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== 'idle';
  const failure = purchaseFailureOf(result, intent);
  if (quote.spend === undefined)
    return <ShortOfPoints shortBy={quote.shortBy} shopHref={shopHref} closeHref={closeHref} />;
  return (
    <Form method="post" preventScrollReset className="mt-5 flex flex-col gap-3">
      <input type="hidden" name={PURCHASE_INTENT_FIELD} value={intent} />
      {fields}
      <FormError code={failure?.code} />
      {failure?.offerShop ? (
        <Link to={shopHref} className={buttonClassName({ variant: 'link' })}>
          {t('purchase.get_points')}
        </Link>
      ) : null}
      <DialogActions>
        <CancelLink closeHref={closeHref} />
        <Button type="submit" size="lg" busy={busy} data-autofocus data-testid="purchase-confirm">
          {confirmLabel}
        </Button>
      </DialogActions>
    </Form>
  );
}
