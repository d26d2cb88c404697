// Migration 20261123150000_wallet (ADR 014): sorts after every earlier migration, reverts cleanly
// (columns and indexes back as they were), and on the way up gives the default ticket settings to
// titles that never had any while leaving configured titles alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDown, migrateToLatest, migrations } from '#src/db/migrator.ts';
import { createTestDatabase, type TestDatabase } from '#test/db.ts';
import { insertTitle } from '#test/factories.ts';
import { declaredTables } from '#test/schema-columns.ts';

const MIGRATION = '20261123150000_wallet';
const PREVIOUS = '20261123140000_throttle_events';
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** The columns of `table` as the database has them now. */
async function columnsOf(table: string): Promise<string[]> {
  const tables = await database.db.introspection.getTables();
  return (tables.find((t) => t.name === table)?.columns ?? []).map((c) => c.name).sort();
}

describe(`migration ${MIGRATION}`, () => {
  it('is named for a time after the migration before it', () => {
    const names = Object.keys(migrations);
    expect(names.indexOf(MIGRATION)).toBe(names.indexOf(PREVIOUS) + 1);
    expect([...names].sort()).toEqual(names);
  });

  it('goes down and up again, giving never-configured titles the default ticket settings', async () => {
    const { db } = database;
    const fromWallet = Object.keys(migrations).filter((name) => name >= MIGRATION);
    expect(await migrateDown(db, { to: PREVIOUS })).toEqual([...fromWallet].reverse());
    expect(await columnsOf('purchase')).not.toContain('magazine_purchase_id');
    expect(await columnsOf('login_bonus')).not.toContain('premium_ticket_num');

    const bare = await insertTitle(db, { ticket_max: 0, ticket_recover_seconds: 0, ticket_rental_seconds: 0 });
    const configured = await insertTitle(db, {
      ticket_max: 3,
      ticket_recover_seconds: 3_600,
      ticket_rental_seconds: 7_200,
    });
    expect(await migrateToLatest(db)).toEqual(fromWallet);

    const settings = await db
      .selectFrom('title')
      .select(['id', 'ticket_max', 'ticket_recover_seconds', 'ticket_rental_seconds'])
      .where('id', 'in', [bare.id, configured.id])
      .orderBy('id')
      .execute();
    expect(settings).toEqual([
      { id: bare.id, ticket_max: 1, ticket_recover_seconds: 82_800, ticket_rental_seconds: 259_200 },
      { id: configured.id, ticket_max: 3, ticket_recover_seconds: 3_600, ticket_rental_seconds: 7_200 },
    ]);
    const declared = declaredTables();
    for (const table of ['purchase', 'login_bonus']) {
      expect(await columnsOf(table)).toEqual([...(declared.get(table)?.columns ?? [])].sort());
    }
  });
});
