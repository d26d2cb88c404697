import type { SearchSort } from '@manga/contracts';

// Search result pages (SPEC §2 search): sort orders and the site-local dates of "latest updates".

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

/** A genre id from the path: a non-negative integer, else undefined (the page answers 404). */
export function genreIdParam(raw: string | undefined): number | undefined {
  if (raw === undefined || !/^\d{1,9}$/.test(raw)) return undefined;
  return Number(raw);
}
