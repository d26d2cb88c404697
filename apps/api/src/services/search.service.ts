// Search (SPEC §7 Search, ADR 009): titles by keyword, author, genre, tag, magazine category and
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
import type { TtlCache } from '#src/services/ttl-cache.service.ts';

export interface TitleSearchReader {
  searchTitleIds(search: TitleSearch): Promise<number[]>;
  listTitleSearchEntries(now: number): Promise<TitleSearchEntryRow[]>;
}

export interface SearchServiceDeps {
  titles: TitleSearchReader;
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
    const ids = await this.deps.cache.getOrLoad(`search:${order}:${JSON.stringify(filter, replaceNow(now))}`, () =>
      this.deps.titles.searchTitleIds({
        filter,
        order,
        popularityRankingId: RankingId.All,
        limit: MAX_SEARCH_MATCHES,
        now,
      }),
    );
    const { offset, limit } = pageOf(query, MAX_TITLES_PER_PAGE);
    return {
      title_list: await this.deps.catalogue.listTitles(ids.slice(offset, offset + limit), ctx),
      title_id_list: ids,
    };
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
