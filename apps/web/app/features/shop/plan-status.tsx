// The reader's monthly plan and its cancel button (ADR 019): in the shop's plan tab and, loading its
// own data from the shop's loader, at the top of /my/setting/point.
import type { CurrentPlan } from '@manga/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useFetcher } from 'react-router';
import { SHOP_PATH, type ShopActionResult, type ShopPageData } from './shop.ts';

export function PlanStatusCard({ plan, result }: { plan: CurrentPlan | null; result?: ShopActionResult }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ShopActionResult>();
  const outcome = fetcher.data ?? result;
  if (!plan) {
    return (
      <section
        aria-labelledby="plan-status-heading"
        className="rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm"
      >
        <h2 id="plan-status-heading" className="text-base font-bold text-ink">
          {t('shop.plan_status')}
        </h2>
        <p className="mt-1 text-sm text-zinc-600">{t('shop.no_plan')}</p>
        <Link to={`${SHOP_PATH}?tab=plan`} className="mt-3 inline-block text-sm font-bold text-brand-700 underline">
          {t('shop.see_plans')}
        </Link>
      </section>
    );
  }
  const canceled = plan.is_canceled === 1 || outcome?.status === 'canceled';
  const date = (outcome?.status === 'canceled' ? outcome.finishDatetime : plan.period_end_datetime).slice(0, 10);
  return (
    <section
      aria-labelledby="plan-status-heading"
      className="rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm"
    >
      <h2 id="plan-status-heading" className="text-base font-bold text-ink">
        {t('shop.plan_status')}
      </h2>
      <p className="mt-1 text-sm font-bold text-ink" data-testid="current-plan">
        {plan.name}
      </p>
      <p className="mt-1 text-sm text-zinc-600" data-testid="plan-date">
        {canceled ? t('shop.plan_ends', { date }) : t('shop.plan_renews', { date })}
      </p>
      {outcome?.status === 'failed' ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t(`response_code_message.${outcome.code}`, { defaultValue: t('shop.failed') })}
        </p>
      ) : null}
      {canceled ? null : (
        <fetcher.Form method="post" action={SHOP_PATH} className="mt-3">
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="asset_id" value={plan.asset_id} />
          <button
            type="submit"
            disabled={fetcher.state !== 'idle'}
            className="rounded-full border border-zinc-300 px-4 py-2 text-sm font-bold text-ink hover:bg-zinc-50 disabled:bg-zinc-200 disabled:text-zinc-600"
          >
            {t('shop.cancel_plan')}
          </button>
        </fetcher.Form>
      )}
    </section>
  );
}

/** The plan card on any page (placed by that page): loads the plan from the shop's loader. */
export function PlanStatus() {
  const fetcher = useFetcher<ShopPageData>();
  useEffect(() => {
    if (fetcher.state === 'idle' && !fetcher.data) fetcher.load(`${SHOP_PATH}?tab=plan`);
  }, [fetcher]);
  if (!fetcher.data) return null;
  return <PlanStatusCard plan={fetcher.data.currentPlan} />;
}
