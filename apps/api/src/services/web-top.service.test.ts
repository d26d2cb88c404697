// WebTopService's assembly of GET /web/top on in-memory rows: every title the answer names is in
// its title_list, the bonus episodes' titles too (issue 24: cards with no art and no name); an
// editor's active picks replace the computed today's choice and bonus section (ADR 074).
import { RankingId, TopPickKind } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import type { AdvertisementRow } from '#src/db/schema.ts';
import { WebTopService } from '#src/services/web-top.service.ts';
import { TEST_NOW } from '#test/factories.ts';
import { newCatalogueService } from '#test/services/harness.ts';

const DAY = 86_400_000;

/** The service over the harness's catalogue; `ranked` is the all-titles ranking, read at each call. */
function setup(
  ranked: number[] = [],
  picks: { kind: number; target_id: number }[] = [],
  banners: AdvertisementRow[] = [],
  specials: number[] = [],
) {
  const { sut: catalogue, world } = newCatalogueService();
  const sut = new WebTopService({
    advertisements: { listActiveAdvertisements: async () => banners },
    picks: {
      listActivePicks: async (kind) => picks.filter((pick) => pick.kind === kind),
      listEpisodes: async (ids) => world.tables.episodes.filter((episode) => ids.includes(episode.id)),
    },
    episodes: {
      listBonusEpisodes: async (now, limit) =>
        world.tables.episodes
          .filter((episode) => episode.bonus_point > 0 && episode.start_at <= now)
          .sort((a, b) => b.start_at - a.start_at)
          .slice(0, limit),
    },
    catalogue,
    rankings: {
      listTopTitleIds: async (rankingId) => (rankingId === RankingId.All ? ranked : specials),
      listGenreRankings: async () => [],
    },
    clock: world.clock,
    urls: world.urls,
    cache: world.cache,
  });
  return { sut, world, ranked, picks };
}

describe('WebTopService.getWebTop', () => {
  it("lists the titles of the bonus episodes beside the ranked ones, so that every card has its title's art and name", async () => {
    const { sut, world, ranked: ranking } = setup();
    const ranked = world.addTitle();
    ranking.push(ranked.id);
    const unranked = world.addTitle();
    world.addEpisode({ title_id: ranked.id, sort_index: 1, bonus_point: 5, start_at: TEST_NOW - 2 * DAY });
    const bonus = world.addEpisode({ title_id: unranked.id, sort_index: 1, bonus_point: 8, start_at: TEST_NOW - DAY });
    const top = await sut.getWebTop({ locale: 'en' });
    expect(top.bonus_episode_list.map((episode) => episode.episode_id)).toContain(bonus.id);
    const listed = new Set(top.title_list.map((title) => title.title_id));
    for (const episode of top.bonus_episode_list) expect(listed.has(episode.title_id)).toBe(true);
    expect(top.ranking_title_id_list).toEqual([ranked.id]);
  });

  it("shows the editors' active picks as today's choice and bonus section instead of the computed ones", async () => {
    const { sut, world, picks } = setup([], [], [], []);
    const computed = world.addTitle();
    const pinned = world.addTitle();
    const chapter = world.addEpisode({ title_id: pinned.id, sort_index: 1, start_at: TEST_NOW - DAY });
    const ruleBonus = world.addEpisode({
      title_id: computed.id,
      sort_index: 1,
      bonus_point: 5,
      start_at: TEST_NOW - DAY,
    });
    const before = await sut.getWebTop({ locale: 'en' });
    expect(before.bonus_episode_list.map((e) => e.episode_id)).toEqual([ruleBonus.id]);
    picks.push(
      { kind: TopPickKind.TodayChoice, target_id: pinned.id },
      { kind: TopPickKind.Bonus, target_id: chapter.id },
    );
    world.cache.clear();
    const top = await sut.getWebTop({ locale: 'en' });
    expect(top.today_choice_title_id_list).toEqual([pinned.id]);
    expect(top.bonus_episode_list.map((e) => e.episode_id)).toEqual([chapter.id]);
  });

  it('leaves out a banner without an image and names a banner by its alt text in the locale', async () => {
    const banner = (id: number, image_path: string): AdvertisementRow => ({
      id,
      type: 1,
      title_id: null,
      image_path,
      link_url: '/ranking',
      name: 'stored',
      position: id,
      active: 1,
      start_at: TEST_NOW - DAY,
      end_at: null,
      alt_text: 'Summer sale',
      alt_text_ja: '夏のセール',
    });
    const { sut } = setup([], [], [banner(1, 'banners/1-a.webp'), banner(2, '')]);
    const ja = await sut.getWebTop({ locale: 'ja' });
    expect(ja.banner_list.map((b) => [b.advertisement_id, b.name])).toEqual([[1, '夏のセール']]);
  });
});
