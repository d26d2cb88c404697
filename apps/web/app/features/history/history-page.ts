import type { HistoryEntryView } from '#app/features/catalogue/reading-history.ts';

// The view model of /my/history (product §2: reading history, up to 20 titles, delete).

export interface HistoryPageData {
  entries: HistoryEntryView[];
  /** `?confirm=clear`: the page asks before clearing the whole history (works without JavaScript). */
  confirmClear: boolean;
}

/** What a delete left to show: nothing on success (the page reloads), the code of a failure. */
export type HistoryActionResult = { status: 'failed'; code: number } | undefined;

export const CONFIRM_PARAM = 'confirm';
export const CONFIRM_CLEAR = 'clear';
export const HISTORY_PATH = '/my/history';
