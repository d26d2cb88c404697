import { useTranslation } from 'react-i18next';
import { PurchaseIntent } from '#app/features/catalogue/purchase.ts';
import {
  CloseOnly,
  DialogFrame,
  type PurchaseDialogProps,
  QuoteRow,
  QuoteTable,
  SpendForm,
  usePoints,
} from './purchase-dialog-frame.tsx';

/** Buying one episode (`?buy=`): its price and point back, the wallet before and after, or the shop. */
export function BuyDialog({ view, closeHref, result }: PurchaseDialogProps<'buy'>) {
  const { t } = useTranslation();
  const points = usePoints();
  const { quote } = view;
  return (
    <DialogFrame closeHref={closeHref} title={t('purchase.buy_title')} episode={view.episode} testId="buy-dialog">
      <QuoteTable
        quote={quote}
        priceLabel={t('purchase.price')}
        extra={
          view.bonusPoint > 0 ? (
            <QuoteRow label={t('episode.viewer.locked.bonus')}>
              <dd className="font-bold text-amber-600">{t('catalogue.bonus_back', { count: view.bonusPoint })}</dd>
            </QuoteRow>
          ) : null
        }
      />
      {!view.purchasable ? (
        <>
          <p className="mt-4 text-sm text-zinc-700" role="alert">
            {t('purchase.not_for_sale')}
          </p>
          <CloseOnly closeHref={closeHref} />
        </>
      ) : (
        <SpendForm
          intent={PurchaseIntent.Buy}
          quote={quote}
          result={result}
          shopHref={view.shopHref}
          closeHref={closeHref}
          confirmLabel={t('purchase.buy_confirm', { points: points(quote.price) })}
          fields={
            <>
              <input type="hidden" name="episode_id" value={view.episode.id} />
              <input type="hidden" name="check_point" value={quote.price} />
            </>
          }
        />
      )}
    </DialogFrame>
  );
}
