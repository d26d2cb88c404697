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
});
