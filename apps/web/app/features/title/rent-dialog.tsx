import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import { buttonClassName } from '#app/components/ui/button.tsx';
import { FormError } from '#app/components/ui/form-error.tsx';
import { timeLeft } from '#app/features/catalogue/episode-access.ts';
import { LiveCountdown } from '#app/features/catalogue/live-countdown.tsx';
import { PURCHASE_INTENT_FIELD, PurchaseIntent, purchaseFailureOf } from '#app/features/catalogue/purchase.ts';
import { purchaseDialogHref } from '#app/features/catalogue/purchase-paths.ts';
import { CancelLink, DialogActions, DialogFrame, type PurchaseDialogProps } from './purchase-dialog-frame.tsx';

/** One way to rent: a ticket the reader holds, for how long, as one button. */
function RentOption({
  episodeId,
  testKey,
  label,
  detail,
  ticketType,
  ticketVersion,
  autofocus,
}: {
  episodeId: number;
  testKey: string;
  label: string;
  detail: string;
  ticketType: number;
  ticketVersion: number;
  autofocus: boolean;
}) {
  const busy = useNavigation().state !== 'idle';
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name={PURCHASE_INTENT_FIELD} value={PurchaseIntent.Rent} />
      <input type="hidden" name="episode_id" value={episodeId} />
      <input type="hidden" name="ticket_type" value={ticketType} />
      <input type="hidden" name="ticket_version" value={ticketVersion} />
      <button
        type="submit"
        disabled={busy}
        data-autofocus={autofocus || undefined}
        data-testid={`rent-${testKey}`}
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
}

/** Renting one episode with a ticket (`?rent=`): the title's ticket or a premium one, or when the next comes. */
export function RentDialog({ view, closeHref, result, titleId }: PurchaseDialogProps<'rent'> & { titleId: number }) {
  const { t } = useTranslation();
  const code = purchaseFailureOf(result, PurchaseIntent.Rent)?.code;
  const duration = (seconds: number) => {
    const value = timeLeft(seconds * 1000);
    return t(`catalogue.duration.${value.unit}`, { count: value.count });
  };
  const { title, premium } = view;
  const titleUsable = title !== undefined && title.own > 0;
  const premiumUsable = premium !== undefined && premium.own > 0;
  return (
    <DialogFrame closeHref={closeHref} title={t('purchase.rent_title')} episode={view.episode} testId="rent-dialog">
      <div className="mt-4 flex flex-col gap-2.5">
        {titleUsable ? (
          <RentOption
            episodeId={view.episode.id}
            testKey="title"
            label={t('purchase.rent_title_ticket', { count: title.own, max: title.max })}
            detail={t('purchase.rent_for', { rental: duration(title.rentalSeconds) })}
            ticketType={title.ticketType}
            ticketVersion={title.ticketVersion}
            autofocus
          />
        ) : null}
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
        {premiumUsable ? (
          <RentOption
            episodeId={view.episode.id}
            testKey="premium"
            label={t('purchase.rent_premium_ticket', { count: premium.own })}
            detail={t('purchase.rent_for', { rental: duration(premium.rentalSeconds) })}
            ticketType={premium.ticketType}
            ticketVersion={0}
            autofocus={!titleUsable}
          />
        ) : null}
        {!titleUsable && !premiumUsable && !title ? (
          <p className="rounded-xl bg-zinc-50 px-4 py-3 text-sm text-zinc-700 ring-1 ring-zinc-200">
            {t('purchase.ticket_none')}
          </p>
        ) : null}
      </div>
      <div className="mt-3">
        <FormError code={code} />
      </div>
      <DialogActions className="mt-4">
        <CancelLink closeHref={closeHref} />
        <Link
          to={purchaseDialogHref(titleId, 'buy', view.episode.id)}
          replace
          preventScrollReset
          className={buttonClassName({ variant: 'secondary', size: 'lg' })}
          data-testid="rent-buy-instead"
        >
          {t('purchase.buy_instead')}
        </Link>
      </DialogActions>
    </DialogFrame>
  );
}
