// Rankings (product §7 Ranking, ADR 009): the ranking tabs and their pages (/ranking/all), the genre
// rankings (/web/ranking/genre and the top page) and the ranked ids that recommendations follow.
// RankingRebuildService writes them; this service only reads.
import { ResponseCode } from '@manga/contracts';
import type { RankingTabRow } from '#src/db/schema.ts';
import { toGenreRankingResponse, toRankingTabResponse } from '#src/mappers/ranking.mapper.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import { MAX_ITEMS_PER_PAGE, MAX_SEARCH_MATCHES, type Paging, pageOf } from '#src/rules/paging.rules.ts';
import type { CatalogueContext, CatalogueService } from '#src/services/catalogue.service.ts';
import type { TtlCache } from '#src/services/ttl-cache.service.ts';

export interface RankingSource {
  listRankingTabs(): Promise<RankingTabRow[]>;
  listRankingTitleIds(rankingId: number, offset: number, limit: number): Promise<number[]>;
}

export interface RankingServiceDeps {
  store: RankingSource;
  catalogue: Pick<CatalogueService, 'listTitles'>;
  cache: TtlCache;
}

export class RankingService {
  constructor(private readonly deps: RankingServiceDeps) {}

  /** GET /ranking/all: the tabs and one page of a tab's title ids (1001 for an unknown ranking_id). */
  async getRanking(rankingId: number, paging: Paging, { locale }: CatalogueContext) {
    const tabs = await this.listTabs();
    if (!tabs.some((tab) => tab.id === rankingId)) {
      throw new DomainError(
        ResponseCode.InvalidParameter,
        `invalid parameter ranking_id: unknown ranking ${rankingId}`,
      );
    }
    const { offset, limit } = pageOf(paging, MAX_ITEMS_PER_PAGE);
    const ids = await this.deps.cache.getOrLoad(`ranking:${rankingId}:${offset}:${limit}`, () =>
      this.deps.store.listRankingTitleIds(rankingId, offset, limit),
    );
    return {
      tab_list: tabs.map((tab) => toRankingTabResponse(tab, locale)),
      ranking_title_list: ids.map((id) => ({ id })),
    };
  }

  /** GET /web/ranking/genre: each genre tab's top titles, with the titles. */
  async getGenreRankings(ctx: CatalogueContext) {
    return this.deps.cache.getOrLoad(`web-ranking-genre:${ctx.locale}`, async () => {
      const genre_ranking_list = await this.listGenreRankings(10, ctx);
      const title_list = await this.deps.catalogue.listTitles(
        genre_ranking_list.flatMap((g) => g.title_id_list),
        ctx,
      );
      return { genre_ranking_list, title_list };
    });
  }

  /** Each genre tab with its top `size` title ids. */
  async listGenreRankings(size: number, ctx: CatalogueContext) {
    const tabs = (await this.listTabs()).filter((tab) => tab.kind === 'genre');
    const lists = await Promise.all(tabs.map((tab) => this.deps.store.listRankingTitleIds(tab.id, 0, size)));
    return tabs.map((tab, index) => toGenreRankingResponse(tab, lists[index] ?? [], ctx.locale));
  }

  /** The first `limit` title ids of a tab, by position. */
  listTopTitleIds(rankingId: number, limit: number): Promise<number[]> {
    return this.deps.store.listRankingTitleIds(rankingId, 0, limit);
  }

  /** Every ranked title id of a tab (up to MAX_SEARCH_MATCHES), by position; cached. */
  listRankedTitleIds(rankingId: number): Promise<number[]> {
    return this.deps.cache.getOrLoad(`ranking-ids:${rankingId}`, () =>
      this.deps.store.listRankingTitleIds(rankingId, 0, MAX_SEARCH_MATCHES),
    );
  }

  private listTabs() {
    return this.deps.cache.getOrLoad('ranking-tabs', () => this.deps.store.listRankingTabs());
  }
}
