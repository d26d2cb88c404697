// ViewerService's rules on in-memory rows: which checks a viewer call makes and in what order,
// the neighbours' badges, and which reads count. Signed URLs and seeds over HTTP are tested in
// api-discovery.test.ts and api-images.test.ts.
import { EpisodeBadge, ResponseCode } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import { AGE_RATING_UNKNOWN_MESSAGE, ageRatingMessage, type Reader } from '#src/rules/entitlement.rules.ts';
import type { ViewerContext } from '#src/services/viewer.service.ts';
import { TEST_NOW } from '#test/factories.ts';
import { newViewerService, refusal } from '#test/services/harness.ts';
import { authStub, readerStub, rowFactory, signedInReader, titleStub } from '#test/services/stubs.ts';

const DAY = 86_400_000;

const viewer = (reader: Reader = readerStub.adult): ViewerContext => ({ locale: 'en', seedFormat: 'int', reader });

function setup(title = titleStub.withFreeWindows({ free_latest_count: 0 })) {
  const { sut, world } = newViewerService();
  world.addTitle(title);
  // 1 and 2 free (first two), 3 paid, 4 scheduled.
  const [first, second, paid] = [1, 2, 3].map((n) =>
    world.addEpisode({ title_id: title.id, sort_index: n, start_at: TEST_NOW - (5 - n) * DAY }),
  );
  const scheduled = world.addEpisode({ title_id: title.id, sort_index: 4, start_at: TEST_NOW + DAY });
  for (const page of [2, 1]) world.tables.pages.push(rowFactory.page({ episode_id: second!.id, page_number: page }));
  return { sut, world, title, first: first!, second: second!, paid: paid!, scheduled };
}

describe('ViewerService.getWebViewer', () => {
  it('answers signed page URLs in page order, the seed, and the neighbours with their badges', async () => {
    const { sut, second, first, paid } = setup();
    const answer = await sut.getWebViewer(second.id, viewer());
    expect(answer.page_list).toHaveLength(2);
    expect(answer.page_list[0]).toMatch(
      /^http:\/\/api\.test\/images\/episodes\/\d+\/s0000\/001\.jpg\?expires=\d+&sig=/,
    );
    expect(answer.scramble_seed).toBe(second.scramble_seed);
    expect(answer.previous_episode).toEqual({ episode_id: first.id, index: 1, point: 0, badge: EpisodeBadge.Free });
    expect(answer.next_episode).toEqual({ episode_id: paid.id, index: 3, point: 40, badge: EpisodeBadge.MustBuy });
  });

  it('answers {} for a neighbour there is none of, and never names a scheduled episode', async () => {
    const { sut, first, paid } = setup(titleStub.withFreeWindows({ free_first_count: 3 }));
    expect((await sut.getWebViewer(first.id, viewer())).previous_episode).toEqual({});
    expect((await sut.getWebViewer(paid.id, viewer())).next_episode).toEqual({});
  });

  it('refuses in order: unknown or scheduled 3104, too young 2016, not open 3105', async () => {
    const { sut, paid, scheduled } = setup();
    expect((await refusal(sut.getWebViewer(424_242, viewer()))).code).toBe(ResponseCode.ViewerEpisodeNotFound);
    expect((await refusal(sut.getWebViewer(scheduled.id, viewer()))).code).toBe(ResponseCode.ViewerEpisodeNotFound);
    expect((await refusal(sut.getWebViewer(paid.id, viewer()))).code).toBe(ResponseCode.EpisodeUnpurchased);
  });

  it('says why an age-rated title stays closed: an unknown birthday, or too young for the rating', async () => {
    const { sut, paid, first } = setup(titleStub.ratedSixteen({ free_first_count: 1 }));
    const unknown = await refusal(sut.getWebViewer(first.id, viewer(readerStub.anonymous)));
    expect([unknown.code, unknown.message]).toEqual([ResponseCode.AccountAccessDenied, AGE_RATING_UNKNOWN_MESSAGE]);
    const young = await refusal(sut.getWebViewer(first.id, viewer(readerStub.minor)));
    expect([young.code, young.message]).toEqual([ResponseCode.AccountAccessDenied, ageRatingMessage(16)]);
    // The age check comes before the price: a paid episode answers 2016 to a minor too.
    expect((await refusal(sut.getWebViewer(paid.id, viewer(readerStub.minor)))).code).toBe(
      ResponseCode.AccountAccessDenied,
    );
    // Crawlers' default consent opens browsing, never the pages of an age-rated episode (ADR 015).
    expect((await refusal(sut.getWebViewer(first.id, viewer(readerStub.crawler)))).code).toBe(
      ResponseCode.AccountAccessDenied,
    );
  });

  it("counts a person's read of the title, a logged-in reader's history and viewed episodes, never a crawler's", async () => {
    const { sut, world, second, title } = setup();
    await sut.getWebViewer(second.id, viewer(readerStub.crawler));
    expect(world.tables.views).toEqual([]);
    const user = world.addUser();
    const member = signedInReader(user);
    await sut.getWebViewer(second.id, viewer(member));
    expect(world.tables.views).toEqual([{ title_id: title.id, date: '2026-01-01', counter: 'views' }]);
    expect(world.tables.viewHistory).toEqual([
      { user_id: user.id, title_id: title.id, episode_id: second.id, viewed_at: TEST_NOW },
    ]);
    // Each episode opened is remembered (comments need it, ADR 013): its first and its latest view.
    world.clock.advance(DAY);
    await sut.getWebViewer(second.id, viewer(member));
    expect(world.tables.episodeViews).toEqual([
      {
        user_id: user.id,
        title_id: title.id,
        episode_id: second.id,
        first_viewed_at: TEST_NOW,
        last_viewed_at: TEST_NOW + DAY,
        finished_at: null,
        last_page: 0,
        last_device: '',
      },
    ]);
  });

  it('records nothing of a read under private reading (ADR 044): no count, no history, no place, no finish', async () => {
    const { sut, world, second } = setup();
    const user = world.addUser();
    const base = signedInReader(user);
    const hidden: Reader = { ...base, user: base.user && { ...base.user, privateReading: true } };
    const auth = { user: hidden.user, tokenInvalid: false };
    await sut.getWebViewer(second.id, viewer(hidden));
    await sut.recordProgress(auth, { episodeId: second.id, page: 2 }, viewer(hidden));
    await sut.reachLastPage(second.id, viewer(hidden));
    await sut.finishEpisode(second.id, viewer(hidden));
    expect([world.tables.views, world.tables.viewHistory, world.tables.episodeViews]).toEqual([[], [], []]);
  });

  it('opens an episode the reader bought or rents, badges its neighbours so, and closes a rental that ended', async () => {
    const { sut, world, second, paid } = setup();
    const fourth = world.addEpisode({ title_id: paid.title_id, sort_index: 5, start_at: TEST_NOW - DAY / 2 });
    const buyer = world.addUser();
    world.addPurchase(buyer, paid);
    const rental = world.addRental(buyer, fourth);
    const reader = signedInReader(buyer);
    expect((await sut.getWebViewer(paid.id, viewer(reader))).next_episode).toMatchObject({
      episode_id: fourth.id,
      badge: EpisodeBadge.Rented,
    });
    expect((await sut.getWebViewer(fourth.id, viewer(reader))).previous_episode).toMatchObject({
      episode_id: paid.id,
      badge: EpisodeBadge.Purchased,
      point: 40,
    });
    expect((await sut.getWebViewer(second.id, viewer(reader))).next_episode).toMatchObject({
      badge: EpisodeBadge.Purchased,
    });
    const stranger = signedInReader(world.addUser());
    expect((await refusal(sut.getWebViewer(paid.id, viewer(stranger)))).code).toBe(ResponseCode.EpisodeUnpurchased);
    world.clock.set(rental.expires_at);
    expect((await refusal(sut.getWebViewer(fourth.id, viewer(reader)))).code).toBe(ResponseCode.EpisodeUnpurchased);
    // A bought episode of a rated title stays closed to a buyer whose account says they are too young (ADR 015).
    world.tables.titles[0]!.age_rating = 16;
    world.tables.users.find((user) => user.id === buyer.id)!.birthday = '2011-06';
    expect((await refusal(sut.getWebViewer(paid.id, viewer(reader)))).code).toBe(ResponseCode.AccountAccessDenied);
  });

  it('sends each page size beside page_list, in page order', async () => {
    const { sut, world, second } = setup();
    world.tables.pages.find((p) => p.episode_id === second.id && p.page_number === 2)!.width = 1536;
    const answer = await sut.getWebViewer(second.id, viewer());
    expect(answer.page_size_list).toEqual([
      { width: 768, height: 1088 },
      { width: 1536, height: 1088 },
    ]);
    expect((await sut.getAppViewer(second.id, viewer())).page_size_list).toEqual(answer.page_size_list);
  });

  it('counts nothing for a refused call', async () => {
    const { sut, world, paid } = setup();
    const user = world.addUser();
    const member = signedInReader(user);
    await refusal(sut.getWebViewer(paid.id, viewer(member)));
    expect(world.tables.views).toEqual([]);
    expect(world.tables.viewHistory).toEqual([]);
    expect(world.tables.episodeViews).toEqual([]);
  });
});

describe('ViewerService.getAppViewer', () => {
  it('answers the pages by number, the neighbouring episodes with their badges, and their ids', async () => {
    const { sut, first, second, paid } = setup();
    const answer = await sut.getAppViewer(second.id, viewer());
    expect(answer.page_list.map((p) => p.index)).toEqual([1, 2]);
    expect(answer.episode_list.map((e) => [e.episode_id, e.badge])).toEqual([
      [first.id, EpisodeBadge.Free],
      [second.id, EpisodeBadge.Free],
      [paid.id, EpisodeBadge.MustBuy],
    ]);
    expect([answer.prev_episode_id, answer.next_episode_id]).toEqual([first.id, paid.id]);
  });
});

function member(world: ReturnType<typeof setup>['world']) {
  const user = world.addUser();
  return { user, auth: authStub.web(user), reader: signedInReader(user) };
}

describe('ViewerService.recordProgress', () => {
  it("records a logged-in reader's page of an episode they may open", async () => {
    const { sut, world, second, title } = setup();
    const { user, auth, reader } = member(world);
    const answer = await sut.recordProgress(auth, { episodeId: second.id, page: 2 }, viewer(reader));
    expect(answer).toEqual({ episode_id: second.id, page: 2, page_count: 2 });
    expect(world.tables.episodeViews).toMatchObject([
      { user_id: user.id, title_id: title.id, episode_id: second.id, last_page: 2, finished_at: null },
    ]);
    world.clock.advance(60_000);
    await sut.recordProgress(auth, { episodeId: second.id, page: 1 }, viewer(reader));
    expect(world.tables.episodeViews).toMatchObject([{ last_page: 1, last_viewed_at: TEST_NOW + 60_000 }]);
  });

  it('hands the page reached back when the reader opens the episode again (0 for guests and a first read)', async () => {
    const { sut, world, second } = setup();
    const { auth, reader } = member(world);
    expect((await sut.getWebViewer(second.id, viewer(reader))).last_page).toBe(0);
    await sut.recordProgress(auth, { episodeId: second.id, page: 2 }, viewer(reader));
    expect((await sut.getWebViewer(second.id, viewer(reader))).last_page).toBe(2);
    // Opening it again records the read, not a page: the place stays.
    expect((await sut.getWebViewer(second.id, viewer(reader))).last_page).toBe(2);
    expect((await sut.getWebViewer(second.id, viewer())).last_page).toBe(0);
    expect((await sut.getWebViewer(second.id, viewer(readerStub.crawler))).last_page).toBe(0);
  });

  it('asks guests to log in, refuses pages outside the episode and episodes the reader may not open', async () => {
    const { sut, world, second, paid, scheduled } = setup();
    const { auth, reader } = member(world);
    expect(
      (await refusal(sut.recordProgress(authStub.anonymous, { episodeId: second.id, page: 1 }, viewer()))).code,
    ).toBe(ResponseCode.UserNotLogin);
    expect(
      (await refusal(sut.recordProgress(authStub.deadToken, { episodeId: second.id, page: 1 }, viewer()))).code,
    ).toBe(ResponseCode.WebTokenInvalid);
    for (const page of [0, 3, 1_000_000]) {
      expect((await refusal(sut.recordProgress(auth, { episodeId: second.id, page }, viewer(reader)))).code).toBe(
        ResponseCode.InvalidParameter,
      );
    }
    expect((await refusal(sut.recordProgress(auth, { episodeId: paid.id, page: 1 }, viewer(reader)))).code).toBe(
      ResponseCode.EpisodeUnpurchased,
    );
    for (const episodeId of [scheduled.id, 424_242]) {
      expect((await refusal(sut.recordProgress(auth, { episodeId, page: 1 }, viewer(reader)))).code).toBe(
        ResponseCode.ViewerEpisodeNotFound,
      );
    }
    expect(world.tables.episodeViews).toEqual([]);
  });

  it('follows EntitlementService: bought and rented chapters, the account birthday over cookies, crawlers', async () => {
    const { sut, world, second, paid, title } = setup();
    const { user, auth, reader } = member(world);
    world.addPurchase(user, paid);
    expect(await sut.recordProgress(auth, { episodeId: paid.id, page: 1 }, viewer(reader))).toMatchObject({ page: 1 });
    const rented = world.addEpisode({ title_id: title.id, sort_index: 5, start_at: TEST_NOW - DAY / 2 });
    const rental = world.addRental(user, rented);
    await sut.recordProgress(auth, { episodeId: rented.id, page: 1 }, viewer(reader));
    expect(world.tables.episodeViews.map((v) => [v.episode_id, v.last_page])).toEqual([
      [paid.id, 1],
      [rented.id, 1],
    ]);
    world.clock.set(rental.expires_at);
    expect((await refusal(sut.recordProgress(auth, { episodeId: rented.id, page: 1 }, viewer(reader)))).code).toBe(
      ResponseCode.EpisodeUnpurchased,
    );
    // A rated title: the account's birthday (a minor's) decides, whatever the adult cookie says.
    world.tables.titles[0]!.age_rating = 16;
    world.tables.users.find((row) => row.id === user.id)!.birthday = '2011-06';
    expect((await refusal(sut.recordProgress(auth, { episodeId: paid.id, page: 1 }, viewer(reader)))).code).toBe(
      ResponseCode.AccountAccessDenied,
    );
    world.tables.titles[0]!.age_rating = 0;
    // A logged-in crawler is answered and nothing is recorded.
    const before = structuredClone(world.tables.episodeViews);
    const crawler = { ...reader, isCrawler: true };
    expect(await sut.recordProgress(auth, { episodeId: second.id, page: 2 }, viewer(crawler))).toMatchObject({
      page: 2,
    });
    expect(world.tables.episodeViews).toEqual(before);
  });
});

describe('ViewerService.getWebViewer with prefetch', () => {
  it('answers a bought chapter without recording a read; refuses what the reader may not open', async () => {
    const { sut, world, paid } = setup();
    const { user, reader } = member(world);
    expect((await refusal(sut.getWebViewer(paid.id, viewer(reader), { prefetch: true }))).code).toBe(
      ResponseCode.EpisodeUnpurchased,
    );
    world.addPurchase(user, paid);
    const answer = await sut.getWebViewer(paid.id, viewer(reader), { prefetch: true });
    expect(answer.episode_id).toBe(paid.id);
    expect([world.tables.views, world.tables.viewHistory, world.tables.episodeViews]).toEqual([[], [], []]);
    expect((await refusal(sut.getWebViewer(paid.id, viewer(readerStub.crawler), { prefetch: true }))).code).toBe(
      ResponseCode.EpisodeUnpurchased,
    );
  });
});

describe('ViewerService.reachLastPage and finishEpisode', () => {
  it('puts a logged-in reader on the last page, then marks the episode finished and counts the finished ones', async () => {
    const { sut, world, first, second, title } = setup();
    const { user, reader } = member(world);
    expect(await sut.reachLastPage(second.id, viewer(reader))).toEqual({ descriptor_id_list: [] });
    expect(world.tables.episodeViews).toMatchObject([{ episode_id: second.id, last_page: 2, finished_at: null }]);
    const finished = await sut.finishEpisode(second.id, viewer(reader));
    expect(finished).toEqual({
      episode_id: second.id,
      title_id: title.id,
      favorite_status: 0,
      bonus_point: 0,
      view_finish_episode_count: 1,
      title_share_ret: {
        title_name: title.name_en,
        twitter_post_text: `I read "${title.name_en}"`,
        url: `http://web.test/title/${title.id}`,
      },
    });
    expect((await sut.finishEpisode(first.id, viewer(reader))).view_finish_episode_count).toBe(2);
    expect(world.tables.episodeViews.filter((v) => v.user_id === user.id && v.finished_at === TEST_NOW)).toHaveLength(
      2,
    );
  });

  it('answers guests and crawlers without recording anything, and refuses what the reader may not open', async () => {
    const { sut, world, second, paid } = setup();
    expect(await sut.reachLastPage(second.id, viewer())).toEqual({ descriptor_id_list: [] });
    expect((await sut.finishEpisode(second.id, viewer())).view_finish_episode_count).toBe(0);
    expect((await sut.finishEpisode(second.id, viewer(readerStub.crawler))).view_finish_episode_count).toBe(0);
    expect(world.tables.episodeViews).toEqual([]);
    const { reader } = member(world);
    expect((await refusal(sut.reachLastPage(paid.id, viewer(reader)))).code).toBe(ResponseCode.EpisodeUnpurchased);
    expect((await refusal(sut.finishEpisode(424_242, viewer(reader)))).code).toBe(ResponseCode.ViewerEpisodeNotFound);
    expect(world.tables.episodeViews).toEqual([]);
  });
});
