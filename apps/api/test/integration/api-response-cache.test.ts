// The response cache of catalogue answers (ADR 020) is correct, not only fast: a price change, a
// chapter released by the clock and a ranking rebuild show on the very next request; the ETag moves
// with the content; a logged-in reader never gets a body built for someone else (nor one stored from
// a logged-in call); refused calls and routes that did not opt in are never cached.
import { EpisodeBadge, FavoriteStatus } from '@manga/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_STATUS_HEADER } from '#src/plugins/response-cache.plugin.ts';
import { post } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { createReader, HOUR_MS, insertShopTitle, type Reader } from '#test/commerce.ts';
import { insertEpisode, insertTitle, TEST_NOW } from '#test/factories.ts';

let t: TestApp;
let readerA: Reader;
let readerB: Reader;
let titleIds: number[];

const get = (url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...headers } });
const cacheOf = (res: LightMyRequestResponse) => res.headers[CACHE_STATUS_HEADER];

beforeAll(async () => {
  // The title cache on, as in production, so that the test also proves it is emptied with the answers.
  t = await createTestApp({ catalogueCacheTtlMs: 60_000 });
  const { db } = t.database;
  titleIds = [];
  for (const name of ['Cached Cove', 'Fresh Fjord']) titleIds.push((await insertTitle(db, { name_en: name })).id);
  readerA = await createReader(t);
  readerB = await createReader(t);
});
afterAll(async () => t.close());

describe('response cache', () => {
  it('answers the second anonymous call from the cache, with the same bytes, an ETag and 304', async () => {
    const url = `/title/list?title_id_list=${titleIds.join(',')}`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(cacheOf(first)).toBe('miss');
    const second = await get(url);
    expect(cacheOf(second)).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['content-type']).toBe('application/json');
    expect(second.headers['cache-control']).toBe('public, no-cache');
    const revalidated = await get(url, { 'if-none-match': String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    const stale = await get(url, { 'if-none-match': '"not-the-etag", W/"nor-this"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
  });

  it('keeps answers apart per URL and locale', async () => {
    const url = `/title/list?title_id_list=${titleIds[0]}`;
    const en = await get(url);
    const ja = await get(url, { 'accept-language': 'ja' });
    expect(ja.body).not.toBe(en.body);
    expect(ja.json().title_list[0].title_name).toBe(`タイトル${titleIds[0]}`);
    expect((await get(url, { 'accept-language': 'ja' })).body).toBe(ja.body);
    expect((await get(url)).json().title_list[0].title_name).toBe('Cached Cove');
  });

  it('shows a change on the next request, with a new ETag', async () => {
    const url = `/title/list?title_id_list=${titleIds[1]}`;
    const before = await get(url);
    expect(cacheOf(await get(url))).toBe('hit');
    await t.database.db.updateTable('title').set({ name_en: 'Renamed Fjord' }).where('id', '=', titleIds[1]!).execute();
    const after = await get(url);
    expect(cacheOf(after)).toBe('miss');
    expect(after.json().title_list[0].title_name).toBe('Renamed Fjord');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    // The old ETag no longer matches: the client gets the new body, not 304.
    const revalidated = await get(url, { 'if-none-match': String(before.headers.etag) });
    expect(revalidated.statusCode).toBe(200);
    expect(revalidated.json().title_list[0].title_name).toBe('Renamed Fjord');
  });

  it('shows a price change on the next request', async () => {
    const { db } = t.database;
    const category = await db
      .insertInto('magazine_category')
      .values({ id: 77, name_en: 'Monthly Cache', name_ja: '月刊キャッシュ', is_search: 1, sort_order: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const magazine = await db
      .insertInto('magazine')
      .values({
        magazine_category_id: category.id,
        name_en: 'Monthly Cache 1',
        name_ja: '月刊キャッシュ1',
        cover_path: 'magazines/c/cover.webp',
        point: 100,
        start_at: TEST_NOW - HOUR_MS,
        created_at: TEST_NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const url = `/magazine/list?magazine_id_list=${magazine.id}`;
    const pointOf = (res: LightMyRequestResponse) => res.json().magazine_list[0].point;
    expect(pointOf(await get(url))).toBe(100);
    expect(cacheOf(await get(url))).toBe('hit');
    await db.updateTable('magazine').set({ point: 150 }).where('id', '=', magazine.id).execute();
    const after = await get(url);
    expect(pointOf(after)).toBe(150);

    // And an episode's price on the top page's bonus episodes.
    const shop = await insertShopTitle(db, { count: 2, price: 40 });
    const paid = shop.episodes[1]!;
    await db.updateTable('episode').set({ bonus_point: 5 }).where('id', '=', paid.id).execute();
    const bonusPoint = async () =>
      ((await get('/web/top')).json().bonus_episode_list as { episode_id: number; point: number }[]).find(
        (e) => e.episode_id === paid.id,
      )?.point;
    expect(await bonusPoint()).toBe(40);
    expect(cacheOf(await get('/web/top'))).toBe('hit');
    await db.updateTable('episode').set({ point: 60 }).where('id', '=', paid.id).execute();
    expect(await bonusPoint()).toBe(60);
  });

  it('shows a chapter released by the clock on the next request', async () => {
    const { db } = t.database;
    const title = await insertTitle(db, { name_en: 'Tomorrow Tide' });
    const episode = await insertEpisode(db, { title_id: title.id, start_at: TEST_NOW + 2 * HOUR_MS, bonus_point: 3 });
    const bonusIds = async () =>
      ((await get('/web/top')).json().bonus_episode_list as { episode_id: number }[]).map((e) => e.episode_id);
    expect(await bonusIds()).not.toContain(episode.id);
    expect(cacheOf(await get('/web/top'))).toBe('hit');
    t.clock.advance(HOUR_MS);
    expect(await bonusIds()).not.toContain(episode.id);
    t.clock.advance(HOUR_MS); // the release moment itself
    const released = await get('/web/top');
    expect(cacheOf(released)).toBe('miss');
    expect((released.json().bonus_episode_list as { episode_id: number }[]).map((e) => e.episode_id)).toContain(
      episode.id,
    );
    t.clock.set(TEST_NOW);
  });

  it('shows a ranking rebuild on the next request', async () => {
    const { db } = t.database;
    await db
      .insertInto('ranking_tab')
      .values({ id: 12, kind: 'all', genre_id: null, name_en: 'All', name_ja: '総合', sort_order: 1 })
      .execute();
    const [first, second] = titleIds as [number, number];
    const today = '2026-01-01';
    await db
      .insertInto('title_activity_daily')
      .values([
        { title_id: first, activity_date: today, views: 5 },
        { title_id: second, activity_date: today, views: 50 },
      ])
      .execute();
    const rebuild = t.app.container.services.rankingRebuild;
    expect(await rebuild.handleRebuildRankings()).toBe('success');
    const top = async () => {
      const res = await get('/ranking/all?ranking_id=12&limit=2');
      return { ids: (res.json().ranking_title_list as { id: number }[]).map((x) => x.id), res };
    };
    expect((await top()).ids[0]).toBe(second);
    expect(cacheOf((await top()).res)).toBe('hit');
    await db
      .updateTable('title_activity_daily')
      .set({ views: 500 })
      .where('title_id', '=', first)
      .where('activity_date', '=', today)
      .execute();
    expect(cacheOf((await top()).res)).toBe('hit'); // activity alone changes nothing until the rebuild
    expect(await rebuild.handleRebuildRankings()).toBe('success');
    const after = await top();
    expect(cacheOf(after.res)).toBe('miss');
    expect(after.ids[0]).toBe(first);
  });
});

describe('response cache and logged-in readers', () => {
  it('never answers a logged-in reader from the cache, nor stores what a logged-in call built', async () => {
    const url = `/title/list?title_id_list=${titleIds[0]},${titleIds[1]}&lang=en`;
    const anonymous = await get(url);
    expect(cacheOf(await get(url))).toBe('hit');
    for (const reader of [readerA, readerB]) {
      const res = await get(url, { cookie: reader.cookie });
      expect(res.statusCode).toBe(200);
      expect(cacheOf(res)).toBeUndefined();
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.json()).toEqual(anonymous.json());
    }
    // A logged-in reader's call on a fresh URL stores nothing: the next anonymous call still builds.
    const fresh = `/title/list?title_id_list=${titleIds[1]},${titleIds[0]}`;
    expect(cacheOf(await get(fresh, { cookie: readerA.cookie }))).toBeUndefined();
    expect(cacheOf(await get(fresh))).toBe('miss');
    // An app-signed caller is treated as a reader too.
    expect(cacheOf(await get(fresh, { 'x-mgpk-hash': 'abc' }))).toBeUndefined();
  });

  it('never caches personal routes: each reader gets their own answer', async () => {
    const a = await get('/account/point', { cookie: readerA.cookie });
    const b = await get('/account/point', { cookie: readerB.cookie });
    for (const res of [a, b]) {
      expect(cacheOf(res)).toBeUndefined();
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    const history = await get('/title/viewed/list', { cookie: readerB.cookie });
    expect(cacheOf(history)).toBeUndefined();
    // An episode list carries the caller's access: not opted in, never cached.
    const episodes = await get(`/episode/list?episode_id_list=1`);
    expect(cacheOf(episodes)).toBeUndefined();
  });

  it('caches no refused call', async () => {
    const bad = await get('/title/list?title_id_list=abc');
    expect(bad.statusCode).toBe(400);
    expect(cacheOf(bad)).toBeUndefined();
    const again = await get('/title/list?title_id_list=abc');
    expect(again.statusCode).toBe(400);
    expect(again.headers.etag).toBeUndefined();
  });
});

describe("a reader's own state never reaches another reader nor an anonymous visitor", () => {
  it('keeps A’s follow and purchase out of the cached catalogue answers B and visitors get', async () => {
    const { db } = t.database;
    const shop = await insertShopTitle(db, { count: 3, price: 40, title: { name_en: 'Personal Peak' } });
    const buyer = await createReader(t, { paid: 200 });
    const titleUrl = `/title/list?title_id_list=${shop.title.id}`;
    const detailUrl = `/web/title/detail?title_id=${shop.title.id}`;
    const statusOf = (res: LightMyRequestResponse) => res.json().title_list[0].favorite_status;

    // A visitor warms both answers before the reader does anything.
    const before = { list: await get(titleUrl), detail: await get(detailUrl) };
    expect(statusOf(before.list)).toBe(FavoriteStatus.None);

    const followed = await post(t, '/favorite/add', { title_id: String(shop.title.id) }, { cookie: buyer.cookie });
    expect(followed.statusCode).toBe(200);
    const paid = shop.episodes[1]!;
    const bought = await post(
      t,
      '/episode/paid',
      { episode_id: String(paid.id), check_point: '40' },
      { cookie: buyer.cookie },
    );
    expect(bought.statusCode).toBe(200);

    // The buyer sees their state, built for them and never stored.
    const own = await get(titleUrl, { cookie: buyer.cookie });
    expect(statusOf(own)).toBe(FavoriteStatus.Favorite);
    expect(cacheOf(own)).toBeUndefined();
    expect(own.headers['cache-control']).toBe('private, no-store');
    const badgesOf = async (headers: Record<string, string>) =>
      (await post(t, '/episode/list', { episode_id_list: shop.episodes.map((e) => e.id).join(',') }, headers)).json()
        .episode_list as { episode_id: number; badge: number }[];
    const ownBadges = await badgesOf({ cookie: buyer.cookie });
    expect(ownBadges.find((e) => e.episode_id === paid.id)?.badge).toBe(EpisodeBadge.Purchased);

    // Another reader and a visitor: the same bytes and ETag as before the reader acted, no follow, no purchase.
    for (const headers of [{ cookie: readerB.cookie }, {}] as Record<string, string>[]) {
      const list = await get(titleUrl, headers);
      expect(statusOf(list)).toBe(FavoriteStatus.None);
      expect(list.body).toBe(before.list.body);
      const detail = await get(detailUrl, headers);
      expect(detail.body).toBe(before.detail.body);
      const badges = await badgesOf(headers);
      expect(badges.find((e) => e.episode_id === paid.id)?.badge).toBe(EpisodeBadge.MustBuy);
    }
    const visitor = await get(titleUrl);
    expect(cacheOf(visitor)).toBe('hit');
    expect(visitor.headers.etag).toBe(before.list.headers.etag);
    // The visitor's If-None-Match still matches: a follow or a purchase is no catalogue change.
    expect((await get(titleUrl, { 'if-none-match': String(before.list.headers.etag) })).statusCode).toBe(304);

    // A URL the buyer asks first: nothing of theirs is stored for the visitor who asks next.
    const fresh = `/title/list?title_id_list=${shop.title.id},${titleIds[0]}`;
    expect(statusOf(await get(fresh, { cookie: buyer.cookie }))).toBe(FavoriteStatus.Favorite);
    const next = await get(fresh);
    expect(cacheOf(next)).toBe('miss');
    expect(statusOf(next)).toBe(FavoriteStatus.None);
    expect(statusOf(await get(fresh, { cookie: readerB.cookie }))).toBe(FavoriteStatus.None);
  });
});

describe('GET /catalogue/revision', () => {
  it('moves with every catalogue change and says how long answers stay true', async () => {
    const before = await get('/catalogue/revision');
    expect(before.statusCode).toBe(200);
    const first = before.json() as { revision: number; valid_for_seconds: number };
    expect(first.valid_for_seconds).toBeGreaterThan(0);
    expect(first.valid_for_seconds).toBeLessThanOrEqual(t.config.responseCacheTtlMs / 1000);
    await t.database.db.updateTable('title').set({ name_en: 'Moved Again' }).where('id', '=', titleIds[0]!).execute();
    const after = (await get('/catalogue/revision')).json() as { revision: number };
    expect(after.revision).toBeGreaterThan(first.revision);
    // The next release bounds it: an episode due in 90 seconds.
    const title = await insertTitle(t.database.db, { name_en: 'Soon Sound' });
    await insertEpisode(t.database.db, { title_id: title.id, start_at: TEST_NOW + 90_000 });
    expect(((await get('/catalogue/revision')).json() as { valid_for_seconds: number }).valid_for_seconds).toBe(90);
  });
});
