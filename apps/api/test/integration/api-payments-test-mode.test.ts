// The embedded test provider (ADR 019): the default without Stripe variables. Its checkout completes
// through the same signed webhook handler; 4000 0000 0000 0002 is declined; only the session's reader
// may see or pay it; its events carry a valid signature for the generated secret, nobody else's. Its
// sessions live in the database (a restart mid-checkout still completes, two payments of one session
// credit once), checkout returns to the request's origin only when it is a configured one, and a plan
// renews at its period's end through the GrantPlanBonus job, as Stripe's invoice would.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, GOOD_PASSWORD, get, login, post } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { balanceOf, createReader, endWalletTest, type Reader, shopProduct } from '#test/commerce.ts';
import { TEST_NOW } from '#test/factories.ts';

const ORIGINS = ['http://web.test', 'http://127.0.0.1:3000'];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webOrigins: ORIGINS });
});

const productId = async (region: 'US' | 'JP', kind: 'point_pack' | 'subscription', sortOrder: number) =>
  (await shopProduct(t.database.db, region, kind, sortOrder)).id;

async function startSession(app: TestApp, reader: Reader, url: string, assetId: number, origin?: string) {
  const res = await post(
    app,
    url,
    { asset_id: String(assetId), path: '/my/shop' },
    { cookie: reader.cookie, ...(origin ? { headers: { origin } } : {}) },
  );
  expect(codeOf(res)).toBe(0);
  const checkout = new URL(res.json().checkout_url);
  return { checkout, sessionId: checkout.searchParams.get('session_id') ?? '' };
}

function pay(app: TestApp, reader: Reader, sessionId: string, card = '4242 4242 4242 4242') {
  return post(app, '/web/stp/test/pay', { session_id: sessionId, card_number: card }, { cookie: reader.cookie });
}
afterAll(() => t.close());
afterEach(() => endWalletTest(t));

describe('test mode checkout', () => {
  it('declines 4000…0002, pays 4242… once, and answers only the reader who started it', async () => {
    const reader = await createReader(t);
    const other = await createReader(t);
    const pack = await shopProduct(t.database.db, 'JP', 'point_pack', 3);
    const start = await post(
      t,
      '/web/stp/outright',
      { asset_id: String(pack.id), path: '/my/shop' },
      { cookie: reader.cookie },
    );
    const checkout = new URL(start.json().checkout_url);
    expect(checkout.pathname).toBe('/my/shop/checkout');
    const sessionId = checkout.searchParams.get('session_id') ?? '';

    const seen = await get(t, `/web/stp/test/session?session_id=${sessionId}`, { cookie: reader.cookie });
    expect(seen.json()).toMatchObject({ price_text: '¥1,200', mode: 'payment' });
    expect(codeOf(await get(t, `/web/stp/test/session?session_id=${sessionId}`, { cookie: other.cookie }))).toBe(1001);
    expect(codeOf(await get(t, `/web/stp/test/session?session_id=${sessionId}`))).not.toBe(0);

    const pay = (card: string, cookie = reader.cookie) =>
      post(t, '/web/stp/test/pay', { session_id: sessionId, card_number: card }, { cookie });
    expect((await pay('4000 0000 0000 0002')).json()).toMatchObject({ result: 0 });
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 0, free: 0 });
    expect(codeOf(await pay('4242 4242 4242 4242', other.cookie))).toBe(1001);
    const paid = (await pay('4242 4242 4242 4242')).json();
    expect(paid.result).toBe(1);
    expect(new URL(paid.redirect_url).searchParams.get('status')).toBe('1');
    expect(codeOf(await pay('4242 4242 4242 4242'))).toBe(1001);
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 1000, free: 50 });
    expect((await get(t, '/web/status', { cookie: reader.cookie })).json().charge_type).toBe(3);
  });

  it('keeps open sessions in the database: another API process (a restart) completes them, once', async () => {
    const reader = await createReader(t);
    const { sessionId } = await startSession(t, reader, '/web/stp/outright', await productId('US', 'point_pack', 2));
    const stored = await t.database.db
      .selectFrom('test_checkout_session')
      .selectAll()
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ user_id: reader.userId, mode: 'payment', price_minor: 499, status: 'open' });
    // A fresh API on the same database: nothing of the first one's memory.
    const restarted = await createTestApp({ webOrigins: ORIGINS }, t.database);
    try {
      const seen = await get(restarted, `/web/stp/test/session?session_id=${sessionId}`, { cookie: reader.cookie });
      expect(seen.json()).toMatchObject({ price_text: '$4.99', mode: 'payment' });
      // Two payments at once (a double submit, or both processes): one completes, one is refused.
      const [a, b] = await Promise.all([pay(restarted, reader, sessionId), pay(t, reader, sessionId)]);
      expect([codeOf(a), codeOf(b)].toSorted()).toEqual([0, 1001]);
    } finally {
      await restarted.close();
    }
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 500, free: 0 });
    expect(
      (
        await t.database.db
          .selectFrom('test_checkout_session')
          .select('status')
          .where('id', '=', sessionId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('complete');
    expect(codeOf(await get(t, `/web/stp/test/session?session_id=${sessionId}`, { cookie: reader.cookie }))).toBe(1001);
  });

  it("returns to the request's origin only when it is a configured web origin", async () => {
    const reader = await createReader(t);
    const pack = await productId('US', 'point_pack', 1);
    const session = async (origin?: string) => {
      const { checkout, sessionId } = await startSession(t, reader, '/web/stp/outright', pack, origin);
      const row = await t.database.db
        .selectFrom('test_checkout_session')
        .select(['success_url', 'cancel_url'])
        .where('id', '=', sessionId)
        .executeTakeFirstOrThrow();
      return { checkout: checkout.origin, success: new URL(row.success_url), cancel: new URL(row.cancel_url) };
    };
    const second = await session('http://127.0.0.1:3000');
    expect(second.checkout).toBe('http://127.0.0.1:3000');
    expect(second.success.origin).toBe('http://127.0.0.1:3000');
    expect(second.cancel.origin).toBe('http://127.0.0.1:3000');
    expect(second.success.pathname).toBe('/my/shop/result');
    expect(second.success.searchParams.get('return')).toBe('/my/shop');
    // Without an Origin (an app), the first configured origin.
    const answered = await session(undefined);
    for (const origin of [answered.checkout, answered.success.origin, answered.cancel.origin]) {
      expect(origin).toBe('http://web.test');
    }
    // A reader's cookie with any other Origin is a cross-site request: refused before checkout (ADR 028).
    for (const hostile of [
      'https://evil.example',
      'http://127.0.0.1:3000.evil.example',
      'http://127.0.0.1:3001',
      'https://127.0.0.1:3000',
      'http://127.0.0.1:3000/',
      'http://user@127.0.0.1:3000',
      'null',
    ]) {
      const res = await post(
        t,
        '/web/stp/outright',
        { asset_id: String(pack), path: '/my/shop' },
        { cookie: reader.cookie, headers: { origin: hostile } },
      );
      expect(res.statusCode, hostile).toBe(403);
    }
    // A hostile path is refused whatever the origin.
    for (const path of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      '/.//evil.example',
      '/%2e//x',
      '/..//x',
      '/a/../..//x',
    ]) {
      const res = await post(
        t,
        '/web/stp/outright',
        { asset_id: String(pack), path },
        { cookie: reader.cookie, headers: { origin: 'http://127.0.0.1:3000' } },
      );
      expect(codeOf(res), path).toBe(1001);
    }
  });

  it('renews a test plan at its period end through the GrantPlanBonus job, bonus and tickets once a month', async () => {
    const reader = await createReader(t);
    const plan = await productId('US', 'subscription', 11); // 1,000 paid, 150 bonus, 2 premium tickets
    const { sessionId } = await startSession(t, reader, '/web/stp/subscription', plan);
    expect((await pay(t, reader, sessionId)).json().result).toBe(1);
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 1000, free: 150 });
    const tickets = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('premium_ticket')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', reader.userId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await tickets()).toBe(2);
    const subscription = () =>
      t.database.db
        .selectFrom('subscription')
        .selectAll()
        .where('user_id', '=', reader.userId)
        .executeTakeFirstOrThrow();
    const firstEnd = (await subscription()).current_period_end_at;
    expect(firstEnd).toBe(Date.UTC(2026, 1, 1));
    const { jobs } = t.app.container.services;
    const runJobs = async () => {
      jobs.start({ info: () => undefined, error: () => undefined });
      await jobs.stop();
    };
    // Before the period ends: nothing due, nothing renewed.
    t.clock.set(TEST_NOW + 20 * 86_400_000);
    expect(await t.app.container.services.planBonusJob.hasDuePlanBonus()).toBe(false);
    // Past the period's end (and the 1st of February in Tokyo): renewed once, the month's bonus once.
    t.clock.set(firstEnd + 30 * 60_000);
    await runJobs();
    await runJobs();
    expect(await t.app.container.services.planBonusJob.handleGrantPlanBonus()).toBe('skipped');
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 2000, free: 300 });
    expect(await tickets()).toBe(4);
    expect(await subscription()).toMatchObject({
      status: 'active',
      current_period_end_at: Date.UTC(2026, 2, 1),
      last_bonus_month: '2026-02',
    });
    const invoices = await t.database.db
      .selectFrom('payment')
      .select(['provider_payment_id', 'status'])
      .where('user_id', '=', reader.userId)
      .orderBy('id')
      .execute();
    expect(invoices.map((row) => row.provider_payment_id)).toEqual([
      expect.stringMatching(/^session:cs_test_/),
      expect.stringMatching(/^invoice:in_test_/),
      expect.stringMatching(/^invoice:in_test_renew_/),
    ]);
    // A clock moved two periods on: each month renewed once, in one run.
    t.clock.set(Date.UTC(2026, 3, 1, 1));
    await t.app.container.services.planBonusJob.handleGrantPlanBonus();
    expect(await subscription()).toMatchObject({ status: 'active', current_period_end_at: Date.UTC(2026, 4, 1) });
    expect(await balanceOf(t.database.db, reader.userId)).toMatchObject({ paid: 4000 });
    // Canceled: no renewal after the period, the plan ends.
    reader.cookie = await login(t, reader.email, GOOD_PASSWORD);
    const cancel = await post(t, '/web/stp/subscription/cancel', { asset_id: String(plan) }, { cookie: reader.cookie });
    expect(codeOf(cancel)).toBe(0);
    t.clock.set(Date.UTC(2026, 4, 1, 1));
    await t.app.container.services.planBonusJob.handleGrantPlanBonus();
    expect(await subscription()).toMatchObject({ status: 'ended', current_period_end_at: Date.UTC(2026, 4, 1) });
    expect((await balanceOf(t.database.db, reader.userId)).paid).toBe(4000);
  });

  it('refuses a webhook signed with any other secret', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/stp/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: JSON.stringify({ id: 'evt_x', type: 'checkout.session.completed', data: { object: {} } }),
    });
    expect(res.statusCode).toBe(400);
    const oversized = await t.app.inject({
      method: 'POST',
      url: '/stp/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: 'x'.repeat(300 * 1024),
    });
    expect(oversized.statusCode).toBe(413);
  });
});
