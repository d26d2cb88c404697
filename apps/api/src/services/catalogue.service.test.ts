// CatalogueService's rules on in-memory rows: which titles and episodes readers see, and that the
// badges, prices and counts follow EntitlementService's answer. The wire shapes over real SQL are
// tested in api-catalogue.test.ts and api-discovery.test.ts.
import { EpisodeBadge, EpisodeUseStatus, ResponseCode, TitleEventType } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import { TEST_NOW } from '#test/factories.ts';
import { codeOf, newCatalogueService } from '#test/services/harness.ts';
import { readerStub, signedInReader, titleStub } from '#test/services/stubs.ts';

const DAY = 86_400_000;
const en = { locale: 'en' as const };

function setup() {
  const { sut, world } = newCatalogueService();
  const title = world.addTitle(titleStub.withFreeWindows({ name_en: 'Blue Harbor', name_ja: '青い港' }));
  const [first, , third, latest] = [1, 2, 3, 4].map((n) =>
    world.addEpisode({ title_id: title.id, sort_index: n, start_at: TEST_NOW - (10 - n) * DAY }),
  );
  const scheduled = world.addEpisode({ title_id: title.id, sort_index: 5, start_at: TEST_NOW + 2 * DAY });
  return { sut, world, title, first: first!, third: third!, latest: latest!, scheduled };
}

describe('CatalogueService.listEpisodes', () => {
  it('shows free episodes with badge 2 and no price, paid ones with badge 1 and their price', async () => {
    const { sut, first, third } = setup();
    const [free, paid] = await sut.listEpisodes([first.id, third.id], { ...en, reader: readerStub.anonymous });
    expect(free).toMatchObject({
      episode_id: first.id,
      badge: EpisodeBadge.Free,
      point: 0,
      use_status: EpisodeUseStatus.Free,
      view_bulk_buy: 0,
    });
    expect(paid).toMatchObject({
      episode_id: third.id,
      badge: EpisodeBadge.MustBuy,
      point: 40,
      use_status: EpisodeUseStatus.Paid,
      view_bulk_buy: 1,
    });
  });

  it('leaves out unknown and scheduled episodes and those of unpublished titles, in the order asked', async () => {
    const { sut, world, first, third, scheduled } = setup();
    const hidden = world.addTitle(titleStub.unpublished());
    const early = world.addEpisode({ title_id: hidden.id });
    const listed = await sut.listEpisodes([third.id, 424_242, scheduled.id, early.id, first.id, third.id], {
      ...en,
      reader: readerStub.anonymous,
    });
    expect(listed.map((e) => e.episode_id)).toEqual([third.id, first.id]);
  });

  it('marks the episodes the reader opened and finished, for that reader only (is_viewed, is_viewed_last_page)', async () => {
    const { sut, world, title, first, third, latest } = setup();
    const reader = world.addUser();
    const other = world.addUser();
    await world.readingHistory.upsertLastPage(
      { userId: reader.id, titleId: title.id, episodeId: first.id, page: 3 },
      TEST_NOW,
    );
    await world.readingHistory.upsertFinished(
      { userId: reader.id, titleId: title.id, episodeId: latest.id, page: 16 },
      TEST_NOW,
    );
    const marks = async (who: Parameters<typeof sut.listEpisodes>[1]['reader']) =>
      (await sut.listEpisodes([first.id, third.id, latest.id], { ...en, reader: who })).map((e) => [
        e.episode_id,
        e.is_viewed,
        e.is_viewed_last_page,
      ]);
    expect(await marks(signedInReader(reader))).toEqual([
      [first.id, 1, 0],
      [third.id, 0, 0],
      [latest.id, 1, 1],
    ]);
    for (const who of [signedInReader(other), readerStub.anonymous]) {
      expect(await marks(who)).toEqual([
        [first.id, 0, 0],
        [third.id, 0, 0],
        [latest.id, 0, 0],
      ]);
    }
  });

  it('keeps the badge of a free episode for a reader too young to open it (the viewer says 2016)', async () => {
    const { sut, world } = newCatalogueService();
    const rated = world.addTitle(titleStub.ratedSixteen());
    const free = world.addEpisode({ title_id: rated.id, point: 0 });
    const [episode] = await sut.listEpisodes([free.id], { ...en, reader: readerStub.minor });
    expect(episode).toMatchObject({ badge: EpisodeBadge.Free, point: 0 });
  });

  it('shows an episode of a running campaign as free, and paid again once it ends', async () => {
    const { sut, world } = newCatalogueService();
    const campaign = world.addTitle(titleStub.inCampaign(TEST_NOW + DAY));
    const paid = world.addEpisode({ title_id: campaign.id, point: 60 });
    const badge = async () => (await sut.listEpisodes([paid.id], { ...en, reader: readerStub.anonymous }))[0]?.badge;
    expect(await badge()).toBe(EpisodeBadge.Free);
    world.clock.advance(DAY);
    expect(await badge()).toBe(EpisodeBadge.MustBuy);
  });
});

describe('CatalogueService.listTitles', () => {
  it('counts free episodes and names the latest free and paid ones from the access answers', async () => {
    const { sut, title, first, third, latest } = setup();
    const [wire] = await sut.listTitles([title.id], en);
    expect(wire).toMatchObject({
      title_id: title.id,
      title_name: 'Blue Harbor',
      first_episode_id: first.id,
      free_episode_count: 3,
      total_episode_count: 4,
      latest_free_episode_id: latest.id,
      latest_paid_episode_id: [third.id],
      next_updated_text: 'Next update available 1/3.',
    });
  });

  it('leaves out unpublished and unknown titles, and answers each title once', async () => {
    const { sut, world, title } = setup();
    const hidden = world.addTitle(titleStub.unpublished());
    const listed = await sut.listTitles([hidden.id, title.id, 99_999, title.id], { locale: 'ja' });
    expect(listed.map((t) => [t.title_id, t.title_name])).toEqual([[title.id, '青い港']]);
  });
});

describe('CatalogueService: episode pages', () => {
  it('/web/episode shows the pages of an episode the reader holds, and hides a paid one', async () => {
    const { sut, first, third } = setup();
    const free = await sut.getWebEpisode(first.id, { ...en, reader: readerStub.anonymous });
    const paid = await sut.getWebEpisode(third.id, { ...en, reader: readerStub.anonymous });
    expect([free.episode.is_page_visible, free.episode.point]).toEqual([1, 0]);
    expect([paid.episode.is_page_visible, paid.episode.point]).toEqual([0, 40]);
    expect(free.share.url).toBe(`http://web.test/title/${first.title_id}/episode/${first.id}`);
  });

  it('answers 3100 for an unknown or scheduled episode', async () => {
    const { sut, scheduled } = setup();
    for (const id of [424_242, scheduled.id]) {
      expect(await codeOf(sut.getWebEpisode(id, { ...en, reader: readerStub.adult }))).toBe(
        ResponseCode.EpisodeNotFound,
      );
    }
  });

  it('names the next episode, released or not, with its update text', async () => {
    const { sut, first, latest, scheduled } = setup();
    expect((await sut.getNextTime(first.id, en)).next_episode).toMatchObject({ is_released: 1 });
    expect(await sut.getNextTime(latest.id, en)).toMatchObject({
      next_episode: { episode_id: scheduled.id, is_released: 0, start_time: '2026-01-03 09:00:00' },
      next_updated_text: 'Next update available 1/3.',
    });
    expect(await codeOf(sut.getNextTime(scheduled.id, en))).toBe(ResponseCode.EpisodeNotFound);
  });
});

describe('CatalogueService.listEventTitles', () => {
  it('lists title campaigns, then episode windows of other titles, with their end times', async () => {
    const { sut, world } = newCatalogueService();
    const campaign = world.addTitle(titleStub.inCampaign(TEST_NOW + DAY, { campaign_text: 'All free!' }));
    const windowed = world.addTitle();
    world.addEpisode({ title_id: windowed.id, free_until_at: TEST_NOW + 2 * DAY });
    world.addEpisode({ title_id: campaign.id, free_until_at: TEST_NOW + 5 * DAY });
    const { event_list } = await sut.listEventTitles(en);
    expect(event_list).toEqual([
      {
        title_id: campaign.id,
        event_type: TitleEventType.TitleFree,
        event_text: 'All free!',
        finish_time: '2026-01-02 09:00:00',
      },
      {
        title_id: windowed.id,
        event_type: TitleEventType.EpisodesFree,
        event_text: 'Free for a limited time',
        finish_time: '2026-01-03 09:00:00',
      },
    ]);
  });
});
