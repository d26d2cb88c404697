// Page bookmarks, private reading and where a place was left (issue 28, ADR 044) over HTTP on a
// real database (SQLite, and PostgreSQL with `npm run test:pg`): bookmarks kept with the account
// (a second session sees them), their limits (note length, count, also under concurrent adds),
// duplicates, another reader's ids, chapters the reader may not open; private reading leaving
// nothing in the history API, the place or the ranking count; continue reading with the device.
import {
  BOOKMARK_NOTE_MAX_LENGTH,
  BookmarkChangeResponseSchema,
  BookmarkListResponseSchema,
  MAX_BOOKMARK_NUM,
  ReadingSettingResponseSchema,
  ResponseCode,
  TitleViewedListResponseSchema,
  TitleViewedProgressResponseSchema,
} from '@manga/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, createAccount, get, login, post } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { insertEpisode, insertPage, insertTitle, TEST_NOW } from '#test/factories.ts';

const DAY = 86_400_000;
const MAC_CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
let t: TestApp;
const ids = { title: 0, other: 0, free: [] as number[], paid: 0, adult: 0 };

const add = (cookie: string, body: Record<string, string>) => post(t, '/bookmark/add', body, { cookie });
const list = async (cookie: string, query = '') => {
  const res = await get(t, `/bookmark/list${query}`, { cookie });
  expect(res.statusCode).toBe(200);
  return BookmarkListResponseSchema.parse(res.json());
};
const history = async (cookie: string) =>
  TitleViewedListResponseSchema.parse((await get(t, '/title/viewed/list', { cookie })).json());
const viewsOf = async (titleId: number) =>
  Number(
    (
      await t.database.db
        .selectFrom('title_activity_daily')
        .select((eb) => eb.fn.sum<number | string>('views').as('views'))
        .where('title_id', '=', titleId)
        .executeTakeFirst()
    )?.views ?? 0,
  );

async function reader(userAgent = MAC_CHROME) {
  const account = await createAccount(t);
  const cookie = await login(t, account.email ?? '', account.password, { headers: { 'user-agent': userAgent } });
  return { account, cookie };
}

beforeAll(async () => {
  t = await createTestApp({ catalogueCacheTtlMs: 0 });
  const { db } = t.database;
  const title = await insertTitle(db, { name_en: 'Blue Harbor', name_ja: 'ブルーハーバー', free_first_count: 2 });
  ids.title = title.id;
  for (let i = 1; i <= 2; i++) {
    const episode = await insertEpisode(db, {
      title_id: title.id,
      sort_index: i,
      point: 40,
      page_count: 6,
      start_at: TEST_NOW - (5 - i) * DAY,
    });
    ids.free.push(episode.id);
    for (let page = 1; page <= 6; page++) await insertPage(db, { episode_id: episode.id, page_number: page });
  }
  ids.paid = (await insertEpisode(db, { title_id: title.id, sort_index: 3, point: 40, page_count: 6 })).id;
  const other = await insertTitle(db, { name_en: 'Red Sky', name_ja: 'レッドスカイ' });
  ids.other = other.id;
  const otherEpisode = await insertEpisode(db, { title_id: other.id, point: 0, page_count: 2 });
  await insertPage(db, { episode_id: otherEpisode.id, page_number: 1 });
  ids.free.push(otherEpisode.id);
  const adult = await insertTitle(db, { age_rating: 18 });
  ids.adult = (await insertEpisode(db, { title_id: adult.id, point: 0, page_count: 2 })).id;
});
afterAll(() => t.close());

describe('bookmarks', () => {
  it('bookmarks a page with a note, lists it per title and in all, and shows it on a second device', async () => {
    const { account, cookie } = await reader();
    const res = await add(cookie, { episode_id: String(ids.free[1]), page: '4', note: '  the duel  ' });
    expect(res.statusCode).toBe(200);
    const changed = BookmarkChangeResponseSchema.parse(res.json());
    expect(changed).toMatchObject({
      bookmark: { title_id: ids.title, episode_id: ids.free[1], page: 4, note: 'the duel' },
      bookmark_num: 1,
      max_bookmark_num: MAX_BOOKMARK_NUM,
    });
    await add(cookie, { episode_id: String(ids.free[0]), page: '2' });
    await add(cookie, { episode_id: String(ids.free[2]), page: '1', note: 'ブルー' });

    // The title's list is in reading order; the whole list newest first (same-time rows by id).
    const byTitle = await list(cookie, `?title_id=${ids.title}`);
    expect(byTitle.bookmark_list.map((b) => [b.episode_id, b.page, b.note])).toEqual([
      [ids.free[0], 2, ''],
      [ids.free[1], 4, 'the duel'],
    ]);
    expect(byTitle.title_list.map((title) => title.title_id)).toEqual([ids.title]);
    expect(byTitle.episode_list.map((episode) => episode.episode_id).sort()).toEqual([ids.free[0], ids.free[1]].sort());

    // A second device of the same account (another session, another browser) sees the same list.
    const phone = await login(t, account.email ?? '', account.password, { headers: { 'user-agent': IPHONE_SAFARI } });
    const all = await list(phone);
    expect(all.bookmark_num).toBe(3);
    expect(all.bookmark_list.map((b) => b.episode_id)).toEqual([ids.free[2], ids.free[0], ids.free[1]]);
  });

  it('keeps one bookmark per page: bookmarking it again sets the note, also when sent twice at once', async () => {
    const { cookie } = await reader();
    const body = { episode_id: String(ids.free[0]), page: '3', note: 'first' };
    const answers = await Promise.all([add(cookie, body), add(cookie, body), add(cookie, body)]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    const again = BookmarkChangeResponseSchema.parse((await add(cookie, { ...body, note: 'second' })).json());
    expect(again.bookmark_num).toBe(1);
    expect((await list(cookie)).bookmark_list.map((b) => [b.page, b.note])).toEqual([[3, 'second']]);
  });

  it('refuses a note too long, a page outside the chapter, wrong types, guests, and closed chapters, changing nothing', async () => {
    const { cookie } = await reader();
    const tooLong = 'あ'.repeat(BOOKMARK_NOTE_MAX_LENGTH + 1);
    const refused = [
      await add(cookie, { episode_id: String(ids.free[0]), page: '1', note: tooLong }),
      await add(cookie, { episode_id: String(ids.free[0]), page: '7' }),
      await add(cookie, { episode_id: String(ids.free[0]), page: '0' }),
      await add(cookie, { episode_id: 'abc', page: '1' }),
      await add(cookie, { episode_id: String(ids.free[0]), page: '1.5' }),
      await add(cookie, { episode_id: String(ids.free[0]), page: '1', note: 'bell\u0007' }),
    ];
    expect(refused.map((res) => [res.statusCode, codeOf(res)])).toEqual(Array(6).fill([400, 1001]));
    // Exactly the maximum length is fine (counted in characters, not bytes).
    expect(
      codeOf(
        await add(cookie, { episode_id: String(ids.free[0]), page: '1', note: 'あ'.repeat(BOOKMARK_NOTE_MAX_LENGTH) }),
      ),
    ).toBe(0);
    expect(codeOf(await add(cookie, { episode_id: String(ids.paid), page: '1' }))).toBe(
      ResponseCode.EpisodeUnpurchased,
    );
    expect(codeOf(await add(cookie, { episode_id: '999999', page: '1' }))).toBe(ResponseCode.ViewerEpisodeNotFound);
    expect(codeOf(await add(cookie, { episode_id: String(ids.adult), page: '1' }))).toBe(2016);
    expect(codeOf(await add('', { episode_id: String(ids.free[0]), page: '1' }))).toBe(ResponseCode.UserNotLogin);
    expect(codeOf(await get(t, '/bookmark/list'))).toBe(ResponseCode.UserNotLogin);
    expect((await list(cookie)).bookmark_num).toBe(1);
  });

  it("never shows, changes or deletes another reader's bookmark: its id answers as unknown", async () => {
    const alice = await reader();
    const bob = await reader();
    const mine = BookmarkChangeResponseSchema.parse(
      (await add(alice.cookie, { episode_id: String(ids.free[0]), page: '5', note: 'mine' })).json(),
    ).bookmark;
    const id = String(mine?.bookmark_id);
    const update = await post(t, '/bookmark/update', { bookmark_id: id, note: 'hijacked' }, { cookie: bob.cookie });
    expect([update.statusCode, codeOf(update)]).toEqual([400, 1001]);
    const unknown = await post(t, '/bookmark/update', { bookmark_id: '99999999', note: 'x' }, { cookie: bob.cookie });
    expect(unknown.json().error_message).toBe(update.json().error_message);
    expect(codeOf(await post(t, '/bookmark/delete', { bookmark_id: id }, { cookie: bob.cookie }))).toBe(0);
    expect((await list(bob.cookie)).bookmark_list).toEqual([]);
    expect((await list(alice.cookie)).bookmark_list.map((b) => b.note)).toEqual(['mine']);

    // The owner edits and deletes; deleting again (a replay) changes nothing and fails nothing.
    const edited = await post(t, '/bookmark/update', { bookmark_id: id, note: 'edited' }, { cookie: alice.cookie });
    expect(BookmarkChangeResponseSchema.parse(edited.json()).bookmark?.note).toBe('edited');
    for (let i = 0; i < 2; i++) {
      const gone = await post(t, '/bookmark/delete', { bookmark_id: id }, { cookie: alice.cookie });
      expect(BookmarkChangeResponseSchema.parse(gone.json())).toMatchObject({ bookmark: null, bookmark_num: 0 });
    }
  });

  it(`holds the limit of ${MAX_BOOKMARK_NUM} exactly, also when the last adds arrive at once`, async () => {
    const { account, cookie } = await reader();
    // Fill up to three short of the limit directly: the rows the API would have written.
    const now = TEST_NOW;
    const pages = MAX_BOOKMARK_NUM - 3;
    const extra = await insertEpisode(t.database.db, {
      title_id: ids.other,
      sort_index: 9,
      point: 0,
      page_count: 1000,
    });
    await insertPage(t.database.db, { episode_id: extra.id, page_number: 1 });
    for (let start = 0; start < pages; start += 100) {
      await t.database.db
        .insertInto('bookmark')
        .values(
          Array.from({ length: Math.min(100, pages - start) }, (_, i) => ({
            user_id: account.id,
            title_id: ids.other,
            episode_id: extra.id,
            page: start + i + 1,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
    const answers = await Promise.all(
      [991, 992, 993, 994, 995, 996].map((page) => add(cookie, { episode_id: String(extra.id), page: String(page) })),
    );
    const codes = answers.map(codeOf).sort();
    expect(codes).toEqual([
      0,
      0,
      0,
      ResponseCode.BookmarkLimitOver,
      ResponseCode.BookmarkLimitOver,
      ResponseCode.BookmarkLimitOver,
    ]);
    expect((await list(cookie, '?limit=1')).bookmark_num).toBe(MAX_BOOKMARK_NUM);
    // At the limit, a page already bookmarked still takes a new note.
    expect(codeOf(await add(cookie, { episode_id: String(extra.id), page: '1', note: 'still fine' }))).toBe(0);
  });
});

describe('private reading', () => {
  it('records nothing while on: no history, no place, no finish, no ranking count; recording resumes when off', async () => {
    const { cookie } = await reader();
    const on = await post(t, '/user/private_reading', { private_reading: '1' }, { cookie });
    expect(ReadingSettingResponseSchema.parse(on.json())).toEqual({
      status: 'success',
      response_code: 0,
      error_message: '',
      private_reading: 1,
      device_name: 'Chrome on macOS',
    });
    const views = await viewsOf(ids.other);
    const episode = ids.free[2];
    expect((await get(t, `/web/episode/viewer?episode_id=${episode}`, { cookie })).statusCode).toBe(200);
    expect(
      codeOf(await post(t, '/episode/viewer/progress', { episode_id: String(episode), page: '2' }, { cookie })),
    ).toBe(0);
    expect(codeOf(await get(t, `/episode/viewer/lastpage?episode_id=${episode}`, { cookie }))).toBe(0);
    expect(codeOf(await get(t, `/episode/viewer/finish?episode_id=${episode}`, { cookie }))).toBe(0);

    expect((await history(cookie)).viewed_title_list).toEqual([]);
    const progress = TitleViewedProgressResponseSchema.parse(
      (await get(t, `/title/viewed/progress?title_id=${ids.other}`, { cookie })).json(),
    );
    expect(progress.viewed_title).toBeNull();
    expect(await viewsOf(ids.other)).toBe(views);
    const setting = ReadingSettingResponseSchema.parse((await get(t, '/user/reading_setting', { cookie })).json());
    expect(setting.private_reading).toBe(1);

    await post(t, '/user/private_reading', { private_reading: '0' }, { cookie });
    await get(t, `/web/episode/viewer?episode_id=${episode}`, { cookie });
    expect((await history(cookie)).viewed_title_list.map((v) => v.title_id)).toEqual([ids.other]);
    expect(await viewsOf(ids.other)).toBe(views + 1);
  });

  it('is the account’s: switched on one device, it holds on the other; bad values and guests are refused', async () => {
    const { account, cookie } = await reader();
    await post(t, '/user/private_reading', { private_reading: '1' }, { cookie });
    const phone = await login(t, account.email ?? '', account.password, { headers: { 'user-agent': IPHONE_SAFARI } });
    await get(t, `/web/episode/viewer?episode_id=${ids.free[0]}`, { cookie: phone });
    expect((await history(phone)).viewed_title_list).toEqual([]);
    for (const value of ['2', 'yes', '']) {
      expect(codeOf(await post(t, '/user/private_reading', { private_reading: value }, { cookie }))).toBe(1001);
    }
    expect(codeOf(await post(t, '/user/private_reading', { private_reading: '1' }))).toBe(ResponseCode.UserNotLogin);
  });
});

describe('continue reading across devices', () => {
  it('answers the device and the time the place was left; a device named by the reader is kept', async () => {
    const { account, cookie } = await reader();
    await get(t, `/web/episode/viewer?episode_id=${ids.free[0]}`, { cookie });
    await post(t, '/episode/viewer/progress', { episode_id: String(ids.free[0]), page: '3' }, { cookie });
    let [entry] = (await history(cookie)).viewed_title_list;
    expect(entry).toMatchObject({ page: 3, device_name: 'Chrome on macOS', page_time: '2026-01-01 09:00:00' });

    const phone = await login(t, account.email ?? '', account.password, { headers: { 'user-agent': IPHONE_SAFARI } });
    const named = await post(t, '/user/device_name', { device_name: '  My   phone ' }, { cookie: phone });
    expect(ReadingSettingResponseSchema.parse(named.json()).device_name).toBe('My phone');
    t.clock.set(TEST_NOW + 90_000);
    await post(t, '/episode/viewer/progress', { episode_id: String(ids.free[0]), page: '5' }, { cookie: phone });
    [entry] = (await history(cookie)).viewed_title_list;
    expect(entry).toMatchObject({ page: 5, device_name: 'My phone', page_time: '2026-01-01 09:01:30' });

    // An empty name goes back to the browser's; names too long or with control characters are refused.
    const reset = await post(t, '/user/device_name', { device_name: '' }, { cookie: phone });
    expect(ReadingSettingResponseSchema.parse(reset.json()).device_name).toBe('Safari on iOS');
    expect(codeOf(await post(t, '/user/device_name', { device_name: 'x'.repeat(41) }, { cookie: phone }))).toBe(1001);
    expect(codeOf(await post(t, '/user/device_name', { device_name: 'a\nb' }, { cookie: phone }))).toBe(1001);
    t.clock.set(TEST_NOW);
  });
});
