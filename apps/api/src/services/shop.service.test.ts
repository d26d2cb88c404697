// ShopService on the service harness (in-memory payment tables, the embedded test provider with the real
// SDK's signatures): the region's products, a checkout's pending payment and its return URLs, the
// refusals, a plan's cancel, and the embedded checkout page paying through the webhook handler.
import { ResponseCode } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import { TEST_NOW } from '#test/factories.ts';
import { codeOf, newPaymentServices } from '#test/services/harness.ts';
import { planRow, productRow } from '#test/services/in-memory-payment-repositories.ts';
import { authStub } from '#test/services/stubs.ts';

/** A shop with a US pack (1,000 + 50 points, $9.99), a JP pack, a US plan and an inactive pack, and one reader. */
function shopWorld() {
  const services = newPaymentServices();
  const pack = productRow({ sort_order: 1 });
  const yen = productRow({ region: 'JP', currency: 'jpy', price_minor: 1200, sort_order: 1 });
  const plan = planRow({ sort_order: 10 });
  const retired = productRow({ active: 0, sort_order: 2 });
  services.payments.products.push(pack, yen, plan, retired);
  const user = services.world.addUser();
  return { ...services, pack, yen, plan, retired, user, auth: authStub.web(user) };
}

const checkout = (
  world: ReturnType<typeof shopWorld>,
  assetId: number,
  overrides: Partial<Parameters<ReturnType<typeof shopWorld>['shop']['startCheckout']>[0]> = {},
) =>
  world.shop.startCheckout({
    auth: world.auth,
    assetId,
    path: '/title/12',
    mode: 'payment',
    locale: 'en',
    ...overrides,
  });

describe('ShopService listings', () => {
  it('lists the active products of the region the language or the web server names', async () => {
    const { shop, pack, yen, plan } = shopWorld();
    const us = await shop.listShop({ assetType: 1, locale: 'en' });
    expect(us).toMatchObject({ region: 'US', currency: 'usd' });
    expect(us.asset_list).toEqual([
      {
        asset_id: pack.id,
        asset_type: 1,
        name: pack.name_en,
        currency: 'usd',
        price: 999,
        price_text: '$9.99',
        point: 1000,
        bonus_point: 50,
        monthly_bonus_point: 0,
        premium_ticket_num: 0,
      },
    ]);
    expect((await shop.listShop({ assetType: 1, locale: 'ja' })).asset_list.map((a) => a.asset_id)).toEqual([yen.id]);
    expect((await shop.listShop({ assetType: 1, locale: 'ja', region: 'US' })).currency).toBe('usd');
    expect((await shop.listShop({ assetType: 2, locale: 'en' })).asset_list.map((a) => a.asset_id)).toEqual([plan.id]);
  });

  it('names the reader’s current plan with its renewal date; a visitor has none', async () => {
    const world = shopWorld();
    const { shop, plan, user, payments } = world;
    expect((await shop.listPlans({ auth: authStub.anonymous, locale: 'en' })).current_plan).toBeNull();
    payments.subscriptions.push({
      id: 1,
      user_id: user.id,
      product_id: plan.id,
      provider_subscription_id: 'sub_1',
      provider_customer_id: null,
      status: 'active',
      started_at: TEST_NOW,
      current_period_end_at: Date.UTC(2026, 1, 1),
      cancel_at_period_end: 0,
      canceled_at: null,
      last_bonus_month: '2026-01',
      last_event_at: TEST_NOW,
    });
    expect((await shop.listPlans({ auth: world.auth, locale: 'ja' })).current_plan).toEqual({
      asset_id: plan.id,
      name: plan.name_ja,
      status: 'active',
      is_canceled: 0,
      period_end_datetime: '2026-02-01 09:00:00',
    });
  });
});

describe('ShopService.startCheckout', () => {
  it('records a pending payment at the product’s price and answers the provider’s page on our origin', async () => {
    const world = shopWorld();
    const { checkout_url } = await checkout(world, world.pack.id, { origin: 'http://evil.test' });
    const url = new URL(checkout_url);
    expect(url.origin).toBe('http://web.test');
    expect(url.pathname).toBe('/my/shop/checkout');
    const [payment] = world.payments.payments;
    expect(payment).toMatchObject({
      user_id: world.user.id,
      product_id: world.pack.id,
      provider: 'test',
      status: 'pending',
      amount_minor: 999,
      currency: 'usd',
      provider_session_id: url.searchParams.get('session_id'),
    });
    const [session] = world.payments.testSessions;
    const success = new URL(session?.success_url ?? '');
    expect(success.pathname).toBe('/my/shop/result');
    expect(Object.fromEntries(success.searchParams)).toEqual({
      status: '1',
      payment_id: String(payment?.id),
      return: '/title/12',
    });
    expect(new URL(session?.cancel_url ?? '').searchParams.get('status')).toBe('2');
  });

  it('refuses a foreign return path, an unknown, inactive or other-kind product, and a visitor, writing nothing', async () => {
    const world = shopWorld();
    for (const path of ['//evil.test/x', 'https://evil.test/', '/\\evil.test', 'title']) {
      expect(await codeOf(checkout(world, world.pack.id, { path }))).toBe(ResponseCode.InvalidParameter);
    }
    expect(await codeOf(checkout(world, 999_999))).toBe(ResponseCode.InvalidParameter);
    expect(await codeOf(checkout(world, world.retired.id))).toBe(ResponseCode.InvalidParameter);
    expect(await codeOf(checkout(world, world.plan.id))).toBe(ResponseCode.InvalidParameter);
    expect(await codeOf(checkout(world, world.pack.id, { mode: 'subscription' }))).toBe(ResponseCode.InvalidParameter);
    expect(await codeOf(checkout(world, world.pack.id, { auth: authStub.anonymous }))).toBe(ResponseCode.UserNotLogin);
    expect(world.payments.payments).toEqual([]);
    expect(world.payments.testSessions).toEqual([]);
  });
});

describe('ShopService: one plan per reader', () => {
  it('records the terms shown, and refuses a plan checkout while another is open or a plan runs', async () => {
    const world = shopWorld();
    const other = planRow({ sort_order: 11 });
    world.payments.products.push(other);
    const first = await checkout(world, world.plan.id, { mode: 'subscription' });
    expect(world.payments.payments[0]).toMatchObject({ amount_minor: 999, paid_point: 1000, bonus_point: 150 });
    expect(await codeOf(checkout(world, other.id, { mode: 'subscription' }))).toBe(ResponseCode.PlanCheckoutOpen);
    const sessionId = new URL(first.checkout_url).searchParams.get('session_id') ?? '';
    await world.shop.payTestCheckout({ auth: world.auth, sessionId, cardNumber: '4242424242424242' });
    expect(await codeOf(checkout(world, other.id, { mode: 'subscription' }))).toBe(ResponseCode.PlanAlreadySubscribed);
    expect(world.payments.locks).toContain(`user:${world.user.id}`);
    // A pack is not a plan.
    await checkout(world, world.pack.id);
    expect(world.payments.payments.map((p) => p.status)).toEqual(['paid', 'paid', 'pending']); // the checkout, its invoice, the pack
  });
});

describe('ShopService embedded checkout', () => {
  it('pays a session once with 4242…, through the webhook handler; declines other cards; only for its reader', async () => {
    const world = shopWorld();
    const { checkout_url } = await checkout(world, world.pack.id);
    const sessionId = new URL(checkout_url).searchParams.get('session_id') ?? '';
    const other = authStub.web(world.world.addUser());
    expect(await world.shop.describeTestCheckout({ auth: world.auth, sessionId })).toMatchObject({
      name: world.pack.name_en,
      price_text: '$9.99',
      mode: 'payment',
    });
    expect(await codeOf(world.shop.describeTestCheckout({ auth: other, sessionId }))).toBe(
      ResponseCode.InvalidParameter,
    );
    const pay = (cardNumber: string, auth = world.auth) => world.shop.payTestCheckout({ auth, sessionId, cardNumber });
    expect(await pay('4000 0000 0000 0002')).toEqual({ result: 0, redirect_url: '' });
    expect(world.world.wallet.balanceOf(world.user.id)).toEqual({ paid_point: 0, free_point: 0 });
    expect(await codeOf(pay('4242 4242 4242 4242', other))).toBe(ResponseCode.InvalidParameter);
    const paid = await pay('4242-4242-4242-4242');
    expect(paid.result).toBe(1);
    expect(new URL(paid.redirect_url).searchParams.get('status')).toBe('1');
    expect(await codeOf(pay('4242 4242 4242 4242'))).toBe(ResponseCode.InvalidParameter);
    expect(world.world.wallet.balanceOf(world.user.id)).toEqual({ paid_point: 1000, free_point: 50 });
    expect(world.payments.payments[0]).toMatchObject({ status: 'paid', credited_point: 1050 });
    expect(world.world.tables.users.find((u) => u.id === world.user.id)?.charge_type).toBe(3);
  });
});

describe('ShopService.cancelPlan', () => {
  it('marks the reader’s plan canceled at its period’s end and answers that date; another reader’s plan is refused', async () => {
    const world = shopWorld();
    const { checkout_url } = await checkout(world, world.plan.id, { mode: 'subscription' });
    const sessionId = new URL(checkout_url).searchParams.get('session_id') ?? '';
    await world.shop.payTestCheckout({ auth: world.auth, sessionId, cardNumber: '4242424242424242' });
    const [plan] = world.payments.subscriptions;
    expect(plan).toMatchObject({ status: 'active', cancel_at_period_end: 0 });
    const other = authStub.web(world.world.addUser());
    expect(await codeOf(world.shop.cancelPlan({ auth: other, assetId: world.plan.id }))).toBe(
      ResponseCode.InvalidParameter,
    );
    expect(await world.shop.cancelPlan({ auth: world.auth, assetId: world.plan.id })).toEqual({
      finish_datetime: '2026-02-01 09:00:00',
    });
    expect(plan).toMatchObject({ cancel_at_period_end: 1, canceled_at: TEST_NOW, status: 'active' });
  });
});
