// Paging of list answers (product §7 `limit`, `offset`): defaults and ceilings, since clients send
// limit=99999 for "everything".

export interface Paging {
  limit?: number;
  offset?: number;
}

/** Titles in one answer of a title list (search, recommendations). */
export const MAX_TITLES_PER_PAGE = 1_000;
/** Ids in `title_id_list` of a search, and ranked ids read at once. */
export const MAX_SEARCH_MATCHES = 10_000;
/** Items in one answer of the other lists (magazines, categories, ranking pages). */
export const MAX_ITEMS_PER_PAGE = 1_000;
/** Items in one answer of a reader's own lists (purchases, points, tickets, reservations; ADR 014). */
export const MAX_PERSONAL_ITEMS_PER_PAGE = 100;
const DEFAULT_PAGE = 20;

/** Offset and limit with the default page size (also for `limit=0`, wire §3.5) and a ceiling. */
export function pageOf(paging: Paging, max: number): { offset: number; limit: number } {
  const limit = paging.limit === undefined || paging.limit === 0 ? DEFAULT_PAGE : Math.min(paging.limit, max);
  return { offset: paging.offset ?? 0, limit };
}
