import { SearchKeywordSchema, type SearchSort } from '@manga/contracts';
import type { TitleCardView } from '#app/features/catalogue/title-view.ts';

// The view model of the search pages (product §2 search): /search, /search/{query}, and the genre and
// category pages; sort orders and the site-local dates of "latest updates".

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

/** What a /search/genre/{genreId} or /search/category/{categoryId} page lists titles of. */
export type TaxonomyKind = 'genre' | 'category';

export interface TaxonomySearchData {
  kind: TaxonomyKind;
  /** The genre's or magazine category's name. */
  name: string;
  results: SearchResultsData;
}

/** The longest keyword the API searches for (contracts SearchKeywordSchema). */
export const MAX_KEYWORD_LENGTH = SearchKeywordSchema.maxLength ?? Number.POSITIVE_INFINITY;

export const SEARCH_SORTS: readonly SearchSort[] = ['popular', 'updated', 'new', 'name'];

/** `?sort=` of a result page, popular when missing or unknown. */
export function searchSort(raw: string | null): SearchSort {
  return SEARCH_SORTS.find((sort) => sort === raw) ?? 'popular';
}

/** Site-local dates (in the wire time zone) from today back `days - 1` days, as YYYY-MM-DD. */
export function recentWireDates(now: Date, days: number, timeZone: string): string[] {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return Array.from({ length: days }, (_, back) => format.format(new Date(now.getTime() - back * 86_400_000)));
}
