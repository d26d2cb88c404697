// Provider events out of order and at the same time (issue 21 items 4 and 5, ADR 024), through the real
// `stripe` SDK's signed payloads on SQLite and PostgreSQL: a refund before (or with) the payment it
// refunds is kept and applied when the payment exists; two events for one payment, the invoice with the
// session of one plan, and Stripe's invoice.paid with invoice.payment_succeeded of one invoice answer
// 200 however they interleave, and credit once. Each test checks the ledger exactly and the audit.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, post } from '#test/accounts.ts';
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

const stripe = new StripeDouble();
let t: TestApp;

beforeAll(async () => {
  const apiUrl = await stripe.start();
  t = await createTestApp({
    stripe: { secretKey: 'sk_test_double_key_123', webhookSecret: stripe.webhookSecret, apiUrl },
  });
});
afterAll(async () => {
  await t.close();
  await stripe.stop();
});
afterEach(() => endWalletTest(t));

const created = Math.floor(TEST_NOW / 1000);

const webhook = (delivery: { body: string; signature: string }) => deliverWebhook(t, delivery);

/** Status and result of each answer, for comparing as a set. */
async function answers(deliveries: { body: string; signature: string }[]): Promise<string[]> {
  const results = await Promise.all(deliveries.map((delivery) => webhook(delivery)));
  return results.map((res) => `${res.statusCode} ${res.statusCode === 200 ? res.json().result : ''}`).toSorted();
}

const productId = async (kind: 'point_pack' | 'subscription', sortOrder: number) =>
  (await shopProduct(t.database.db, 'US', kind, sortOrder)).id;

/** A reader's checkout of the $9.99 pack (1,000 points and 50 bonus points): its payment id. */
async function openCheckout(reader: Reader, kind: 'point_pack' | 'subscription' = 'point_pack', sortOrder = 3) {
  const url = kind === 'subscription' ? '/web/stp/subscription' : '/web/stp/outright';
  const res = await post(
    t,
    url,
    { asset_id: String(await productId(kind, sortOrder)), path: '/' },
    {
      cookie: reader.cookie,
    },
  );
  expect(codeOf(res)).toBe(0);
  const row = await t.database.db
    .selectFrom('payment')
    .select('id')
    .where('user_id', '=', reader.userId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

function completed(paymentId: number, reader: Reader, extra: object = {}) {
  return {
    id: `cs_test_${paymentId}`,
    object: 'checkout.session',
    mode: 'payment',
    payment_status: 'paid',
    status: 'complete',
    amount_total: 999,
    currency: 'usd',
    metadata: { payment_id: String(paymentId), user_id: String(reader.userId) },
    payment_intent: `pi_order_${paymentId}`,
    ...extra,
  };
}

function refund(paymentId: number, refunded: number) {
  return {
    id: `ch_order_${paymentId}`,
    object: 'charge',
    payment_intent: `pi_order_${paymentId}`,
    amount: 999,
    amount_refunded: refunded,
  };
}

async function paymentOf(id: number) {
  return t.database.db
    .selectFrom('payment')
    .select(['status', 'credited_point', 'refunded_point'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** The reader's ledger entries: kind, delta and reason, oldest first. */
async function ledgerOf(userId: number) {
  const rows = await t.database.db
    .selectFrom('point_ledger')
    .select(['kind', 'delta', 'reason'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => `${row.reason} ${row.kind} ${row.delta}`);
}

describe('a refund that arrives before its payment', () => {
  it('is kept, answered 200, and takes the points back when the payment completes', async () => {
    const reader = await createReader(t);
    const paymentId = await openCheckout(reader);
    const early = stripe.event('charge.refunded', refund(paymentId, 999), { created });
    const first = await webhook(early);
    expect(first.statusCode).toBe(200);
    expect(first.json().result).toBe('held');
    expect((await webhook(early)).json().result).toBe('duplicate');
    expect(await ledgerAnomalies(t.database.db)).toEqual([]);
    const session = stripe.event('checkout.session.completed', completed(paymentId, reader), { created: created + 5 });
    expect((await webhook(session)).json().result).toBe('processed');
    // Stripe sends the refund again: still nothing more to take.
    expect((await webhook(early)).json().result).toBe('duplicate');
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 0, free: 0 });
    expect(await ledgerOf(reader.userId)).toEqual([
      'point_purchase paid 1000',
      'point_purchase free 50',
      'payment_refund free -50',
      'payment_refund paid -1000',
    ]);
    expect(await paymentOf(paymentId)).toEqual({ status: 'refunded', credited_point: 1050, refunded_point: 1050 });
  });

  it('a partial refund first, then the payment, then the rest: each share once', async () => {
    const reader = await createReader(t);
    const paymentId = await openCheckout(reader);
    expect((await webhook(stripe.event('charge.refunded', refund(paymentId, 500)))).json().result).toBe('held');
    await webhook(stripe.event('checkout.session.completed', completed(paymentId, reader)));
    // ceil(1,050 × 500 / 999) = 526, from the payment's lots in their order (the paid lot first).
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 474, free: 50 });
    expect((await webhook(stripe.event('charge.refunded', refund(paymentId, 999)))).json().result).toBe('processed');
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 0, free: 0 });
    expect(await paymentOf(paymentId)).toEqual({ status: 'refunded', credited_point: 1050, refunded_point: 1050 });
  });

  it('a dispute before its payment takes everything back once it is credited', async () => {
    const reader = await createReader(t);
    const paymentId = await openCheckout(reader);
    const dispute = { id: 'dp_order', object: 'dispute', payment_intent: `pi_order_${paymentId}` };
    expect((await webhook(stripe.event('charge.dispute.created', dispute))).json().result).toBe('held');
    await webhook(stripe.event('checkout.session.completed', completed(paymentId, reader)));
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 0, free: 0 });
    expect(await paymentOf(paymentId)).toMatchObject({ status: 'refunded', refunded_point: 1050 });
  });

  it('at the same moment as its payment: both 200, and the points are taken back', async () => {
    for (let round = 0; round < 3; round++) {
      const reader = await createReader(t);
      const paymentId = await openCheckout(reader);
      const both = [
        stripe.event('checkout.session.completed', completed(paymentId, reader)),
        stripe.event('charge.refunded', refund(paymentId, 999)),
      ];
      // Sent in both orders: on SQLite the first sent is applied first; on PostgreSQL they race.
      const results = await answers(round % 2 === 0 ? both : both.toReversed());
      // Whichever went first: the refund was held and applied with the payment, or applied after it.
      expect([
        ['200 held', '200 processed'],
        ['200 processed', '200 processed'],
      ]).toContainEqual(results);
      expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 0, free: 0 });
      expect(await paymentOf(paymentId)).toEqual({ status: 'refunded', credited_point: 1050, refunded_point: 1050 });
    }
  });
});

describe('two events that apply the same thing', () => {
  it('two event ids for one payment at once: both 200, credited once', async () => {
    for (let round = 0; round < 3; round++) {
      const reader = await createReader(t);
      const paymentId = await openCheckout(reader);
      const results = await answers([
        stripe.event('checkout.session.completed', completed(paymentId, reader)),
        stripe.event('checkout.session.async_payment_succeeded', completed(paymentId, reader)),
        stripe.event('checkout.session.completed', completed(paymentId, reader)),
      ]);
      expect(results).toEqual(['200 ignored', '200 ignored', '200 processed']);
      expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 1000, free: 50 });
      expect(await paymentOf(paymentId)).toEqual({ status: 'paid', credited_point: 1050, refunded_point: 0 });
    }
  });

  function invoice(subscription: string, metadata: object) {
    return {
      id: `in_${subscription}`,
      object: 'invoice',
      status: 'paid',
      amount_paid: 499,
      payment_intent: `pi_${subscription}`,
      lines: { data: [{ period: { start: created, end: Math.floor(Date.UTC(2026, 1, 1) / 1000) } }] },
      parent: { type: 'subscription_details', subscription_details: { subscription, metadata } },
    };
  }

  it('invoice.paid with checkout.session.completed of one plan at once: both 200, one plan, credited once', async () => {
    for (let round = 0; round < 3; round++) {
      const reader = await createReader(t);
      const paymentId = await openCheckout(reader, 'subscription', 10); // 500 paid a month, 50 bonus
      const plan = await productId('subscription', 10);
      const sub = `sub_order_${reader.userId}`;
      const metadata = { payment_id: String(paymentId), user_id: String(reader.userId), product_id: String(plan) };
      const session = completed(paymentId, reader, { mode: 'subscription', subscription: sub, payment_intent: null });
      const results = await answers([
        stripe.event('invoice.paid', invoice(sub, metadata), { created }),
        stripe.event('checkout.session.completed', session, { created }),
      ]);
      expect(results).toEqual(['200 processed', '200 processed']);
      const plans = await t.database.db
        .selectFrom('subscription')
        .select(['status', 'last_bonus_month'])
        .where('user_id', '=', reader.userId)
        .execute();
      expect(plans).toEqual([{ status: 'active', last_bonus_month: '2026-01' }]);
      expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 500, free: 50 });
    }
  });

  it('invoice.paid and invoice.payment_succeeded of one invoice, one after the other and at once: credited once', async () => {
    const reader = await createReader(t);
    const plan = await productId('subscription', 10);
    const sub = `sub_twice_${reader.userId}`;
    const metadata = { user_id: String(reader.userId), product_id: String(plan) };
    const paid = stripe.event('invoice.paid', invoice(sub, metadata), { created });
    const succeeded = stripe.event('invoice.payment_succeeded', invoice(sub, metadata), { created });
    expect((await webhook(paid)).json().result).toBe('processed');
    const again = await webhook(succeeded);
    expect(again.statusCode).toBe(200);
    expect(again.json().result).toBe('ignored');
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 500, free: 50 });

    const other = await createReader(t);
    const otherSub = `sub_twice_${other.userId}`;
    const otherMetadata = { user_id: String(other.userId), product_id: String(plan) };
    expect(
      await answers([
        stripe.event('invoice.paid', invoice(otherSub, otherMetadata), { created }),
        stripe.event('invoice.payment_succeeded', invoice(otherSub, otherMetadata), { created }),
      ]),
    ).toEqual(['200 ignored', '200 processed']);
    expect(await balanceOf(t.database.db, other.userId)).toEqual({ paid: 500, free: 50 });
    const payments = await t.database.db
      .selectFrom('payment')
      .select('credited_point')
      .where('user_id', 'in', [reader.userId, other.userId])
      .execute();
    expect(payments.map((p) => p.credited_point)).toEqual([500, 500]);
  });

  it('a refund of a plan invoice takes back that month’s paid points (its lot keyed by the invoice)', async () => {
    const reader = await createReader(t);
    const plan = await productId('subscription', 10);
    const sub = `sub_refund_${reader.userId}`;
    const metadata = { user_id: String(reader.userId), product_id: String(plan) };
    await webhook(stripe.event('invoice.paid', invoice(sub, metadata), { created }));
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 500, free: 50 });
    const charge = {
      id: `ch_${sub}`,
      object: 'charge',
      payment_intent: `pi_${sub}`,
      amount: 499,
      amount_refunded: 499,
    };
    expect((await webhook(stripe.event('charge.refunded', charge))).json().result).toBe('processed');
    // The plan's bonus (free points of the month) is not the invoice's: it stays.
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 0, free: 50 });
  });
});
