// What a purchase or a rental opens, as EntitlementService answers everywhere (ADR 011, ADR 014):
// /web/episode's is_page_visible, both viewers, badges 3 and 4 on /episode/list with the rental's
// end, a rental that ends with the moved clock; the title's age rating before anything is bought
// or rented (2016, nothing spent) and over what a reader already holds; free windows that are not
// for sale; personal answers never cached for someone else.
import {
  AppViewerResponseSchema,
  EpisodeListResponseSchema,
  ResponseCode,
  WebEpisodeResponseSchema,
} from '@manga/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { birthdayCookie, codeOf, get, post } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import {
  balanceOf,
  createReader,
  DAY_MS,
  endWalletTest,
  HOUR_MS,
  insertShopTitle,
  type Reader,
  type ShopTitle,
} from '#test/commerce.ts';
import { TEST_NOW } from '#test/factories.ts';

let t: TestApp;
let shop: ShopTitle;
let rated: ShopTitle;

beforeAll(async () => {
  t = await createTestApp();
  shop = await insertShopTitle(t.database.db, { count: 4, price: 40, pages: true });
  rated = await insertShopTitle(t.database.db, { count: 3, price: 40, pages: true, title: { age_rating: 18 } });
});
afterEach(() => endWalletTest(t));
afterAll(() => t.close());

const ADULT = birthdayCookie('1990-01');
const MINOR = birthdayCookie('2012-01');
const as = (reader: Reader | null, birthday?: string) => ({
  cookie: [reader?.cookie, birthday].filter(Boolean).join('; '),
});

const buy = (cookie: { cookie: string }, episodeId: number, price = 40) =>
  post(t, '/episode/paid', { episode_id: String(episodeId), check_point: String(price) }, cookie);
const rent = (cookie: { cookie: string }, episodeId: number) =>
  post(t, '/episode/rental/ticket', { episode_id: String(episodeId), ticket_type: '1', ticket_version: '1' }, cookie);

async function webEpisode(cookie: { cookie: string }, episodeId: number) {
  const res = await get(t, `/web/episode?episode_id=${episodeId}`, cookie);
  // The auth plugin's hook (ADR 015): personal whenever the caller sends cookies.
  expect(res.headers['cache-control']).toBe(cookie.cookie ? 'private, no-store' : undefined);
  return WebEpisodeResponseSchema.parse(res.json()).episode;
}

async function listed(cookie: { cookie: string }, ids: number[]) {
  const res = await post(t, '/episode/list', { episode_id_list: ids.join(',') }, cookie);
  expect(res.headers['cache-control']).toBe(cookie.cookie ? 'private, no-store' : undefined);
  return EpisodeListResponseSchema.parse(res.json()).episode_list;
}

describe('a bought episode', () => {
  it('shows its pages on /web/episode, opens both viewers and badges 3 for the buyer, and nothing for others', async () => {
    const buyer = await createReader(t, { paid: 100 });
    const stranger = await createReader(t);
    const episode = shop.episodes[1]!;
    expect((await webEpisode(as(buyer), episode.id)).is_page_visible).toBe(0);
    expect((await buy(as(buyer), episode.id)).statusCode).toBe(200);

    expect(await webEpisode(as(buyer), episode.id)).toMatchObject({ is_page_visible: 1, point: 40 });
    expect((await webEpisode(as(stranger), episode.id)).is_page_visible).toBe(0);
    expect((await webEpisode(as(null), episode.id)).is_page_visible).toBe(0);
    const app = await get(t, `/episode/viewer?episode_id=${episode.id}`, as(buyer));
    expect(app.headers['cache-control']).toBe('private, no-store');
    expect(AppViewerResponseSchema.parse(app.json()).episode_id).toBe(episode.id);
    expect(codeOf(await get(t, `/episode/viewer?episode_id=${episode.id}`, as(stranger)))).toBe(
      ResponseCode.EpisodeUnpurchased,
    );
    const [shown] = await listed(as(buyer), [episode.id]);
    expect(shown).toMatchObject({ badge: 3, point: 40, rental_finish_time: null, view_bulk_buy: 0 });
  });
});

describe('a rented episode', () => {
  it('opens until the rental ends (badge 4 with its end), then is locked again everywhere', async () => {
    const renter = await createReader(t);
    const episode = shop.episodes[2]!;
    expect((await rent(as(renter), episode.id)).statusCode).toBe(200);
    const finish = '2026-01-04 09:00:00';
    expect((await listed(as(renter), [episode.id]))[0]).toMatchObject({ badge: 4, rental_finish_time: finish });
    expect((await webEpisode(as(renter), episode.id)).is_page_visible).toBe(1);
    expect((await get(t, `/episode/viewer?episode_id=${episode.id}`, as(renter))).statusCode).toBe(200);
    expect((await get(t, `/web/episode/viewer?episode_id=${episode.id}`, as(renter))).statusCode).toBe(200);

    t.clock.set(TEST_NOW + 72 * HOUR_MS - 1);
    expect((await get(t, `/web/episode/viewer?episode_id=${episode.id}`, as(renter))).statusCode).toBe(200);
    t.clock.set(TEST_NOW + 72 * HOUR_MS);
    expect(codeOf(await get(t, `/episode/viewer?episode_id=${episode.id}`, as(renter)))).toBe(
      ResponseCode.EpisodeUnpurchased,
    );
    expect(codeOf(await get(t, `/web/episode/viewer?episode_id=${episode.id}`, as(renter)))).toBe(
      ResponseCode.EpisodeUnpurchased,
    );
    expect((await webEpisode(as(renter), episode.id)).is_page_visible).toBe(0);
    expect((await listed(as(renter), [episode.id]))[0]).toMatchObject({ badge: 1, rental_finish_time: null });
  });
});

describe("the title's age rating", () => {
  it('refuses to sell or rent an episode of a rated title without a birthday old enough (2016), spending nothing', async () => {
    const reader = await createReader(t, { paid: 200 });
    const [, first, second] = rated.episodes;
    for (const birthday of [undefined, MINOR]) {
      expect(codeOf(await buy(as(reader, birthday), first!.id))).toBe(ResponseCode.AccountAccessDenied);
      expect(codeOf(await rent(as(reader, birthday), first!.id))).toBe(ResponseCode.AccountAccessDenied);
      const bulk = await post(
        t,
        '/episode/paid/bulk',
        { episode_id_list: `${shop.episodes[3]!.id},${second!.id}`, paid_point: '80', point_back: '0' },
        as(reader, birthday),
      );
      expect(codeOf(bulk)).toBe(ResponseCode.AccountAccessDenied);
    }
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 200, free: 0 });
    expect((await buy(as(reader, ADULT), first!.id)).statusCode).toBe(200);
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 160, free: 0 });
  });

  it('wins over what a reader holds: bought with an adult birthday, the episode stays closed to a minor', async () => {
    const reader = await createReader(t, { paid: 100 });
    const episode = rated.episodes[2]!;
    expect((await buy(as(reader, ADULT), episode.id)).statusCode).toBe(200);
    expect((await get(t, `/web/episode/viewer?episode_id=${episode.id}`, as(reader, ADULT))).statusCode).toBe(200);
    for (const birthday of [MINOR, undefined]) {
      const res = await get(t, `/web/episode/viewer?episode_id=${episode.id}`, as(reader, birthday));
      expect(codeOf(res)).toBe(ResponseCode.AccountAccessDenied);
    }
    // Badges show what the reader holds whatever the gate; the viewer enforces the gate.
    expect((await listed(as(reader, MINOR), [episode.id]))[0]?.badge).toBe(3);
    expect(codeOf(await buy(as(reader, MINOR), episode.id))).toBe(ResponseCode.EpisodeAlreadyPurchased);
  });

  it("reads a buyer's stored birthday over any cookie once the account has one (ADR 015)", async () => {
    const reader = await createReader(t, { paid: 100 });
    const episode = rated.episodes[1]!;
    const setBirthday = (birthday: string) =>
      t.database.db.updateTable('user').set({ birthday }).where('id', '=', reader.userId).execute();
    const viewerCode = async (birthday: string) =>
      codeOf(await get(t, `/web/episode/viewer?episode_id=${episode.id}`, as(reader, birthday)));
    await setBirthday('1990-01');
    expect((await buy(as(reader, MINOR), episode.id)).statusCode).toBe(200);
    expect(await viewerCode(MINOR)).toBe(ResponseCode.Success);
    await setBirthday('2012-01');
    expect(await viewerCode(ADULT)).toBe(ResponseCode.AccountAccessDenied);
    expect((await listed(as(reader, ADULT), [episode.id]))[0]?.badge).toBe(3);
  });

  it('refuses a magazine issue carrying an episode of a rated title to a minor', async () => {
    const { db } = t.database;
    await db
      .insertInto('magazine_category')
      .values({ id: 8, name_en: 'Monthly', name_ja: '月刊', is_purchase: 1 })
      .execute();
    const magazine = await db
      .insertInto('magazine')
      .values({
        magazine_category_id: 8,
        name_en: 'Monthly 3',
        name_ja: '月刊3号',
        point: 100,
        start_at: TEST_NOW - DAY_MS,
        created_at: TEST_NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const issue = await insertShopTitle(db, {
      count: 2,
      price: 60,
      title: { age_rating: 18 },
      episode: { magazine_id: magazine.id },
    });
    const reader = await createReader(t, { paid: 300 });
    const pay = (birthday: string) =>
      post(t, '/magazine/paid', { magazine_id: String(magazine.id), paid_point: '100' }, as(reader, birthday));
    expect(codeOf(await pay(MINOR))).toBe(ResponseCode.AccountAccessDenied);
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 300, free: 0 });
    expect((await pay(ADULT)).statusCode).toBe(200);
    expect((await listed(as(reader, ADULT), [issue.episodes[1]!.id]))[0]?.badge).toBe(3);
  });
});

describe('not for sale', () => {
  it('refuses an episode inside a free window (3101) and sells it once the window has closed', async () => {
    const campaign = await insertShopTitle(t.database.db, {
      count: 3,
      price: 40,
      title: { free_until_at: TEST_NOW + DAY_MS, campaign_text: 'Free this week' },
    });
    const reader = await createReader(t, { paid: 100 });
    const episode = campaign.episodes[1]!;
    expect((await listed(as(reader), [episode.id]))[0]).toMatchObject({ badge: 2, point: 0 });
    const refused = await buy(as(reader), episode.id);
    expect([refused.statusCode, codeOf(refused)]).toEqual([400, ResponseCode.EpisodeCannotBuy]);
    expect(codeOf(await rent(as(reader), episode.id))).toBe(ResponseCode.EpisodeCannotRent);
    t.clock.set(TEST_NOW + DAY_MS);
    expect((await buy(as(reader), episode.id)).statusCode).toBe(200);
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 60, free: 0 });
  });
});
