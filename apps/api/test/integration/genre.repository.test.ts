import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GenreRepository } from '#src/repositories/genre.repository.ts';
import { createTestDatabase, type TestDatabase, testDialect } from '#test/db.ts';
import { factory } from '#test/factories.ts';

describe(`GenreRepository (${testDialect()})`, () => {
  let database: TestDatabase;
  let genres: GenreRepository;

  beforeAll(async () => {
    database = await createTestDatabase();
    genres = new GenreRepository(database.db);
  });
  afterAll(() => database?.close());

  it('upsertGenres inserts, then overwrites by id; listGenres orders by sort_order then id', async () => {
    const a = factory.genre({ sort_order: 2 });
    const b = factory.genre({ sort_order: 1, image_path: 'genres/b.png' });
    const c = factory.genre({ sort_order: 2 });
    await genres.upsertGenres([a, b, c]);
    expect((await genres.listGenres()).map((genre) => genre.id)).toEqual([b.id, a.id, c.id]);

    await genres.upsertGenres([{ ...b, name_en: 'Renamed', sort_order: 9 }, factory.genre({ sort_order: 0 })]);

    const listed = await genres.listGenres();
    expect(listed).toHaveLength(4);
    expect(listed.at(-1)).toEqual({ ...b, name_en: 'Renamed', sort_order: 9 });
  });

  it('upsertGenres lets the last entry win when an id repeats', async () => {
    const genre = factory.genre();
    await genres.upsertGenres([genre, { ...genre, name_ja: '最後' }]);
    expect(await genres.listGenresByIds([genre.id])).toEqual([{ ...genre, name_ja: '最後', image_path: '' }]);
  });

  it('listGenresByIds returns only those, in display order, ignoring unknown ids', async () => {
    const first = factory.genre({ sort_order: -2 });
    const second = factory.genre({ sort_order: -1 });
    await genres.upsertGenres([second, first]);
    const listed = await genres.listGenresByIds([second.id, 9_999, first.id]);
    expect(listed.map((genre) => genre.id)).toEqual([first.id, second.id]);
    expect(await genres.listGenresByIds([])).toEqual([]);
  });
});
