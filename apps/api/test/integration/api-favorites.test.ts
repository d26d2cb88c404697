// Followed titles (ADR 017) over HTTP on a real database (SQLite, and PostgreSQL with
// `npm run test:pg`): follow, unfollow, the list with its "new chapter" flags, favorite_status on
// /title/list per reader, the limit (also under concurrent follows), and hostile input (guests,
// unknown and unpublished titles, bad parameters, another reader's list).
import {
  FavoriteChangeResponseSchema,
  FavoriteListResponseSchema,
  MAX_FAVORITE_NUM,
  ResponseCode,
  TitleListResponseSchema,
} from '@manga/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, createAccount, get, login, post } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { insertEpisode, insertPage, insertTitle, TEST_NOW } from '#test/factories.ts';

const DAY = 86_400_000;
let t: TestApp;
let alice = '';
let bob = '';
const ids = { title: 0, other: 0, unpublished: 0, freeEpisode: 0, extra: [] as number[] };

const follow = (cookie: string, titleId: number | string) =>
  post(t, '/favorite/add', { title_id: String(titleId) }, { cookie });
const unfollow = (cookie: string, titleId: number | string) =>
  post(t, '/favorite/delete', { title_id: String(titleId) }, { cookie });
const list = async (cookie: string, query = '') => {
  const res = await get(t, `/favorite/list${query}`, { cookie });
  expect(res.statusCode).toBe(200);
  return FavoriteListResponseSchema.parse(res.json());
};

beforeAll(async () => {
  t = await createTestApp({ catalogueCacheTtlMs: 0 });
  const { db } = t.database;
  const title = await insertTitle(db, { name_en: 'Blue Harbor', name_ja: 'ブルーハーバー', free_first_count: 1 });
  ids.title = title.id;
  const free = await insertEpisode(db, { title_id: title.id, sort_index: 1, point: 0, start_at: TEST_NOW - 3 * DAY });
  await insertPage(db, { episode_id: free.id, page_number: 1 });
  ids.freeEpisode = free.id;
  await insertEpisode(db, { title_id: title.id, sort_index: 2, point: 40, start_at: TEST_NOW - 2 * DAY });
  // Released a day after TEST_NOW: new to a reader who followed the title at TEST_NOW.
  await insertEpisode(db, { title_id: title.id, sort_index: 3, point: 40, start_at: TEST_NOW + DAY });
  ids.other = (await insertTitle(db, { name_en: 'Red Sky', name_ja: 'レッドスカイ' })).id;
  ids.unpublished = (await insertTitle(db, { published_at: TEST_NOW + 30 * DAY })).id;
  const [a, b] = [await createAccount(t), await createAccount(t)];
  alice = await login(t, a.email ?? '', a.password);
  bob = await login(t, b.email ?? '', b.password);
});
afterAll(() => t.close());

describe('following a title', () => {
  it('follows, answers the status, lists it and sets favorite_status on /title/list for that reader only', async () => {
    const res = await follow(alice, ids.title);
    expect(res.statusCode).toBe(200);
    expect(FavoriteChangeResponseSchema.parse(res.json())).toMatchObject({
      title_id: ids.title,
      favorite_status: 1,
      favorite_num: 1,
    });
    // Following again changes nothing.
    expect(FavoriteChangeResponseSchema.parse((await follow(alice, ids.title)).json()).favorite_num).toBe(1);

    const answer = await list(alice);
    expect(answer.favorite_num).toBe(1);
    expect(answer.max_favorite_num).toBe(MAX_FAVORITE_NUM);
    expect(answer.favorite_title_list).toEqual([
      {
        title_id: ids.title,
        paid_episode_updated: '2025-12-30 09:00:00',
        free_episode_updated: '2025-12-29 09:00:00',
        purchase_status: 0,
        ticket_recover_time: null,
        is_unread_free_episode: 0,
        is_unread_episode: 0,
        favorite_time: '2026-01-01 09:00:00',
      },
    ]);
    expect(answer.title_list.map((title) => [title.title_id, title.favorite_status])).toEqual([[ids.title, 1]]);

    const titleList = (cookie?: string) =>
      get(t, `/title/list?title_id_list=${ids.title},${ids.other}`, cookie ? { cookie } : {}).then((r) =>
        TitleListResponseSchema.parse(r.json()).title_list.map((title) => [title.title_id, title.favorite_status]),
      );
    expect(await titleList(alice)).toEqual([
      [ids.title, 1],
      [ids.other, 0],
    ]);
    expect(await titleList(bob)).toEqual([
      [ids.title, 0],
      [ids.other, 0],
    ]);
    expect(await titleList()).toEqual([
      [ids.title, 0],
      [ids.other, 0],
    ]);
    // Another reader's list is their own.
    expect((await list(bob)).favorite_title_list).toEqual([]);
  });

  it('flags a chapter released since the reader followed or last opened the title', async () => {
    t.clock.advance(2 * DAY);
    let entry = (await list(alice)).favorite_title_list[0];
    expect(entry).toMatchObject({ is_unread_episode: 1, is_unread_free_episode: 0 });
    expect(entry?.paid_episode_updated).toBe('2026-01-02 09:00:00');

    // Opening a chapter of the title clears the badge.
    expect((await get(t, `/web/episode/viewer?episode_id=${ids.freeEpisode}`, { cookie: alice })).statusCode).toBe(200);
    entry = (await list(alice)).favorite_title_list[0];
    expect(entry).toMatchObject({ is_unread_episode: 0, is_unread_free_episode: 0 });
  });

  it('unfollows; unfollowing again or a title never followed changes nothing', async () => {
    const res = await unfollow(alice, ids.title);
    expect(FavoriteChangeResponseSchema.parse(res.json())).toMatchObject({ favorite_status: 0, favorite_num: 0 });
    expect(codeOf(await unfollow(alice, ids.title))).toBe(0);
    expect(codeOf(await unfollow(alice, 99_999))).toBe(0);
    expect((await list(alice)).favorite_title_list).toEqual([]);
  });

  it('pages the list, most recently followed first, and leaves out the Titles on needs_title_list=0', async () => {
    await follow(bob, ids.title);
    t.clock.advance(1000);
    await follow(bob, ids.other);
    const all = await list(bob, '?limit=0&offset=0&needs_title_list=1');
    expect(all.favorite_title_list.map((entry) => entry.title_id)).toEqual([ids.other, ids.title]);
    const second = await list(bob, '?limit=1&offset=1&needs_title_list=0');
    expect(second.favorite_title_list.map((entry) => entry.title_id)).toEqual([ids.title]);
    expect(second.title_list).toEqual([]);
    expect(second.favorite_num).toBe(2);
  });
});

describe('refusals', () => {
  it('asks guests and dead sessions to log in', async () => {
    expect(codeOf(await get(t, '/favorite/list'))).toBe(ResponseCode.UserNotLogin);
    expect(codeOf(await follow('', ids.title))).toBe(ResponseCode.UserNotLogin);
    expect(codeOf(await unfollow('', ids.title))).toBe(ResponseCode.UserNotLogin);
    expect(codeOf(await follow('test_uwt=forged', ids.title))).toBe(ResponseCode.WebTokenInvalid);
  });

  it('refuses unknown and unpublished titles with 3000, and bad parameters with 1001', async () => {
    expect(codeOf(await follow(alice, 99_999))).toBe(ResponseCode.TitleNotFound);
    expect(codeOf(await follow(alice, ids.unpublished))).toBe(ResponseCode.TitleNotFound);
    for (const bad of ['', 'abc', '-1', '1.5', '9'.repeat(400)]) {
      expect(codeOf(await follow(alice, bad))).toBe(ResponseCode.InvalidParameter);
    }
    expect(codeOf(await post(t, '/favorite/add', { title_id: ['1', '2'] }, { cookie: alice }))).toBe(
      ResponseCode.InvalidParameter,
    );
    expect(codeOf(await get(t, '/favorite/list?limit=x', { cookie: alice }))).toBe(ResponseCode.InvalidParameter);
    expect((await list(alice)).favorite_title_list).toEqual([]);
  });

  it(`keeps at most ${MAX_FAVORITE_NUM} titles, also when follows arrive at once`, async () => {
    const { db } = t.database;
    const reader = await createAccount(t);
    const cookie = await login(t, reader.email ?? '', reader.password);
    const titles = [];
    for (let i = 0; i < MAX_FAVORITE_NUM + 5; i++) titles.push((await insertTitle(db)).id);
    await db
      .insertInto('favorite_title')
      .values(
        titles
          .slice(0, MAX_FAVORITE_NUM - 2)
          .map((title_id) => ({ user_id: reader.id, title_id, created_at: TEST_NOW })),
      )
      .execute();
    const answers = await Promise.all(titles.slice(MAX_FAVORITE_NUM - 2).map((id) => follow(cookie, id)));
    const codes = answers.map(codeOf);
    expect(codes.filter((code) => code === 0)).toHaveLength(2);
    expect(codes.filter((code) => code === ResponseCode.FavoriteLimitOver)).toHaveLength(5);
    expect((await list(cookie)).favorite_num).toBe(MAX_FAVORITE_NUM);
    // One already followed can be followed again at the limit (no change, no error).
    expect(codeOf(await follow(cookie, titles[0] as number))).toBe(0);
  });
});
