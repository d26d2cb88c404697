// Buying with points over HTTP (ADR 014): /episode/paid, /episode/paid/bulk, /magazine/paid,
// /episode/status, /account/point, the histories, /web/title/purchased and what a purchase opens (the
// viewer, /episode/list badges). Every refusal is checked to have spent nothing.
import {
  AccountPointFlowResponseSchema,
  AccountPointResponseSchema,
  AccountReservationFlowResponseSchema,
  EpisodeListResponseSchema,
  EpisodePaidBulkResponseSchema,
  EpisodePaidResponseSchema,
  EpisodeStatusResponseSchema,
  MagazinePaidResponseSchema,
  PurchasedTitleResponseSchema,
  ResponseCode,
  signAppRequest,
  WebPointHistoryResponseSchema,
} from '@manga/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, createAccount, get, post } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import {
  balanceOf,
  createReader,
  DAY_MS,
  endWalletTest,
  grant,
  insertShopTitle,
  type Reader,
  type ShopTitle,
} from '#test/commerce.ts';
import { insertEpisode, TEST_NOW } from '#test/factories.ts';

let t: TestApp;
let shop: ShopTitle;
let other: ShopTitle;

beforeAll(async () => {
  t = await createTestApp();
  shop = await insertShopTitle(t.database.db, { count: 6, price: 40, pages: true });
  other = await insertShopTitle(t.database.db, { count: 4, price: 600 });
});
afterEach(() => endWalletTest(t));
afterAll(() => t.close());

const buy = (reader: Reader | null, episodeId: number, checkPoint: string | number) =>
  post(
    t,
    '/episode/paid',
    { episode_id: String(episodeId), check_point: String(checkPoint) },
    reader ? { cookie: reader.cookie } : {},
  );

async function totalOf(reader: Reader): Promise<number> {
  const { paid, free } = await balanceOf(t.database.db, reader.userId);
  return paid + free;
}

async function purchaseCount(reader: Reader): Promise<number> {
  const rows = await t.database.db.selectFrom('purchase').select('id').where('user_id', '=', reader.userId).execute();
  return rows.length;
}

describe('POST /episode/paid', () => {
  it('buys an episode: spends free points first, answers the balance left and the price', async () => {
    const reader = await createReader(t, { paid: 100, free: 30 });
    const res = await buy(reader, shop.episodes[1]!.id, 40);
    expect(res.statusCode).toBe(200);
    expect(EpisodePaidResponseSchema.parse(res.json())).toMatchObject({ account_point: 90, paid_point: 40 });
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 90, free: 0 });
    const purchase = await t.database.db
      .selectFrom('purchase')
      .selectAll()
      .where('user_id', '=', reader.userId)
      .executeTakeFirstOrThrow();
    expect(purchase).toMatchObject({ episode_id: shop.episodes[1]!.id, price: 40, free_point: 30, paid_point: 10 });
  });

  it('opens the viewer and sets badge 3 on /episode/list for the buyer only', async () => {
    const reader = await createReader(t, { paid: 100 });
    const episode = shop.episodes[2]!;
    const before = await get(t, `/web/episode/viewer?episode_id=${episode.id}`, { cookie: reader.cookie });
    expect(codeOf(before)).toBe(ResponseCode.EpisodeUnpurchased);
    expect((await buy(reader, episode.id, 40)).statusCode).toBe(200);
    const after = await get(t, `/web/episode/viewer?episode_id=${episode.id}`, { cookie: reader.cookie });
    expect(after.statusCode).toBe(200);
    const list = (cookie?: string) =>
      post(t, '/episode/list', { episode_id_list: `${shop.episodes[0]!.id},${episode.id}` }, cookie ? { cookie } : {});
    const mine = EpisodeListResponseSchema.parse((await list(reader.cookie)).json()).episode_list;
    expect(mine.map((e) => [e.badge, e.view_bulk_buy])).toEqual([
      [2, 0],
      [3, 0],
    ]);
    const stranger = await createReader(t);
    const theirs = EpisodeListResponseSchema.parse((await list(stranger.cookie)).json()).episode_list;
    expect(theirs.map((e) => e.badge)).toEqual([2, 1]);
    const anonymous = EpisodeListResponseSchema.parse((await list()).json()).episode_list;
    expect(anonymous.map((e) => e.badge)).toEqual([2, 1]);
    expect(codeOf(await get(t, `/web/episode/viewer?episode_id=${episode.id}`, { cookie: stranger.cookie }))).toBe(
      ResponseCode.EpisodeUnpurchased,
    );
  });

  it('answers 3102 to a replay and spends once', async () => {
    const reader = await createReader(t, { paid: 100 });
    const episode = shop.episodes[3]!;
    expect((await buy(reader, episode.id, 40)).statusCode).toBe(200);
    const replay = await buy(reader, episode.id, 40);
    expect([replay.statusCode, codeOf(replay)]).toEqual([400, ResponseCode.EpisodeAlreadyPurchased]);
    expect(await totalOf(reader)).toBe(60);
    expect(await purchaseCount(reader)).toBe(1);
  });

  it('spends once when the same purchase is submitted ten times at once', async () => {
    const reader = await createReader(t, { paid: 1000 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => buy(reader, shop.episodes[4]!.id, 40)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => codeOf(a) === ResponseCode.EpisodeAlreadyPurchased)).toHaveLength(9);
    expect(await totalOf(reader)).toBe(960);
  });

  it.each([
    ['a different price', 39, ResponseCode.PriceMismatch],
    ['a zero price', 0, ResponseCode.PriceMismatch],
  ])('refuses %s with a clear code and spends nothing', async (_name, checkPoint, code) => {
    const reader = await createReader(t, { paid: 100 });
    const res = await buy(reader, shop.episodes[1]!.id, checkPoint);
    expect([res.statusCode, codeOf(res)]).toEqual([400, code]);
    expect(await totalOf(reader)).toBe(100);
    expect(await purchaseCount(reader)).toBe(0);
  });

  it.each([
    ['negative', '-40'],
    ['fractional', '40.0'],
    ['huge', '99999999999999999999'],
    ['not a number', 'forty'],
    ['empty', ''],
  ])('answers 1001 to a %s check_point and spends nothing', async (_name, checkPoint) => {
    const reader = await createReader(t, { paid: 100 });
    const res = await buy(reader, shop.episodes[1]!.id, checkPoint);
    expect([res.statusCode, codeOf(res)]).toEqual([400, ResponseCode.InvalidParameter]);
    expect(await totalOf(reader)).toBe(100);
  });

  it('answers 3110 without enough points and spends nothing', async () => {
    const reader = await createReader(t, { paid: 25, free: 14 });
    const res = await buy(reader, shop.episodes[1]!.id, 40);
    expect([res.statusCode, codeOf(res)]).toEqual([400, ResponseCode.PointShortage]);
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 25, free: 14 });
    expect(await purchaseCount(reader)).toBe(0);
  });

  it('answers 3101 for a free, a scheduled or a zero-priced episode', async () => {
    const reader = await createReader(t, { paid: 500 });
    const scheduled = await insertEpisode(t.database.db, {
      title_id: shop.title.id,
      sort_index: 50,
      point: 40,
      start_at: TEST_NOW + DAY_MS,
    });
    for (const id of [shop.episodes[0]!.id, scheduled.id]) {
      const res = await buy(reader, id, 40);
      expect([res.statusCode, codeOf(res)]).toEqual([400, ResponseCode.EpisodeCannotBuy]);
    }
    expect(codeOf(await buy(reader, shop.episodes[0]!.id, 0))).toBe(ResponseCode.EpisodeCannotBuy);
    expect(await totalOf(reader)).toBe(500);
  });

  it('answers 3100 for an unknown episode and 2011 to a logged-out caller', async () => {
    const reader = await createReader(t, { paid: 100 });
    expect(codeOf(await buy(reader, 987_654, 40))).toBe(ResponseCode.EpisodeNotFound);
    const anonymous = await buy(null, shop.episodes[1]!.id, 40);
    expect([anonymous.statusCode, codeOf(anonymous)]).toEqual([400, ResponseCode.UserNotLogin]);
    expect(await totalOf(reader)).toBe(100);
  });

  it('never spends points past their expiry: they leave through an expired entry first', async () => {
    const reader = await createReader(t, { paid: 10, free: 50, freeExpiresAt: TEST_NOW + DAY_MS });
    t.clock.set(TEST_NOW + DAY_MS);
    const res = await buy(reader, shop.episodes[1]!.id, 40);
    expect(codeOf(res)).toBe(ResponseCode.PointShortage);
    // The refusal rolled back, expiry included; the job or the next wallet write records it.
    await t.app.container.services.wallet.handleExpirePoints();
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 10, free: 0 });
  });
});

describe('POST /episode/paid/bulk', () => {
  const bulk = (reader: Reader, ids: number[], paidPoint: number, pointBack: number) =>
    post(
      t,
      '/episode/paid/bulk',
      { episode_id_list: ids.join(','), paid_point: String(paidPoint), point_back: String(pointBack) },
      { cookie: reader.cookie },
    );

  it('buys all at once and credits 10 % back as free points from 1,000 points on', async () => {
    const reader = await createReader(t, { paid: 2000 });
    const ids = other.episodes.slice(1).map((e) => e.id);
    const res = await bulk(reader, ids, 1800, 180);
    expect(res.statusCode).toBe(200);
    expect(EpisodePaidBulkResponseSchema.parse(res.json())).toMatchObject({
      account_point: 380,
      paid_point: 1800,
      earned_point_back: 180,
    });
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 200, free: 180 });
    expect(await purchaseCount(reader)).toBe(3);
    const backLot = await t.database.db
      .selectFrom('point_ledger')
      .selectAll()
      .where('user_id', '=', reader.userId)
      .where('reason', '=', 'point_back')
      .executeTakeFirstOrThrow();
    expect(backLot).toMatchObject({ kind: 'free', delta: 180, remaining: 180, expires_at: TEST_NOW + 90 * DAY_MS });
  });

  it('is all or nothing: one owned episode, a wrong total, a short wallet refuse the whole bulk', async () => {
    const reader = await createReader(t, { paid: 200 });
    const [a, b, c] = [shop.episodes[1]!, shop.episodes[2]!, shop.episodes[3]!];
    expect((await buy(reader, a.id, 40)).statusCode).toBe(200);
    expect(codeOf(await bulk(reader, [a.id, b.id], 80, 0))).toBe(ResponseCode.EpisodeAlreadyPurchased);
    expect(codeOf(await bulk(reader, [b.id, c.id], 79, 0))).toBe(ResponseCode.PriceMismatch);
    expect(codeOf(await bulk(reader, [b.id, c.id], 80, 8))).toBe(ResponseCode.PriceMismatch);
    expect(codeOf(await bulk(reader, [b.id, shop.episodes[0]!.id], 40, 0))).toBe(ResponseCode.EpisodeCannotBuy);
    expect(codeOf(await bulk(reader, [b.id, 987_654], 40, 0))).toBe(ResponseCode.EpisodeNotFound);
    const poor = await createReader(t, { paid: 79 });
    expect(codeOf(await bulk(poor, [b.id, c.id], 80, 0))).toBe(ResponseCode.PointShortage);
    expect(await totalOf(reader)).toBe(160);
    expect(await totalOf(poor)).toBe(79);
    expect(await purchaseCount(reader)).toBe(1);
    expect(await purchaseCount(poor)).toBe(0);
  });

  it('answers 1001 to an empty list or a repeated episode', async () => {
    const reader = await createReader(t, { paid: 200 });
    const id = shop.episodes[1]!.id;
    expect(codeOf(await bulk(reader, [], 0, 0))).toBe(ResponseCode.InvalidParameter);
    expect(codeOf(await bulk(reader, [id, id], 80, 0))).toBe(ResponseCode.InvalidParameter);
    expect(await totalOf(reader)).toBe(200);
  });
});

describe('POST /magazine/paid', () => {
  it('buys an issue, which opens its episodes (released now, the rest as reservations)', async () => {
    const { db } = t.database;
    await db
      .insertInto('magazine_category')
      .values({ id: 7, name_en: 'Weekly', name_ja: '週刊', is_purchase: 1 })
      .execute();
    const magazine = await db
      .insertInto('magazine')
      .values({
        magazine_category_id: 7,
        name_en: 'Weekly 12',
        name_ja: '週刊12号',
        point: 150,
        start_at: TEST_NOW - DAY_MS,
        created_at: TEST_NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const issue = await insertShopTitle(db, { count: 3, price: 60, episode: { magazine_id: magazine.id } });
    const later = await insertEpisode(db, {
      title_id: issue.title.id,
      sort_index: 9,
      point: 60,
      magazine_id: magazine.id,
      start_at: TEST_NOW + 2 * DAY_MS,
    });
    const reader = await createReader(t, { paid: 400 });
    const pay = (paidPoint: number) =>
      post(
        t,
        '/magazine/paid',
        { magazine_id: String(magazine.id), paid_point: String(paidPoint) },
        { cookie: reader.cookie },
      );
    expect(codeOf(await pay(149))).toBe(ResponseCode.PriceMismatch);
    const res = await pay(150);
    expect(MagazinePaidResponseSchema.parse(res.json())).toMatchObject({ account_point: 250, paid_point: 150 });
    expect(codeOf(await pay(150))).toBe(ResponseCode.EpisodeAlreadyPurchased);
    const list = EpisodeListResponseSchema.parse(
      (
        await post(
          t,
          '/episode/list',
          { episode_id_list: issue.episodes.map((e) => e.id).join(',') },
          { cookie: reader.cookie },
        )
      ).json(),
    ).episode_list;
    expect(list.map((e) => e.badge)).toEqual([3, 3, 3]);
    const reservations = AccountReservationFlowResponseSchema.parse(
      (await get(t, '/account/reservation/flow', { cookie: reader.cookie })).json(),
    );
    expect(reservations.reservation_flow_list).toEqual([
      expect.objectContaining({ episode_id: later.id, magazine_id: magazine.id, magazine_name: '週刊12号' }),
    ]);
    expect(await totalOf(reader)).toBe(250);
    const unknown = await post(
      t,
      '/magazine/paid',
      { magazine_id: '999999', paid_point: '150' },
      { cookie: reader.cookie },
    );
    expect(codeOf(unknown)).toBe(ResponseCode.EpisodeCannotBuy);
  });
});

describe('GET /episode/status', () => {
  it('tells the badge, the price, whether it changed and what the reader can do', async () => {
    const reader = await createReader(t, { paid: 30, free: 20 });
    const episode = shop.episodes[5]!;
    const status = async (checkPoint: number) =>
      EpisodeStatusResponseSchema.parse(
        (
          await get(t, `/episode/status?episode_id=${episode.id}&check_point=${checkPoint}`, { cookie: reader.cookie })
        ).json(),
      );
    expect(await status(35)).toMatchObject({
      badge: 1,
      point: 40,
      is_point_changed: 1,
      is_purchasable: 1,
      is_title_ticket_rentable: 1,
      is_premium_ticket_rentable: 0,
      account_point: 50,
      paid_point: 30,
      free_point: 20,
      rental_finish_time: null,
    });
    expect((await buy(reader, episode.id, 40)).statusCode).toBe(200);
    expect(await status(40)).toMatchObject({
      badge: 3,
      is_point_changed: 0,
      is_purchasable: 0,
      is_title_ticket_rentable: 0,
    });
    expect(codeOf(await get(t, `/episode/status?episode_id=${episode.id}`))).toBe(ResponseCode.UserNotLogin);
  });
});

describe('GET /account/point and the histories', () => {
  it('answers balances and every movement with its reason and expiry', async () => {
    const reader = await createReader(t, { paid: 100, free: 50, freeExpiresAt: TEST_NOW + 3 * DAY_MS });
    t.clock.set(TEST_NOW + 1000);
    expect((await buy(reader, shop.episodes[1]!.id, 40)).statusCode).toBe(200);
    t.clock.set(TEST_NOW + 2000);
    expect((await buy(reader, shop.episodes[2]!.id, 40)).statusCode).toBe(200);
    const point = AccountPointResponseSchema.parse((await get(t, '/account/point', { cookie: reader.cookie })).json());
    expect(point.point).toMatchObject({ paid_point: 70, free_point: 0 });
    expect(point.ticket).toEqual({ total_num: 0, detail_list: [] });
    const flow = AccountPointFlowResponseSchema.parse(
      (await get(t, '/account/point/flow?limit=10', { cookie: reader.cookie })).json(),
    ).point_flow_list;
    expect(flow.map((m) => [m.reason, m.point_kind, m.point])).toEqual([
      ['episode_paid', 'paid', -30],
      ['episode_paid', 'free', -10],
      ['episode_paid', 'free', -40],
      ['operator_grant', 'free', 50],
      ['operator_grant', 'paid', 100],
    ]);
    expect(flow[0]).toMatchObject({
      title_id: shop.title.id,
      episode_id: shop.episodes[2]!.id,
      purchase_time: '2026-01-01 09:00:02',
    });
    expect(flow[3]).toMatchObject({ expire_time: '2026-01-04 09:00:00', remaining_point: 0 });
    expect(flow[4]).toMatchObject({ expire_time: null, remaining_point: 70 });
    const page1 = WebPointHistoryResponseSchema.parse(
      (await get(t, '/web/point/history/list?limit=2', { cookie: reader.cookie })).json(),
    );
    // The first page takes the whole second of its last movement.
    expect(page1.point_history_list.map((m) => m.point)).toEqual([-30, -10]);
    expect(page1.next_offset_purchase_time).toBe('2026-01-01 09:00:02');
    const page2 = WebPointHistoryResponseSchema.parse(
      (
        await get(
          t,
          `/web/point/history/list?limit=2&offset_purchase_time=${encodeURIComponent(page1.next_offset_purchase_time ?? '')}`,
          {
            cookie: reader.cookie,
          },
        )
      ).json(),
    );
    expect(page2.point_history_list.map((m) => m.point)).toEqual([-40, 50, 100]);
    expect(page2.next_offset_purchase_time).toBe('2026-01-01 09:00:00');
    expect(codeOf(await get(t, '/account/point'))).toBe(ResponseCode.UserNotLogin);
    expect(codeOf(await get(t, '/account/point/flow'))).toBe(ResponseCode.UserNotLogin);
    expect(codeOf(await get(t, '/web/point/history/list'))).toBe(ResponseCode.UserNotLogin);
  });

  it('never shows another reader’s movements', async () => {
    const reader = await createReader(t, { paid: 77 });
    const stranger = await createReader(t);
    const flow = AccountPointFlowResponseSchema.parse(
      (await get(t, '/account/point/flow', { cookie: stranger.cookie })).json(),
    ).point_flow_list;
    expect(flow).toEqual([]);
    expect(await totalOf(reader)).toBe(77);
  });
});

describe('GET /web/title/purchased', () => {
  it('pages titles by latest purchase with the episode bought last', async () => {
    const reader = await createReader(t, { paid: 5000 });
    t.clock.set(TEST_NOW + 1000);
    expect((await buy(reader, shop.episodes[1]!.id, 40)).statusCode).toBe(200);
    t.clock.set(TEST_NOW + 2000);
    expect((await buy(reader, other.episodes[1]!.id, 600)).statusCode).toBe(200);
    t.clock.set(TEST_NOW + 3000);
    expect((await buy(reader, shop.episodes[2]!.id, 40)).statusCode).toBe(200);
    const page = async (query: string) =>
      PurchasedTitleResponseSchema.parse(
        (await get(t, `/web/title/purchased?${query}`, { cookie: reader.cookie })).json(),
      );
    const first = await page('limit=1&offset=0');
    expect(first).toMatchObject({
      title_count: 2,
      title_list: [
        {
          title_id: shop.title.id,
          first_episode_id: shop.episodes[0]!.id,
          recently_purchased_episode_id: shop.episodes[2]!.id,
        },
      ],
    });
    const second = await page('limit=1&offset=1');
    expect(second.title_list.map((title) => title.title_id)).toEqual([other.title.id]);
    expect((await page('limit=99999&offset=5')).title_list).toEqual([]);
    expect(codeOf(await get(t, '/web/title/purchased'))).toBe(ResponseCode.UserNotLogin);
  });

  it('pages past the first few hundred purchases (titles by their latest purchase)', async () => {
    const { db } = t.database;
    const reader = await createReader(t);
    // 320 titles with two purchases each (magazine-style, price 0), the later one on even titles second.
    const titles: ShopTitle[] = [];
    for (let i = 0; i < 320; i++) titles.push(await insertShopTitle(db, { count: 2, price: 0 }));
    await db
      .insertInto('purchase')
      .values(
        titles.flatMap(({ title, episodes }, i) =>
          episodes.map((episode, j) => ({
            user_id: reader.userId,
            episode_id: episode.id,
            title_id: title.id,
            price: 0,
            created_at: TEST_NOW - (320 - i) * 60_000 + (i % 2 === 0 ? j : -j) * 1000,
          })),
        ),
      )
      .execute();
    const deep = PurchasedTitleResponseSchema.parse(
      (await get(t, '/web/title/purchased?limit=3&offset=300', { cookie: reader.cookie })).json(),
    );
    expect(deep.title_count).toBe(320);
    const expected = [19, 18, 17].map((i) => {
      const { title, episodes } = titles[i]!;
      return [title.id, (i % 2 === 0 ? episodes[1] : episodes[0])!.id];
    });
    expect(deep.title_list.map((entry) => [entry.title_id, entry.recently_purchased_episode_id])).toEqual(expected);
  });

  it('keeps walking when the latest purchases are all of one title', async () => {
    const { db } = t.database;
    const reader = await createReader(t);
    const older = await insertShopTitle(db, { count: 2, price: 0 });
    const binge = await insertShopTitle(db, { count: 80, price: 0 });
    const rows = [older, binge].flatMap(({ title, episodes }, i) =>
      episodes.map((episode, j) => ({
        user_id: reader.userId,
        episode_id: episode.id,
        title_id: title.id,
        price: 0,
        created_at: TEST_NOW - (i === 0 ? 10 * DAY_MS : 0) + j * 1000,
      })),
    );
    await db.insertInto('purchase').values(rows).execute();
    const second = PurchasedTitleResponseSchema.parse(
      (await get(t, '/web/title/purchased?limit=1&offset=1', { cookie: reader.cookie })).json(),
    );
    expect(second.title_list.map((entry) => [entry.title_id, entry.recently_purchased_episode_id])).toEqual([
      [older.title.id, older.episodes[1]!.id],
    ]);
    expect(second.title_count).toBe(2);
  });
});

describe('operator grants through the wallet', () => {
  it('records a grant as a ledger credit with its expiry', async () => {
    const reader = await createReader(t);
    await grant(t, reader.userId, 'free', 25, TEST_NOW + 5 * DAY_MS);
    const row = await t.database.db
      .selectFrom('point_ledger')
      .selectAll()
      .where('user_id', '=', reader.userId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      kind: 'free',
      delta: 25,
      remaining: 25,
      reason: 'operator_grant',
      reference_id: 'test',
    });
  });
});

describe('personal answers', () => {
  // The auth plugin's one hook (ADR 015) keeps every wallet answer out of shared caches: it depends on
  // who asks, by session cookie or app signature.
  it('sends every wallet answer for a reader Cache-Control: private, no-store', async () => {
    const reader = await createReader(t, { paid: 100 });
    const episode = shop.episodes[1]!;
    const session = { cookie: reader.cookie };
    const answers = [
      await buy(reader, episode.id, 40),
      await get(t, '/account/point', session),
      await get(t, '/account/point/flow', session),
      await get(t, '/web/point/history/list', session),
      await get(t, '/web/title/purchased', session),
      await get(t, `/episode/status?episode_id=${episode.id}`, session),
      await get(t, '/account/reservation/flow', session),
      await get(t, '/account/ticket/flow', session),
      await get(t, `/title/ticket/list?title_id_list=${shop.title.id}`, session),
      await get(t, '/loginbonus', session),
      await post(t, '/episode/list', { episode_id_list: String(episode.id) }, session),
    ];
    for (const res of answers) {
      expect(codeOf(res), res.body).toBe(ResponseCode.Success);
      expect(res.headers['cache-control']).toBe('private, no-store');
    }

    const app = await createAccount(t);
    const params = { platform: '2', version: '6.3.5', user_id: String(app.id) };
    const signed = await get(t, `/account/point?${new URLSearchParams(params)}`, {
      headers: { 'x-mgpk-hash': signAppRequest(params, app.hash_key), 'x-kmanga-platform': '2' },
    });
    expect(codeOf(signed), signed.body).toBe(ResponseCode.Success);
    expect(signed.headers['cache-control']).toBe('private, no-store');
  });
});
