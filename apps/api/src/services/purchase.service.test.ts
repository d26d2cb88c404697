// PurchaseService on the service harness (ADR 011, ADR 014): what a purchase spends and writes, and
// every refusal (2011, 3100, 3101, 3102, 2016, 3111, 3110) spending and writing nothing.
import { bulkPointBack, ResponseCode } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import type { TitleRow, UserRow } from '#src/db/schema.ts';
import { TEST_NOW } from '#test/factories.ts';
import { codeOf, newPurchaseService, newTestWorld } from '#test/services/harness.ts';
import { authStub, rowFactory, signedInReader, titleStub } from '#test/services/stubs.ts';

const DAY = 86_400_000;

/** A shop: a title of three released 40-point chapters and one next week, a reader with `points`. */
function shop(points: { paid?: number; free?: number } = { paid: 100 }, title: TitleRow = rowFactory.title()) {
  const { sut, world, wallet } = newPurchaseService(newTestWorld());
  world.addTitle(title);
  const episodes = [1, 2, 3].map((sort_index) => world.addEpisode({ title_id: title.id, sort_index }));
  const upcoming = world.addEpisode({ title_id: title.id, sort_index: 4, start_at: TEST_NOW + 7 * DAY });
  const user = world.addUser();
  if (points.paid) world.addLot(user.id, 'paid', points.paid, null);
  if (points.free) world.addLot(user.id, 'free', points.free, TEST_NOW + 30 * DAY);
  const spent = () => world.tables.ledger.filter((e) => e.delta < 0);
  return { sut, world, wallet, title, episodes, upcoming, user, spent, caller: callerOf(user) };
}

const callerOf = (user: UserRow) => ({ auth: authStub.web(user), reader: signedInReader(user) });

describe('PurchaseService.buyEpisode', () => {
  it('spends the price, free points first, and records the purchase with its split', async () => {
    const { sut, world, episodes, user, caller } = shop({ paid: 100, free: 25 });
    const episode = episodes[1]!;
    expect(await sut.buyEpisode(caller, { episode_id: episode.id, check_point: 40 })).toEqual({
      account_point: 85,
      paid_point: 40,
    });
    expect(world.tables.purchases).toEqual([
      expect.objectContaining({
        user_id: user.id,
        episode_id: episode.id,
        title_id: episode.title_id,
        price: 40,
        free_point: 25,
        paid_point: 15,
        created_at: TEST_NOW,
      }),
    ]);
    expect(world.wallet.balanceOf(user.id)).toEqual({ paid_point: 85, free_point: 0 });
    expect(world.tables.views).toEqual([{ title_id: episode.title_id, date: '2026-01-01', counter: 'purchases' }]);
  });

  it('refuses an episode not released yet (3101)', async () => {
    const { sut, world, upcoming, caller, spent } = shop();
    const refusal = sut.buyEpisode(caller, { episode_id: upcoming.id, check_point: 40 });
    expect(await codeOf(refusal)).toBe(ResponseCode.EpisodeCannotBuy);
    expect(spent()).toEqual([]);
    expect(world.tables.purchases).toEqual([]);
  });

  it.each([
    ['no session (2011)', authStub.anonymous, ResponseCode.UserNotLogin],
    ['a dead session cookie (1101)', authStub.deadToken, ResponseCode.WebTokenInvalid],
  ])('refuses a caller with %s', async (_, auth, code) => {
    const { sut, episodes, spent } = shop();
    expect(
      await codeOf(
        sut.buyEpisode(
          { auth, reader: signedInReader(rowFactory.user()) },
          { episode_id: episodes[0]!.id, check_point: 40 },
        ),
      ),
    ).toBe(code);
    expect(spent()).toEqual([]);
  });

  it('refuses an unknown episode and one of an unpublished title (3100)', async () => {
    const { sut, world, caller } = shop();
    expect(await codeOf(sut.buyEpisode(caller, { episode_id: 999_999, check_point: 40 }))).toBe(
      ResponseCode.EpisodeNotFound,
    );
    const hidden = world.addTitle(titleStub.unpublished());
    const episode = world.addEpisode({ title_id: hidden.id });
    expect(await codeOf(sut.buyEpisode(caller, { episode_id: episode.id, check_point: 40 }))).toBe(
      ResponseCode.EpisodeNotFound,
    );
    expect(world.tables.purchases).toEqual([]);
  });

  it('refuses an episode not sold on its own and a free one (3101)', async () => {
    const { sut, world, title, caller, spent } = shop({ paid: 100 }, titleStub.withFreeWindows());
    const bundled = world.addEpisode({ title_id: title.id, sort_index: 9, single_sale_enabled: 0 });
    expect(await codeOf(sut.buyEpisode(caller, { episode_id: bundled.id, check_point: 40 }))).toBe(
      ResponseCode.EpisodeCannotBuy,
    );
    const [first] = world.tables.episodes.filter((e) => e.title_id === title.id && e.sort_index === 1);
    expect(await codeOf(sut.buyEpisode(caller, { episode_id: first!.id, check_point: 40 }))).toBe(
      ResponseCode.EpisodeCannotBuy,
    );
    expect(spent()).toEqual([]);
  });

  it('refuses a second purchase and an episode the reader rents (3102), spending nothing', async () => {
    const { sut, world, episodes, user, caller, spent } = shop();
    world.addPurchase(user, episodes[0]!);
    world.addRental(user, episodes[1]!);
    for (const episode of episodes.slice(0, 2)) {
      expect(await codeOf(sut.buyEpisode(caller, { episode_id: episode.id, check_point: 40 }))).toBe(
        ResponseCode.EpisodeAlreadyPurchased,
      );
    }
    expect(spent()).toEqual([]);
    expect(world.tables.purchases).toHaveLength(1);
  });

  it('answers 3102 when a concurrent purchase wins the unique key, and keeps the points', async () => {
    const { sut, world, episodes, user, caller } = shop();
    const insert = world.purchases.insertPurchases.bind(world.purchases);
    world.purchases.insertPurchases = async (rows) => {
      world.addPurchase(user, episodes[0]!); // the other request committed first
      return insert(rows);
    };
    expect(await codeOf(sut.buyEpisode(caller, { episode_id: episodes[0]!.id, check_point: 40 }))).toBe(
      ResponseCode.EpisodeAlreadyPurchased,
    );
    expect(world.wallet.balanceOf(user.id)).toEqual({ paid_point: 100, free_point: 0 });
  });

  it('refuses a rated title to a reader too young for it (2016)', async () => {
    const { sut, world, spent } = shop({ paid: 100 }, titleStub.ratedSixteen());
    const minor = world.addUser({ birthday: '2011-06' });
    world.addLot(minor.id, 'paid', 100, null);
    const episode = world.tables.episodes[0]!;
    expect(await codeOf(sut.buyEpisode(callerOf(minor), { episode_id: episode.id, check_point: 40 }))).toBe(
      ResponseCode.AccountAccessDenied,
    );
    expect(spent()).toEqual([]);
  });

  it('refuses a price other than the one shown (3111) and a shortfall (3110), writing nothing', async () => {
    const { sut, world, episodes, user, caller, spent } = shop({ paid: 39 });
    expect(await codeOf(sut.buyEpisode(caller, { episode_id: episodes[0]!.id, check_point: 30 }))).toBe(
      ResponseCode.PriceMismatch,
    );
    expect(await codeOf(sut.buyEpisode(caller, { episode_id: episodes[0]!.id, check_point: 40 }))).toBe(
      ResponseCode.PointShortage,
    );
    expect(spent()).toEqual([]);
    expect(world.tables.purchases).toEqual([]);
    expect(world.wallet.balanceOf(user.id)).toEqual({ paid_point: 39, free_point: 0 });
  });
});

describe('PurchaseService.buyEpisodes', () => {
  it('buys every episode at the sum of prices and credits the point back as free points', async () => {
    const { sut, world, title, user, caller } = shop({ paid: 1000 });
    const dear = [11, 12].map((sort_index) => world.addEpisode({ title_id: title.id, sort_index, point: 500 }));
    expect(bulkPointBack(1000)).toBe(100);
    expect(
      await sut.buyEpisodes(caller, { episode_id_list: dear.map((e) => e.id), paid_point: 1000, point_back: 100 }),
    ).toEqual({ account_point: 100, paid_point: 1000, earned_point_back: 100 });
    expect(world.tables.purchases.map((p) => p.episode_id)).toEqual(dear.map((e) => e.id));
    expect(world.wallet.balanceOf(user.id)).toEqual({ paid_point: 0, free_point: 100 });
  });

  it('buys none when one is held already (3102) or the sums differ (3111)', async () => {
    const { sut, world, episodes, user, caller, spent } = shop({ paid: 200 });
    const ids = episodes.map((e) => e.id);
    expect(await codeOf(sut.buyEpisodes(caller, { episode_id_list: ids, paid_point: 100, point_back: 0 }))).toBe(
      ResponseCode.PriceMismatch,
    );
    world.addPurchase(user, episodes[2]!);
    expect(await codeOf(sut.buyEpisodes(caller, { episode_id_list: ids, paid_point: 120, point_back: 0 }))).toBe(
      ResponseCode.EpisodeAlreadyPurchased,
    );
    expect(spent()).toEqual([]);
    expect(world.tables.purchases).toHaveLength(1);
  });

  it('refuses the whole list for one unknown episode (3100)', async () => {
    const { sut, episodes, caller, spent } = shop();
    expect(
      await codeOf(
        sut.buyEpisodes(caller, { episode_id_list: [episodes[0]!.id, 999_999], paid_point: 80, point_back: 0 }),
      ),
    ).toBe(ResponseCode.EpisodeNotFound);
    expect(spent()).toEqual([]);
  });
});

describe('PurchaseService.listPurchasedTitles', () => {
  it('lists titles by latest purchase, each with the episode bought last, and counts them', async () => {
    const { sut, world, episodes, user } = shop();
    const other = world.addTitle();
    const otherEpisode = world.addEpisode({ title_id: other.id });
    world.addPurchase(user, episodes[0]!, { created_at: TEST_NOW - 3 * DAY });
    world.addPurchase(user, otherEpisode, { created_at: TEST_NOW - 2 * DAY });
    world.addPurchase(user, episodes[2]!, { created_at: TEST_NOW - DAY });
    const answer = await sut.listPurchasedTitles(authStub.web(user), {}, { locale: 'en' });
    expect(answer.title_count).toBe(2);
    expect(answer.title_list.map((t) => [t.title_id, t.recently_purchased_episode_id])).toEqual([
      [episodes[2]!.title_id, episodes[2]!.id],
      [other.id, otherEpisode.id],
    ]);
  });
});
