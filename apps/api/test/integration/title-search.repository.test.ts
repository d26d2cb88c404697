// Keyword search through the trigram index (ADR 020), on the dialect under test: SQLite's FTS5
// trigram table, PostgreSQL's pg_trgm GIN index. The index must find exactly what the normalised
// substring match found before (width, kana, case, punctuation; Japanese and English), keep up with
// inserts, renames and deletes, treat LIKE wildcards and FTS syntax in keywords as plain text, and be
// the plan the database chooses.
import { buildSearchText, normalizeSearchText } from '@manga/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TitleRepository } from '#src/repositories/title.repository.ts';
import { createTestDatabase, type TestDatabase, testDialect } from '#test/db.ts';
import { insertTitle, TEST_NOW } from '#test/factories.ts';

describe(`keyword search through the trigram index (${testDialect()})`, () => {
  let database: TestDatabase;
  let titles: TitleRepository;
  const ids: Record<string, number> = {};

  const search = (keyword: string) =>
    titles.searchTitleIds({
      filter: { text: normalizeSearchText(keyword) },
      order: 'new',
      popularityRankingId: 12,
      limit: 100,
      now: TEST_NOW,
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    titles = new TitleRepository(database.db);
    const rows: [string, string, string, string][] = [
      ['love', 'Love Letter From Harbor', '港からのラブレター', 'みなとからのらぶれたー'],
      ['spy', 'SPY×FAMILY Days', 'スパイファミリーの日々', 'すぱいふぁみりーのひび'],
      ['sword', 'The 100% Sword_Art', '百パーセント剣術', 'ひゃくぱーせんとけんじゅつ'],
      ['quote', 'Say "Hello" Again', 'もう一度「ハロー」', 'もういちどはろー'],
      ['other', 'Quiet Mountain', '静かな山', 'しずかなやま'],
    ];
    for (const [key, en, ja, kana] of rows) {
      ids[key] = (
        await insertTitle(database.db, { name_en: en, name_ja: ja, search_text: buildSearchText([en, ja, kana]) })
      ).id;
    }
  });
  afterAll(() => database?.close());

  it('finds English keywords whatever their case, width and punctuation', async () => {
    expect(await search('letter')).toEqual([ids.love]);
    expect(await search('LETTER FROM')).toEqual([ids.love]);
    expect(await search('ｌｅｔｔｅｒ')).toEqual([ids.love]); // full-width
    expect(await search('spy×family')).toEqual([ids.spy]);
    expect(await search('Spy-Family')).toEqual([ids.spy]);
    expect(await search('say hello')).toEqual([ids.quote]);
  });

  it('finds Japanese keywords in kanji, katakana, hiragana and half-width kana', async () => {
    expect(await search('ラブレター')).toEqual([ids.love]);
    expect(await search('らぶれたー')).toEqual([ids.love]);
    expect(await search('ﾗﾌﾞﾚﾀｰ')).toEqual([ids.love]); // half-width katakana
    expect(await search('剣術')).toEqual([ids.sword]); // two characters: below a trigram
    expect(await search('百パーセント剣術')).toEqual([ids.sword]);
    expect(await search('スパイファミリー')).toEqual([ids.spy]);
    expect(await search('山')).toEqual([ids.other]);
  });

  it('takes wildcards, quotes and FTS syntax in a keyword as plain text', async () => {
    expect(await search('100%')).toEqual([ids.sword]); // punctuation is dropped by the normalisation
    expect(await search('%')).toHaveLength(5); // normalises to nothing: no keyword filter
    expect(await search('sword_art')).toEqual([ids.sword]);
    expect(await search('"hello" again')).toEqual([ids.quote]);
    expect(await search('hello OR mountain')).toEqual([]);
    expect(await search('moun* NEAR')).toEqual([]);
    expect(await search('zzzzzz')).toEqual([]);
  });

  it('never matches across the parts of the search text', async () => {
    // "harbor" ends the English name and "港" starts the Japanese one: no match spans them.
    expect(await search('harbor港')).toEqual([]);
  });

  it('keeps up with new, renamed and deleted titles', async () => {
    const { db } = database;
    const added = await insertTitle(db, { name_en: 'Neon Noodle', search_text: buildSearchText(['Neon Noodle']) });
    expect(await search('noodle')).toEqual([added.id]);
    await db
      .updateTable('title')
      .set({ search_text: buildSearchText(['Neon Ramen']) })
      .where('id', '=', added.id)
      .execute();
    expect(await search('noodle')).toEqual([]);
    expect(await search('ramen')).toEqual([added.id]);
    await db.deleteFrom('title').where('id', '=', added.id).execute();
    expect(await search('ramen')).toEqual([]);
  });

  it('is answered from the index', async () => {
    const { db } = database;
    if (testDialect() === 'postgres') {
      const plan = await db.connection().execute(async (connection) => {
        await sql`set enable_seqscan = off`.execute(connection);
        const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select id from title
          where search_text like ${'%letter%'} escape '\\'`.execute(connection);
        await sql`reset enable_seqscan`.execute(connection);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain('title_search_text_trgm_idx');
    } else {
      const { rows } = await sql<{ detail: string }>`explain query plan select id from title
        where id in (select rowid from title_search where title_search match ${'"letter"'})`.execute(db);
      expect(rows.map((row) => row.detail).join('\n')).toMatch(/VIRTUAL TABLE INDEX/);
    }
  });
});
