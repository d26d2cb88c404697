import { useTranslation } from 'react-i18next';
import { Form, useSubmit } from 'react-router';
import { Button } from '#app/components/ui/button.tsx';
import { useHydrated } from '#app/features/account/account-form.tsx';
import { type CatchUp, type CatchUpRange, PurchaseIntent } from '#app/features/catalogue/purchase.ts';
import { PurchaseParam } from '#app/features/catalogue/purchase-paths.ts';
import {
  CloseOnly,
  DialogFrame,
  type PurchaseDialogProps,
  QuoteRow,
  QuoteTable,
  SpendForm,
  usePoints,
} from './purchase-dialog-frame.tsx';

/**
 * From and to which chapter (`?bulk=1&from=N&to=M`): a GET form, so the server works out the total
 * of the range with the same rule as the whole catch-up; with JavaScript a change submits it at once.
 */
function RangeForm({ all, range }: { all: CatchUp; range: CatchUpRange }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const select = (name: string, label: string, value: number) => (
    <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs font-semibold text-zinc-600">
      {label}
      <select
        name={name}
        defaultValue={value}
        data-testid={`bulk-${name}`}
        className="min-h-11 w-full rounded-lg border border-zinc-300 bg-white px-2 text-sm text-ink"
        onChange={(event) => submit(event.currentTarget.form, { replace: true, preventScrollReset: true })}
      >
        {all.episodes.map((episode) => (
          <option key={episode.id} value={episode.index}>
            {t('purchase.bulk_chapter', { index: episode.index })}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <Form method="get" preventScrollReset replace className="mt-3 flex items-end gap-2" data-testid="bulk-range">
      <input type="hidden" name={PurchaseParam.Bulk} value="1" />
      {select(PurchaseParam.From, t('purchase.bulk_from'), range.from)}
      {select(PurchaseParam.To, t('purchase.bulk_to'), range.to)}
      {hydrated ? null : (
        <Button type="submit" variant="secondary" size="lg">
          {t('purchase.bulk_update')}
        </Button>
      )}
    </Form>
  );
}

/**
 * The catch-up (`?bulk=1`): every paid episode the reader has not opened, their total and point
 * back, the wallet before and after, or the shop.
 */
export function CatchUpDialog({ view, closeHref, result }: PurchaseDialogProps<'bulk'>) {
  const { t } = useTranslation();
  const points = usePoints();
  const { catchUp, quote, all, range } = view;
  if (all.episodes.length === 0) {
    return (
      <DialogFrame closeHref={closeHref} title={t('purchase.bulk_title')} episode={undefined} testId="bulk-dialog">
        <p className="mt-3 text-sm text-zinc-700">{t('purchase.bulk_empty')}</p>
        <CloseOnly closeHref={closeHref} />
      </DialogFrame>
    );
  }
  return (
    <DialogFrame closeHref={closeHref} title={t('purchase.bulk_title')} episode={undefined} testId="bulk-dialog">
      <p className="mt-1 text-sm text-zinc-600">{t('purchase.bulk_lead', { count: all.episodes.length })}</p>
      {all.episodes.length > 1 ? <RangeForm key={`${range.from}-${range.to}`} all={all} range={range} /> : null}
      <ul
        data-testid="bulk-episodes"
        className="mt-3 max-h-40 divide-y divide-zinc-100 overflow-y-auto rounded-xl text-sm ring-1 ring-zinc-200"
      >
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
          <QuoteRow label={t('purchase.point_back')}>
            <dd className="text-right font-bold text-amber-600" data-testid="purchase-point-back">
              {catchUp.pointBack > 0
                ? t('catalogue.bonus_back', { count: catchUp.pointBack })
                : t('purchase.point_back_none')}
            </dd>
          </QuoteRow>
        }
      />
      <SpendForm
        intent={PurchaseIntent.Bulk}
        quote={quote}
        result={result}
        shopHref={view.shopHref}
        closeHref={closeHref}
        confirmLabel={t('purchase.bulk_confirm', { count: catchUp.episodes.length, points: points(catchUp.total) })}
        fields={
          <>
            {catchUp.episodes.map((episode) => (
              <input key={episode.id} type="hidden" name="episode_id" value={episode.id} />
            ))}
            <input type="hidden" name="paid_point" value={catchUp.total} />
            <input type="hidden" name="point_back" value={catchUp.pointBack} />
          </>
        }
      />
    </DialogFrame>
  );
}
