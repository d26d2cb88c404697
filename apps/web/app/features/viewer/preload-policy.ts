// How far ahead the reader loads (ADR 016): pages are fetched and decoded before they are shown, so
// that a page turn only swaps a drawn bitmap. Fast connections load further ahead; Save-Data and
// slow connections load less (Kavita preloads 10 pages, Komga ±2 spreads, Mihon 4).

/** What the browser tells about the connection (navigator.connection; absent in some browsers). */
export interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
  /** Mbit/s. */
  downlink?: number;
}

export const DEFAULT_PAGES_AHEAD = 4;
const FAST_PAGES_AHEAD = 8;
const SLOW_PAGES_AHEAD = 2;
/** Pages kept behind the current view, for turning back. */
export const PAGES_BEHIND = 2;

/** Pages to have decoded ahead of the current one. */
export function pagesAhead(hints: ConnectionHints | undefined): number {
  if (!hints) return DEFAULT_PAGES_AHEAD;
  if (hints.saveData || hints.effectiveType === 'slow-2g' || hints.effectiveType === '2g') return SLOW_PAGES_AHEAD;
  if (hints.effectiveType === '3g') return SLOW_PAGES_AHEAD + 1;
  if ((hints.downlink ?? 0) >= 10) return FAST_PAGES_AHEAD;
  return DEFAULT_PAGES_AHEAD;
}

/** First pages of the next chapter fetched ahead while the reader nears the end. */
export function nextChapterPagesAhead(hints: ConnectionHints | undefined): number {
  return hints?.saveData ? 1 : 2;
}

/**
 * The pages (0-based) to have ready around the current ones, most urgent first: the current view's
 * pages, then the following pages in reading order, then the ones just behind.
 */
export function pagesToPrepare(current: readonly number[], pageCount: number, ahead: number): number[] {
  if (current.length === 0 || pageCount === 0) return [];
  const first = Math.min(...current);
  const last = Math.max(...current);
  const order = [...current];
  for (let page = last + 1; page <= Math.min(pageCount - 1, last + ahead); page++) order.push(page);
  for (let page = first - 1; page >= Math.max(0, first - PAGES_BEHIND); page--) order.push(page);
  return order;
}

/** Whether the reader is close enough to the end to fetch the next chapter's first pages. */
export function nearsTheEnd(lastShownPage: number, pageCount: number, ahead: number): boolean {
  return pageCount - 1 - lastShownPage <= ahead;
}
