// Recommendations (product §7 Ranking and recommendation, ADR 009): popular titles (the All ranking,
// then every other published title), titles for a reader from the genres of what they read, titles
// like a given one, and the click counter that feeds the rankings.
import { RankingId, type Title, uniqueIds } from '@manga/contracts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { AuthUser } from '#src/rules/auth.rules.ts';
import { MAX_TITLES_PER_PAGE, type Paging, pageOf } from '#src/rules/paging.rules.ts';
import { wireDate } from '#src/rules/wire-calendar.rules.ts';
import type { CatalogueContext, CatalogueService } from '#src/services/catalogue.service.ts';
import type { GenreService } from '#src/services/genre.service.ts';
import type { RankingService } from '#src/services/ranking.service.ts';
import type { TtlCache } from '#src/services/ttl-cache.service.ts';

export interface PublishedTitleSource {
  listPublishedTitleIds(now: number): Promise<number[]>;
}

export interface RecommendationActivity {
  incrementActivity(titleId: number, date: string, counter: 'recommend_clicks'): Promise<void>;
  listRecentlyViewedTitleIds(userId: number, limit: number): Promise<number[]>;
}

export interface RecommendationServiceDeps {
  titles: PublishedTitleSource;
  activity: RecommendationActivity;
  catalogue: Pick<CatalogueService, 'listTitles' | 'getTitleBundle'>;
  rankings: Pick<RankingService, 'listRankedTitleIds'>;
  genres: Pick<GenreService, 'getTitleGenres'>;
  clock: ClockRepository;
  cache: TtlCache;
}

/** Titles of a reader's history that shape their recommendations. */
const HISTORY_TITLES = 20;

export class RecommendationService {
  constructor(
    private readonly deps: RecommendationServiceDeps,
    private readonly options: { timeZone: string },
  ) {}

  /** GET /recommend/title/list: popular titles (the All ranking), paged. */
  async listRecommendedTitles(paging: Paging, ctx: CatalogueContext) {
    return this.titlePage(await this.popularIds(), paging, ctx);
  }

  /**
   * GET /recommend/prediction/title/list: for a reader with history, unread titles sharing the
   * genres of what they read (weighted by how often), by popularity; else Today's Specials, then
   * popular titles.
   */
  async listPredictedTitles(user: AuthUser | null, paging: Paging, ctx: CatalogueContext) {
    const popular = await this.popularIds();
    const viewed = user ? await this.deps.activity.listRecentlyViewedTitleIds(user.userId, HISTORY_TITLES) : [];
    if (viewed.length === 0) {
      const specials = await this.deps.rankings.listRankedTitleIds(RankingId.TodaysSpecials);
      return this.titlePage(uniqueIds([...specials, ...popular]), paging, ctx);
    }
    const genresOf = await this.deps.genres.getTitleGenres();
    const weight = new Map<number, number>();
    for (const titleId of viewed) {
      for (const g of genresOf.get(titleId) ?? []) weight.set(g, (weight.get(g) ?? 0) + 1);
    }
    return this.titlePage(rankBySharedGenres(popular, genresOf, weight, new Set(viewed)), paging, ctx);
  }

  /** GET /web/recommend/title/list: titles like `titleId` (3000 if unknown), else the prediction. */
  async listWebRecommendedTitles(
    titleId: number | undefined,
    user: AuthUser | null,
    paging: Paging,
    ctx: CatalogueContext,
  ) {
    if (titleId === undefined) return this.listPredictedTitles(user, paging, ctx);
    await this.deps.catalogue.getTitleBundle(titleId, this.deps.clock.now());
    const genresOf = await this.deps.genres.getTitleGenres();
    const weight = new Map((genresOf.get(titleId) ?? []).map((g) => [g, 1]));
    const similar = rankBySharedGenres(await this.popularIds(), genresOf, weight, new Set([titleId]));
    return this.titlePage(similar, paging, ctx);
  }

  /** GET /recommend/click: counts a click on a recommended title (3000 if unknown). */
  async recordRecommendClick(titleId: number): Promise<Record<string, never>> {
    const now = this.deps.clock.now();
    await this.deps.catalogue.getTitleBundle(titleId, now);
    await this.deps.activity.incrementActivity(titleId, wireDate(now, this.options.timeZone), 'recommend_clicks');
    return {};
  }

  /** The All ranking, then every other published title by id (so that lists never run dry). */
  private popularIds() {
    return this.deps.cache.getOrLoad('popular-ids', async () => {
      const [ranked, published] = await Promise.all([
        this.deps.rankings.listRankedTitleIds(RankingId.All),
        this.deps.titles.listPublishedTitleIds(this.deps.clock.now()),
      ]);
      return uniqueIds([...ranked, ...published]);
    });
  }

  private async titlePage(ids: readonly number[], paging: Paging, ctx: CatalogueContext) {
    const { offset, limit } = pageOf(paging, MAX_TITLES_PER_PAGE);
    const title_list: Title[] = await this.deps.catalogue.listTitles(ids.slice(offset, offset + limit), ctx);
    return { title_id_list: title_list.map((t) => t.title_id), title_list };
  }
}

/** Candidates scored by the weights of the genres they share, ties by popularity; `seen` excluded. */
function rankBySharedGenres(
  popular: readonly number[],
  genresOf: Map<number, number[]>,
  weight: Map<number, number>,
  seen: Set<number>,
): number[] {
  const scored = popular
    .filter((id) => !seen.has(id))
    .map((id, rank) => ({
      id,
      rank,
      score: (genresOf.get(id) ?? []).reduce((sum, g) => sum + (weight.get(g) ?? 0), 0),
    }));
  return scored
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score || a.rank - b.rank)
    .map((c) => c.id);
}
