import {
  type ApiClient,
  listGenres,
  listSearchGenres,
  listSearchMagazineCategories,
  listUpdatedTitles,
  responseCodeOf,
  type SearchTitleParams,
  searchTitles,
} from '@manga/api-client';
import { type Genre, type MagazineCategory, parseNonNegativeIntParam } from '@manga/contracts';
import { toPublicImageUrl } from '#app/api.server.ts';
import { env } from '#app/env.server.ts';
import { notFound } from '#app/errors/not-found.server.ts';
import { failLoad } from '#app/features/catalogue/load-errors.server.ts';
import { pageNumber, pageWindow } from '#app/features/catalogue/paging.ts';
import { toTitleCard } from '#app/features/catalogue/title-view.ts';
import {
  type CategoryView,
  type GenreView,
  MAX_KEYWORD_LENGTH,
  recentWireDates,
  type SearchHomeData,
  type SearchResultsData,
  searchSort,
  type TaxonomyKind,
  type TaxonomySearchData,
} from './search-view.ts';

export const SEARCH_PAGE_SIZE = 30;
/** How many days "latest updates" looks back, today included. */
export const LATEST_UPDATE_DAYS = 3;

const toGenre = (genre: Genre): GenreView => ({
  id: genre.genre_id,
  name: genre.genre_name,
  imageUrl: toPublicImageUrl(genre.image_url),
});

const toCategory = (category: MagazineCategory): CategoryView => ({
  id: category.magazine_category_id,
  name: category.magazine_category_name_text,
});

/** One page of GET /search/title with the filter, sorted by `?sort=`, paged by `?page=`. */
export async function loadSearchResults(
  api: ApiClient,
  url: URL,
  filter: Omit<SearchTitleParams, 'sort' | 'limit' | 'offset'>,
): Promise<SearchResultsData> {
  const sort = searchSort(url.searchParams.get('sort'));
  const page = pageNumber(url.searchParams.get('page'));
  const { offset } = pageWindow(page, SEARCH_PAGE_SIZE);
  try {
    const answer = await searchTitles(api, { ...filter, sort, offset, limit: SEARCH_PAGE_SIZE });
    return {
      titles: answer.title_list.map((title) => toTitleCard(title, toPublicImageUrl)),
      total: answer.title_id_list.length,
      sort,
      page,
      hasNext: offset + SEARCH_PAGE_SIZE < answer.title_id_list.length,
    };
  } catch (error) {
    failLoad(error, url);
  }
}

/** /search: the genres and categories to browse, and the titles updated in the last days. */
export async function loadSearchHome(api: ApiClient, url: URL, now = new Date()): Promise<SearchHomeData> {
  const dates = recentWireDates(now, LATEST_UPDATE_DAYS, env.wireTimeZone);
  try {
    const [genres, categories, ...updates] = await Promise.all([
      listSearchGenres(api),
      listSearchMagazineCategories(api).catch((error: unknown) => {
        console.warn(`GET /magazine/category/search/list failed with ${responseCodeOf(error)}`);
        return { magazine_category_list: [] };
      }),
      ...dates.map((base_date) => listUpdatedTitles(api, { base_date })),
    ]);
    const seen = new Set<number>();
    return {
      genres: genres.genre_list.map(toGenre),
      categories: categories.magazine_category_list.filter((c) => c.is_search === 1).map(toCategory),
      // A title shows once, on the newest day it was updated.
      updates: updates
        .map((answer, index) => ({
          date: dates[index] ?? '',
          titles: answer.title_list
            .filter((title) => !seen.has(title.title_id) && seen.add(title.title_id))
            .map((title) => toTitleCard(title, toPublicImageUrl)),
        }))
        .filter((day) => day.titles.length > 0),
    };
  } catch (error) {
    failLoad(error, url);
  }
}

/** /search/{query}: the keyword as searched (trimmed, at most the API's keyword length) and its results. */
export async function loadKeywordSearch(api: ApiClient, url: URL, rawQuery: string) {
  const query = rawQuery.trim().slice(0, MAX_KEYWORD_LENGTH);
  return { query, results: await loadSearchResults(api, url, { keyword: query }) };
}

async function findGenre(api: ApiClient, url: URL, genreId: number): Promise<GenreView | undefined> {
  const genres = await listGenres(api, { genre_id_list: [genreId] }).catch((error: unknown) => failLoad(error, url));
  const genre = genres.genre_list.find((g) => g.genre_id === genreId);
  return genre ? toGenre(genre) : undefined;
}

async function findCategory(api: ApiClient, url: URL, categoryId: number): Promise<CategoryView | undefined> {
  const categories = await listSearchMagazineCategories(api).catch((error: unknown) => failLoad(error, url));
  const category = categories.magazine_category_list.find((c) => c.magazine_category_id === categoryId);
  return category ? toCategory(category) : undefined;
}

/** How each kind is looked up (a genre by GET /genre/list, a magazine category among the searchable ones) and searched. */
const TAXONOMIES: Readonly<
  Record<
    TaxonomyKind,
    {
      find: (api: ApiClient, url: URL, id: number) => Promise<{ name: string } | undefined>;
      filter: (id: number) => Omit<SearchTitleParams, 'sort' | 'limit' | 'offset'>;
    }
  >
> = {
  genre: { find: findGenre, filter: (id) => ({ genre_id: id }) },
  category: { find: findCategory, filter: (id) => ({ magazine_category: id }) },
};

/**
 * /search/genre/{genreId} and /search/category/{categoryId}: the genre or magazine category and
 * one page of its titles. The id follows the contracts' route-parameter rule (product §5); one that
 * breaks it, or names nothing, answers 404. The search needs only the id, so it runs beside the lookup.
 */
export async function loadTaxonomySearch(
  api: ApiClient,
  url: URL,
  kind: TaxonomyKind,
  rawId: string,
): Promise<TaxonomySearchData> {
  const id = parseNonNegativeIntParam(rawId);
  if (id === undefined) notFound(url);
  const taxonomy = TAXONOMIES[kind];
  const [found, results] = await Promise.all([
    taxonomy.find(api, url, id),
    loadSearchResults(api, url, taxonomy.filter(id)),
  ]);
  if (!found) notFound(url);
  return { kind, name: found.name, results };
}
