// The app's GET /shop/point/subscription (wire §3.5: no parameters; `point_subscription_asset_list`,
// `subscribed_category_list`): the plans of the caller's region and the caller's current plan, the
// web's /web/shop/point/subscription answer for an app-signed caller.
import { ResponseCode, ShopSubscriptionResponseSchema, signAppRequest } from '@manga/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '#src/db/schema.ts';
import { codeOf, createAccount, get } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { DAY_MS } from '#test/commerce.ts';
import { TEST_NOW } from '#test/factories.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An app call as BEER sends it: platform 2, `user_id`, signed with the account's hash key (wire §2.3). */
function appGet(path: string, user: Pick<UserRow, 'id' | 'hash_key'>, extra: Record<string, string> = {}) {
  const params = { platform: '2', version: '6.3.5', user_id: String(user.id), ...extra };
  return get(t, `${path}?${new URLSearchParams(params)}`, {
    headers: { 'x-mgpk-hash': signAppRequest(params, user.hash_key), 'x-kmanga-platform': '2' },
  });
}

async function planOf(region: 'US' | 'JP') {
  return t.database.db
    .selectFrom('product')
    .selectAll()
    .where('region', '=', region)
    .where('kind', '=', 'subscription')
    .where('active', '=', 1)
    .orderBy('sort_order')
    .executeTakeFirstOrThrow();
}

describe('GET /shop/point/subscription (app)', () => {
  it("answers the region's plans as the web call does, with no plan for a reader without one", async () => {
    const reader = await createAccount(t);
    const res = await appGet('/shop/point/subscription', reader, { lang: 'en' });
    expect(codeOf(res), res.body).toBe(ResponseCode.Success);
    const answer = ShopSubscriptionResponseSchema.parse(res.json());
    const web = ShopSubscriptionResponseSchema.parse((await get(t, '/web/shop/point/subscription?lang=en')).json());
    expect(answer.point_subscription_asset_list).toEqual(web.point_subscription_asset_list);
    expect(answer.point_subscription_asset_list.length).toBeGreaterThan(0);
    expect(answer.point_subscription_asset_list.every((asset) => asset.currency === 'usd')).toBe(true);
    expect(answer.subscribed_category_list).toEqual([]);
    expect(answer.current_plan).toBeNull();
    expect(res.headers['cache-control']).toBe('private, no-store');

    const ja = ShopSubscriptionResponseSchema.parse(
      (await appGet('/shop/point/subscription', reader, { lang: 'ja' })).json(),
    );
    expect(ja.point_subscription_asset_list.every((asset) => asset.currency === 'jpy')).toBe(true);
  });

  it("names the app-signed reader's current plan", async () => {
    const reader = await createAccount(t);
    const plan = await planOf('US');
    const periodEnd = TEST_NOW + 20 * DAY_MS;
    await t.database.db
      .insertInto('subscription')
      .values({
        user_id: reader.id,
        product_id: plan.id,
        provider_subscription_id: `sub_app_${reader.id}`,
        status: 'active',
        started_at: TEST_NOW - 10 * DAY_MS,
        current_period_end_at: periodEnd,
        canceled_at: null,
        last_bonus_month: null,
        provider_customer_id: null,
      })
      .execute();
    const answer = ShopSubscriptionResponseSchema.parse(
      (await appGet('/shop/point/subscription', reader, { lang: 'en' })).json(),
    );
    expect(answer.current_plan).toMatchObject({
      asset_id: plan.id,
      name: plan.name_en,
      status: 'active',
      is_canceled: 0,
    });
  });

  it('is listed in the OpenAPI document under its own operation', async () => {
    const document = (await get(t, '/openapi.json')).json() as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    expect(document.paths['/shop/point/subscription']?.get?.operationId).toBe('getAppShopSubscription');
  });
});
