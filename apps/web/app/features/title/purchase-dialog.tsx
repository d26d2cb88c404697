import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '#app/components/ui/button.tsx';
import { FormError } from '#app/components/ui/form-error.tsx';
import type { PurchaseActionResult, PurchaseDialogView } from '#app/features/catalogue/purchase.ts';
import { BuyDialog } from './buy-dialog.tsx';
import { CatchUpDialog } from './catch-up-dialog.tsx';
import { CancelLink, CloseOnly, DialogActions, DialogFrame } from './purchase-dialog-frame.tsx';
import { RentDialog } from './rent-dialog.tsx';

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
      return <CatchUpDialog view={view} closeHref={closeHref} result={result} />;
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
          <DialogActions className="mt-5">
            <CancelLink closeHref={closeHref} label={t('purchase.close')} />
            <Link to={view.episode.href} className={buttonClassName({ variant: 'primary', size: 'lg' })} data-autofocus>
              {t('purchase.read_now')}
            </Link>
          </DialogActions>
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
          <CloseOnly closeHref={closeHref} />
        </DialogFrame>
      );
  }
}
