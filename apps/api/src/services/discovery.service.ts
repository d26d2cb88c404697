// Discovery (ADR 009): genres, magazines, rankings, search, recommendations and the web top page.
// Reads are indexed queries; answers that are the same for every caller are cached per locale for a
// few seconds (TtlCache). Titles and episodes always come from CatalogueService (one mapper each).

import {
  AdvertisementType,
  type Locale,
  normalizeSearchText,
  PublishCategory,
  RankingId,
  ResponseCode,
  SearchCategory,
  type SearchSort,
  type SearchTitleQuery,
  type Title,
} from '@manga/contracts';
import type {
  AdvertisementRow,
  EpisodeRow,
  GenreRow,
  MagazineCategoryRow,
  MagazineRow,
  RankingTabRow,
} from '#src/db/schema.ts';
import { toBannerResponse } from '#src/mappers/advertisement.mapper.ts';
import { toSearchTitleEntryResponse } from '#src/mappers/catalogue.mapper.ts';
import { toGenreResponse } from '#src/mappers/genre.mapper.ts';
import { toMagazineCategoryResponse, toMagazineResponse } from '#src/mappers/magazine.mapper.ts';
import { toGenreRankingResponse, toRankingTabResponse } from '#src/mappers/ranking.mapper.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { MagazineListFilter } from '#src/repositories/magazine.repository.ts';
import type {
  TitleSearch,
  TitleSearchEntryRow,
  TitleSearchFilter,
  TitleSearchOrder,
} from '#src/repositories/title.repository.ts';
import type { AuthUser } from '#src/services/auth.rules.ts';
import type { CatalogueContext, CatalogueService } from '#src/services/catalogue.service.ts';
import { DomainError } from '#src/services/domain.error.ts';
import { ANONYMOUS_READER } from '#src/services/entitlement.rules.ts';
import type { MediaUrlSigner } from '#src/services/media-url-signer.service.ts';
import type { TtlCache } from '#src/services/ttl-cache.service.ts';
import { wireDate } from '#src/services/wire-calendar.rules.ts';

export interface DiscoveryGenreReader {
  listGenres(ids?: readonly number[]): Promise<GenreRow[]>;
  listGenreIdsInUse(now: number): Promise<number[]>;
}

export interface DiscoveryMagazineReader {
  listMagazineCategories(options: { searchOnly: boolean }): Promise<MagazineCategoryRow[]>;
  listMagazines(filter: MagazineListFilter): Promise<MagazineRow[]>;
  listEpisodeIdsByMagazines(ids: readonly number[], now: number): Promise<{ magazine_id: number | null; id: number }[]>;
}

export interface DiscoveryRankingReader {
  listRankingTabs(): Promise<RankingTabRow[]>;
  listRankingTitleIds(rankingId: number, offset: number, limit: number): Promise<number[]>;
}

export interface DiscoveryTitleReader {
  searchTitleIds(search: TitleSearch): Promise<number[]>;
  listTitleSearchEntries(now: number): Promise<TitleSearchEntryRow[]>;
  listTitleGenreLinks(): Promise<{ title_id: number; genre_id: number }[]>;
  listPublishedTitleIds(now: number): Promise<number[]>;
}

export interface DiscoveryEpisodeReader {
  listBonusEpisodes(now: number, limit: number): Promise<EpisodeRow[]>;
}

export interface DiscoveryActivity {
  incrementActivity(titleId: number, date: string, counter: 'recommend_clicks'): Promise<void>;
  listRecentlyViewedTitleIds(userId: number, limit: number): Promise<number[]>;
}

export interface DiscoveryAdvertisementReader {
  listActiveAdvertisements(type: number, now: number): Promise<AdvertisementRow[]>;
}

export interface Paging {
  limit?: number;
  offset?: number;
}

/** Titles in one answer of a title list (search, recommendations). */
export const MAX_TITLES_PER_PAGE = 1_000;
/** Ids in `title_id_list` of a search. */
export const MAX_SEARCH_MATCHES = 10_000;
const DEFAULT_PAGE = 20;
const TOP_SECTION_SIZE = 10;
const GENRE_RANKING_SIZE = 5;
/** Today's updates on /web/top; the whole day is at /web/top/updated/title. */
const TODAY_TITLES_ON_TOP = 30;

export class DiscoveryService {
  constructor(
    private readonly catalogue: CatalogueService,
    private readonly genres: DiscoveryGenreReader,
    private readonly magazines: DiscoveryMagazineReader,
    private readonly rankings: DiscoveryRankingReader,
    private readonly titles: DiscoveryTitleReader,
    private readonly episodes: DiscoveryEpisodeReader,
    private readonly activity: DiscoveryActivity,
    private readonly advertisements: DiscoveryAdvertisementReader,
    private readonly clock: ClockRepository,
    private readonly urls: MediaUrlSigner,
    private readonly cache: TtlCache,
    private readonly options: { timeZone: string },
  ) {}

  // ── genres and magazines ──────────────────────────────────────────────────────────────────────

  /** GET /genre/list: every genre, or those of `ids` (unknown ids left out). */
  async listGenres(ids: readonly number[] | undefined, { locale }: CatalogueContext) {
    const rows = await this.cache.getOrLoad('genres', () => this.genres.listGenres());
    const wanted = ids ? new Set(ids) : undefined;
    return {
      genre_list: rows.filter((g) => !wanted || wanted.has(g.id)).map((g) => toGenreResponse(g, locale, this.urls)),
    };
  }

  /** GET /genre/search/list: the genres that published titles have. */
  async listSearchGenres({ locale }: CatalogueContext) {
    const [rows, inUse] = await Promise.all([
      this.cache.getOrLoad('genres', () => this.genres.listGenres()),
      this.cache.getOrLoad('genres-in-use', () => this.genres.listGenreIdsInUse(this.clock.now())),
    ]);
    const used = new Set(inUse);
    return { genre_list: rows.filter((g) => used.has(g.id)).map((g) => toGenreResponse(g, locale, this.urls)) };
  }

  /** GET /magazine/category/list and /magazine/category/search/list. */
  async listMagazineCategories(searchOnly: boolean, paging: Paging, { locale }: CatalogueContext) {
    const rows = await this.cache.getOrLoad(`magazine-categories:${searchOnly}`, () =>
      this.magazines.listMagazineCategories({ searchOnly }),
    );
    const { offset, limit } = page(paging, 1_000);
    return {
      magazine_category_list: rows
        .slice(offset, offset + limit)
        .map((row) => toMagazineCategoryResponse(row, locale, this.urls)),
    };
  }

  /** GET /magazine/list: issues on sale by category and ids, newest first unless asked otherwise. */
  async listMagazines(
    query: { categoryId?: number; ids?: readonly number[]; sort?: 'new' | 'old' } & Paging,
    { locale }: CatalogueContext,
  ) {
    const now = this.clock.now();
    const { offset, limit } = page(query, 1_000);
    const rows = await this.magazines.listMagazines({
      categoryId: query.categoryId,
      ids: query.ids,
      order: query.sort ?? 'new',
      limit,
      offset,
      now,
    });
    const episodes = await this.magazines.listEpisodeIdsByMagazines(
      rows.map((r) => r.id),
      now,
    );
    const ctx = { locale, urls: this.urls, timeZone: this.options.timeZone };
    return {
      magazine_list: rows.map((row) =>
        toMagazineResponse(
          row,
          episodes.filter((e) => e.magazine_id === row.id).map((e) => e.id),
          ctx,
        ),
      ),
    };
  }

  // ── rankings ──────────────────────────────────────────────────────────────────────────────────

  /** GET /ranking/all: the tabs and one page of a tab's title ids (1001 for an unknown ranking_id). */
  async getRanking(rankingId: number, paging: Paging, { locale }: CatalogueContext) {
    const tabs = await this.rankingTabs();
    if (!tabs.some((tab) => tab.id === rankingId)) {
      throw new DomainError(
        ResponseCode.InvalidParameter,
        `invalid parameter ranking_id: unknown ranking ${rankingId}`,
      );
    }
    const { offset, limit } = page(paging, 1_000);
    const ids = await this.cache.getOrLoad(`ranking:${rankingId}:${offset}:${limit}`, () =>
      this.rankings.listRankingTitleIds(rankingId, offset, limit),
    );
    return {
      tab_list: tabs.map((tab) => toRankingTabResponse(tab, locale)),
      ranking_title_list: ids.map((id) => ({ id })),
    };
  }

  /** GET /web/ranking/genre: each genre tab's top titles, with the titles. */
  async getGenreRankings(ctx: CatalogueContext) {
    return this.cache.getOrLoad(`web-ranking-genre:${ctx.locale}`, async () => {
      const genre_ranking_list = await this.genreRankings(ctx, 10);
      const title_list = await this.catalogue.listTitles(
        genre_ranking_list.flatMap((g) => g.title_id_list),
        ctx,
      );
      return { genre_ranking_list, title_list };
    });
  }

  // ── search ────────────────────────────────────────────────────────────────────────────────────

  /** GET /search/title: every filter combined; title_list is one page of title_id_list. */
  async searchTitles(query: SearchTitleQuery, ctx: CatalogueContext) {
    const keyword = normalizeSearchText(query.keyword ?? '');
    const author = (query.author ?? '').normalize('NFKC').trim();
    const filter: TitleSearchFilter = {
      ...(keyword ? { text: keyword } : {}),
      ...(author ? { author } : {}),
      genreId: query.genre_id,
      tagId: query.tag_id,
      magazineCategoryId: query.magazine_category,
    };
    const now = this.clock.now();
    switch (query.search_category ?? SearchCategory.All) {
      case SearchCategory.Serializing:
        filter.publishCategory = PublishCategory.Serializing;
        break;
      case SearchCategory.Complete:
        filter.publishCategory = PublishCategory.Complete;
        break;
      case SearchCategory.OneShot:
        filter.publishCategory = PublishCategory.OneShot;
        break;
      case SearchCategory.FreeCampaign:
        filter.freeCampaignAt = now;
        break;
    }
    const order = searchOrder(query.sort ?? 'popular', ctx.locale);
    const ids = await this.cache.getOrLoad(`search:${order}:${JSON.stringify(filter, replaceNow(now))}`, () =>
      this.titles.searchTitleIds({
        filter,
        order,
        popularityRankingId: RankingId.All,
        limit: MAX_SEARCH_MATCHES,
        now,
      }),
    );
    const { offset, limit } = page(query, MAX_TITLES_PER_PAGE);
    return { title_list: await this.catalogue.listTitles(ids.slice(offset, offset + limit), ctx), title_id_list: ids };
  }

  /** GET /search/title/all: the compact index of every published title. */
  async listSearchIndex({ locale }: CatalogueContext) {
    return this.cache.getOrLoad(`search-index:${locale}`, async () => {
      const now = this.clock.now();
      const [rows, links] = await Promise.all([this.titles.listTitleSearchEntries(now), this.genreLinks()]);
      return {
        search_title_list: rows.map((row) =>
          toSearchTitleEntryResponse(row, links.get(row.id) ?? [], { locale, urls: this.urls }),
        ),
      };
    });
  }

  // ── recommendations ───────────────────────────────────────────────────────────────────────────

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
    const viewed = user ? await this.activity.listRecentlyViewedTitleIds(user.userId, 20) : [];
    if (viewed.length === 0) {
      const specials = await this.rankingIds(RankingId.TodaysSpecials);
      return this.titlePage(unique([...specials, ...popular]), paging, ctx);
    }
    const links = await this.genreLinks();
    const weight = new Map<number, number>();
    for (const titleId of viewed) for (const g of links.get(titleId) ?? []) weight.set(g, (weight.get(g) ?? 0) + 1);
    const seen = new Set(viewed);
    return this.titlePage(rankBySharedGenres(popular, links, weight, seen), paging, ctx);
  }

  /** GET /web/recommend/title/list: titles like `titleId` (3000 if unknown), else the prediction. */
  async listWebRecommendedTitles(
    titleId: number | undefined,
    user: AuthUser | null,
    paging: Paging,
    ctx: CatalogueContext,
  ) {
    if (titleId === undefined) return this.listPredictedTitles(user, paging, ctx);
    await this.catalogue.getTitleBundle(titleId, this.clock.now());
    const links = await this.genreLinks();
    const weight = new Map((links.get(titleId) ?? []).map((g) => [g, 1]));
    return this.titlePage(rankBySharedGenres(await this.popularIds(), links, weight, new Set([titleId])), paging, ctx);
  }

  /** GET /recommend/click: counts a click on a recommended title (3000 if unknown). */
  async recordRecommendClick(titleId: number): Promise<Record<string, never>> {
    const now = this.clock.now();
    await this.catalogue.getTitleBundle(titleId, now);
    await this.activity.incrementActivity(titleId, wireDate(now, this.options.timeZone), 'recommend_clicks');
    return {};
  }

  // ── web top ───────────────────────────────────────────────────────────────────────────────────

  /** GET /web/top: banners, bonus episodes, ranking, today's choice and updates, genre ranking. */
  async getWebTop(ctx: CatalogueContext) {
    return this.cache.getOrLoad(`web-top:${ctx.locale}`, async () => {
      const now = this.clock.now();
      const [banners, bonus, ranking, todayChoice, genreRanking, today] = await Promise.all([
        this.advertisements.listActiveAdvertisements(AdvertisementType.Banner, now),
        this.episodes.listBonusEpisodes(now, 200),
        this.rankings.listRankingTitleIds(RankingId.All, 0, TOP_SECTION_SIZE),
        this.rankings.listRankingTitleIds(RankingId.TodaysSpecials, 0, TOP_SECTION_SIZE),
        this.genreRankings(ctx, GENRE_RANKING_SIZE),
        this.catalogue.listTodayTitles(TODAY_TITLES_ON_TOP, ctx),
      ]);
      const bonusIds: number[] = [];
      const bonusTitles = new Set<number>();
      for (const episode of bonus) {
        if (bonusTitles.has(episode.title_id)) continue;
        bonusTitles.add(episode.title_id);
        bonusIds.push(episode.id);
        if (bonusIds.length === TOP_SECTION_SIZE) break;
      }
      const title_list = await this.catalogue.listTitles(
        [...ranking, ...todayChoice, ...genreRanking.flatMap((g) => g.title_id_list)],
        ctx,
      );
      const listed = new Set(title_list.map((t) => t.title_id));
      return {
        banner_list: banners.map((row) => toBannerResponse(row, this.urls)),
        // Cached for every reader, so the badges are decided for nobody in particular.
        bonus_episode_list: await this.catalogue.listEpisodes(bonusIds, { ...ctx, reader: ANONYMOUS_READER }),
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

  // ── helpers ───────────────────────────────────────────────────────────────────────────────────

  private rankingTabs() {
    return this.cache.getOrLoad('ranking-tabs', () => this.rankings.listRankingTabs());
  }

  private rankingIds(rankingId: number) {
    return this.cache.getOrLoad(`ranking-ids:${rankingId}`, () =>
      this.rankings.listRankingTitleIds(rankingId, 0, MAX_SEARCH_MATCHES),
    );
  }

  /** The All ranking, then every other published title by id (so that lists never run dry). */
  private popularIds() {
    return this.cache.getOrLoad('popular-ids', async () => {
      const [ranked, published] = await Promise.all([
        this.rankingIds(RankingId.All),
        this.titles.listPublishedTitleIds(this.clock.now()),
      ]);
      return unique([...ranked, ...published]);
    });
  }

  private genreLinks() {
    return this.cache.getOrLoad('genre-links', async () => {
      const map = new Map<number, number[]>();
      for (const { title_id, genre_id } of await this.titles.listTitleGenreLinks()) {
        const list = map.get(title_id) ?? [];
        list.push(genre_id);
        map.set(title_id, list);
      }
      return map;
    });
  }

  private async genreRankings(ctx: CatalogueContext, size: number) {
    const tabs = (await this.rankingTabs()).filter((tab) => tab.kind === 'genre');
    const lists = await Promise.all(tabs.map((tab) => this.rankings.listRankingTitleIds(tab.id, 0, size)));
    return tabs.map((tab, index) => toGenreRankingResponse(tab, lists[index] ?? [], ctx.locale));
  }

  private async titlePage(ids: readonly number[], paging: Paging, ctx: CatalogueContext) {
    const { offset, limit } = page(paging, MAX_TITLES_PER_PAGE);
    const title_list: Title[] = await this.catalogue.listTitles(ids.slice(offset, offset + limit), ctx);
    return { title_id_list: title_list.map((t) => t.title_id), title_list };
  }
}

/** Offset and limit with defaults and a ceiling (clients send limit=99999 for "everything"). */
function page(paging: Paging, max: number): { offset: number; limit: number } {
  return { offset: paging.offset ?? 0, limit: Math.min(paging.limit ?? DEFAULT_PAGE, max) };
}

function searchOrder(sort: SearchSort, locale: Locale): TitleSearchOrder {
  if (sort === 'name') return locale === 'ja' ? 'name_ja' : 'name_en';
  return sort;
}

/** Cache keys must not change with the clock except where the filter uses it. */
function replaceNow(now: number) {
  return (_key: string, value: unknown) => (value === now ? 'now' : value);
}

/** Candidates scored by the weights of the genres they share, ties by popularity; `seen` excluded. */
function rankBySharedGenres(
  popular: readonly number[],
  links: Map<number, number[]>,
  weight: Map<number, number>,
  seen: Set<number>,
): number[] {
  const scored = popular
    .filter((id) => !seen.has(id))
    .map((id, rank) => ({
      id,
      rank,
      score: (links.get(id) ?? []).reduce((sum, g) => sum + (weight.get(g) ?? 0), 0),
    }));
  return scored
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score || a.rank - b.rank)
    .map((c) => c.id);
}

function unique(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}
