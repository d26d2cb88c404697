// The embedded test provider's checkout page (ADR 019): a card form that takes Stripe's test numbers
// (4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined). It never sees a real card.
import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { SHOP_PATH, type TestCheckoutData, type TestPayResult } from './shop.ts';

export function CheckoutScreen({ session, result }: { session: TestCheckoutData | null; result: TestPayResult }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== 'idle';
  if (!session) {
    return (
      <PageFrame title={t('shop.checkout_title')}>
        <p className="text-sm text-zinc-700">{t('shop.checkout_gone')}</p>
        <Link to={SHOP_PATH} className="mt-3 inline-block text-sm font-bold text-brand-700 underline">
          {t('shop.back_to_shop')}
        </Link>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={t('shop.checkout_title')} lead={t('shop.checkout_lead')}>
      <div className="max-w-md rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm">
        <p className="text-base font-bold text-ink">{session.name}</p>
        <p className="mb-4 text-lg font-bold text-ink" data-testid="checkout-price">
          {session.mode === 'subscription' ? t('shop.per_month', { price: session.priceText }) : session.priceText}
        </p>
        <Form method="post" className="flex flex-col gap-3">
          <input type="hidden" name="session_id" value={session.sessionId} />
          <label className="text-sm font-bold text-ink">
            {t('shop.card_number')}
            <input
              name="card_number"
              inputMode="numeric"
              autoComplete="cc-number"
              required
              maxLength={23}
              placeholder="4242 4242 4242 4242"
              className="mt-1 block w-full rounded-lg border border-zinc-300 px-3 py-2 font-mono text-base"
            />
          </label>
          <p className="text-xs text-zinc-500">{t('shop.test_cards')}</p>
          {result?.status === 'declined' ? (
            <p role="alert" className="text-sm font-bold text-red-700">
              {t('shop.declined')}
            </p>
          ) : null}
          {result?.status === 'failed' ? (
            <p role="alert" className="text-sm font-bold text-red-700">
              {t('shop.failed')}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={busy}
            className="rounded-full bg-brand-600 px-4 py-2 text-sm font-bold text-white hover:bg-brand-700 disabled:bg-zinc-200 disabled:text-zinc-600"
          >
            {t('shop.pay', { price: session.priceText })}
          </button>
        </Form>
        <a href={session.cancelUrl} className="mt-3 inline-block text-sm text-zinc-600 underline">
          {t('shop.cancel_checkout')}
        </a>
      </div>
    </PageFrame>
  );
}
