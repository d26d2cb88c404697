// Migration 20261123153000_reading_progress (ADR 016): reverts cleanly to the wallet migration before
// it, and rows written before it read as "no page recorded" (last_page 0). Migrations apply in name
// order only (ADR 004; schema.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDown, migrateToLatest, migrations } from '#src/db/migrator.ts';
import { createTestDatabase, type TestDatabase } from '#test/db.ts';
import { insertEpisode, insertTitle, insertUser, TEST_NOW } from '#test/factories.ts';

const MIGRATION = '20261123153000_reading_progress';
const PREVIOUS = '20261123150000_wallet';
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe(`migration ${MIGRATION}`, () => {
  it('goes down and up again; episodes opened before it have no page recorded', async () => {
    const { db } = database;
    const fromThis = Object.keys(migrations).filter((name) => name >= MIGRATION);
    expect(await migrateDown(db, { to: PREVIOUS })).toEqual([...fromThis].reverse());
    const user = await insertUser(db);
    const title = await insertTitle(db);
    const episode = await insertEpisode(db, { title_id: title.id });
    await db
      .insertInto('episode_view')
      .values({
        user_id: user.id,
        episode_id: episode.id,
        title_id: title.id,
        first_viewed_at: TEST_NOW,
        last_viewed_at: TEST_NOW,
      })
      .execute();
    expect(await migrateToLatest(db)).toEqual(fromThis);
    const row = await db
      .selectFrom('episode_view')
      .select(['last_page', 'finished_at'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ last_page: 0, finished_at: null });
  });
});
