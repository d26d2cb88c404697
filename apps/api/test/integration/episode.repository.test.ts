import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EpisodeRepository } from '#src/repositories/episode.repository.ts';
import { createTestDatabase, type TestDatabase, testDialect } from '#test/db.ts';
import { factory, insertEpisode, insertTitle, TEST_NOW } from '#test/factories.ts';

describe(`EpisodeRepository (${testDialect()})`, () => {
  let database: TestDatabase;
  let episodes: EpisodeRepository;

  beforeAll(async () => {
    database = await createTestDatabase();
    episodes = new EpisodeRepository(database.db);
  });
  afterAll(() => database?.close());

  it('listEpisodesByIds returns released episodes in the order of the ids', async () => {
    const title = await insertTitle(database.db);
    const a = await insertEpisode(database.db, { title_id: title.id });
    const b = await insertEpisode(database.db, { title_id: title.id, start_at: TEST_NOW });
    const later = await insertEpisode(database.db, { title_id: title.id, start_at: TEST_NOW + 1 });

    const listed = await episodes.listEpisodesByIds([b.id, later.id, 1, a.id, b.id], TEST_NOW);

    expect(listed).toEqual([b, a]);
    expect(await episodes.listEpisodesByIds([], TEST_NOW)).toEqual([]);
  });

  it('listEpisodesByIds handles more ids than one statement takes', async () => {
    const title = await insertTitle(database.db);
    const many = Array.from({ length: 1_100 }, () => factory.episode({ title_id: title.id }));
    await episodes.insertEpisodes(many);
    const ids = many.map((episode) => episode.id);
    const listed = await episodes.listEpisodesByIds(ids, TEST_NOW);
    expect(listed.map((episode) => episode.id)).toEqual(ids);
  });

  it('listEpisodesByTitle returns released episodes by sort_index', async () => {
    const title = await insertTitle(database.db);
    const other = await insertTitle(database.db);
    const third = await insertEpisode(database.db, { title_id: title.id, sort_index: 3 });
    const first = await insertEpisode(database.db, { title_id: title.id, sort_index: 1 });
    await insertEpisode(database.db, { title_id: title.id, sort_index: 4, start_at: TEST_NOW + 60_000 });
    await insertEpisode(database.db, { title_id: other.id, sort_index: 2 });

    expect(await episodes.listEpisodesByTitle(title.id, TEST_NOW)).toEqual([first, third]);
    expect(await episodes.listEpisodesByTitle(title.id, TEST_NOW + 60_000)).toHaveLength(3);
  });

  it('listNextEpisodeStarts gives the earliest unreleased start per title', async () => {
    const weekly = await insertTitle(database.db);
    const finished = await insertTitle(database.db);
    await insertEpisode(database.db, { title_id: weekly.id, start_at: TEST_NOW });
    await insertEpisode(database.db, { title_id: weekly.id, start_at: TEST_NOW + 14_000 });
    await insertEpisode(database.db, { title_id: weekly.id, start_at: TEST_NOW + 7_000 });
    await insertEpisode(database.db, { title_id: finished.id });

    const nextStarts = await episodes.listNextEpisodeStarts([weekly.id, finished.id, weekly.id], TEST_NOW);

    expect(nextStarts).toEqual([{ title_id: weekly.id, next_start_at: TEST_NOW + 7_000 }]);
    expect(await episodes.listNextEpisodeStarts([], TEST_NOW)).toEqual([]);
  });

  it('findEpisodeById finds released and unreleased episodes, undefined for unknown ids', async () => {
    const title = await insertTitle(database.db);
    const upcoming = await insertEpisode(database.db, { title_id: title.id, start_at: TEST_NOW + 1 });
    expect(await episodes.findEpisodeById(upcoming.id)).toEqual(upcoming);
    expect(await episodes.findEpisodeById(1)).toBeUndefined();
  });

  it('insertEpisodes keeps defaults for columns a row leaves out', async () => {
    const title = await insertTitle(database.db);
    const free = factory.episode({ title_id: title.id });
    const paid = factory.episode({ title_id: title.id, point: 40, free_until_at: TEST_NOW + 1_000 });
    await episodes.insertEpisodes([free, paid]);
    expect(await episodes.findEpisodeById(free.id)).toMatchObject({ point: 0, free_until_at: null });
    expect(await episodes.findEpisodeById(paid.id)).toMatchObject({ point: 40, free_until_at: TEST_NOW + 1_000 });
  });

  it('insertPages and listPagesByEpisode store and return pages by page number', async () => {
    const title = await insertTitle(database.db);
    const episode = await insertEpisode(database.db, { title_id: title.id });
    const pages = [3, 1, 2].map((page_number) => factory.page({ episode_id: episode.id, page_number }));
    await episodes.insertPages(pages);

    const listed = await episodes.listPagesByEpisode(episode.id);

    expect(listed.map((page) => page.page_number)).toEqual([1, 2, 3]);
    expect(listed[0]).toMatchObject({ ...pages[1], id: expect.any(Number) });
    expect(await episodes.listPagesByEpisode(1)).toEqual([]);
  });

  it('countEpisodes counts every episode', async () => {
    const before = await episodes.countEpisodes();
    const title = await insertTitle(database.db);
    await episodes.insertEpisodes([factory.episode({ title_id: title.id }), factory.episode({ title_id: title.id })]);
    expect(await episodes.countEpisodes()).toBe(before + 2);
  });
});
