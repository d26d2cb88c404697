// Offset paging of the personal lists (ADR 014): defaults and a ceiling, since clients send
// limit=99999 for "everything" (WIRE.md §1.6).

export interface PagingQuery {
  limit?: number;
  offset?: number;
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** Offset and limit with defaults, at most MAX_PAGE_SIZE (0 means the default). */
export function pageOf(paging: PagingQuery, max = MAX_PAGE_SIZE): { offset: number; limit: number } {
  const limit = paging.limit === undefined || paging.limit === 0 ? DEFAULT_PAGE_SIZE : Math.min(paging.limit, max);
  return { offset: paging.offset ?? 0, limit };
}
