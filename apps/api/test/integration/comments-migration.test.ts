// Migration 20261123130000_comments_and_moderation (ADR 013): reverts cleanly, seeds the default NG
// words normalised, and backfills episode_view from the reading history the viewer kept before.
import { normalizeSearchText } from '@manga/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDown, migrateToLatest, migrations } from '#src/db/migrator.ts';
import { createTestDatabase, type TestDatabase } from '#test/db.ts';
import { insertEpisode, insertTitle, insertUser, TEST_NOW } from '#test/factories.ts';

const MIGRATION = '20261123130000_comments_and_moderation';
/** This migration and every later one, oldest first: they go down and up with it. */
const FROM_MIGRATION = Object.keys(migrations).filter((name) => name >= MIGRATION);
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe(`migration ${MIGRATION}`, () => {
  it('seeds the default NG words in English and Japanese, normalised as search normalises', async () => {
    const rows = await database.db.selectFrom('ng_word').selectAll().orderBy('id').execute();
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows.map((row) => row.word)).toEqual(expect.arrayContaining(['fuck', 'cunt', '死ね', 'キモい']));
    for (const row of rows) expect(row.normalized_word).toBe(normalizeSearchText(row.word));
    expect(rows.every((row) => row.created_by === null)).toBe(true);
  });

  it('goes down and up again, backfilling episode_view from view_history', async () => {
    const { db } = database;
    expect(await migrateDown(db, { to: '20261122020000_catalogue' })).toEqual([...FROM_MIGRATION].reverse());
    const user = await insertUser(db);
    const title = await insertTitle(db);
    // Episode 1 was read, then episode 2: view_history remembers only the last one.
    await insertEpisode(db, { title_id: title.id });
    const second = await insertEpisode(db, { title_id: title.id });
    await db
      .insertInto('view_history')
      .values({ user_id: user.id, title_id: title.id, last_episode_id: second.id, viewed_at: TEST_NOW })
      .execute();
    expect(await migrateToLatest(db)).toEqual(FROM_MIGRATION);
    const views = await db.selectFrom('episode_view').selectAll().where('user_id', '=', user.id).execute();
    expect(views).toEqual([
      {
        user_id: user.id,
        episode_id: second.id,
        title_id: title.id,
        first_viewed_at: TEST_NOW,
        last_viewed_at: TEST_NOW,
        finished_at: null,
        last_page: 0,
        last_device: '',
      },
    ]);
  });
});
