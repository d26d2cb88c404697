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
import type { Genre, MagazineCategory, SearchSort } from '@manga/contracts';
import { toPublicImageUrl } from '#app/api.server.ts';
import { env } from '#app/env.server.ts';
import { failLoad, notFound } from '#app/features/catalogue/load-errors.server.ts';
import { pageNumber, pageWindow } from '#app/features/catalogue/paging.ts';
import type { TitleCardView } from '#app/features/catalogue/title-card.tsx';
import { toTitleCard } from '#app/features/catalogue/title-view.ts';
import { recentWireDates, searchSort } from './search-view.ts';

export const SEARCH_PAGE_SIZE = 30;
/** How many days "latest updates" looks back, today included. */
export const LATEST_UPDATE_DAYS = 3;

export interface SearchResultsData {
  titles: TitleCardView[];
  total: number;
  sort: SearchSort;
  page: number;
  hasNext: boolean;
}

export interface GenreView {
  id: number;
  name: string;
  imageUrl: string;
}

export interface CategoryView {
  id: number;
  name: string;
}

export interface UpdateDayView {
  /** Site-local date, YYYY-MM-DD. */
  date: string;
  titles: TitleCardView[];
}

export interface SearchHomeData {
  genres: GenreView[];
  categories: CategoryView[];
  updates: UpdateDayView[];
}

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

/** The genre a /search/genre/{genreId} page names (404 when unknown). */
export async function loadGenre(api: ApiClient, url: URL, genreId: number | undefined): Promise<GenreView> {
  if (genreId === undefined) notFound(url);
  const genres = await listGenres(api, { genre_id_list: [genreId] }).catch((error: unknown) => failLoad(error, url));
  const genre = genres.genre_list.find((g) => g.genre_id === genreId);
  if (!genre) notFound(url);
  return toGenre(genre);
}

/** The category a /search/category/{categoryId} page names (404 when unknown). */
export async function loadCategory(api: ApiClient, url: URL, categoryId: number): Promise<CategoryView> {
  const categories = await listSearchMagazineCategories(api).catch((error: unknown) => failLoad(error, url));
  const category = categories.magazine_category_list.find((c) => c.magazine_category_id === categoryId);
  if (!category) notFound(url);
  return toCategory(category);
}
