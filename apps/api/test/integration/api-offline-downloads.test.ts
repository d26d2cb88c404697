// GET /web/episode/download over HTTP on both databases (ADR 052): EntitlementService alone decides
// what a reader may keep for offline reading (free, bought, rented, free window) and until when;
// guests, locked, unknown and another reader's episodes are refused; a download records no read.
import { ResponseCode, WebEpisodeDownloadResponseSchema } from '@manga/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, get, post } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { createReader, DAY_MS, endWalletTest, insertShopTitle, type Reader, type ShopTitle } from '#test/commerce.ts';
import { TEST_NOW } from '#test/factories.ts';

let t: TestApp;
let shop: ShopTitle;

beforeAll(async () => {
  t = await createTestApp();
  shop = await insertShopTitle(t.database.db, { count: 5, price: 50, pages: true });
});
afterEach(() => endWalletTest(t));
afterAll(() => t.close());

const download = (reader: Reader | null, episodeId: number | string) =>
  get(t, `/web/episode/download?episode_id=${episodeId}`, reader ? { cookie: reader.cookie } : {});

async function readsOf(reader: Reader): Promise<number> {
  const rows = await t.database.db
    .selectFrom('view_history')
    .select('title_id')
    .where('user_id', '=', reader.userId)
    .execute();
  return rows.length;
}

describe('GET /web/episode/download', () => {
  it('gives a reader a free chapter for good, as served, records no read and is never cached for another', async () => {
    const reader = await createReader(t);
    const free = shop.episodes[0]!;
    const res = await download(reader, free.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = WebEpisodeDownloadResponseSchema.parse(res.json());
    expect(body).toMatchObject({
      episode_id: free.id,
      title_id: shop.title.id,
      user_id: reader.userId,
      keep_reason: 'free',
      keep_until: null,
      scramble_ver: 1,
    });
    expect(body.page_list).toHaveLength(1);
    expect(body.page_size_list).toHaveLength(1);
    expect(body.title_name.length).toBeGreaterThan(0);
    // The page is the scrambled image the viewer gets (same object, same seed).
    const online = (
      await get(t, `/web/episode/viewer?episode_id=${free.id}&prefetch=1`, { cookie: reader.cookie })
    ).json();
    expect(body.page_list.map((url) => new URL(url).pathname)).toEqual(
      (online.page_list as string[]).map((url) => new URL(url).pathname),
    );
    expect(body.scramble_seed).toBe(online.scramble_seed);
    expect(await readsOf(reader)).toBe(0);
  });

  it('refuses guests (2011), unknown chapters (3104), bad ids (1001) and locked chapters (3105)', async () => {
    const reader = await createReader(t);
    const guest = await download(null, shop.episodes[0]!.id);
    expect([guest.statusCode, codeOf(guest)]).toEqual([400, ResponseCode.UserNotLogin]);
    const unknown = await download(reader, 99_999_999);
    expect(codeOf(unknown)).toBe(ResponseCode.ViewerEpisodeNotFound);
    for (const bad of ['abc', '-1', '1.5', '', '9'.repeat(40)]) {
      const res = await download(reader, bad);
      expect([res.statusCode, codeOf(res)]).toEqual([400, ResponseCode.InvalidParameter]);
    }
    const locked = await download(reader, shop.episodes[2]!.id);
    expect([locked.statusCode, codeOf(locked)]).toEqual([400, ResponseCode.EpisodeUnpurchased]);
  });

  it('gives a bought chapter for good, only to the reader who bought it', async () => {
    const buyer = await createReader(t, { paid: 100 });
    const other = await createReader(t);
    const episode = shop.episodes[3]!;
    const bought = await post(
      t,
      '/episode/paid',
      { episode_id: String(episode.id), check_point: '50' },
      { cookie: buyer.cookie },
    );
    expect(bought.statusCode).toBe(200);
    const mine = WebEpisodeDownloadResponseSchema.parse((await download(buyer, episode.id)).json());
    expect(mine).toMatchObject({ keep_reason: 'purchased', keep_until: null, user_id: buyer.userId });
    const theirs = await download(other, episode.id);
    expect(codeOf(theirs)).toBe(ResponseCode.EpisodeUnpurchased);
  });

  it('gives a rented chapter until the rental ends, then refuses it', async () => {
    const reader = await createReader(t);
    const episode = shop.episodes[1]!;
    const rented = await post(
      t,
      '/episode/rental/ticket',
      { episode_id: String(episode.id), ticket_type: '1', ticket_version: '1' },
      { cookie: reader.cookie },
    );
    expect(rented.statusCode).toBe(200);
    const finish = (rented.json() as { rental_finish_time: string }).rental_finish_time;
    const body = WebEpisodeDownloadResponseSchema.parse((await download(reader, episode.id)).json());
    expect(body).toMatchObject({ keep_reason: 'rented', keep_until: finish });
    t.clock.set(TEST_NOW + 3 * DAY_MS + 1_000);
    const ended = await download(reader, episode.id);
    expect(codeOf(ended)).toBe(ResponseCode.EpisodeUnpurchased);
    t.clock.set(TEST_NOW);
  });

  it('gives a chapter of a free window until the window closes', async () => {
    const until = TEST_NOW + 2 * DAY_MS;
    const campaign = await insertShopTitle(t.database.db, {
      count: 2,
      price: 50,
      pages: true,
      title: { free_until_at: until },
    });
    const reader = await createReader(t);
    const body = WebEpisodeDownloadResponseSchema.parse((await download(reader, campaign.episodes[1]!.id)).json());
    expect(body.keep_reason).toBe('free_window');
    expect(body.keep_until).toBe('2026-01-03 09:00:00');
  });
});
