// Card payments through the real `stripe` SDK against a local double of the Stripe API, with webhook
// payloads signed by the SDK (ADR 019): checkout creation, a session completed twice credits once,
// out-of-order invoice events, a bad signature is refused and logged, a crash before the commit is
// retried and credits once, refunds take back only unspent points, and the plan bonus on the 1st.
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_TICKET_LIFETIME_MS } from '#src/services/plan.service.ts';
import { codeOf, GOOD_PASSWORD, get, login, post } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import {
  balanceOf,
  createReader,
  deliverWebhook,
  endWalletTest,
  grant,
  type Reader,
  shopProduct,
} from '#test/commerce.ts';
import { TEST_NOW } from '#test/factories.ts';
import { StripeDouble } from '#test/stripe-double.ts';

const stripe = new StripeDouble();
const logLines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  const apiUrl = await stripe.start();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp(
    { stripe: { secretKey: 'sk_test_double_key_123', webhookSecret: stripe.webhookSecret, apiUrl } },
    undefined,
    { logger: { level: 'info', stream } },
  );
});
afterAll(async () => {
  await t.close();
  await stripe.stop();
});
afterEach(() => endWalletTest(t));

const webhook = (delivery: { body: string; signature: string }, signature?: string) =>
  deliverWebhook(t, delivery, signature);

const product = (region: 'US' | 'JP', kind: 'point_pack' | 'subscription', sortOrder: number) =>
  shopProduct(t.database.db, region, kind, sortOrder);

async function startCheckout(reader: Reader, url: string, assetId: number, path = '/title/1') {
  const res = await post(t, url, { asset_id: String(assetId), path }, { cookie: reader.cookie });
  return res;
}

async function paymentOf(id: number) {
  return t.database.db.selectFrom('payment').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function lastPaymentId(userId: number): Promise<number> {
  const row = await t.database.db
    .selectFrom('payment')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

function completedSession(paymentId: number, userId: number, productId: number, extra: object = {}) {
  return {
    id: `cs_test_${paymentId}`,
    object: 'checkout.session',
    mode: 'payment',
    payment_status: 'paid',
    status: 'complete',
    client_reference_id: String(userId),
    metadata: { payment_id: String(paymentId), user_id: String(userId), product_id: String(productId) },
    payment_intent: `pi_${paymentId}`,
    ...extra,
  };
}

describe('shop listing', () => {
  it('lists the region of the language: dollars in English, yen in Japanese', async () => {
    const en = (await get(t, '/web/shop?asset_type=1&lang=en')).json();
    expect(en.currency).toBe('usd');
    expect(en.asset_list[0]).toMatchObject({ price: 99, price_text: '$0.99', point: 100 });
    const ja = (await get(t, '/web/shop?asset_type=1&lang=ja')).json();
    expect(ja.currency).toBe('jpy');
    expect(ja.asset_list.map((a: { price_text: string }) => a.price_text)).toContain('¥120');
    const plans = (await get(t, '/web/shop?asset_type=2&lang=en')).json();
    expect(plans.asset_list.every((a: { asset_type: number }) => a.asset_type === 2)).toBe(true);
    // The web server names the visitor's region (its country header): it wins over the language.
    expect((await get(t, '/web/shop?asset_type=1&lang=en&region=JP')).json().currency).toBe('jpy');
    expect(
      (await get(t, '/web/shop/point/subscription?lang=ja&region=US')).json().point_subscription_asset_list[0].currency,
    ).toBe('usd');
    expect(codeOf(await get(t, '/web/shop?region=FR'))).toBe(1001);
    expect(codeOf(await get(t, '/web/shop?asset_type=7'))).toBe(1001);
    expect(codeOf(await get(t, '/web/shop?asset_type=abc'))).toBe(1001);
  });
});

describe('checkout', () => {
  it('creates a Checkout Session through the SDK and answers its url; the path stays on our origin', async () => {
    const reader = await createReader(t);
    const pack = await product('US', 'point_pack', 2);
    const res = await startCheckout(reader, '/web/stp/outright', pack.id, '/title/12?x=1');
    expect(codeOf(res)).toBe(0);
    expect(res.json().checkout_url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const call = stripe.calls.at(-1);
    expect(call?.path).toBe('/v1/checkout/sessions');
    expect(call?.authorization).toBe('Bearer sk_test_double_key_123');
    expect(call?.body.get('mode')).toBe('payment');
    expect(call?.body.get('line_items[0][price_data][unit_amount]')).toBe('499');
    expect(call?.body.get('line_items[0][price_data][currency]')).toBe('usd');
    const success = new URL(call?.body.get('success_url') ?? '');
    expect(success.origin).toBe(new URL(t.config.webOrigins[0] ?? '').origin);
    expect(success.searchParams.get('return')).toBe('/title/12?x=1');
    expect(call?.idempotencyKey).toMatch(/^checkout-\d+$/);

    for (const path of [
      'https://evil.test/',
      '//evil.test/x',
      '/\\evil.test',
      'javascript:alert(1)',
      'title',
      '/a\nb',
    ]) {
      expect(codeOf(await startCheckout(reader, '/web/stp/outright', pack.id, path))).toBe(1001);
    }
    expect(codeOf(await startCheckout(reader, '/web/stp/outright', 999_999))).toBe(1001);
    const plan = await product('US', 'subscription', 10);
    expect(codeOf(await startCheckout(reader, '/web/stp/outright', plan.id))).toBe(1001);
    expect(codeOf(await post(t, '/web/stp/outright', { asset_id: String(pack.id), path: '/' }))).not.toBe(0);
  });
});

describe('webhook', () => {
  it('credits a completed session once, however often it comes', async () => {
    const reader = await createReader(t);
    const pack = await product('US', 'point_pack', 3); // 1,000 + 50 bonus
    expect(codeOf(await startCheckout(reader, '/web/stp/outright', pack.id))).toBe(0);
    const paymentId = await lastPaymentId(reader.userId);
    const delivery = stripe.event('checkout.session.completed', completedSession(paymentId, reader.userId, pack.id));
    const first = await webhook(delivery);
    expect(first.statusCode).toBe(200);
    expect(first.json().result).toBe('processed');
    const again = await webhook(delivery);
    expect(again.statusCode).toBe(200);
    expect(again.json().result).toBe('duplicate');
    // The same session under another event id (Stripe may send both): the payment is no longer pending.
    const other = stripe.event('checkout.session.completed', completedSession(paymentId, reader.userId, pack.id));
    expect((await webhook(other)).json().result).toBe('ignored');
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 1000, free: 50 });
    expect(await paymentOf(paymentId)).toMatchObject({ status: 'paid', credited_point: 1050 });
    const status = (await get(t, '/web/status', { cookie: reader.cookie })).json();
    expect(status.charge_type).toBe(3);
  });

  it('two deliveries of one event at the same time credit once', async () => {
    const reader = await createReader(t);
    const pack = await product('US', 'point_pack', 1);
    await startCheckout(reader, '/web/stp/outright', pack.id);
    const paymentId = await lastPaymentId(reader.userId);
    const delivery = stripe.event('checkout.session.completed', completedSession(paymentId, reader.userId, pack.id));
    const results = await Promise.all([webhook(delivery), webhook(delivery), webhook(delivery)]);
    // They apply one after another (ADR 024): one processes it, the others find it processed.
    expect(results.map((r) => `${r.statusCode} ${r.json().result}`).toSorted()).toEqual([
      '200 duplicate',
      '200 duplicate',
      '200 processed',
    ]);
    expect((await webhook(delivery)).json().result).toBe('duplicate');
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 100, free: 0 });
  });

  it('refuses and logs a bad signature, without the secret or the body', async () => {
    const reader = await createReader(t);
    const pack = await product('US', 'point_pack', 1);
    await startCheckout(reader, '/web/stp/outright', pack.id);
    const paymentId = await lastPaymentId(reader.userId);
    const delivery = stripe.event('checkout.session.completed', completedSession(paymentId, reader.userId, pack.id), {
      secret: 'whsec_not_ours_123456',
    });
    logLines.length = 0;
    const res = await webhook(delivery);
    expect(res.statusCode).toBe(400);
    expect((await webhook(delivery, '')).statusCode).toBe(400);
    const tampered = { body: delivery.body.replace('"paid"', '"paid" '), signature: stripe.event('x', {}).signature };
    expect((await webhook(tampered)).statusCode).toBe(400);
    const refused = logLines.filter((line) => line.includes('Webhook signature refused'));
    expect(refused.length).toBeGreaterThanOrEqual(2);
    for (const line of refused) {
      expect(line).not.toContain(stripe.webhookSecret);
      expect(line).not.toContain(reader.email);
      expect(line).not.toContain('whsec_not_ours');
    }
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 0, free: 0 });
    expect((await paymentOf(paymentId)).status).toBe('pending');
  });

  it('a crash between receiving and committing is retried by the provider and credits once', async () => {
    const reader = await createReader(t);
    const pack = await product('US', 'point_pack', 2);
    await startCheckout(reader, '/web/stp/outright', pack.id);
    const paymentId = await lastPaymentId(reader.userId);
    const delivery = stripe.event('checkout.session.completed', completedSession(paymentId, reader.userId, pack.id));
    const transactions = t.app.container.repositories.paymentTransactions;
    const run = transactions.run.bind(transactions);
    // Every write of the event happens, then the process dies before the commit.
    transactions.run = (work) =>
      run(async (stores) => {
        await work(stores);
        throw new Error('killed before commit');
      });
    try {
      expect((await webhook(delivery)).statusCode).toBe(500);
    } finally {
      transactions.run = run;
    }
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 0, free: 0 });
    expect((await webhook(delivery)).json().result).toBe('processed');
    expect((await webhook(delivery)).json().result).toBe('duplicate');
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 500, free: 0 });
  });

  it('a refund takes back only unspent points of that payment; a dispute the rest', async () => {
    const reader = await createReader(t, { free: 10 });
    const pack = await product('US', 'point_pack', 2); // 500
    await startCheckout(reader, '/web/stp/outright', pack.id);
    const paymentId = await lastPaymentId(reader.userId);
    await webhook(stripe.event('checkout.session.completed', completedSession(paymentId, reader.userId, pack.id)));
    // The reader spends 310 of them (free first: 10 free, 300 paid).
    await t.app.container.repositories.commerceTransactions.run(async ({ wallet }) => {
      const open = await t.app.container.services.wallet.open(wallet, reader.userId, t.clock.now());
      await open.spend([{ amount: 310, reason: 'episode_paid', referenceType: 'test', referenceId: '1' }]);
    });
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 200, free: 0 });
    await grant(t, reader.userId, 'paid', 70, null); // another lot, never taken back
    // Half refunded: 250 to take back, 200 unspent.
    const half = stripe.event('charge.refunded', {
      id: 'ch_1',
      object: 'charge',
      payment_intent: `pi_${paymentId}`,
      amount: 499,
      amount_refunded: 250,
    });
    expect((await webhook(half)).json().result).toBe('processed');
    expect((await webhook(half)).json().result).toBe('duplicate');
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 70, free: 0 });
    const dispute = stripe.event('charge.dispute.created', {
      id: 'dp_1',
      object: 'dispute',
      payment_intent: `pi_${paymentId}`,
    });
    await webhook(dispute);
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 70, free: 0 });
    expect((await paymentOf(paymentId)).status).toBe('refunded');
  });
});

describe('monthly plan', () => {
  /** Expiry times of the reader's premium tickets that came with a plan. */
  async function planTickets(userId: number): Promise<number[]> {
    const rows = await t.database.db
      .selectFrom('premium_ticket')
      .select('expires_at')
      .where('user_id', '=', userId)
      .where('source', '=', 'subscription')
      .orderBy('id')
      .execute();
    return rows.map((row) => Number(row.expires_at));
  }

  function invoice(id: string, subscription: string, start: number, end: number, metadata: object = {}) {
    return {
      id,
      object: 'invoice',
      status: 'paid',
      amount_paid: 499,
      period_start: Math.floor(start / 1000),
      period_end: Math.floor(end / 1000),
      lines: { data: [{ period: { start: Math.floor(start / 1000), end: Math.floor(end / 1000) } }] },
      parent: { type: 'subscription_details', subscription_details: { subscription, metadata } },
    };
  }

  it('out-of-order events: the invoice before the session, an old update after a newer one', async () => {
    const reader = await createReader(t);
    const plan = await product('US', 'subscription', 10); // 500 paid a month, 50 bonus
    const res = await startCheckout(reader, '/web/stp/subscription', plan.id);
    expect(codeOf(res)).toBe(0);
    expect(stripe.calls.at(-1)?.body.get('line_items[0][price_data][recurring][interval]')).toBe('month');
    const paymentId = await lastPaymentId(reader.userId);
    const sub = `sub_ooo_${reader.userId}`;
    const created = Math.floor(TEST_NOW / 1000);
    const metadata = { payment_id: String(paymentId), user_id: String(reader.userId), product_id: String(plan.id) };
    const monthEnd = Date.UTC(2026, 1, 1);
    // invoice.paid first, then checkout.session.completed.
    await webhook(stripe.event('invoice.paid', invoice(`in_${sub}_1`, sub, TEST_NOW, monthEnd, metadata), { created }));
    await webhook(
      stripe.event(
        'checkout.session.completed',
        completedSession(paymentId, reader.userId, plan.id, {
          mode: 'subscription',
          subscription: sub,
          payment_intent: null,
        }),
        { created },
      ),
    );
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 500, free: 50 });
    const rows = await t.database.db
      .selectFrom('subscription')
      .selectAll()
      .where('user_id', '=', reader.userId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'active', current_period_end_at: monthEnd });
    // A newer "past_due" update, then an older "active" one: the plan stays past_due.
    await webhook(
      stripe.event(
        'customer.subscription.updated',
        { id: sub, object: 'subscription', status: 'past_due' },
        { created: created + 20 },
      ),
    );
    await webhook(
      stripe.event(
        'customer.subscription.updated',
        { id: sub, object: 'subscription', status: 'active' },
        { created: created + 10 },
      ),
    );
    expect(
      (
        await t.database.db
          .selectFrom('subscription')
          .select('status')
          .where('id', '=', rows[0]?.id ?? 0)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('past_due');
    // Deleted, then a late invoice.payment_failed: ended stays ended.
    await webhook(
      stripe.event(
        'customer.subscription.deleted',
        { id: sub, object: 'subscription', status: 'canceled' },
        { created: created + 30 },
      ),
    );
    await webhook(
      stripe.event('invoice.payment_failed', invoice(`in_${sub}_x`, sub, TEST_NOW, monthEnd), {
        created: created + 25,
      }),
    );
    expect(
      (
        await t.database.db
          .selectFrom('subscription')
          .select('status')
          .where('id', '=', rows[0]?.id ?? 0)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('ended');
    expect((await get(t, '/web/status', { cookie: reader.cookie })).json().charge_type).toBe(3);
  });

  it('renewal on the 1st: paid points per invoice, the bonus once per month from the job, then cancel', async () => {
    const reader = await createReader(t);
    const plan = await product('US', 'subscription', 11); // premium: 1,000 paid, 150 bonus, tickets
    await startCheckout(reader, '/web/stp/subscription', plan.id);
    const paymentId = await lastPaymentId(reader.userId);
    const sub = `sub_renew_${reader.userId}`;
    const payments = t.app.container.services.planBonusJob;
    await webhook(
      stripe.event(
        'checkout.session.completed',
        completedSession(paymentId, reader.userId, plan.id, {
          mode: 'subscription',
          subscription: sub,
          payment_intent: null,
        }),
      ),
    );
    await webhook(stripe.event('invoice.paid', invoice(`in_${sub}_1`, sub, TEST_NOW, Date.UTC(2026, 1, 1))));
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 1000, free: 150 });
    // The plan's premium tickets come with the first subscription (2), valid past the next 1st.
    expect(await planTickets(reader.userId)).toEqual([
      TEST_NOW + PLAN_TICKET_LIFETIME_MS,
      TEST_NOW + PLAN_TICKET_LIFETIME_MS,
    ]);
    expect((await get(t, '/account/point', { cookie: reader.cookie })).json().ticket.total_num).toBe(2);
    expect((await get(t, '/web/status', { cookie: reader.cookie })).json().charge_type).toBe(4);
    // Later in January: the job gives nothing more.
    t.clock.set(Date.UTC(2026, 0, 31, 14, 0)); // 23:00 on the 31st, Tokyo
    expect(await payments.handleGrantPlanBonus()).toBe('skipped');
    expect((await balanceOf(t.database.db, reader.userId)).free).toBe(150);
    expect(await planTickets(reader.userId)).toHaveLength(2);
    // The 1st of February (Tokyo): the renewal invoice and the job, twice.
    t.clock.set(Date.UTC(2026, 0, 31, 15, 30));
    await webhook(
      stripe.event('invoice.paid', invoice(`in_${sub}_2`, sub, Date.UTC(2026, 1, 1), Date.UTC(2026, 2, 1))),
    );
    // Two jobs at once (two API processes on the 1st): one claim wins; a third run finds nothing.
    const both = await Promise.all([payments.handleGrantPlanBonus(), payments.handleGrantPlanBonus()]);
    expect(both.toSorted()).toEqual(['skipped', 'success']);
    expect(await payments.handleGrantPlanBonus()).toBe('skipped');
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 2000, free: 300 });
    const bonuses = await sql<{ n: number }>`select count(*) as n from point_ledger
      where user_id = ${reader.userId} and reason = 'plan_bonus'`.execute(t.database.db);
    expect(Number(bonuses.rows[0]?.n)).toBe(2);
    const february = Date.UTC(2026, 0, 31, 15, 30) + PLAN_TICKET_LIFETIME_MS;
    expect((await planTickets(reader.userId)).filter((at) => at === february)).toHaveLength(2);
    expect(await planTickets(reader.userId)).toHaveLength(4);
    // A month later the reader logs in again (sessions end).
    reader.cookie = await login(t, reader.email, GOOD_PASSWORD);
    const plans = (await get(t, '/web/shop/point/subscription?lang=en', { cookie: reader.cookie })).json();
    expect(plans.current_plan).toMatchObject({ asset_id: plan.id, is_canceled: 0 });
    // Cancel: Stripe is told (cancel_at_period_end), the answer names the end date.
    const cancel = await post(
      t,
      '/web/stp/subscription/cancel',
      { asset_id: String(plan.id) },
      { cookie: reader.cookie },
    );
    expect(codeOf(cancel)).toBe(0);
    expect(cancel.json().finish_datetime).toMatch(/^2026-03-01/);
    expect(stripe.calls.at(-1)).toMatchObject({ method: 'POST', path: `/v1/subscriptions/${sub}` });
    expect(stripe.calls.at(-1)?.body.get('cancel_at_period_end')).toBe('true');
    const another = await createReader(t);
    expect(
      codeOf(await post(t, '/web/stp/subscription/cancel', { asset_id: String(plan.id) }, { cookie: another.cookie })),
    ).toBe(1001);
    // After the period: the job ends the canceled plan, no March bonus.
    t.clock.set(Date.UTC(2026, 2, 1, 12));
    await payments.handleGrantPlanBonus();
    expect((await balanceOf(t.database.db, reader.userId)).free).toBe(300);
    expect(await planTickets(reader.userId)).toHaveLength(4);
    reader.cookie = await login(t, reader.email, GOOD_PASSWORD);
    expect((await get(t, '/web/status', { cookie: reader.cookie })).json().charge_type).toBe(3);
  });
});
