// Migration 20261122020000_catalogue (ADR 009): reverts cleanly and backfills title.search_text with
// the shared normalisation for titles written before it.
import { buildSearchText } from '@manga/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDown, migrateToLatest, migrations } from '#src/db/migrator.ts';
import { createTestDatabase, type TestDatabase } from '#test/db.ts';
import { insertTitle } from '#test/factories.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('migration 20261122020000_catalogue', () => {
  it('goes down and up again, backfilling search_text from names, authors and tags', async () => {
    const { db } = database;
    // This migration and every later one, newest first.
    const fromCatalogue = Object.keys(migrations).filter((name) => name >= '20261122020000_catalogue');
    expect(await migrateDown(db, { to: '20261122010000_accounts' })).toEqual([...fromCatalogue].reverse());
    const title = await insertTitle(db, {
      name_en: 'Blue Harbor',
      name_ja: 'ブルーハーバー',
      author_text_en: 'Aoi Mori',
      search_text: 'stale',
    });
    const tag = await db
      .insertInto('tag')
      .values({ name_en: 'Time travel', name_ja: 'タイムトラベル' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('title_tag').values({ title_id: title.id, tag_id: tag.id }).execute();
    expect(await migrateToLatest(db)).toEqual(fromCatalogue);
    const row = await db.selectFrom('title').select('search_text').where('id', '=', title.id).executeTakeFirstOrThrow();
    expect(row.search_text).toBe(
      buildSearchText(['Blue Harbor', 'ブルーハーバー', 'Aoi Mori', 'Time travel', 'タイムトラベル']),
    );
    expect(row.search_text).toBe('blueharbor|ぶるーはーばー|aoimori|timetravel|たいむとらべる');
  });
});
