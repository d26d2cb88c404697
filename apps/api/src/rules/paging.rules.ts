// Paging of list answers (SPEC §7 `limit`, `offset`): defaults and ceilings, since clients send
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
const DEFAULT_PAGE = 20;

/** Offset and limit with the default page size and a ceiling. */
export function pageOf(paging: Paging, max: number): { offset: number; limit: number } {
  return { offset: paging.offset ?? 0, limit: Math.min(paging.limit ?? DEFAULT_PAGE, max) };
}

/** Ids without repeats, first occurrence kept. */
export function uniqueIds(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}
