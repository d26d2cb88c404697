// What a checkout sells and to whom (issue 22 items 4 and 5, ADR 024), on SQLite and PostgreSQL: a
// checkout credits the price, currency, points and bonus it was opened with, whatever `npm run products
// -- set` changed since; test-mode sessions expire after 24 hours like Stripe's; one monthly plan per
// reader: a second plan checkout is refused while a plan runs or a plan checkout is open (3400, 3401),
// and a second plan that arrives at the webhook anyway is refused, its subscription canceled at the
// provider and its payment flagged for the operator until the provider's refund of it comes.
import { ResponseCode } from '@manga/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AuditLogRepository } from '#src/repositories/audit-log.repository.ts';
import { PaymentRepository } from '#src/repositories/payment.repository.ts';
import { ProductService } from '#src/services/product.service.ts';
import { codeOf, get, post } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import {
  balanceOf,
  createReader,
  deliverWebhook,
  endWalletTest,
  ledgerAnomalies,
  type Reader,
  shopProduct,
} from '#test/commerce.ts';
import { TEST_NOW } from '#test/factories.ts';
import { StripeDouble } from '#test/stripe-double.ts';

const HOUR_MS = 3_600_000;
const stripe = new StripeDouble();
/** With Stripe (the SDK against the double) and with the embedded test provider, on one database. */
let live: TestApp;
let test: TestApp;

beforeAll(async () => {
  const apiUrl = await stripe.start();
  live = await createTestApp({
    stripe: { secretKey: 'sk_test_double_key_123', webhookSecret: stripe.webhookSecret, apiUrl },
  });
  test = await createTestApp({}, live.database);
});
afterAll(async () => {
  await test.close();
  await live.close();
  await stripe.stop();
});
afterEach(async () => {
  test.clock.set(TEST_NOW);
  await endWalletTest(live);
});

const webhook = (delivery: { body: string; signature: string }) => deliverWebhook(live, delivery);

const productId = async (kind: 'point_pack' | 'subscription', sortOrder: number) =>
  (await shopProduct(live.database.db, 'US', kind, sortOrder)).id;

function products() {
  return new ProductService({
    store: new PaymentRepository(live.database.db),
    audit: new AuditLogRepository(live.database.db),
    clock: live.clock,
  });
}

function startCheckout(app: TestApp, reader: Reader, url: string, assetId: number) {
  return post(app, url, { asset_id: String(assetId), path: '/my/shop' }, { cookie: reader.cookie });
}

async function lastPayment(userId: number) {
  return live.database.db
    .selectFrom('payment')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

function sessionIdOf(res: { json(): { checkout_url: string } }): string {
  return new URL(res.json().checkout_url).searchParams.get('session_id') ?? '';
}

function pay(reader: Reader, sessionId: string) {
  return post(
    test,
    '/web/stp/test/pay',
    { session_id: sessionId, card_number: '4242424242424242' },
    {
      cookie: reader.cookie,
    },
  );
}

describe('a checkout credits what it was opened with', () => {
  it('with Stripe: the product changed to 50,000 points after the checkout opened; the payment credits 100', async () => {
    const pack = await productId('point_pack', 1); // $0.99, 100 points
    const reader = await createReader(live);
    expect(codeOf(await startCheckout(live, reader, '/web/stp/outright', pack))).toBe(0);
    const payment = await lastPayment(reader.userId);
    expect(payment).toMatchObject({ amount_minor: 99, currency: 'usd', paid_point: 100, bonus_point: 0 });
    await products().set(pack, { points: 50_000, bonus: 5_000, price: 1 }, 'test: changed under an open checkout');
    try {
      const session = {
        id: `cs_terms_${payment.id}`,
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        amount_total: 99,
        currency: 'usd',
        metadata: { payment_id: String(payment.id), user_id: String(reader.userId) },
        payment_intent: `pi_terms_${payment.id}`,
      };
      expect((await webhook(stripe.event('checkout.session.completed', session))).json().result).toBe('processed');
      expect(await balanceOf(live.database.db, reader.userId)).toEqual({ paid: 100, free: 0 });
      expect(await lastPayment(reader.userId)).toMatchObject({ status: 'paid', amount_minor: 99, credited_point: 100 });
    } finally {
      await products().set(pack, { points: 100, bonus: 0, price: 99 }, 'test: back');
    }
  });

  it('in test mode: the session shows and credits the opened terms; it expires after 24 hours unpaid', async () => {
    const pack = await productId('point_pack', 3); // $9.99, 1,000 + 50 points
    const reader = await createReader(test);
    const opened = await startCheckout(test, reader, '/web/stp/outright', pack);
    const sessionId = sessionIdOf(opened);
    await products().set(pack, { points: 50_000, price: 1 }, 'test: changed under an open checkout');
    try {
      const shown = await get(test, `/web/stp/test/session?session_id=${sessionId}`, { cookie: reader.cookie });
      expect(shown.json()).toMatchObject({ price_text: '$9.99' });
      test.clock.set(TEST_NOW + 24 * HOUR_MS - 60_000);
      expect((await pay(reader, sessionId)).json().result).toBe(1);
      expect(await balanceOf(live.database.db, reader.userId)).toEqual({ paid: 1000, free: 50 });
      expect(await lastPayment(reader.userId)).toMatchObject({ amount_minor: 999, credited_point: 1050 });

      test.clock.set(TEST_NOW);
      const late = sessionIdOf(await startCheckout(test, reader, '/web/stp/outright', pack));
      test.clock.set(TEST_NOW + 24 * HOUR_MS);
      expect(codeOf(await get(test, `/web/stp/test/session?session_id=${late}`, { cookie: reader.cookie }))).toBe(
        ResponseCode.InvalidParameter,
      );
      expect(codeOf(await pay(reader, late))).toBe(ResponseCode.InvalidParameter);
      expect(await balanceOf(live.database.db, reader.userId)).toEqual({ paid: 1000, free: 50 });
      const session = await live.database.db
        .selectFrom('test_checkout_session')
        .select('status')
        .where('id', '=', late)
        .executeTakeFirstOrThrow();
      expect(session.status).toBe('expired');
    } finally {
      await products().set(pack, { points: 1000, price: 999 }, 'test: back');
    }
  });
});

describe('one monthly plan per reader', () => {
  it('refuses a second plan checkout while one is open or a plan runs; a pack stays open to buy', async () => {
    const monthly = await productId('subscription', 10);
    const premium = await productId('subscription', 11);
    const reader = await createReader(test);
    const first = await startCheckout(test, reader, '/web/stp/subscription', monthly);
    expect(codeOf(first)).toBe(0);
    const second = await startCheckout(test, reader, '/web/stp/subscription', premium);
    expect(codeOf(second)).toBe(ResponseCode.PlanCheckoutOpen);
    expect(second.json().error_message).toMatch(/checkout/i);
    expect(codeOf(await startCheckout(test, reader, '/web/stp/outright', await productId('point_pack', 1)))).toBe(0);
    expect((await pay(reader, sessionIdOf(first))).json().result).toBe(1);
    const third = await startCheckout(test, reader, '/web/stp/subscription', premium);
    expect(codeOf(third)).toBe(ResponseCode.PlanAlreadySubscribed);
    expect(codeOf(await startCheckout(test, reader, '/web/stp/subscription', monthly))).toBe(
      ResponseCode.PlanAlreadySubscribed,
    );
    const plans = await live.database.db.selectFrom('subscription').select('id').where('user_id', '=', reader.userId);
    expect(await plans.execute()).toHaveLength(1);
    expect((await get(test, '/web/status', { cookie: reader.cookie })).json().charge_type).toBe(2);
  });

  it('an abandoned plan checkout stops counting when its session expires (24 hours)', async () => {
    const monthly = await productId('subscription', 10);
    const reader = await createReader(test);
    expect(codeOf(await startCheckout(test, reader, '/web/stp/subscription', monthly))).toBe(0);
    test.clock.set(TEST_NOW + 24 * HOUR_MS - 60_000);
    expect(codeOf(await startCheckout(test, reader, '/web/stp/subscription', monthly))).toBe(
      ResponseCode.PlanCheckoutOpen,
    );
    test.clock.set(TEST_NOW + 24 * HOUR_MS);
    expect(codeOf(await startCheckout(test, reader, '/web/stp/subscription', monthly))).toBe(0);
  });

  it('two plan checkouts at once: one opens, the other is refused', async () => {
    const monthly = await productId('subscription', 10);
    const premium = await productId('subscription', 11);
    const reader = await createReader(test);
    const both = await Promise.all([
      startCheckout(test, reader, '/web/stp/subscription', monthly),
      startCheckout(test, reader, '/web/stp/subscription', premium),
    ]);
    expect(both.map((res) => codeOf(res)).toSorted()).toEqual([0, ResponseCode.PlanCheckoutOpen]);
  });

  it('the webhook refuses a second plan that arrives anyway: no plan, no points, canceled, flagged until refunded', async () => {
    const monthly = await productId('subscription', 10); // 500 paid, 50 bonus
    const premium = await productId('subscription', 11);
    const reader = await createReader(live);
    // Two plan checkouts opened before the rule existed.
    const pending = async (product: number) => {
      const row = await live.database.db
        .insertInto('payment')
        .values({
          user_id: reader.userId,
          product_id: product,
          provider: 'stripe',
          provider_session_id: `cs_two_${product}_${reader.userId}`,
          provider_payment_id: null,
          status: 'pending',
          amount_minor: 999,
          currency: 'usd',
          created_at: TEST_NOW,
          completed_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const [first, second] = [await pending(monthly), await pending(premium)];
    const complete = (paymentId: number, sub: string) =>
      stripe.event('checkout.session.completed', {
        id: `cs_two_${paymentId}`,
        object: 'checkout.session',
        mode: 'subscription',
        payment_status: 'paid',
        metadata: { payment_id: String(paymentId), user_id: String(reader.userId) },
        payment_intent: null,
        subscription: sub,
      });
    const invoice = (paymentId: number, product: number, sub: string) =>
      stripe.event('invoice.paid', {
        id: `in_${sub}`,
        object: 'invoice',
        amount_paid: 999,
        payment_intent: `pi_${sub}`,
        lines: { data: [{ period: { start: TEST_NOW / 1000, end: Date.UTC(2026, 1, 1) / 1000 } }] },
        parent: {
          type: 'subscription_details',
          subscription_details: {
            subscription: sub,
            metadata: { payment_id: String(paymentId), user_id: String(reader.userId), product_id: String(product) },
          },
        },
      });
    const subA = `sub_one_${reader.userId}`;
    const subB = `sub_two_${reader.userId}`;
    expect((await webhook(complete(first, subA))).json().result).toBe('processed');
    expect((await webhook(invoice(first, monthly, subA))).json().result).toBe('processed');
    expect(await balanceOf(live.database.db, reader.userId)).toEqual({ paid: 500, free: 50 });
    // The second plan: its session, then its invoice, both answered 200 and refused.
    stripe.calls.length = 0;
    const refusedSession = await webhook(complete(second, subB));
    expect(refusedSession.statusCode).toBe(200);
    expect(refusedSession.json().result).toBe('flagged');
    expect((await webhook(invoice(second, premium, subB))).json().result).toBe('flagged');
    expect(await balanceOf(live.database.db, reader.userId)).toEqual({ paid: 500, free: 50 });
    const plans = await live.database.db
      .selectFrom('subscription')
      .select('provider_subscription_id')
      .where('user_id', '=', reader.userId)
      .execute();
    expect(plans).toEqual([{ provider_subscription_id: subA }]);
    expect(stripe.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toContain(
      `/v1/subscriptions/${subB}`,
    );
    const flagged = await live.database.db
      .selectFrom('payment')
      .select(['status', 'provider_payment_id', 'credited_point'])
      .where('id', '=', second)
      .executeTakeFirstOrThrow();
    expect(flagged).toEqual({ status: 'refused', provider_payment_id: `pi_${subB}`, credited_point: 0 });
    expect(await ledgerAnomalies(live.database.db)).toEqual([
      `payment ${second}: a second plan refused; refund it at the provider`,
    ]);
    // The operator refunds it at the provider: the flag clears.
    const refund = {
      id: `ch_${subB}`,
      object: 'charge',
      payment_intent: `pi_${subB}`,
      amount: 999,
      amount_refunded: 999,
    };
    expect((await webhook(stripe.event('charge.refunded', refund))).json().result).toBe('processed');
    expect(
      (await live.database.db.selectFrom('payment').select('status').where('id', '=', second).executeTakeFirstOrThrow())
        .status,
    ).toBe('refunded');
  });
});
