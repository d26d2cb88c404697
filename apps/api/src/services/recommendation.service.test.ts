// RecommendationService's own rules on the real title, genre and activity repositories (a migrated test
// database): popular is the All ranking and then every other published title; a reader without history
// gets Today's Specials first; a reader with history gets unread titles sharing the genres of what they
// read, the most shared first and ties by popularity; titles like a given one leave it out; a click on
// an unknown title is refused (3000) and counts nothing. The rankings are set by the test (the ranking
// rebuild has its own test); the catalogue's rendering echoes the ids, its lookup reads the database.
import { RankingId, ResponseCode } from '@manga/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GenreRepository } from '#src/repositories/genre.repository.ts';
import { TitleRepository } from '#src/repositories/title.repository.ts';
import { TitleActivityRepository } from '#src/repositories/title-activity.repository.ts';
import type { AuthUser } from '#src/rules/auth.rules.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import { wireDate } from '#src/rules/wire-calendar.rules.ts';
import { GenreService } from '#src/services/genre.service.ts';
import { RecommendationService } from '#src/services/recommendation.service.ts';
import { TtlCache } from '#src/services/ttl-cache.service.ts';
import { createTestDatabase, type TestDatabase } from '#test/db.ts';
import { insertEpisode, insertGenre, insertTitle, insertUser, TEST_NOW } from '#test/factories.ts';

const TIME_ZONE = 'Asia/Tokyo';
const en = { locale: 'en' } as const;

describe('RecommendationService', () => {
  let database: TestDatabase;
  let service: RecommendationService;
  const ranked = new Map<number, number[]>();

  beforeAll(async () => {
    database = await createTestDatabase();
    const titles = new TitleRepository(database.db);
    const clock = { now: () => TEST_NOW };
    const urls = { publicUrl: (key: string) => `/public/${key}`, signedUrl: (key: string) => `/signed/${key}` };
    // Off: each call reads the database, so rows added by one test are seen by the next.
    const cache = new TtlCache({ ttlMs: 0, maxEntries: 10, now: () => TEST_NOW });
    service = new RecommendationService(
      {
        titles,
        activity: new TitleActivityRepository(database.db),
        catalogue: {
          listTitles: async (ids: readonly number[]) => ids.map((id) => ({ title_id: id })),
          getTitleBundle: async (titleId: number) => {
            const row = await database.db.selectFrom('title').select('id').where('id', '=', titleId).executeTakeFirst();
            if (!row) throw new DomainError(ResponseCode.TitleNotFound);
            return {};
          },
        } as never,
        rankings: { listRankedTitleIds: async (rankingId: number) => ranked.get(rankingId) ?? [] },
        genres: new GenreService({ genres: new GenreRepository(database.db), titles, clock, urls, cache }),
        clock,
        cache,
      },
      { timeZone: TIME_ZONE },
    );
  });
  afterAll(() => database?.close());

  const withGenres = async (genreIds: number[], overrides: { published_at?: number } = {}) => {
    const title = await insertTitle(database.db, overrides);
    for (const genre_id of genreIds) {
      await database.db.insertInto('title_genre').values({ title_id: title.id, genre_id }).execute();
    }
    return title.id;
  };
  const read = async (userId: number, titleId: number, viewedAt: number) => {
    const episode = await insertEpisode(database.db, { title_id: titleId });
    await database.db
      .insertInto('view_history')
      .values({ user_id: userId, title_id: titleId, last_episode_id: episode.id, viewed_at: viewedAt })
      .execute();
  };

  it('lists the All ranking, then every other published title by id; never an unpublished one', async () => {
    const a = await withGenres([]);
    const b = await withGenres([]);
    const c = await withGenres([]);
    const hidden = await withGenres([], { published_at: TEST_NOW + 1 });
    ranked.set(RankingId.All, [c]);
    const { title_id_list } = await service.listRecommendedTitles({}, en);
    expect(title_id_list).toEqual([c, a, b]);
    expect(title_id_list).not.toContain(hidden);
    const page = await service.listRecommendedTitles({ offset: 1, limit: 1 }, en);
    expect(page.title_id_list).toEqual([a]);
  });

  it("gives a reader without history Today's Specials first, then popular titles, each once", async () => {
    const special = await withGenres([]);
    ranked.set(RankingId.TodaysSpecials, [special]);
    const reader = await insertUser(database.db);
    const anonymous = await service.listPredictedTitles(null, { limit: 3 }, en);
    const fresh = await service.listPredictedTitles({ userId: reader.id } as AuthUser, { limit: 3 }, en);
    for (const { title_id_list } of [anonymous, fresh]) {
      expect(title_id_list[0]).toBe(special);
      expect(title_id_list.slice(1)).toEqual((await service.listRecommendedTitles({ limit: 2 }, en)).title_id_list);
    }
  });

  it('gives a reader unread titles of the genres they read, most shared first, ties by popularity', async () => {
    const action = (await insertGenre(database.db)).id;
    const drama = (await insertGenre(database.db)).id;
    const readA = await withGenres([action]);
    const readB = await withGenres([action]);
    const readC = await withGenres([drama]);
    const both = await withGenres([action, drama]);
    const actionOnly = await withGenres([action]);
    const actionPopular = await withGenres([action]);
    const dramaPopular = await withGenres([drama]);
    await withGenres([]);
    ranked.set(RankingId.All, [dramaPopular, actionPopular]);
    const reader = await insertUser(database.db);
    await read(reader.id, readA, TEST_NOW - 3000);
    await read(reader.id, readB, TEST_NOW - 2000);
    await read(reader.id, readC, TEST_NOW - 1000);
    const { title_id_list } = await service.listPredictedTitles({ userId: reader.id } as AuthUser, {}, en);
    // action weighs 2 (two read titles), drama 1: `both` scores 3, the action titles 2 (the more
    // popular first), the drama title 1 though it is the most popular; read and genreless titles none.
    expect(title_id_list).toEqual([both, actionPopular, actionOnly, dramaPopular]);
  });

  it('lists titles like a given one without it, and refuses an unknown title (3000)', async () => {
    const romance = (await insertGenre(database.db)).id;
    const given = await withGenres([romance]);
    const like = await withGenres([romance]);
    await withGenres([]);
    const { title_id_list } = await service.listWebRecommendedTitles(given, null, {}, en);
    expect(title_id_list).toEqual([like]);
    const error = await service.listWebRecommendedTitles(98_765, null, {}, en).catch((e: unknown) => e);
    expect((error as DomainError).code).toBe(ResponseCode.TitleNotFound);
  });

  it("counts a click on the wire day's row, and none for an unknown title (3000)", async () => {
    const titleId = await withGenres([]);
    await service.recordRecommendClick(titleId);
    await service.recordRecommendClick(titleId);
    const error = await service.recordRecommendClick(98_766).catch((e: unknown) => e);
    expect((error as DomainError).code).toBe(ResponseCode.TitleNotFound);
    const rows = await database.db.selectFrom('title_activity_daily').selectAll().execute();
    expect(rows.map((row) => [row.title_id, row.activity_date, row.recommend_clicks])).toEqual([
      [titleId, wireDate(TEST_NOW, TIME_ZONE), 2],
    ]);
  });
});
