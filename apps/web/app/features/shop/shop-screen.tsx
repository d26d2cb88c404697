// /my/shop (product §2, ADR 019): the points tab and the monthly plan tab, prices in the region's
// currency beside every point amount; buying goes to the checkout page; errors in words above the products (FormError).
import type { ShopAsset } from '@manga/contracts';
import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import { FormError } from '#app/components/ui/form-error.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { PlanStatusCard } from './plan-status.tsx';
import { SHOP_PATH, type ShopActionResult, type ShopPageData } from './shop.ts';

function AssetRow({
  asset,
  intent,
  returnPath,
  busy,
}: {
  asset: ShopAsset;
  intent: 'buy' | 'subscribe';
  returnPath: string | null;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const bonus = intent === 'buy' ? asset.bonus_point : asset.monthly_bonus_point;
  return (
    <li className="flex items-center gap-4 px-5 py-4 sm:px-6" data-testid="shop-asset">
      <div className="min-w-0 flex-1">
        <p className="text-base font-bold text-ink">
          {intent === 'buy' ? t('shop.points', { count: asset.point }) : asset.name}
        </p>
        <p className="text-sm text-zinc-600">
          {intent === 'subscribe' ? t('shop.plan_points', { count: asset.point }) : null}
          {bonus > 0 ? (
            <span className="ml-1 font-bold text-brand-700">
              {t(intent === 'buy' ? 'shop.bonus' : 'shop.monthly_bonus', { count: bonus })}
            </span>
          ) : null}
          {asset.premium_ticket_num > 0 ? (
            <span className="ml-1">{t('shop.tickets', { count: asset.premium_ticket_num })}</span>
          ) : null}
        </p>
      </div>
      <Form method="post">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="asset_id" value={asset.asset_id} />
        {returnPath ? <input type="hidden" name="return" value={returnPath} /> : null}
        <button
          type="submit"
          disabled={busy}
          className="min-w-24 rounded-full bg-brand-600 px-4 py-2 text-sm font-bold text-white hover:bg-brand-700 disabled:bg-zinc-200 disabled:text-zinc-600"
          aria-label={`${asset.name} ${asset.price_text}`}
        >
          {intent === 'buy' ? asset.price_text : t('shop.per_month', { price: asset.price_text })}
        </button>
      </Form>
    </li>
  );
}

export function ShopScreen({ data, result }: { data: ShopPageData; result: ShopActionResult }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== 'idle';
  const failed = result?.status === 'failed' ? result : undefined;
  const tabClass = (active: boolean) =>
    `rounded-full px-4 py-2 text-sm font-bold ${active ? 'bg-ink text-white' : 'bg-zinc-100 text-ink hover:bg-zinc-200'}`;
  const suffix = data.returnPath ? `&return=${encodeURIComponent(data.returnPath)}` : '';
  return (
    <PageFrame
      title={t('pages.my-shop.title')}
      lead={t('pages.my-shop.lead')}
      crumbs={[{ label: t('pages.my.title'), to: '/my' }]}
    >
      <p className="mb-4 text-sm text-zinc-700" data-testid="shop-balance">
        {t('shop.balance', { count: data.balance })}
      </p>
      <div className="mb-4 max-w-2xl empty:hidden">
        <FormError code={failed?.code} />
      </div>
      <nav aria-label={t('shop.tabs')} className="mb-4 flex gap-2">
        <Link
          to={`${SHOP_PATH}?tab=points${suffix}`}
          className={tabClass(data.tab === 'points')}
          aria-current={data.tab === 'points' ? 'page' : undefined}
        >
          {t('shop.tab_points')}
        </Link>
        <Link
          to={`${SHOP_PATH}?tab=plan${suffix}`}
          className={tabClass(data.tab === 'plan')}
          aria-current={data.tab === 'plan' ? 'page' : undefined}
        >
          {t('shop.tab_plan')}
        </Link>
      </nav>
      {data.tab === 'points' ? (
        <ul className="max-w-2xl divide-y divide-zinc-100 rounded-2xl border border-zinc-200 bg-white shadow-sm">
          {data.packs.map((asset) => (
            <AssetRow key={asset.asset_id} asset={asset} intent="buy" returnPath={data.returnPath} busy={busy} />
          ))}
        </ul>
      ) : (
        <div className="flex max-w-2xl flex-col gap-4">
          <PlanStatusCard plan={data.currentPlan} result={result} />
          <p className="text-sm text-zinc-600">{t('shop.plan_help')}</p>
          {data.currentPlan ? null : (
            <ul className="divide-y divide-zinc-100 rounded-2xl border border-zinc-200 bg-white shadow-sm">
              {data.plans.map((asset) => (
                <AssetRow
                  key={asset.asset_id}
                  asset={asset}
                  intent="subscribe"
                  returnPath={data.returnPath}
                  busy={busy}
                />
              ))}
            </ul>
          )}
        </div>
      )}
      <p className="mt-6 max-w-2xl text-xs leading-relaxed text-zinc-500">{t('shop.terms')}</p>
    </PageFrame>
  );
}
