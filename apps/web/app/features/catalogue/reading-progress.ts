import { episodeHref } from './title-view.ts';

// Where a reader is in each chapter, kept in the browser (ADR 016): the whole place of readers who
// are not logged in, and a quick local copy for those who are (their place is kept by the API for
// every device). A chapter's link with `?page=N` opens the reader on that page.

export interface LocalProgress {
  titleId: number;
  episodeId: number;
  /** 1-based. */
  page: number;
  pageCount: number;
  /** Epoch milliseconds of the last change. */
  at: number;
  /** Read while not logged in, and not yet on an account: sent at the next login (guest-progress.ts). */
  guest?: true;
}

export type ProgressStorage = Pick<Storage, 'getItem' | 'setItem'>;

export const READING_PROGRESS_KEY = 'readingProgress';
/** Chapters remembered; the least recently read are forgotten first. */
const MAX_CHAPTERS = 200;
/** The query parameter of the reader's start page. */
export const START_PAGE_PARAM = 'page';

function isProgress(value: unknown): value is LocalProgress {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Record<string, unknown>;
  return (
    ['titleId', 'episodeId', 'page', 'pageCount', 'at'].every((key) => Number.isSafeInteger(entry[key])) &&
    (entry.guest === undefined || entry.guest === true)
  );
}

export function readLocalProgress(storage: ProgressStorage | undefined): LocalProgress[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(READING_PROGRESS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isProgress) : [];
  } catch {
    return [];
  }
}

/** Records a chapter's page, most recent last. */
export function writeLocalProgress(storage: ProgressStorage | undefined, progress: LocalProgress): void {
  const others = readLocalProgress(storage).filter((entry) => entry.episodeId !== progress.episodeId);
  try {
    storage?.setItem(READING_PROGRESS_KEY, JSON.stringify([...others, progress].slice(-MAX_CHAPTERS)));
  } catch {
    // Storage full or refused: the place is kept by the API for logged-in readers, or lost.
  }
}

/** Rewrites the stored list (most recent last), e.g. with guests' marks taken off once carried. */
export function replaceLocalProgress(storage: ProgressStorage | undefined, entries: readonly LocalProgress[]): void {
  try {
    storage?.setItem(READING_PROGRESS_KEY, JSON.stringify(entries.slice(-MAX_CHAPTERS)));
  } catch {
    // Storage full or refused: nothing to keep.
  }
}

/** The chapter of a title read last in this browser, and the page reached. */
export function latestLocalProgress(storage: ProgressStorage | undefined, titleId: number): LocalProgress | undefined {
  return readLocalProgress(storage)
    .filter((entry) => entry.titleId === titleId)
    .reduce<LocalProgress | undefined>(
      (latest, entry) => (!latest || entry.at >= latest.at ? entry : latest),
      undefined,
    );
}

/** The reader on `page` of a chapter (the first page needs no parameter). */
export function continueHref(titleId: number, episodeId: number, page: number): string {
  const href = episodeHref(titleId, episodeId);
  return page > 1 ? `${href}?${START_PAGE_PARAM}=${page}` : href;
}

/**
 * Where reopening a chapter resumes (issue 24): the page reached when the reader stopped inside it,
 * or undefined to start at page 1 (nothing reached, the first page, or read to its last page).
 */
export function resumePageOf(reached: number | undefined, pageCount: number): number | undefined {
  return reached !== undefined && Number.isSafeInteger(reached) && reached > 1 && reached < pageCount
    ? reached
    : undefined;
}

/** A chapter's reader URL (path, query and hash) with its page kept in `?page=` (the rest unchanged). */
export function withStartPage(href: string, page: number): string {
  const url = new URL(href, 'http://reader.invalid');
  url.searchParams.set(START_PAGE_PARAM, String(page));
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A `?page=` value as a page of a chapter of `pageCount` pages (1-based), or undefined. */
export function startPageOf(raw: string | null, pageCount: number): number | undefined {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return undefined;
  const page = Number(raw);
  return page >= 1 && page <= pageCount ? page : undefined;
}
