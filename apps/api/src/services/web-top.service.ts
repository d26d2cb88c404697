// The web top page (GET /web/top, ADR 009): banners, bonus episodes, the ranking, today's choice,
// today's updates and the genre rankings, with the titles they name, cached per locale.
import { AdvertisementType, RankingId, TopPickKind } from '@manga/contracts';
import type { AdvertisementRow, EpisodeRow } from '#src/db/schema.ts';
import { toBannerResponse } from '#src/mappers/advertisement.mapper.ts';
import type { MediaUrls } from '#src/mappers/render-context.mapper.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import { ANONYMOUS_READER } from '#src/rules/entitlement.rules.ts';
import type { CatalogueContext, CatalogueService } from '#src/services/catalogue.service.ts';
import type { RankingService } from '#src/services/ranking.service.ts';
import type { TtlCache } from '#src/services/ttl-cache.service.ts';

export interface BannerSource {
  listActiveAdvertisements(type: number, now: number): Promise<AdvertisementRow[]>;
}

export interface BonusEpisodeSource {
  listBonusEpisodes(now: number, limit: number): Promise<EpisodeRow[]>;
}

/** The editors' picks (ADR 074): an active pick replaces what the rules choose for its section. */
export interface TopPickSource {
  listActivePicks(kind: number, now: number): Promise<{ target_id: number }[]>;
  listEpisodes(ids: readonly number[]): Promise<EpisodeRow[]>;
}

export interface WebTopServiceDeps {
  advertisements: BannerSource;
  picks: TopPickSource;
  episodes: BonusEpisodeSource;
  catalogue: Pick<CatalogueService, 'listTitles' | 'listEpisodes' | 'listTodayTitles'>;
  rankings: Pick<RankingService, 'listTopTitleIds' | 'listGenreRankings'>;
  clock: ClockRepository;
  urls: MediaUrls;
  cache: TtlCache;
}

const TOP_SECTION_SIZE = 10;
const GENRE_RANKING_SIZE = 5;
/** Today's updates on /web/top; the whole day is at /web/top/updated/title. */
const TODAY_TITLES_ON_TOP = 30;
/** Bonus episodes read to find one per title for the top page. */
const BONUS_EPISODES_READ = 200;

export class WebTopService {
  constructor(private readonly deps: WebTopServiceDeps) {}

  /** GET /web/top: banners, bonus episodes, ranking, today's choice and updates, genre ranking. */
  async getWebTop(ctx: CatalogueContext) {
    return this.deps.cache.getOrLoad(`web-top:${ctx.locale}`, async () => {
      const now = this.deps.clock.now();
      const [banners, bonus, ranking, computedChoice, genreRanking, today, choicePicks, bonusPicks] = await Promise.all(
        [
          this.deps.advertisements.listActiveAdvertisements(AdvertisementType.Banner, now),
          this.deps.episodes.listBonusEpisodes(now, BONUS_EPISODES_READ),
          this.deps.rankings.listTopTitleIds(RankingId.All, TOP_SECTION_SIZE),
          this.deps.rankings.listTopTitleIds(RankingId.TodaysSpecials, TOP_SECTION_SIZE),
          this.deps.rankings.listGenreRankings(GENRE_RANKING_SIZE, ctx),
          this.deps.catalogue.listTodayTitles(TODAY_TITLES_ON_TOP, ctx),
          this.deps.picks.listActivePicks(TopPickKind.TodayChoice, now),
          this.deps.picks.listActivePicks(TopPickKind.Bonus, now),
        ],
      );
      // ADR 074: while an editor's pick is active, the picks replace the computed section.
      const pickedBonus = await this.pickedEpisodes(bonusPicks, now);
      const bonusEpisodes = pickedBonus.length > 0 ? pickedBonus : onePerTitle(bonus, TOP_SECTION_SIZE);
      const pickedChoice = [...new Set(choicePicks.map((pick) => pick.target_id))].slice(0, TOP_SECTION_SIZE);
      // title_list holds every title the answer names, the bonus episodes' too: a card needs its
      // title's art and name, whether or not the title is also ranked today (issue 24).
      const title_list = await this.deps.catalogue.listTitles(
        [
          ...ranking,
          ...computedChoice,
          ...pickedChoice,
          ...genreRanking.flatMap((g) => g.title_id_list),
          ...bonusEpisodes.map((episode) => episode.title_id),
        ],
        ctx,
      );
      const listed = new Set(title_list.map((t) => t.title_id));
      const picked = pickedChoice.filter((id) => listed.has(id));
      const todayChoice = picked.length > 0 ? picked : computedChoice;
      const bonusIds = bonusEpisodes.filter((episode) => listed.has(episode.title_id)).map((episode) => episode.id);
      return {
        // A banner saved in the console is shown once its image is uploaded (ADR 074).
        banner_list: banners
          .filter((row) => row.image_path !== '')
          .map((row) => toBannerResponse(row, this.deps.urls, ctx.locale)),
        // Cached for every reader, so the badges are decided for nobody in particular.
        bonus_episode_list: await this.deps.catalogue.listEpisodes(bonusIds, { ...ctx, reader: ANONYMOUS_READER }),
        ranking_title_id_list: ranking.filter((id) => listed.has(id)),
        today_choice_title_id_list: todayChoice.filter((id) => listed.has(id)),
        today_title_list: today,
        genre_ranking_list: genreRanking.map((g) => ({
          ...g,
          title_id_list: g.title_id_list.filter((id) => listed.has(id)),
        })),
        title_list,
      };
    });
  }

  /** The picked chapters that are released now, in pick order, one per chapter. */
  private async pickedEpisodes(picks: readonly { target_id: number }[], now: number): Promise<EpisodeRow[]> {
    if (picks.length === 0) return [];
    const ids = [...new Set(picks.map((pick) => pick.target_id))];
    const rows = new Map((await this.deps.picks.listEpisodes(ids)).map((row) => [row.id, row]));
    return ids
      .map((id) => rows.get(id))
      .filter((row): row is EpisodeRow => row !== undefined && row.start_at <= now)
      .slice(0, TOP_SECTION_SIZE);
  }
}

/** The first `limit` episodes of distinct titles, in order. */
function onePerTitle(episodes: readonly EpisodeRow[], limit: number): EpisodeRow[] {
  const chosen: EpisodeRow[] = [];
  const titles = new Set<number>();
  for (const episode of episodes) {
    if (titles.has(episode.title_id)) continue;
    titles.add(episode.title_id);
    chosen.push(episode);
    if (chosen.length === limit) break;
  }
  return chosen;
}
