// Catalogue and discovery calls (ADR 009) on real rows: every shape checked against its contract,
// paging, sorting, English and Japanese search, unknown ids and bad parameters → codes.
import {
  AdvertisementEventResponseSchema,
  AppViewerResponseSchema,
  buildSearchText,
  deriveScrambleSeed,
  EpisodeShareResponseSchema,
  GenreListResponseSchema,
  MagazineCategoryListResponseSchema,
  MagazineListResponseSchema,
  RankingAllResponseSchema,
  RecommendTitleListResponseSchema,
  SearchSuggestResponseSchema,
  SearchTitleAllResponseSchema,
  SearchTitleResponseSchema,
  SuccessEnvelopeSchema,
  serializeBirthdayCookie,
  TitleEventListResponseSchema,
  TitlePointbackResponseSchema,
  TitleSupplementResponseSchema,
  TitleWeeklyResponseSchema,
  WebEpisodeFirstResponseSchema,
  WebEpisodeNextTimeResponseSchema,
  WebEpisodeResponseSchema,
  WebRankingGenreResponseSchema,
  WebSearchTitleResponseSchema,
  WebTitleDetailResponseSchema,
  WebTopResponseSchema,
  WebTopUpdatedTitleResponseSchema,
  WebViewerResponseSchema,
} from '@manga/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import {
  insertAuthor,
  insertEpisode,
  insertGenre,
  insertPage,
  insertTitle,
  insertUser,
  TEST_NOW,
} from '#test/factories.ts';

const DAY = 86_400_000;
let t: TestApp;
const ids = {
  harbor: 0,
  fist: 0,
  cook: 0,
  hidden: 0,
  h: [] as number[],
  hFuture: 0,
  f: [] as number[],
  c1: 0,
  advertisement: 0,
  magazines: [] as number[],
  tag: 0,
};

async function get(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...headers } });
}
const codeOf = (res: LightMyRequestResponse) => (res.json() as { response_code: number }).response_code;
const titleIds = (res: LightMyRequestResponse) =>
  (res.json() as { title_list: { title_id: number }[] }).title_list.map((x) => x.title_id);
/** Birthday cookies as the age gate writes them, expiring a year after TEST_NOW. */
const gateExpiry = Math.floor(TEST_NOW / 1000) + 365 * 86_400;
const adultCookie = { cookie: `birthday=${serializeBirthdayCookie('1990-01', gateExpiry)}` };
const minorCookie = { cookie: `birthday=${serializeBirthdayCookie('2012-01', gateExpiry)}` };

beforeAll(async () => {
  t = await createTestApp({ catalogueCacheTtlMs: 0 });
  const { db } = t.database;
  for (const [id, en, ja] of [
    [1, 'Romance', '恋愛'],
    [4, 'SF Fantasy', 'SF・ファンタジー'],
    [8, 'Action', 'アクション'],
    [11, 'Shojo', '少女'],
  ] as const) {
    await insertGenre(db, { id, name_en: en, name_ja: ja, image_path: `genres/${id}.webp` });
  }
  await db
    .insertInto('magazine_category')
    .values([
      { id: 2, name_en: 'Weekly Shonen', name_ja: '週刊少年', is_search: 1, sort_order: 1 },
      { id: 29, name_en: 'Nakayoshi', name_ja: 'なかよし', is_search: 0, sort_order: 2 },
    ])
    .execute();
  for (const back of [14, 7, 0]) {
    const row = await db
      .insertInto('magazine')
      .values({
        magazine_category_id: 2,
        name_en: `Weekly Shonen ${back}`,
        name_ja: `週刊少年${back}`,
        cover_path: `magazines/${back}/cover.webp`,
        point: 100,
        start_at: TEST_NOW - back * DAY - 3_600_000,
        created_at: TEST_NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.magazines.push(row.id);
  }
  ids.tag = (
    await db
      .insertInto('tag')
      .values({ name_en: 'Time travel', name_ja: 'タイムトラベル' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

  const harbor = await insertTitle(db, {
    name_en: 'Blue Harbor',
    name_ja: 'ブルーハーバー',
    author_text_en: 'Aoi Mori',
    author_text_ja: '森あおい',
    search_text: buildSearchText([
      'Blue Harbor',
      'ブルーハーバー',
      'Aoi Mori',
      '森あおい',
      'Time travel',
      'タイムトラベル',
    ]),
    magazine_category_id: 2,
    weekday_index: 4, // 2026-01-01 is a Thursday
    free_first_count: 1,
    publish_category: 1,
    published_at: TEST_NOW - 20 * DAY,
    ticket_enabled: 1,
    ticket_max: 1,
    ticket_rental_seconds: 259_200,
  });
  ids.harbor = harbor.id;
  const mori = await insertAuthor(db, { name_en: 'Aoi Mori', name_ja: '森あおい' });
  await db.insertInto('title_author').values({ title_id: harbor.id, author_id: mori.id, role: 'story_art' }).execute();
  await db.insertInto('title_tag').values({ title_id: harbor.id, tag_id: ids.tag }).execute();
  for (const genreId of [1, 4])
    await db.insertInto('title_genre').values({ title_id: harbor.id, genre_id: genreId }).execute();
  for (const [i, back] of [14, 7, 1 / 24].entries()) {
    const ep = await insertEpisode(db, {
      title_id: harbor.id,
      sort_index: i + 1,
      point: i === 0 ? 0 : 40,
      bonus_point: i === 1 ? 5 : 0,
      start_at: TEST_NOW - back * DAY,
      magazine_id: ids.magazines[i] ?? null,
      page_count: 3,
    });
    ids.h.push(ep.id);
  }
  for (let page = 1; page <= 3; page++) await insertPage(db, { episode_id: ids.h[0]!, page_number: page });
  ids.hFuture = (
    await insertEpisode(db, { title_id: harbor.id, sort_index: 4, point: 40, start_at: TEST_NOW + 7 * DAY })
  ).id;

  const fist = await insertTitle(db, {
    name_en: 'Steel Fist',
    name_ja: '鋼の拳',
    author_text_en: 'Ken Ito',
    author_text_ja: '伊藤健',
    search_text: buildSearchText(['Steel Fist', '鋼の拳', 'Ken Ito', '伊藤健']),
    magazine_category_id: 29,
    publish_category: 2,
    age_rating: 16,
    free_first_count: 5,
    published_at: TEST_NOW - 10 * DAY,
  });
  ids.fist = fist.id;
  await db.insertInto('title_genre').values({ title_id: fist.id, genre_id: 8 }).execute();
  for (const back of [3, 2]) {
    ids.f.push((await insertEpisode(db, { title_id: fist.id, point: 30, start_at: TEST_NOW - back * DAY })).id);
  }
  await insertPage(db, { episode_id: ids.f[0]!, page_number: 1 });

  const cook = await insertTitle(db, {
    name_en: 'Star Cook',
    name_ja: '星のコック',
    search_text: buildSearchText(['Star Cook', '星のコック']),
    publish_category: 3,
    free_until_at: TEST_NOW + 2 * DAY,
    campaign_text: 'Free until 1/3!',
    published_at: TEST_NOW - 5 * DAY,
  });
  ids.cook = cook.id;
  await db.insertInto('title_genre').values({ title_id: cook.id, genre_id: 4 }).execute();
  ids.c1 = (await insertEpisode(db, { title_id: cook.id, point: 50, start_at: TEST_NOW - 5 * DAY })).id;
  await insertPage(db, { episode_id: ids.c1, page_number: 1 });

  ids.hidden = (
    await insertTitle(db, { name_en: 'Hidden Harbor', search_text: 'hiddenharbor', published_at: TEST_NOW + DAY })
  ).id;

  await db
    .insertInto('ranking_tab')
    .values([
      { id: 12, kind: 'all', genre_id: null, name_en: 'All', name_ja: '総合', sort_order: 1 },
      {
        id: 13,
        kind: 'today_special',
        genre_id: null,
        name_en: "Today's Specials",
        name_ja: '本日のおすすめ',
        sort_order: 2,
      },
      { id: 3, kind: 'genre', genre_id: 8, name_en: 'Action', name_ja: 'アクション', sort_order: 3 },
      { id: 5, kind: 'genre', genre_id: 1, name_en: 'Romance', name_ja: '恋愛', sort_order: 4 },
    ])
    .execute();
  const seeded = [ids.cook, ids.harbor, ids.fist];
  await db
    .insertInto('ranking_entry')
    .values(
      seeded.map((title_id, i) => ({
        ranking_id: 12,
        position: i + 1,
        title_id,
        score: 100 - i,
        computed_at: TEST_NOW,
      })),
    )
    .execute();
  await db
    .insertInto('ranking_entry')
    .values({ ranking_id: 3, position: 1, title_id: ids.fist, score: 1, computed_at: TEST_NOW })
    .execute();
  ids.advertisement = (
    await db
      .insertInto('advertisement')
      .values({
        type: 1,
        title_id: harbor.id,
        image_path: 'titles/x/banner.webp',
        link_url: `/title/${harbor.id}`,
        name: 'Blue Harbor',
        position: 1,
        start_at: TEST_NOW - DAY,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

describe('titles', () => {
  it('GET /title/weekly lists serialised titles per weekday with today in JST', async () => {
    const res = await get('/title/weekly');
    expect(res.statusCode).toBe(200);
    const body = TitleWeeklyResponseSchema.parse(res.json());
    expect(body.today_weekday_index).toBe(4);
    expect(body.weekly_list.map((w) => w.weekday_index)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(body.weekly_list[3]).toMatchObject({
      title_id_list: [ids.harbor],
      feature_title_id: ids.harbor,
      bonus_point_title_id: [ids.harbor],
      popular_title_id_list: [ids.harbor],
      new_title_id_list: [ids.harbor],
    });
    expect(body.weekly_list[0]?.feature_title_id).toBe(0);
    expect(body.title_list.map((x) => x.title_id)).toEqual([ids.harbor]);
  });

  it('GET /title/event/list lists running campaigns with their titles', async () => {
    const body = TitleEventListResponseSchema.parse((await get('/title/event/list')).json());
    expect(body.event_list).toEqual([
      { title_id: ids.cook, event_type: 1, event_text: 'Free until 1/3!', finish_time: '2026-01-03 09:00:00' },
    ]);
    expect(body.title_list.map((x) => x.title_id)).toEqual([ids.cook]);
  });

  it('GET /title/supplement answers tags, credits, magazine and ticket settings', async () => {
    const res = await get(`/title/supplement?title_id=${ids.harbor}`);
    const { title_supplement } = TitleSupplementResponseSchema.parse(res.json());
    expect(title_supplement).toMatchObject({
      title_id: ids.harbor,
      title_name: 'Blue Harbor',
      weekday_index: 4,
      magazine_category: 2,
      magazine_category_name_text: 'Weekly Shonen',
      tag_list: [{ tag_id: ids.tag, tag_name: 'Time travel' }],
      author_list: [{ author_name: 'Aoi Mori', role: 'story_art' }],
      title_ticket_enabled: 1,
      ticket_rental_second: 259_200,
      next_updated_text: 'Next update available 1/8.',
    });
  });

  it('GET /title/pointback sums the bonus points of released episodes', async () => {
    const body = TitlePointbackResponseSchema.parse((await get(`/title/pointback?title_id=${ids.harbor}`)).json());
    expect(body).toMatchObject({
      title_id: ids.harbor,
      total_bonus_point: 5,
      pointback_episode_list: [{ episode_id: ids.h[1], bonus_point: 5 }],
    });
  });

  it('GET /web/title/detail answers web_title, in Japanese by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/web/title/detail?title_id=0${ids.harbor}` });
    const { web_title } = WebTitleDetailResponseSchema.parse(res.json());
    expect(web_title).toMatchObject({
      title_id: ids.harbor,
      title_name: 'ブルーハーバー',
      title_in_japanese: 'ブルーハーバー',
      age_rating: 0,
      episode_id_list: ids.h,
      total_episode_count: 3,
      free_episode_count: 1,
    });
  });

  it.each(['/title/supplement', '/title/pointback', '/web/title/detail', '/web/episode/first', '/recommend/click'])(
    '%s answers 3000 for unknown and unpublished titles, 1001 for a bad id',
    async (path) => {
      for (const id of [99999, ids.hidden]) {
        const res = await get(`${path}?title_id=${id}`);
        expect(res.statusCode).toBe(400);
        expect(codeOf(res)).toBe(3000);
      }
      for (const bad of ['', 'x', '-1', '1.5']) expect(codeOf(await get(`${path}?title_id=${bad}`))).toBe(1001);
      expect(codeOf(await get(path))).toBe(1001);
    },
  );

  it('GET /web/top/updated/title lists titles updated on a JST date', async () => {
    const today = WebTopUpdatedTitleResponseSchema.parse(
      (await get('/web/top/updated/title?base_date=2026-01-01')).json(),
    );
    expect(today.title_list.map((x) => x.title_id)).toEqual([ids.harbor]);
    expect(titleIds(await get('/web/top/updated/title?base_date=2025-12-29'))).toEqual([ids.fist]);
    expect(titleIds(await get('/web/top/updated/title?base_date=2025-12-20'))).toEqual([]);
    expect(titleIds(await get('/web/top/updated/title?base_date=2026-01-08'))).toEqual([]); // the future episode
    for (const bad of ['2026-13-01', '2026-02-30', '20260101', '']) {
      expect(codeOf(await get(`/web/top/updated/title?base_date=${bad}`)), bad).toBe(1001);
    }
  });
});

describe('episodes', () => {
  it('GET /web/episode answers the episode and a share link', async () => {
    const body = WebEpisodeResponseSchema.parse((await get(`/web/episode?episode_id=${ids.h[0]}`)).json());
    expect(body.episode).toMatchObject({
      title_id: ids.harbor,
      episode_id: ids.h[0],
      point: 0,
      is_page_visible: 1,
      page_count: 3,
    });
    expect(body.share).toEqual({
      title_name: 'Blue Harbor',
      twitter_post_text: `Reading "Blue Harbor" Episode ${ids.h[0]}`,
      url: `http://web.test/title/${ids.harbor}/episode/${ids.h[0]}`,
    });
    const paid = WebEpisodeResponseSchema.parse((await get(`/web/episode?episode_id=${ids.h[1]}`)).json());
    expect(paid.episode).toMatchObject({ point: 40, is_page_visible: 0 });
  });

  it('GET /episode/share answers the share block', async () => {
    const body = EpisodeShareResponseSchema.parse((await get(`/episode/share?episode_id=${ids.c1}`)).json());
    expect(body.share.url).toBe(`http://web.test/title/${ids.cook}/episode/${ids.c1}`);
  });

  it.each(['/web/episode', '/episode/share', '/web/episode/nexttime'])(
    '%s answers 3100 for unknown or unreleased episodes',
    async (path) => {
      for (const id of [424242, ids.hFuture]) expect(codeOf(await get(`${path}?episode_id=${id}`))).toBe(3100);
      expect(codeOf(await get(`${path}?episode_id=abc`))).toBe(1001);
    },
  );

  it('GET /web/episode/first answers the first released episode', async () => {
    const body = WebEpisodeFirstResponseSchema.parse((await get(`/web/episode/first?title_id=${ids.harbor}`)).json());
    expect(body).toMatchObject({
      title_id: ids.harbor,
      episode_id: ids.h[0],
      episode: { episode_id: ids.h[0], badge: 2 },
    });
  });

  it('GET /web/episode/nexttime answers the next episode, scheduled or not', async () => {
    const released = WebEpisodeNextTimeResponseSchema.parse(
      (await get(`/web/episode/nexttime?episode_id=${ids.h[0]}`)).json(),
    );
    expect(released).toMatchObject({ next_episode: { episode_id: ids.h[1], is_released: 1 }, next_updated_text: null });
    const scheduled = WebEpisodeNextTimeResponseSchema.parse(
      (await get(`/web/episode/nexttime?episode_id=${ids.h[2]}`)).json(),
    );
    expect(scheduled).toMatchObject({
      next_episode: { episode_id: ids.hFuture, is_released: 0, start_time: '2026-01-08 09:00:00' },
      next_updated_text: 'Next update available 1/8.',
    });
    const last = WebEpisodeNextTimeResponseSchema.parse(
      (await get(`/web/episode/nexttime?episode_id=${ids.c1}`)).json(),
    );
    expect(last.next_episode).toBeNull();
  });
});

describe('genres and magazines', () => {
  it('GET /genre/list answers every genre or the ones asked, with image URLs', async () => {
    const all = GenreListResponseSchema.parse((await get('/genre/list')).json());
    expect(all.genre_list.map((g) => g.genre_id)).toEqual([1, 4, 8, 11]);
    expect(all.genre_list[0]).toEqual({
      genre_id: 1,
      genre_name: 'Romance',
      image_url: 'http://api.test/images/genres/1.webp',
    });
    const some = GenreListResponseSchema.parse(
      (await get(`/genre/list?genre_id_list=${encodeURIComponent('08, 4, 999')}`)).json(),
    );
    expect(some.genre_list.map((g) => g.genre_id)).toEqual([4, 8]);
    expect(codeOf(await get('/genre/list?genre_id_list=1,,2'))).toBe(1001);
  });

  it('GET /genre/search/list answers the genres published titles have', async () => {
    const body = GenreListResponseSchema.parse((await get('/genre/search/list')).json());
    expect(body.genre_list.map((g) => g.genre_id)).toEqual([1, 4, 8]);
  });

  it('GET /magazine/category/list and /search/list answer categories, paged', async () => {
    const all = MagazineCategoryListResponseSchema.parse(
      (await get('/magazine/category/list?limit=99999&offset=0')).json(),
    );
    expect(all.magazine_category_list.map((c) => c.magazine_category_id)).toEqual([2, 29]);
    expect(all.magazine_category_list[0]).toEqual({
      magazine_category_id: 2,
      magazine_category_name_text: 'Weekly Shonen',
      is_purchase: 0,
      is_search: 1,
      is_subscription: 0,
      subscription_image_url: null,
    });
    const paged = MagazineCategoryListResponseSchema.parse(
      (await get('/magazine/category/list?limit=1&offset=1')).json(),
    );
    expect(paged.magazine_category_list.map((c) => c.magazine_category_id)).toEqual([29]);
    const search = MagazineCategoryListResponseSchema.parse((await get('/magazine/category/search/list')).json());
    expect(search.magazine_category_list.map((c) => c.magazine_category_id)).toEqual([2]);
    expect(codeOf(await get('/magazine/category/list?limit=-1'))).toBe(1001);
  });

  it('GET /magazine/list filters by category and ids, sorts and pages', async () => {
    const [oldest, middle, newest] = ids.magazines;
    const byCategory = MagazineListResponseSchema.parse((await get('/magazine/list?magazine_category_id=2')).json());
    expect(byCategory.magazine_list.map((m) => m.magazine_id)).toEqual([newest, middle, oldest]);
    expect(byCategory.magazine_list[2]).toMatchObject({
      magazine_name: 'Weekly Shonen 14',
      image_url: 'http://api.test/images/magazines/14/cover.webp',
      point: 100,
      is_purchased: 0,
      episode_id_list: [ids.h[0]],
    });
    const old = MagazineListResponseSchema.parse((await get('/magazine/list?sort=old&limit=2&offset=1')).json());
    expect(old.magazine_list.map((m) => m.magazine_id)).toEqual([middle, newest]);
    const byIds = MagazineListResponseSchema.parse(
      (await get(`/magazine/list?magazine_id_list=${oldest},${newest},999`)).json(),
    );
    expect(byIds.magazine_list.map((m) => m.magazine_id)).toEqual([newest, oldest]);
    expect((await get('/magazine/list?magazine_category_id=29')).json().magazine_list).toEqual([]);
    expect(codeOf(await get('/magazine/list?sort=random'))).toBe(1001);
  });
});

describe('rankings and recommendations', () => {
  it('GET /ranking/all answers the tabs and a page of ids', async () => {
    const body = RankingAllResponseSchema.parse((await get('/ranking/all?ranking_id=12&offset=0&limit=2')).json());
    expect(body.tab_list).toEqual([
      { ranking_id: 12, text: 'All' },
      { ranking_id: 13, text: "Today's Specials" },
      { ranking_id: 3, text: 'Action' },
      { ranking_id: 5, text: 'Romance' },
    ]);
    expect(body.ranking_title_list).toEqual([{ id: ids.cook }, { id: ids.harbor }]);
    const next = RankingAllResponseSchema.parse((await get('/ranking/all?ranking_id=12&offset=2&limit=2')).json());
    expect(next.ranking_title_list).toEqual([{ id: ids.fist }]);
    expect(codeOf(await get('/ranking/all?ranking_id=77'))).toBe(1001);
    expect(codeOf(await get('/ranking/all'))).toBe(1001);
  });

  it('GET /web/ranking/genre answers each genre tab with its titles', async () => {
    const body = WebRankingGenreResponseSchema.parse((await get('/web/ranking/genre')).json());
    expect(body.genre_ranking_list).toEqual([
      { ranking_id: 3, genre_id: 8, genre_name: 'Action', title_id_list: [ids.fist] },
      { ranking_id: 5, genre_id: 1, genre_name: 'Romance', title_id_list: [] },
    ]);
    expect(body.title_list.map((x) => x.title_id)).toEqual([ids.fist]);
  });

  it('GET /recommend/title/list answers popular titles, paged', async () => {
    const body = RecommendTitleListResponseSchema.parse((await get('/recommend/title/list?limit=2&offset=1')).json());
    expect(body.title_id_list).toEqual([ids.harbor, ids.fist]);
    expect(body.title_list.map((x) => x.title_id)).toEqual([ids.harbor, ids.fist]);
  });

  it('GET /recommend/prediction/title/list and /web/recommend/title/list answer titles like the ones read', async () => {
    const anonymous = RecommendTitleListResponseSchema.parse((await get('/recommend/prediction/title/list')).json());
    expect(anonymous.title_id_list).toEqual([ids.cook, ids.harbor, ids.fist]);
    const like = RecommendTitleListResponseSchema.parse(
      (await get(`/web/recommend/title/list?title_id=${ids.harbor}`)).json(),
    );
    expect(like.title_id_list).toEqual([ids.cook]); // shares genre 4; the title itself is left out
    expect(codeOf(await get('/web/recommend/title/list?title_id=99999'))).toBe(3000);
  });

  it('GET /recommend/click counts a click for the title', async () => {
    const res = await get(`/recommend/click?title_id=${ids.cook}`);
    expect(SuccessEnvelopeSchema.parse(res.json())).toEqual({ status: 'success', response_code: 0, error_message: '' });
    const row = await t.database.db
      .selectFrom('title_activity_daily')
      .selectAll()
      .where('title_id', '=', ids.cook)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ activity_date: '2026-01-01', recommend_clicks: 1, views: 0 });
  });
});

describe('search', () => {
  const search = async (query: string) => SearchTitleResponseSchema.parse((await get(`/search/title?${query}`)).json());

  it.each([
    ['harbor', 'English, any case'],
    ['ＨＡＲＢＯＲ', 'full-width'],
    ['blue harbor', 'with a space'],
    ['ぶるーはーばー', 'hiragana for katakana'],
    ['ﾌﾞﾙｰ', 'half-width katakana'],
    ['森あおい', 'Japanese author'],
    ['mori', 'English author'],
    ['タイムトラベル', 'Japanese tag'],
    ['time-travel', 'English tag with punctuation'],
  ])('finds a title by %j (%s)', async (keyword) => {
    const body = await search(`keyword=${encodeURIComponent(keyword)}&limit=99999`);
    expect(body.title_id_list).toEqual([ids.harbor]);
    expect(body.title_list.map((x) => x.title_id)).toEqual([ids.harbor]);
  });

  it('finds Japanese titles by kanji and never finds unpublished ones', async () => {
    expect((await search(`keyword=${encodeURIComponent('鋼')}`)).title_id_list).toEqual([ids.fist]);
    expect((await search('keyword=hidden')).title_id_list).toEqual([]);
    expect((await search(`keyword=${encodeURIComponent('100%')}`)).title_id_list).toEqual([]);
  });

  it('tolerates one typo in a word when nothing matches as typed, never two (issue 24)', async () => {
    expect((await search('keyword=harbr')).title_id_list).toEqual([ids.harbor]);
    expect((await search('keyword=blue%20harbr')).title_id_list).toEqual([ids.harbor]);
    expect((await search('keyword=hrbr')).title_id_list).toEqual([]);
    expect((await search('keyword=harbr&genre_id=1')).title_id_list).toEqual([ids.harbor]);
    expect((await search('keyword=hiddn')).title_id_list).toEqual([]);
  });

  it('GET /search/title/suggest suggests titles as the reader types: exact first, then a prefix or one typo', async () => {
    const suggest = async (keyword: string) =>
      SearchSuggestResponseSchema.parse(
        (await get(`/search/title/suggest?keyword=${encodeURIComponent(keyword)}`)).json(),
      ).suggestion_list;
    expect((await suggest('harbor')).map((x) => x.title_id)).toEqual([ids.harbor]);
    expect(await suggest('blue har')).toEqual([
      expect.objectContaining({ title_id: ids.harbor, title_name: 'Blue Harbor', author_text: 'Aoi Mori' }),
    ]);
    expect((await suggest('harbr')).map((x) => x.title_id)).toEqual([ids.harbor]);
    expect(await suggest('zzzz')).toEqual([]);
    expect(await suggest('!!')).toEqual([]);
  });

  it('filters by genre, tag, magazine category, search category and author', async () => {
    expect((await search('genre_id=4')).title_id_list).toEqual([ids.cook, ids.harbor]);
    expect((await search(`tag_id=${ids.tag}`)).title_id_list).toEqual([ids.harbor]);
    expect((await search('magazine_category=29')).title_id_list).toEqual([ids.fist]);
    expect((await search('search_category=1')).title_id_list).toEqual([ids.harbor]);
    expect((await search('search_category=2')).title_id_list).toEqual([ids.fist]);
    expect((await search('search_category=3')).title_id_list).toEqual([ids.cook]);
    expect((await search('search_category=4')).title_id_list).toEqual([ids.cook]);
    expect((await search('author=ken')).title_id_list).toEqual([ids.fist]);
    expect((await search(`author=${encodeURIComponent('森')}`)).title_id_list).toEqual([ids.harbor]);
    expect((await search('genre_id=4&keyword=cook')).title_id_list).toEqual([ids.cook]);
  });

  it('sorts by popularity (default), newest, latest update and name', async () => {
    expect((await search('')).title_id_list).toEqual([ids.cook, ids.harbor, ids.fist]);
    expect((await search('sort=new')).title_id_list).toEqual([ids.cook, ids.fist, ids.harbor]);
    expect((await search('sort=updated')).title_id_list).toEqual([ids.harbor, ids.fist, ids.cook]);
    expect((await search('sort=name')).title_id_list).toEqual([ids.harbor, ids.cook, ids.fist]);
  });

  it('pages title_list with limit and offset while title_id_list keeps every match', async () => {
    const body = await search('limit=1&offset=1');
    expect(body.title_list.map((x) => x.title_id)).toEqual([ids.harbor]);
    expect(body.title_id_list).toEqual([ids.cook, ids.harbor, ids.fist]);
  });

  it('refuses bad parameters with 1001', async () => {
    for (const bad of [
      'sort=random',
      'limit=-1',
      'offset=x',
      'search_category=9',
      'genre_id=abc',
      `keyword=${'a'.repeat(101)}`,
    ]) {
      const res = await get(`/search/title?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(codeOf(res), bad).toBe(1001);
    }
  });

  it('GET /web/search/title needs a keyword and answers titles', async () => {
    const body = WebSearchTitleResponseSchema.parse(
      (await get(`/web/search/title?keyword=${encodeURIComponent('スター')}`)).json(),
    );
    expect(body.title_id_list).toEqual([]);
    const star = WebSearchTitleResponseSchema.parse((await get('/web/search/title?keyword=star&limit=10')).json());
    expect(star.title_list.map((x) => x.title_id)).toEqual([ids.cook]);
    expect(codeOf(await get('/web/search/title'))).toBe(1001);
  });

  it('GET /search/title/all answers the compact index of published titles', async () => {
    const body = SearchTitleAllResponseSchema.parse((await get('/search/title/all')).json());
    expect(body.search_title_list.map((x) => x.title_id)).toEqual([ids.harbor, ids.fist, ids.cook]);
    expect(body.search_title_list[0]).toMatchObject({
      title_name: 'Blue Harbor',
      author_text: 'Aoi Mori',
      genre_id_list: [1, 4],
    });
  });
});

describe('GET /web/top', () => {
  it('answers banners, bonus episodes, ranking, today’s choice and updates, genre ranking', async () => {
    const body = WebTopResponseSchema.parse((await get('/web/top')).json());
    expect(body.banner_list).toEqual([
      {
        advertisement_id: ids.advertisement,
        type: 1,
        title_id: ids.harbor,
        name: 'Blue Harbor',
        image_url: 'http://api.test/images/titles/x/banner.webp',
        link_url: `/title/${ids.harbor}`,
      },
    ]);
    expect(body.bonus_episode_list.map((e) => e.episode_id)).toEqual([ids.h[1]]);
    expect(body.ranking_title_id_list).toEqual([ids.cook, ids.harbor, ids.fist]);
    expect(body.today_choice_title_id_list).toEqual([]);
    expect(body.today_title_list.map((x) => x.title_id)).toEqual([ids.harbor]);
    expect(body.genre_ranking_list.map((g) => g.title_id_list)).toEqual([[ids.fist], []]);
    expect(body.title_list.map((x) => x.title_id)).toEqual([ids.cook, ids.harbor, ids.fist]);
  });
});

describe('advertisements', () => {
  it.each(['click', 'view'] as const)('GET /advertisement/%s counts per day and refuses unknown ids', async (kind) => {
    for (let i = 0; i < 2; i++) {
      const res = await get(
        `/advertisement/${kind}?advertisement_id=${ids.advertisement}&type=1&title_id=${ids.harbor}`,
      );
      expect(AdvertisementEventResponseSchema.parse(res.json()).response_code).toBe(0);
    }
    await get(`/advertisement/${kind}?advertisement_id=${ids.advertisement}`, { 'x-manga-is-crawler': 'true' });
    const row = await t.database.db
      .selectFrom('advertisement_counter')
      .selectAll()
      .where('advertisement_id', '=', ids.advertisement)
      .where('kind', '=', kind)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ count_date: '2026-01-01', count: 2 });
    expect(codeOf(await get(`/advertisement/${kind}?advertisement_id=999`))).toBe(1001);
    expect(codeOf(await get(`/advertisement/${kind}`))).toBe(1001);
  });
});

describe('viewer', () => {
  const views = async (titleId: number) =>
    (
      await t.database.db
        .selectFrom('title_activity_daily')
        .select('views')
        .where('title_id', '=', titleId)
        .where('activity_date', '=', '2026-01-01')
        .executeTakeFirst()
    )?.views ?? 0;

  it('GET /web/episode/viewer answers signed absolute page URLs and a Magapoke seed by default', async () => {
    const before = await views(ids.harbor);
    const res = await get(`/web/episode/viewer?episode_id=${ids.h[0]}`, { 'x-manga-platform': '3' });
    expect(res.statusCode).toBe(200);
    const body = WebViewerResponseSchema.parse(res.json());
    expect(body).toMatchObject({
      episode_id: ids.h[0],
      title_id: ids.harbor,
      bonus_point: 0,
      direction: 1,
      page_start_position: 0,
      page_slider: 1,
      previous_episode: {},
      next_episode: { episode_id: ids.h[1], index: 2, point: 40, badge: 1 },
      post_advertisement_list: [],
      last_page: 0,
    });
    expect(body.page_list).toHaveLength(3);
    for (const [i, url] of body.page_list.entries()) {
      expect(url).toMatch(
        new RegExp(
          `^http://api\\.test/images/episodes/${ids.h[0]}/${i + 1}-[0-9a-f]{8}\\.webp\\?expires=\\d+&sig=[A-Za-z0-9_-]+$`,
        ),
      );
    }
    const image = await get(body.page_list[0]!.replace('http://api.test', ''));
    expect(image.statusCode).not.toBe(403); // the signature holds (the file itself is absent here)
    const episode = await t.database.db
      .selectFrom('episode')
      .select('scramble_seed')
      .where('id', '=', ids.h[0]!)
      .executeTakeFirstOrThrow();
    expect(typeof body.scramble_seed).toBe('string');
    expect(deriveScrambleSeed(body.scramble_seed, ids.harbor, ids.h[0]!, 'magapoke')).toBe(episode.scramble_seed);
    expect(await views(ids.harbor)).toBe(before + 1);
  });

  it('emits the K MANGA alphabet for x-kmanga-* clients and the integer for Ciao or when asked', async () => {
    const seed = (
      await t.database.db
        .selectFrom('episode')
        .select('scramble_seed')
        .where('id', '=', ids.h[0]!)
        .executeTakeFirstOrThrow()
    ).scramble_seed;
    const kmanga = (await get(`/web/episode/viewer?episode_id=${ids.h[0]}`, { 'x-kmanga-platform': '3' })).json();
    expect(deriveScrambleSeed(kmanga.scramble_seed, ids.harbor, ids.h[0]!, 'kmanga')).toBe(seed);
    expect(
      (await get(`/web/episode/viewer?episode_id=${ids.h[0]}`, { 'x-bambi-is-crawler': 'false' })).json().scramble_seed,
    ).toBe(seed);
    expect(
      (await get(`/web/episode/viewer?episode_id=${ids.h[0]}&scramble_seed_format=int`)).json().scramble_seed,
    ).toBe(seed);
  });

  it('reads free-campaign episodes and refuses paid ones with 3105 and unknown ones with 3104', async () => {
    expect((await get(`/web/episode/viewer?episode_id=${ids.c1}`)).statusCode).toBe(200);
    const paid = await get(`/web/episode/viewer?episode_id=${ids.h[1]}`);
    expect(paid.statusCode).toBe(400);
    expect(paid.json()).toMatchObject({ status: 'error', response_code: 3105 });
    expect(paid.json().server_time).toBe('2026-01-01 09:00:00');
    for (const id of [424242, ids.hFuture])
      expect(codeOf(await get(`/web/episode/viewer?episode_id=${id}`))).toBe(3104);
    expect(codeOf(await get('/web/episode/viewer?episode_id=x'))).toBe(1001);
  });

  it('respects the age rating: 2016 without a birthday, when too young, and for crawlers (ADR 015)', async () => {
    const url = `/web/episode/viewer?episode_id=${ids.f[0]}`;
    const before = await views(ids.fist);
    const unknown = await get(url);
    expect(unknown.json()).toMatchObject({
      response_code: 2016,
      error_message: 'Enter your birthday to read this title.',
    });
    const young = await get(url, minorCookie);
    expect(young.json()).toMatchObject({
      response_code: 2016,
      error_message: 'This title is for readers aged 16 or older.',
    });
    expect((await get(url, adultCookie)).statusCode).toBe(200);
    expect(codeOf(await get(url, { 'x-manga-is-crawler': 'true' }))).toBe(2016);
    expect(await views(ids.fist)).toBe(before + 1);
    // A crawler reads unrated episodes, and its reads are not counted.
    const harborViews = await views(ids.harbor);
    const crawled = await get(`/web/episode/viewer?episode_id=${ids.h[0]}`, { 'x-manga-is-crawler': 'true' });
    expect(crawled.statusCode).toBe(200);
    expect(await views(ids.harbor)).toBe(harborViews);
  });

  it('GET /episode/viewer (app) answers indexed pages, the episodes around and their ids', async () => {
    const user = await insertUser(t.database.db);
    const res = await get(`/episode/viewer?episode_id=${ids.h[0]}&force_master=0&is_download=0`, {
      'x-kmanga-platform': '2',
    });
    const body = AppViewerResponseSchema.parse(res.json());
    expect(body.page_list.map((p) => p.index)).toEqual([1, 2, 3]);
    expect(body.page_list[0]?.image_url).toMatch(/^http:\/\/api\.test\/images\/episodes\/.+\?expires=\d+&sig=/);
    expect(body.episode_list.map((e) => e.episode_id)).toEqual([ids.h[0], ids.h[1]]);
    expect(body).toMatchObject({
      episode_id: ids.h[0],
      title_id: ids.harbor,
      prev_episode_id: null,
      next_episode_id: ids.h[1],
    });
    expect(user.id).toBeGreaterThan(0);
    expect(codeOf(await get(`/episode/viewer?episode_id=${ids.h[2]}`))).toBe(3105);
    expect(codeOf(await get('/episode/viewer?episode_id=424242'))).toBe(3104);
  });
});

describe('RebuildRankings', () => {
  it('ranks from real activity: All, a tab per genre and today’s specials; skips without activity', async () => {
    const { rankingRebuild: rankings } = t.app.container.services;
    const { db } = t.database;
    await db.deleteFrom('title_activity_daily').execute();
    expect(await rankings.handleRebuildRankings()).toBe('skipped');
    await db
      .insertInto('title_activity_daily')
      .values([
        { title_id: ids.fist, activity_date: '2025-12-31', views: 50, purchases: 0 },
        { title_id: ids.harbor, activity_date: '2026-01-01', views: 10, purchases: 2 },
        { title_id: ids.cook, activity_date: '2025-12-20', views: 1000, purchases: 0 }, // outside the window
      ])
      .execute();
    expect(await rankings.handleRebuildRankings()).toBe('success');
    const ranking = async (id: number) =>
      RankingAllResponseSchema.parse(
        (await get(`/ranking/all?ranking_id=${id}&limit=10`)).json(),
      ).ranking_title_list.map((r) => r.id);
    expect(await ranking(12)).toEqual([ids.fist, ids.harbor, ids.cook]); // 50×0.8 = 40 vs 10 + 2×10 = 30
    expect(await ranking(3)).toEqual([ids.fist]);
    expect(await ranking(5)).toEqual([ids.harbor]);
    // Today's specials: growth today first (harbor +30), then the free campaign; fist fell since yesterday.
    expect(await ranking(13)).toEqual([ids.harbor, ids.cook]);
    expect(await rankings.handleRebuildRankings()).toBe('success'); // idempotent
    expect(await ranking(12)).toEqual([ids.fist, ids.harbor, ids.cook]);
    expect(await rankings.areRankingsStale()).toBe(false);
    t.clock.advance(t.config.rankingIntervalMs + 1);
    expect(await rankings.areRankingsStale()).toBe(true);
    t.clock.set(TEST_NOW);
  });
});
