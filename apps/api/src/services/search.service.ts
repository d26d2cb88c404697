// Search (product §7 Search, ADR 009): titles by keyword, author, genre, tag, magazine category and
// category, in one of five orders, and the compact index of every published title. Keywords match
// the normalised search text (contracts' normalizeSearchText); ids are cached per filter.
import {
  type Locale,
  normalizeSearchText,
  PublishCategory,
  RankingId,
  SearchCategory,
  type SearchSort,
  type SearchTitleQuery,
} from '@manga/contracts';
import { toSearchTitleEntryResponse } from '#src/mappers/catalogue.mapper.ts';
import type { MediaUrls } from '#src/mappers/render-context.mapper.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type {
  TitleSearch,
  TitleSearchEntryRow,
  TitleSearchFilter,
  TitleSearchOrder,
} from '#src/repositories/title.repository.ts';
import { MAX_SEARCH_MATCHES, MAX_TITLES_PER_PAGE, pageOf } from '#src/rules/paging.rules.ts';
import type { CatalogueContext, CatalogueService } from '#src/services/catalogue.service.ts';
import type { GenreService } from '#src/services/genre.service.ts';
import { TitleFuzzyIndex } from '#src/services/title-fuzzy-index.service.ts';
import type { TtlCache } from '#src/services/ttl-cache.service.ts';

/** Suggestions answered at most (GET /search/title/suggest). */
const SUGGESTION_LIMIT = 8;

export interface TitleSearchSource {
  searchTitleIds(search: TitleSearch): Promise<number[]>;
  listTitleSearchEntries(now: number): Promise<TitleSearchEntryRow[]>;
}

export interface SearchServiceDeps {
  titles: TitleSearchSource;
  catalogue: Pick<CatalogueService, 'listTitles'>;
  genres: Pick<GenreService, 'getTitleGenres'>;
  clock: ClockRepository;
  urls: MediaUrls;
  cache: TtlCache;
}

/** Publish categories a `search_category` narrows to. */
const PUBLISH_CATEGORY_OF: Partial<Record<number, number>> = {
  [SearchCategory.Serializing]: PublishCategory.Serializing,
  [SearchCategory.Complete]: PublishCategory.Complete,
  [SearchCategory.OneShot]: PublishCategory.OneShot,
};

export class SearchService {
  constructor(private readonly deps: SearchServiceDeps) {}

  /** GET /search/title: every filter combined; title_list is one page of title_id_list. */
  async searchTitles(query: SearchTitleQuery, ctx: CatalogueContext) {
    const keyword = normalizeSearchText(query.keyword ?? '');
    const author = (query.author ?? '').normalize('NFKC').trim();
    const now = this.deps.clock.now();
    const category = query.search_category ?? SearchCategory.All;
    const filter: TitleSearchFilter = {
      ...(keyword ? { text: keyword } : {}),
      ...(author ? { author } : {}),
      genreId: query.genre_id,
      tagId: query.tag_id,
      magazineCategoryId: query.magazine_category,
    };
    const publishCategory = PUBLISH_CATEGORY_OF[category];
    if (publishCategory !== undefined) filter.publishCategory = publishCategory;
    if (category === SearchCategory.FreeCampaign) filter.freeCampaignAt = now;
    const order = searchOrder(query.sort ?? 'popular', ctx.locale);
    const search = (wanted: TitleSearchFilter) =>
      this.deps.cache.getOrLoad(`search:${order}:${JSON.stringify(wanted, replaceNow(now))}`, () =>
        this.deps.titles.searchTitleIds({
          filter: wanted,
          order,
          popularityRankingId: RankingId.All,
          limit: MAX_SEARCH_MATCHES,
          now,
        }),
      );
    let ids = await search(filter);
    if (ids.length === 0 && filter.text) {
      // Nothing contains the keyword as typed: words one typo away ("starshp" finds "Starship"),
      // with the other filters and the order as asked.
      const near = new Set((await this.fuzzyIndex()).findWithOneTypo(query.keyword ?? ''));
      const { text: _typed, ...others } = filter;
      if (near.size > 0) ids = (await search(others)).filter((id) => near.has(id));
    }
    const { offset, limit } = pageOf(query, MAX_TITLES_PER_PAGE);
    return {
      title_list: await this.deps.catalogue.listTitles(ids.slice(offset, offset + limit), ctx),
      title_id_list: ids,
    };
  }

  /**
   * GET /search/title/suggest (ours, issue 24): up to `limit` titles for what the reader has typed so
   * far, exact matches (the database's search, most popular first) before near ones (a word prefix,
   * one typo).
   */
  async suggestTitles(query: { keyword: string; limit?: number | undefined }, ctx: CatalogueContext) {
    const limit = Math.min(query.limit ?? SUGGESTION_LIMIT, SUGGESTION_LIMIT);
    const text = normalizeSearchText(query.keyword);
    if (text === '') return { suggestion_list: [] };
    const now = this.deps.clock.now();
    const exact = await this.deps.cache.getOrLoad(`suggest:${text}`, () =>
      this.deps.titles.searchTitleIds({
        filter: { text },
        order: 'popular',
        popularityRankingId: RankingId.All,
        limit,
        now,
      }),
    );
    const near = (await this.fuzzyIndex()).suggest(query.keyword);
    const ids = [...new Set([...exact, ...near])].slice(0, limit);
    const titles = await this.deps.catalogue.listTitles(ids, ctx);
    return {
      suggestion_list: titles.map((title) => ({
        title_id: title.title_id,
        title_name: title.title_name,
        author_text: title.author_text,
        thumbnail_image_url: title.thumbnail_image_url,
      })),
    };
  }

  /** The typo-tolerant index of the published titles, rebuilt when the catalogue changes. */
  private fuzzyIndex(): Promise<TitleFuzzyIndex> {
    return this.deps.cache.getOrLoad('search-fuzzy-index', async () => {
      return new TitleFuzzyIndex(await this.deps.titles.listTitleSearchEntries(this.deps.clock.now()));
    });
  }

  /** GET /search/title/all: the compact index of every published title. */
  async listSearchIndex({ locale }: CatalogueContext) {
    return this.deps.cache.getOrLoad(`search-index:${locale}`, async () => {
      const now = this.deps.clock.now();
      const [rows, genresOf] = await Promise.all([
        this.deps.titles.listTitleSearchEntries(now),
        this.deps.genres.getTitleGenres(),
      ]);
      return {
        search_title_list: rows.map((row) =>
          toSearchTitleEntryResponse(row, genresOf.get(row.id) ?? [], { locale, urls: this.deps.urls }),
        ),
      };
    });
  }
}

function searchOrder(sort: SearchSort, locale: Locale): TitleSearchOrder {
  if (sort === 'name') return locale === 'ja' ? 'name_ja' : 'name_en';
  return sort;
}

/** Cache keys must not change with the clock except where the filter uses it. */
function replaceNow(now: number) {
  return (_key: string, value: unknown) => (value === now ? 'now' : value);
}
