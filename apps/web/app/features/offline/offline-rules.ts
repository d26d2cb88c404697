// Offline reading (ADR 052): what the device may keep and show, as pure rules. The API decides what
// a reader may download and until when (GET /web/episode/download); these rules only apply its word
// on the device, with no network: a download past its end is removed and never shown.

/** What the device keeps of one downloaded chapter, besides its pages (Cache Storage). */
export interface DownloadRecord {
  /** `${userId}:${episodeId}`: one account's chapter. */
  key: string;
  userId: number;
  episodeId: number;
  titleId: number;
  titleName: string;
  episodeName: string;
  pageSizes: { width: number; height: number }[];
  scrambleSeed: string | number;
  scrambleVer: number | null;
  /** The episode's `direction` as the API gives it. */
  direction: number;
  keepReason: 'purchased' | 'rented' | 'free' | 'free_window';
  /** When the device must drop it (epoch ms): a rental's or free window's end; null for good. */
  keepUntil: number | null;
  /** Bytes of its pages as stored. */
  bytes: number;
  /** When it was downloaded (epoch ms). */
  savedAt: number;
}

export function downloadKey(userId: number, episodeId: number): string {
  return `${userId}:${episodeId}`;
}

/**
 * The time offline rules read: the device clock, never earlier than the latest time already seen, so
 * that turning the clock back does not bring a rental back to life.
 */
export function offlineNow(deviceNow: number, latestSeen: number | undefined): number {
  return latestSeen === undefined ? deviceNow : Math.max(deviceNow, latestSeen);
}

/** A download may still be read at `now`: kept for good, or before its end. */
export function isKept(record: Pick<DownloadRecord, 'keepUntil'>, now: number): boolean {
  return record.keepUntil === null || now < record.keepUntil;
}

/** Milliseconds until the download must go; undefined when kept for good. */
export function msUntilRemoval(record: Pick<DownloadRecord, 'keepUntil'>, now: number): number | undefined {
  return record.keepUntil === null ? undefined : Math.max(0, record.keepUntil - now);
}

/**
 * Which account's downloads the device may keep, from what the page knows: a logged-out page keeps
 * none; a logged-in one keeps only its own account's (`undefined` while the account is not known yet).
 */
export function downloadsToRemove(
  stored: readonly Pick<DownloadRecord, 'userId'>[],
  session: { isLoggedIn: false } | { isLoggedIn: true; userId: number | undefined },
): 'all' | 'others' | 'none' {
  if (stored.length === 0) return 'none';
  if (!session.isLoggedIn) return 'all';
  if (session.userId === undefined) return 'none';
  return stored.some((record) => record.userId !== session.userId) ? 'others' : 'none';
}

/** The synthetic same-origin URL a page is kept under in Cache Storage (never fetched). */
export function pageCacheUrl(userId: number, episodeId: number, index: number): string {
  return `/offline-pages/${userId}/${episodeId}/${index}`;
}

/** Cache Storage's cache of one account's pages. */
export function pageCacheName(userId: number): string {
  return `manga-offline-pages-${userId}`;
}

/** The Cache Storage caches of pages, whatever the account (for removing them all). */
export function isPageCacheName(name: string): boolean {
  return /^manga-offline-pages-\d+$/.test(name);
}

/** Bytes as people read them (1 KB = 1,024 bytes), in the page's language's number format. */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}
