// The viewer's page sizes, last page, finish and progress, and the reading history (ADR 016) over
// HTTP on a real database (SQLite, and PostgreSQL with `npm run test:pg`): shapes against their
// contracts, a reader's own rows only, and hostile input (another reader's titles, unknown ids,
// pages out of range, bad parameters, guests); progress on chapters bought or rented (ADR 014) and
// under the age rule with the account's birthday (ADR 015).
import {
  AppViewerResponseSchema,
  DEFAULT_TICKET_VERSION,
  ResponseCode,
  SuccessEnvelopeSchema,
  TicketType,
  TitleViewedListResponseSchema,
  TitleViewedProgressResponseSchema,
  ViewerFinishResponseSchema,
  ViewerLastPageResponseSchema,
  ViewerProgressResponseSchema,
  WebViewerResponseSchema,
} from '@manga/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, createAccount, get, login, post } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { createReader, DAY_MS, insertShopTitle, ledgerAnomalies } from '#test/commerce.ts';
import { insertEpisode, insertPage, insertTitle, TEST_NOW } from '#test/factories.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;
let t: TestApp;
let alice = '';
let bob = '';
let aliceAccount = { email: '', password: '' };
const ids = {
  title: 0,
  free: [] as number[],
  paid: 0,
  scheduled: 0,
  many: [] as number[],
  manyEpisodes: [] as number[],
};

const history = async (cookie: string, query = '') =>
  TitleViewedListResponseSchema.parse((await get(t, `/title/viewed/list${query}`, { cookie })).json());
const progress = (
  cookie: string,
  episodeId: number | string,
  page: number | string,
  headers: Record<string, string> = {},
) => post(t, '/episode/viewer/progress', { episode_id: String(episodeId), page: String(page) }, { cookie, headers });

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
      page_count: 4,
      start_at: TEST_NOW - (5 - i) * DAY,
    });
    ids.free.push(episode.id);
    for (let page = 1; page <= 4; page++) {
      // Page 3 of each chapter is a double-page spread.
      await insertPage(db, {
        episode_id: episode.id,
        page_number: page,
        width: page === 3 ? 2048 : 1024,
        height: 1472,
      });
    }
  }
  ids.paid = (await insertEpisode(db, { title_id: title.id, sort_index: 3, point: 40, page_count: 4 })).id;
  ids.scheduled = (
    await insertEpisode(db, { title_id: title.id, sort_index: 4, point: 0, page_count: 4, start_at: TEST_NOW + DAY })
  ).id;
  // 22 more titles with a free one-page episode each: more than the history keeps.
  for (let i = 0; i < 22; i++) {
    const other = await insertTitle(db);
    ids.many.push(other.id);
    const episode = await insertEpisode(db, { title_id: other.id, point: 0, page_count: 1 });
    await insertPage(db, { episode_id: episode.id, page_number: 1 });
    ids.manyEpisodes.push(episode.id);
  }
  const [a, b] = [await createAccount(t), await createAccount(t)];
  aliceAccount = { email: a.email ?? '', password: a.password };
  alice = await login(t, aliceAccount.email, a.password);
  bob = await login(t, b.email ?? '', b.password);
});
afterAll(() => t.close());

describe('page sizes beside page_list', () => {
  it('answers each page size in page order on the web and app viewers', async () => {
    const web = WebViewerResponseSchema.parse((await get(t, `/web/episode/viewer?episode_id=${ids.free[0]}`)).json());
    const sizes = [1024, 1024, 2048, 1024].map((width) => ({ width, height: 1472 }));
    expect(web.page_size_list).toEqual(sizes);
    expect(web.page_list).toHaveLength(sizes.length);
    const app = AppViewerResponseSchema.parse((await get(t, `/episode/viewer?episode_id=${ids.free[0]}`)).json());
    expect(app.page_size_list).toEqual(sizes);
  });
});

describe('prefetching a chapter', () => {
  it('answers the pages of a prefetch without recording a read', async () => {
    const viewsOf = async () =>
      (
        await t.database.db
          .selectFrom('title_activity_daily')
          .select('views')
          .where('title_id', '=', ids.title)
          .executeTakeFirst()
      )?.views ?? 0;
    const before = await viewsOf();
    const res = await get(t, `/web/episode/viewer?episode_id=${ids.free[1]}&prefetch=1`, { cookie: bob });
    expect(WebViewerResponseSchema.parse(res.json()).page_list).toHaveLength(4);
    expect(await viewsOf()).toBe(before);
    expect((await history(bob)).viewed_title_list).toEqual([]);
    expect(codeOf(await get(t, `/web/episode/viewer?episode_id=${ids.free[1]}&prefetch=2`))).toBe(1001);
  });
});

describe('reading history and progress', () => {
  it('keeps the page a reader reached, per account, and answers it in the history and per title', async () => {
    await get(t, `/web/episode/viewer?episode_id=${ids.free[0]}`, { cookie: alice });
    let list = await history(alice);
    expect(list.viewed_title_list).toEqual([
      {
        title_id: ids.title,
        episode_id: ids.free[0],
        page: 0,
        page_count: 4,
        is_finished: 0,
        viewed_time: '2026-01-01 09:00:00',
        device_name: '',
        page_time: null,
      },
    ]);
    expect(list.title_list.map((title) => title.title_name)).toEqual(['ブルーハーバー']);
    expect(list.episode_list.map((episode) => episode.episode_id)).toEqual([ids.free[0]]);

    t.clock.advance(MINUTE);
    const saved = await progress(alice, ids.free[0]!, 3);
    expect(ViewerProgressResponseSchema.parse(saved.json())).toMatchObject({
      episode_id: ids.free[0],
      page: 3,
      page_count: 4,
    });
    list = await history(alice);
    expect(list.viewed_title_list[0]).toMatchObject({ episode_id: ids.free[0], page: 3 });
    const one = TitleViewedProgressResponseSchema.parse(
      (await get(t, `/title/viewed/progress?title_id=${String(ids.title).padStart(5, '0')}`, { cookie: alice })).json(),
    );
    expect(one.viewed_title).toMatchObject({ title_id: ids.title, episode_id: ids.free[0], page: 3 });
    // Another session of the same account (another device) sees the same place.
    const otherDevice = await login(t, aliceAccount.email, aliceAccount.password);
    expect(otherDevice).not.toBe(alice);
    expect((await history(otherDevice)).viewed_title_list[0]).toMatchObject({ page: 3 });
    // Bob has read nothing and sees none of it.
    expect((await history(bob)).viewed_title_list).toEqual([]);
    expect(
      TitleViewedProgressResponseSchema.parse(
        (await get(t, `/title/viewed/progress?title_id=${ids.title}`, { cookie: bob })).json(),
      ),
    ).toMatchObject({ viewed_title: null });
  });

  it("takes a chapter's page it never opened for this account (a guest's, carried over at login)", async () => {
    const account = await createAccount(t);
    const carol = await login(t, account.email ?? '', account.password);
    expect((await history(carol)).viewed_title_list).toEqual([]);
    expect(codeOf(await progress(carol, ids.free[1]!, 3))).toBe(0);
    expect((await history(carol)).viewed_title_list).toEqual([
      expect.objectContaining({ title_id: ids.title, episode_id: ids.free[1], page: 3, is_finished: 0 }),
    ]);
    // Nobody else's history changes.
    expect((await history(bob)).viewed_title_list).toEqual([]);
  });

  it('reaches the last page, finishes, and counts finished chapters', async () => {
    const last = await get(
      t,
      `/episode/viewer/lastpage?episode_id=${ids.free[0]}&viewer_scroll=0&viewing_direction=1`,
      { cookie: alice },
    );
    expect(ViewerLastPageResponseSchema.parse(last.json()).descriptor_id_list).toEqual([]);
    expect((await history(alice)).viewed_title_list[0]).toMatchObject({ page: 4, is_finished: 0 });
    const finish = ViewerFinishResponseSchema.parse(
      (await get(t, `/episode/viewer/finish?episode_id=${ids.free[0]}`, { cookie: alice })).json(),
    );
    expect(finish).toMatchObject({
      episode_id: ids.free[0],
      title_id: ids.title,
      bonus_point: 0,
      view_finish_episode_count: 1,
      title_share_ret: { title_name: 'ブルーハーバー', url: `http://web.test/title/${ids.title}` },
    });
    expect((await history(alice)).viewed_title_list[0]).toMatchObject({ page: 4, is_finished: 1 });
    // Guests get the same answers, with nothing recorded.
    expect((await get(t, `/episode/viewer/finish?episode_id=${ids.free[0]}`)).json()).toMatchObject({
      view_finish_episode_count: 0,
    });
    expect((await get(t, `/episode/viewer/lastpage?episode_id=${ids.free[1]}`)).statusCode).toBe(200);
  });

  it('refuses hostile or wrong progress: guests, pages out of range, locked, unknown or scheduled episodes', async () => {
    expect(codeOf(await progress('', ids.free[0]!, 1))).toBe(2011);
    expect(codeOf(await progress('test_uwt=forged-token', ids.free[0]!, 1))).toBe(1101);
    for (const page of [0, 5, '-1', 'x', '1.5', '99999999999999999999']) {
      const res = await progress(alice, ids.free[0]!, page);
      expect([res.statusCode, codeOf(res)]).toEqual([400, 1001]);
    }
    expect(codeOf(await progress(alice, ids.paid, 1))).toBe(3105);
    expect(codeOf(await progress(alice, ids.scheduled, 1))).toBe(3104);
    expect(codeOf(await progress(alice, 424242, 1))).toBe(3104);
    expect(codeOf(await post(t, '/episode/viewer/progress', { page: '1' }, { cookie: alice }))).toBe(1001);
    for (const url of [
      `/episode/viewer/lastpage?episode_id=${ids.paid}`,
      `/episode/viewer/finish?episode_id=${ids.paid}`,
    ]) {
      expect(codeOf(await get(t, url, { cookie: alice }))).toBe(3105);
    }
    for (const query of ['viewing_direction=4', 'viewer_scroll=2', 'viewing_direction=x']) {
      expect(codeOf(await get(t, `/episode/viewer/lastpage?episode_id=${ids.free[0]}&${query}`))).toBe(1001);
    }
    expect((await history(alice)).viewed_title_list[0]).toMatchObject({ page: 4 });
  });

  it('keeps at most 20 titles, newest first, paged by limit and offset', async () => {
    for (const [index, episodeId] of ids.manyEpisodes.entries()) {
      t.clock.advance(MINUTE);
      await get(t, `/web/episode/viewer?episode_id=${episodeId}`, { cookie: bob });
      if (index === 0) expect((await history(bob)).viewed_title_list).toHaveLength(1);
    }
    const all = await history(bob, '?limit=99999');
    expect(all.viewed_title_list.map((entry) => entry.title_id)).toEqual([...ids.many].reverse().slice(0, 20));
    const page = await history(bob, '?limit=5&offset=18');
    expect(page.viewed_title_list.map((entry) => entry.title_id)).toEqual(
      all.viewed_title_list.slice(18).map((e) => e.title_id),
    );
    expect((await history(bob, '?offset=20')).viewed_title_list).toEqual([]);
    expect(codeOf(await get(t, '/title/viewed/list?limit=-1', { cookie: bob }))).toBe(1001);
  });

  it("deletes one title and then all of them, only from the caller's own history", async () => {
    // Bob "deletes" Alice's title: nothing of Alice's changes.
    const byBob = await post(t, '/title/viewed/delete', { title_id: String(ids.title) }, { cookie: bob });
    expect(SuccessEnvelopeSchema.parse(byBob.json()).response_code).toBe(0);
    expect((await history(alice)).viewed_title_list.map((entry) => entry.title_id)).toEqual([ids.title]);

    const newest = ids.many.at(-1)!;
    expect((await post(t, '/title/viewed/delete', { title_id: String(newest) }, { cookie: bob })).statusCode).toBe(200);
    const after = await history(bob);
    expect(after.viewed_title_list.map((entry) => entry.title_id)).not.toContain(newest);
    expect(after.viewed_title_list).toHaveLength(20); // the 21st most recent moves up
    // Unknown and repeated ids succeed and change nothing; bad ids are refused.
    for (const id of [String(newest), '999999']) {
      expect((await post(t, '/title/viewed/delete', { title_id: id }, { cookie: bob })).statusCode).toBe(200);
    }
    expect(codeOf(await post(t, '/title/viewed/delete', { title_id: 'x' }, { cookie: bob }))).toBe(1001);
    expect(codeOf(await post(t, '/title/viewed/delete', {}, { cookie: bob }))).toBe(1001);

    expect((await post(t, '/title/viewed/delete/all', {}, { cookie: bob })).statusCode).toBe(200);
    expect((await history(bob)).viewed_title_list).toEqual([]);
    expect((await history(alice)).viewed_title_list).toHaveLength(1);

    // Alice forgets her title: its page is gone with it, the chapter stays opened (comments need it).
    await post(t, '/title/viewed/delete/all', {}, { cookie: alice });
    expect((await history(alice)).viewed_title_list).toEqual([]);
    const view = await t.database.db
      .selectFrom('episode_view')
      .select(['last_page', 'finished_at'])
      .where('episode_id', '=', ids.free[0]!)
      .executeTakeFirstOrThrow();
    expect(view.last_page).toBe(0);
  });

  it('asks guests to log in for every history call', async () => {
    expect(codeOf(await get(t, '/title/viewed/list'))).toBe(2011);
    expect(codeOf(await get(t, `/title/viewed/progress?title_id=${ids.title}`))).toBe(2011);
    expect(codeOf(await post(t, '/title/viewed/delete', { title_id: String(ids.title) }))).toBe(2011);
    expect(codeOf(await post(t, '/title/viewed/delete/all', {}))).toBe(2011);
  });
});

describe('progress on chapters the wallet opens, and the age rule', () => {
  it('records a bought or rented chapter, and refuses it once the rental ended', async () => {
    const shop = await insertShopTitle(t.database.db, { count: 3, price: 40, pages: true, episode: { page_count: 1 } });
    const [, bought, rented] = shop.episodes as [unknown, { id: number }, { id: number }];
    const reader = await createReader(t, { paid: 100 });
    expect(codeOf(await progress(reader.cookie, bought.id, 1))).toBe(ResponseCode.EpisodeUnpurchased);
    const paid = await post(t, '/episode/paid', { episode_id: String(bought.id), check_point: '40' }, reader);
    expect(codeOf(paid)).toBe(0);
    expect(ViewerProgressResponseSchema.parse((await progress(reader.cookie, bought.id, 1)).json()).page).toBe(1);
    const rental = await post(
      t,
      '/episode/rental/ticket',
      {
        episode_id: String(rented.id),
        ticket_type: String(TicketType.Title),
        ticket_version: String(DEFAULT_TICKET_VERSION),
      },
      reader,
    );
    expect(codeOf(rental)).toBe(0);
    expect(codeOf(await progress(reader.cookie, rented.id, 1))).toBe(0);
    // Progress puts a title not yet there in the history (a guest's chapter arrives so); then only
    // opening a chapter moves the entry on.
    expect((await history(reader.cookie)).viewed_title_list).toEqual([
      expect.objectContaining({ episode_id: bought.id, page: 1 }),
    ]);
    await get(t, `/web/episode/viewer?episode_id=${rented.id}`, reader);
    expect((await history(reader.cookie)).viewed_title_list[0]).toMatchObject({ episode_id: rented.id, page: 1 });
    t.clock.advance(3 * DAY_MS + 1);
    try {
      expect(codeOf(await progress(reader.cookie, rented.id, 1))).toBe(ResponseCode.EpisodeUnpurchased);
      expect(codeOf(await get(t, `/episode/viewer/finish?episode_id=${rented.id}`, reader))).toBe(
        ResponseCode.EpisodeUnpurchased,
      );
      expect(codeOf(await progress(reader.cookie, bought.id, 1))).toBe(0);
    } finally {
      t.clock.set(TEST_NOW);
    }
    expect(await ledgerAnomalies(t.database.db)).toEqual([]);
  });

  it("goes by the account's birthday on a rated title, and never records a crawler's page", async () => {
    const rated = await insertShopTitle(t.database.db, {
      count: 1,
      pages: true,
      title: { age_rating: 18 },
      episode: { page_count: 1 },
    });
    const episodeId = rated.episodes[0]!.id;
    const adultCookie = `test_birthday=${encodeURIComponent(JSON.stringify({ value: '1990-01', expires: Math.floor(TEST_NOW / 1000) + DAY / 1000 }))}`;
    const minor = await createAccount(t, { birthday: '2011-04' });
    const minorSession = await login(t, minor.email ?? '', minor.password);
    for (const call of [
      () => progress(`${minorSession}; ${adultCookie}`, episodeId, 1),
      () =>
        get(t, `/web/episode/viewer?episode_id=${episodeId}&prefetch=1`, { cookie: `${minorSession}; ${adultCookie}` }),
      () => get(t, `/episode/viewer/finish?episode_id=${episodeId}`, { cookie: `${minorSession}; ${adultCookie}` }),
    ]) {
      expect(codeOf(await call())).toBe(ResponseCode.AccountAccessDenied);
    }
    const adult = await createAccount(t, { birthday: '1985-07' });
    const adultSession = await login(t, adult.email ?? '', adult.password);
    expect(codeOf(await progress(adultSession, episodeId, 1))).toBe(0);
    // A crawler header closes the rated chapter even to the adult, and records nothing anywhere.
    const crawler = { 'x-manga-is-crawler': 'true' };
    expect(codeOf(await progress(adultSession, episodeId, 1, crawler))).toBe(ResponseCode.AccountAccessDenied);
    expect(codeOf(await progress(alice, ids.free[1]!, 2, crawler))).toBe(0);
    const rows = await t.database.db
      .selectFrom('episode_view')
      .select('last_page')
      .where('episode_id', '=', ids.free[1]!)
      .execute();
    expect(rows.every((row) => row.last_page !== 2)).toBe(true);
  });
});
