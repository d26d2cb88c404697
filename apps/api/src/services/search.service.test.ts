// SearchService's own rules on the real TitleRepository (a migrated test database): the keyword is
// normalised before it is matched, search_category narrows to a publish category, a keyword that
// matches nothing falls back to titles one typo away (with the other filters kept), title_list is one
// page of title_id_list, and suggestions put exact matches before near ones, never more than eight.
// The catalogue's rendering of a title is CatalogueService's (it has its tests): here it echoes the ids.
import { buildSearchText, PublishCategory, SearchCategory } from '@manga/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TitleRepository } from '#src/repositories/title.repository.ts';
import { SearchService } from '#src/services/search.service.ts';
import { TtlCache } from '#src/services/ttl-cache.service.ts';
import { createTestDatabase, type TestDatabase } from '#test/db.ts';
import { insertTitle, TEST_NOW } from '#test/factories.ts';

const en = { locale: 'en' } as const;

describe('SearchService', () => {
  let database: TestDatabase;
  let service: SearchService;

  beforeAll(async () => {
    database = await createTestDatabase();
    service = new SearchService({
      titles: new TitleRepository(database.db),
      catalogue: {
        listTitles: async (ids: readonly number[]) =>
          ids.map((id) => ({ title_id: id, title_name: `#${id}`, author_text: '', thumbnail_image_url: '' })),
      } as never,
      genres: { getTitleGenres: async () => new Map() },
      clock: { now: () => TEST_NOW },
      urls: { publicUrl: (key) => `/public/${key}`, signedUrl: (key) => `/signed/${key}` },
      // Off: each call reads the database, so rows added by one test are seen by the next.
      cache: new TtlCache({ ttlMs: 0, maxEntries: 10, now: () => TEST_NOW }),
    });
  });
  afterAll(() => database?.close());

  const title = (name: string, publish_category: number = PublishCategory.Serializing) =>
    insertTitle(database.db, { name_en: name, search_text: buildSearchText([name]), publish_category });

  it('matches the keyword normalised (width and case) and narrows by search_category', async () => {
    const serial = await title('Starship Harbour');
    const complete = await title('Starship Harbour Two', PublishCategory.Complete);
    await title('Moon Garden');
    // Inside words, so only the database's match finds it (the typo fallback matches whole words).
    const all = await service.searchTitles({ keyword: 'ＳＨＩＰ　ＨＡＲＢ', sort: 'name' }, en);
    expect(all.title_id_list).toEqual([serial.id, complete.id]);
    const done = await service.searchTitles(
      { keyword: 'starship', sort: 'name', search_category: SearchCategory.Complete },
      en,
    );
    expect(done.title_id_list).toEqual([complete.id]);
  });

  it('falls back to one typo away only when nothing matches as typed, keeping the other filters', async () => {
    const serial = await title('Quokkaville');
    const oneShot = await title('Quokkaville Extra', PublishCategory.OneShot);
    const typo = await service.searchTitles({ keyword: 'quokaville', sort: 'name' }, en);
    expect(typo.title_id_list).toEqual([serial.id, oneShot.id]);
    const narrowed = await service.searchTitles(
      { keyword: 'quokaville', sort: 'name', search_category: SearchCategory.OneShot },
      en,
    );
    expect(narrowed.title_id_list).toEqual([oneShot.id]);
    // Two typos away is no match at all, not every title.
    expect((await service.searchTitles({ keyword: 'qokaviile' }, en)).title_id_list).toEqual([]);
  });

  it('renders one page of the matches: title_list is title_id_list from offset, limit long', async () => {
    const rows = [await title('Pagewise A'), await title('Pagewise B'), await title('Pagewise C')];
    const page = await service.searchTitles({ keyword: 'pagewise', sort: 'name', offset: 1, limit: 1 }, en);
    expect(page.title_id_list).toEqual(rows.map((row) => row.id));
    expect(page.title_list.map((t) => t.title_id)).toEqual([rows[1]!.id]);
  });

  it('suggests nothing for an empty keyword, and at most eight, exact matches first', async () => {
    expect(await service.suggestTitles({ keyword: '   ' }, en)).toEqual({ suggestion_list: [] });
    for (let i = 0; i < 10; i += 1) await title(`Zephyrine ${i}`);
    const many = await service.suggestTitles({ keyword: 'zephyrine', limit: 50 }, en);
    expect(many.suggestion_list).toHaveLength(8);
    const two = await service.suggestTitles({ keyword: 'zephyrine', limit: 2 }, en);
    expect(two.suggestion_list).toHaveLength(2);
    // The exact match is by its author (not in the typo index of names); the near one is one typo away.
    const near = await title('Marlov');
    const exact = await insertTitle(database.db, {
      name_en: 'Grey Sea',
      search_text: buildSearchText(['Grey Sea', 'Marlow']),
    });
    const ids = (await service.suggestTitles({ keyword: 'marlow' }, en)).suggestion_list.map((s) => s.title_id);
    expect(ids).toEqual([exact.id, near.id]);
  });
});
