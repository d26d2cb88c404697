// The "new chapter" badge of a followed title (ADR 017): a chapter, free or paid, released after
// the reader last opened the title. A title never opened counts from the time it was followed, so
// following a title with a long back catalogue does not light the badge at once.

export interface FavoriteTimes {
  /** When the reader followed the title. */
  followedAt: number;
  /** When the reader last opened a chapter of the title, null when never. */
  lastViewedAt: number | null;
}

/** Since when a followed title's chapters count as new for the reader. */
export function newSince({ followedAt, lastViewedAt }: FavoriteTimes): number {
  return lastViewedAt === null ? followedAt : Math.max(followedAt, lastViewedAt);
}

/** Whether a chapter released at `releasedAt` is new to the reader (released strictly after newSince). */
export function isReleasedSince(releasedAt: number | null, times: FavoriteTimes): boolean {
  return releasedAt !== null && releasedAt > newSince(times);
}
