// A crash between receiving a webhook and crediting it (ADR 019): a child process, an API with the same
// database and webhook secret, gets a signed checkout.session.completed, claims the event and credits
// the points inside the event's transaction, and is killed with SIGKILL before the commit. Nothing of
// it stays: no points, no claimed event, the payment still pending, ledger = balances. Stripe's retry
// of the same delivery (to this process) credits once; a third delivery is a duplicate.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, post } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import {
  balanceOf,
  createReader,
  databaseUrlOf,
  deliverWebhook,
  holdsOpenTransaction,
  ledgerAnomalies,
  shopProduct,
  waitForRollback,
} from '#test/commerce.ts';
import { TEST_NOW } from '#test/factories.ts';
import { StripeDouble } from '#test/stripe-double.ts';

const CHILD = fileURLToPath(new URL('../fixtures/crash-webhook.child.ts', import.meta.url));

const stripe = new StripeDouble();
let t: TestApp;
let databaseUrl: string;
let sqlitePath: string | undefined;

beforeAll(async () => {
  const apiUrl = await stripe.start();
  t = await createTestApp({
    stripe: { secretKey: 'sk_test_double_key_123', webhookSecret: stripe.webhookSecret, apiUrl },
  });
  ({ url: databaseUrl, sqlitePath } = await databaseUrlOf(t.database));
});
afterAll(async () => {
  await t.close();
  await stripe.stop();
});

const webhook = (delivery: { body: string; signature: string }) => deliverWebhook(t, delivery);

/** Runs the child until it has credited inside its open transaction, proves the lock, and kills it. */
async function crashMidWebhook(delivery: { body: string; signature: string }): Promise<NodeJS.Signals | null> {
  const child = fork(CHILD, [databaseUrl, stripe.webhookSecret, String(TEST_NOW)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, signal) => resolve(signal)),
  );
  const next = () =>
    new Promise<unknown>((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`child exited with ${code} before crediting`)));
    });
  expect(await next()).toBe('ready');
  child.send(delivery);
  expect(await next()).toBe('credited');
  expect(await holdsOpenTransaction(t.database.db, sqlitePath)).toBe(true);
  child.kill('SIGKILL');
  return exited;
}

describe('a webhook handler killed between receiving and crediting', () => {
  it('leaves nothing; the provider retries and the points are credited exactly once', async () => {
    const reader = await createReader(t);
    const pack = await shopProduct(t.database.db, 'US', 'point_pack', 4); // 2,500 paid + 200 bonus
    const start = await post(
      t,
      '/web/stp/outright',
      { asset_id: String(pack.id), path: '/my/shop' },
      { cookie: reader.cookie },
    );
    expect(codeOf(start)).toBe(0);
    const payment = await t.database.db
      .selectFrom('payment')
      .selectAll()
      .where('user_id', '=', reader.userId)
      .executeTakeFirstOrThrow();
    const delivery = stripe.event('checkout.session.completed', {
      id: `cs_test_${payment.id}`,
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      status: 'complete',
      metadata: { payment_id: String(payment.id), user_id: String(reader.userId), product_id: String(pack.id) },
      payment_intent: `pi_crash_${payment.id}`,
    });
    const eventId = JSON.parse(delivery.body).id as string;

    expect(await crashMidWebhook(delivery)).toBe('SIGKILL');
    await waitForRollback(t.database.db, sqlitePath);
    expect(await holdsOpenTransaction(t.database.db, sqlitePath)).toBe(false);
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 0, free: 0 });
    expect(await ledgerAnomalies(t.database.db)).toEqual([]);
    const claimed = await t.database.db
      .selectFrom('payment_event')
      .select('provider_event_id')
      .where('provider_event_id', '=', eventId)
      .execute();
    expect(claimed).toEqual([]);
    expect(
      (
        await t.database.db
          .selectFrom('payment')
          .select('status')
          .where('id', '=', payment.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('pending');

    // Stripe retries the same delivery (its body and signature unchanged): credited once.
    const retried = await webhook(delivery);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().result).toBe('processed');
    const again = await webhook(delivery);
    expect(again.json().result).toBe('duplicate');
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 2500, free: 200 });
    expect(await ledgerAnomalies(t.database.db)).toEqual([]);
    const credits = await t.database.db
      .selectFrom('point_ledger')
      .select(['kind', 'delta'])
      .where('user_id', '=', reader.userId)
      .orderBy('id')
      .execute();
    expect(credits).toEqual([
      { kind: 'paid', delta: 2500 },
      { kind: 'free', delta: 200 },
    ]);
    expect(
      await t.database.db
        .selectFrom('payment')
        .select(['status', 'credited_point'])
        .where('id', '=', payment.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'paid', credited_point: 2700 });
  });
});
