// A reader's episode list and ticket list read the catalogue (episode rows, title listings, ticket
// rules) through the catalogue cache (issue 27), as anonymous answers do: a change written beside the
// API (an operator's SQL, another process) shows at the reader's next call, and an episode is listed
// the moment its release time passes. Their own state (purchases, tickets) is never kept.
import { EpisodeBadge, EpisodeListResponseSchema, TitleTicketListResponseSchema } from '@manga/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { createReader, endWalletTest, HOUR_MS, insertShopTitle, type Reader, type ShopTitle } from '#test/commerce.ts';
import { testDialect } from '#test/db.ts';
import { insertEpisode, TEST_NOW } from '#test/factories.ts';

describe(`a reader's lists and catalogue changes (${testDialect()})`, () => {
  let t: TestApp;
  let shop: ShopTitle;
  let reader: Reader;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await insertShopTitle(t.database.db, { count: 3, price: 50 });
    reader = await createReader(t, { paid: 500 });
  });
  afterEach(() => endWalletTest(t));
  afterAll(() => t.close());

  const episodesOf = async (ids: readonly number[]) => {
    const res = await get(t, `/episode/list?episode_id_list=${ids.join(',')}`, { cookie: reader.cookie });
    expect(res.statusCode).toBe(200);
    return EpisodeListResponseSchema.parse(res.json()).episode_list;
  };
  const rentableOf = async (titleId: number) => {
    const res = await get(t, `/title/ticket/list?title_id_list=${titleId}`, { cookie: reader.cookie });
    expect(res.statusCode).toBe(200);
    return TitleTicketListResponseSchema.parse(res.json()).title_ticket_list[0]?.ticket_info.target_episode_id_list;
  };

  it('shows a price and a rental rule written beside the API at the next call', async () => {
    const ids = shop.episodes.map((episode) => episode.id);
    const paid = shop.episodes[2]?.id as number;
    // Twice: the second answer comes from the kept rows.
    for (let n = 0; n < 2; n++) {
      expect((await episodesOf(ids)).find((episode) => episode.episode_id === paid)?.point).toBe(50);
      expect(await rentableOf(shop.title.id)).toContain(paid);
    }
    await t.database.db
      .updateTable('episode')
      .set({ point: 70, ticket_rental_enabled: 0 })
      .where('id', '=', paid)
      .execute();
    expect((await episodesOf(ids)).find((episode) => episode.episode_id === paid)?.point).toBe(70);
    expect(await rentableOf(shop.title.id)).not.toContain(paid);
  });

  it('lists an episode the moment its release time passes, and a new purchase at once', async () => {
    const later = await insertEpisode(t.database.db, {
      title_id: shop.title.id,
      sort_index: 10,
      point: 30,
      ticket_rental_enabled: 1,
      start_at: TEST_NOW + HOUR_MS,
    });
    const ids = [...shop.episodes.map((episode) => episode.id), later.id];
    for (let n = 0; n < 2; n++) {
      expect((await episodesOf(ids)).map((episode) => episode.episode_id)).not.toContain(later.id);
      expect(await rentableOf(shop.title.id)).not.toContain(later.id);
    }
    t.clock.set(TEST_NOW + HOUR_MS);
    const released = (await episodesOf(ids)).find((episode) => episode.episode_id === later.id);
    expect(released?.point).toBe(30);
    expect(await rentableOf(shop.title.id)).toContain(later.id);

    // What is the reader's own is read on every call: a purchase shows in the next list.
    const bought = await post(
      t,
      '/episode/paid',
      { episode_id: String(later.id), check_point: '30' },
      { cookie: reader.cookie },
    );
    expect(bought.json().status).toBe('success');
    expect((await episodesOf(ids)).find((episode) => episode.episode_id === later.id)?.badge).toBe(
      EpisodeBadge.Purchased,
    );
    expect(await rentableOf(shop.title.id)).not.toContain(later.id);
  });
});
