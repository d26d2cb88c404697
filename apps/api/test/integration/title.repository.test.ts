import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TitleRepository } from '#src/repositories/title.repository.ts';
import { createTestDatabase, type TestDatabase, testDialect } from '#test/db.ts';
import { factory, insertAuthor, insertEpisode, insertGenre, insertTitle, TEST_NOW } from '#test/factories.ts';

const HOUR = 60 * 60 * 1000;

describe(`TitleRepository (${testDialect()})`, () => {
  let database: TestDatabase;
  let titles: TitleRepository;

  beforeAll(async () => {
    database = await createTestDatabase();
    titles = new TitleRepository(database.db);
  });
  afterAll(() => database?.close());

  describe('listTitlesByIds', () => {
    it('returns each title with its genres, authors and released episodes', async () => {
      const db = database.db;
      const title = await insertTitle(db);
      const [romance, action] = [await insertGenre(db), await insertGenre(db)];
      await titles.insertTitleGenres([
        { title_id: title.id, genre_id: action.id },
        { title_id: title.id, genre_id: romance.id },
      ]);
      const writer = await insertAuthor(db, { name_en: 'Writer', name_ja: '原作者' });
      const artist = await insertAuthor(db, { name_en: 'Artist', name_ja: '作画' });
      await titles.insertTitleAuthors([
        { title_id: title.id, author_id: artist.id, role: 'art', position: 2 },
        { title_id: title.id, author_id: writer.id, role: 'story', position: 1 },
      ]);
      const second = await insertEpisode(db, { title_id: title.id, sort_index: 2, point: 30, free_until_at: TEST_NOW });
      const first = await insertEpisode(db, { title_id: title.id, sort_index: 1 });
      const releasedNow = await insertEpisode(db, { title_id: title.id, sort_index: 3, start_at: TEST_NOW });
      await insertEpisode(db, { title_id: title.id, sort_index: 4, start_at: TEST_NOW + 1 }); // not yet released

      const [listing, ...rest] = await titles.listTitlesByIds([title.id], TEST_NOW);

      expect(rest).toEqual([]);
      expect(listing?.title).toEqual(title);
      expect(listing?.genreIds).toEqual([romance.id, action.id].sort((a, b) => a - b));
      expect(listing?.authors).toEqual([
        { author_id: writer.id, name_en: 'Writer', name_ja: '原作者', role: 'story', position: 1 },
        { author_id: artist.id, name_en: 'Artist', name_ja: '作画', role: 'art', position: 2 },
      ]);
      expect(listing?.releasedEpisodes).toEqual(
        [first, second, releasedNow].map(({ id, sort_index, point, start_at, free_until_at }) => ({
          id,
          sort_index,
          point,
          start_at,
          free_until_at,
        })),
      );
    });

    it('keeps the order of the ids, drops repeats and unknown ids, and lists empty relations', async () => {
      const a = await insertTitle(database.db);
      const b = await insertTitle(database.db);
      const listings = await titles.listTitlesByIds([b.id, 99_998, a.id, b.id], TEST_NOW);
      expect(listings.map((listing) => listing.title.id)).toEqual([b.id, a.id]);
      expect(listings[0]).toMatchObject({ genreIds: [], authors: [], releasedEpisodes: [] });
      expect(await titles.listTitlesByIds([], TEST_NOW)).toEqual([]);
    });

    it('handles thousands of ids across statement limits', async () => {
      const many = Array.from({ length: 1_300 }, () => factory.title());
      await titles.insertTitles(many);
      const genre = await insertGenre(database.db);
      await titles.insertTitleGenres(many.map((title) => ({ title_id: title.id, genre_id: genre.id })));
      const episodes = many.map((title) => factory.episode({ title_id: title.id, start_at: TEST_NOW - HOUR }));
      await database.db.transaction().execute(async (trx) => {
        await trx.insertInto('episode').values(episodes.slice(0, 600)).execute();
        await trx.insertInto('episode').values(episodes.slice(600)).execute();
      });
      const ids = many.map((title) => title.id).reverse();

      const listings = await titles.listTitlesByIds(ids, TEST_NOW);

      expect(listings.map((listing) => listing.title.id)).toEqual(ids);
      expect(listings.every((listing) => listing.genreIds.length === 1)).toBe(true);
      expect(listings.every((listing) => listing.releasedEpisodes.length === 1)).toBe(true);
    });
  });

  it('insertTitles writes rows that set different columns, keeping SQL defaults', async () => {
    const plain = factory.title();
    const weekly = factory.title({ weekday_index: 2, free_first_count: 3, name_kana: 'しゅうかん' });
    await titles.insertTitles([plain, weekly]);
    const [readPlain, readWeekly] = await titles.listTitlesByIds([plain.id, weekly.id], TEST_NOW);
    expect(readPlain?.title).toMatchObject({ weekday_index: null, free_first_count: 0, name_kana: '' });
    expect(readWeekly?.title).toMatchObject({ weekday_index: 2, free_first_count: 3, name_kana: 'しゅうかん' });
  });

  it('insertAuthors returns the new rows with their ids, in the order given', async () => {
    const authors = Array.from({ length: 5 }, (_, i) => factory.author({ name_en: `Seeded ${i}` }));
    const rows = await titles.insertAuthors(authors);
    expect(rows.map((row) => row.name_en)).toEqual(authors.map((author) => author.name_en));
    expect(new Set(rows.map((row) => row.id)).size).toBe(5);
    expect(await titles.insertAuthors([])).toEqual([]);
  });

  it('countTitles counts every title', async () => {
    const before = await titles.countTitles();
    await titles.insertTitles([factory.title(), factory.title()]);
    expect(await titles.countTitles()).toBe(before + 2);
  });
});
