// WebTopService's assembly of GET /web/top on in-memory rows: every title the answer names is in
// its title_list, the bonus episodes' titles too (issue 24: cards with no art and no name).
import { RankingId } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import { WebTopService } from '#src/services/web-top.service.ts';
import { TEST_NOW } from '#test/factories.ts';
import { newCatalogueService } from '#test/services/harness.ts';

const DAY = 86_400_000;

/** The service over the harness's catalogue; `ranked` is the all-titles ranking, read at each call. */
function setup(ranked: number[] = []) {
  const { sut: catalogue, world } = newCatalogueService();
  const sut = new WebTopService({
    advertisements: { listActiveAdvertisements: async () => [] },
    episodes: {
      listBonusEpisodes: async (now, limit) =>
        world.tables.episodes
          .filter((episode) => episode.bonus_point > 0 && episode.start_at <= now)
          .sort((a, b) => b.start_at - a.start_at)
          .slice(0, limit),
    },
    catalogue,
    rankings: {
      listTopTitleIds: async (rankingId) => (rankingId === RankingId.All ? ranked : []),
      listGenreRankings: async () => [],
    },
    clock: world.clock,
    urls: world.urls,
    cache: world.cache,
  });
  return { sut, world, ranked };
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
});
