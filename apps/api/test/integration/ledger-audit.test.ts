// The ledger audit (ADR 014) finds every kind of disagreement it promises to, and none in a sound wallet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerAuditRepository } from '#src/repositories/ledger-audit.repository.ts';
import { post } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { createReader, insertShopTitle } from '#test/commerce.ts';
import { TEST_NOW } from '#test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('LedgerAuditRepository', () => {
  it('finds nothing wrong with wallets the services wrote, and each kind of tampering', async () => {
    const { db } = t.database;
    const audit = new LedgerAuditRepository(db);
    const shop = await insertShopTitle(db, { count: 3, price: 40 });
    const reader = await createReader(t, { paid: 100, free: 20 });
    const bought = await post(
      t,
      '/episode/paid',
      { episode_id: String(shop.episodes[1]!.id), check_point: '40' },
      { cookie: reader.cookie },
    );
    expect(bought.statusCode).toBe(200);
    expect(await audit.listLedgerAnomalies()).toEqual([]);

    await db.updateTable('point_balance').set({ paid_point: 81 }).where('user_id', '=', reader.userId).execute();
    expect(await audit.listLedgerAnomalies()).toEqual([
      `user ${reader.userId} paid: ledger 80 ≠ balance 81`,
      `user ${reader.userId} paid: lots 80 ≠ balance 81`,
    ]);
    await db.updateTable('point_balance').set({ paid_point: 80 }).where('user_id', '=', reader.userId).execute();

    const purchase = await db
      .insertInto('purchase')
      .values({
        user_id: reader.userId,
        episode_id: shop.episodes[2]!.id,
        title_id: shop.title.id,
        price: 40,
        created_at: TEST_NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await audit.listLedgerAnomalies()).toEqual([`purchase ${purchase.id} has no debit`]);
    await db.deleteFrom('purchase').where('id', '=', purchase.id).execute();

    await db.deleteFrom('purchase').where('user_id', '=', reader.userId).execute();
    const orphans = await audit.listLedgerAnomalies();
    // The purchase was paid with 20 free and 20 paid points: two debits lose their purchase.
    expect(orphans).toHaveLength(2);
    for (const line of orphans) expect(line).toMatch(/^debit \d+ has no purchase$/);
  });

  it('compares the refunds the provider reported with the points each payment took back', async () => {
    const { db } = t.database;
    const audit = new LedgerAuditRepository(db);
    const reader = await createReader(t);
    const payment = await db
      .insertInto('payment')
      .values({
        user_id: reader.userId,
        product_id: 3,
        provider: 'stripe',
        provider_session_id: 'cs_audit_1',
        provider_payment_id: 'pi_audit_1',
        status: 'paid',
        amount_minor: 999,
        currency: 'usd',
        created_at: TEST_NOW,
        completed_at: TEST_NOW,
        credited_point: 1050,
        refunded_point: 0,
        subscription_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The test above leaves its tampering behind: this one reads the lines of its payment.
    const anomalies = async () =>
      (await audit.listLedgerAnomalies()).filter((line) => line.startsWith(`payment ${payment.id}:`));
    expect(await anomalies()).toEqual([]);
    // The provider refunded half of it and the points were never taken back (a lost refund).
    await db
      .insertInto('payment_refund')
      .values({
        provider_event_id: 'evt_audit_1',
        provider_payment_id: 'pi_audit_1',
        kind: 'refund',
        refunded_minor: 500,
        event_created_at: TEST_NOW,
        received_at: TEST_NOW,
        payment_id: null,
        applied_at: null,
      })
      .execute();
    expect(await anomalies()).toEqual([
      `payment ${payment.id}: the provider's refunds take back 526 points, the payment took 0`,
      `payment ${payment.id}: 1 refund(s) of the provider not applied`,
    ]);
    await db.updateTable('payment_refund').set({ applied_at: TEST_NOW, payment_id: payment.id }).execute();
    await db.updateTable('payment').set({ refunded_point: 526 }).where('id', '=', payment.id).execute();
    expect(await anomalies()).toEqual([]);
    // A dispute after it: everything credited is owed back.
    await db
      .insertInto('payment_refund')
      .values({
        provider_event_id: 'evt_audit_2',
        provider_payment_id: 'pi_audit_1',
        kind: 'dispute',
        refunded_minor: 0,
        event_created_at: TEST_NOW,
        received_at: TEST_NOW,
        payment_id: payment.id,
        applied_at: TEST_NOW,
      })
      .execute();
    expect(await anomalies()).toEqual([
      `payment ${payment.id}: the provider's refunds take back 1050 points, the payment took 526`,
    ]);
    await db.updateTable('payment').set({ refunded_point: 1050 }).where('id', '=', payment.id).execute();
    // A take-back beyond what the refunds allow (with its balance, so that only this disagrees).
    await db
      .insertInto('point_ledger')
      .values([
        {
          user_id: reader.userId,
          kind: 'paid',
          delta: 1100,
          remaining: 0,
          reason: 'point_purchase',
          reference_type: 'payment',
          reference_id: String(payment.id),
          created_at: TEST_NOW,
        },
        {
          user_id: reader.userId,
          kind: 'paid',
          delta: -1100,
          remaining: 0,
          reason: 'payment_refund',
          reference_type: 'payment',
          reference_id: String(payment.id),
          created_at: TEST_NOW,
        },
      ])
      .execute();
    expect(await anomalies()).toEqual([
      `payment ${payment.id}: 1100 points taken back, more than its refunds allow (1050)`,
    ]);
  });
});
