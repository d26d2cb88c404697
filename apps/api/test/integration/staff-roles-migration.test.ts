// Migration 20261127080100_staff_roles (ADR 042): today's operators become moderators (once, also
// when an account somehow held both), and it reverts cleanly to the migration before it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDown, migrateToLatest, migrations } from '#src/db/migrator.ts';
import { createTestDatabase, type TestDatabase } from '#test/db.ts';
import { insertUser, TEST_NOW } from '#test/factories.ts';

const MIGRATION = '20261127080100_staff_roles';
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe(`migration ${MIGRATION}`, () => {
  it('turns operators into moderators, and back when reverted', async () => {
    const { db } = database;
    const names = Object.keys(migrations).sort();
    const previous = names[names.indexOf(MIGRATION) - 1] as string;
    const fromThis = names.filter((name) => name >= MIGRATION);
    expect(await migrateDown(db, { to: previous })).toEqual([...fromThis].reverse());
    const operator = await insertUser(db);
    const both = await insertUser(db);
    const reader = await insertUser(db);
    await db
      .insertInto('user_role')
      .values([
        { user_id: operator.id, role: 'operator', created_at: TEST_NOW },
        { user_id: both.id, role: 'operator', created_at: TEST_NOW },
        { user_id: both.id, role: 'moderator', created_at: TEST_NOW },
      ])
      .execute();
    expect(await migrateToLatest(db)).toEqual(fromThis);
    const roles = () =>
      db.selectFrom('user_role').select(['user_id', 'role']).orderBy('user_id').orderBy('role').execute();
    expect(await roles()).toEqual([
      { user_id: operator.id, role: 'moderator' },
      { user_id: both.id, role: 'moderator' },
    ]);
    expect((await roles()).some((row) => row.user_id === reader.id)).toBe(false);
    await migrateDown(db, { to: previous });
    expect(await roles()).toEqual([
      { user_id: operator.id, role: 'operator' },
      { user_id: both.id, role: 'operator' },
    ]);
    await migrateToLatest(db);
  });
});
