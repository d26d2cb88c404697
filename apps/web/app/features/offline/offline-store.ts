import {
  type ApiClient,
  getWebEpisodeDownload,
  NO_RESPONSE_CODE,
  recordViewerProgress,
  responseCodeOf,
} from '@manga/api-client';
import { parseWireDateTime } from '@manga/contracts';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import {
  type DownloadRecord,
  downloadKey,
  isKept,
  isPageCacheName,
  offlineNow,
  pageCacheName,
  pageCacheUrl,
} from './offline-rules.ts';

// The device's side of offline reading (ADR 052): chapter records, the progress made offline and
// the reader's library in IndexedDB; the pages, byte for byte as the API served them (scrambled), in
// Cache Storage, one cache per account. Everything is keyed by the account the API named; the
// browser only ever holds one account's downloads (offline-sync.tsx removes the others).

/** A title in the library kept for offline use. */
export interface LibraryTitle {
  id: number;
  name: string;
  href: string;
}

/** The reader's library as /my last showed it, for the offline page. */
export interface LibrarySnapshot {
  userId: number;
  savedAt: number;
  followed: LibraryTitle[];
  purchased: LibraryTitle[];
  history: (LibraryTitle & { episodeName: string })[];
}

/** Progress made while the API could not be reached: the latest page per chapter. */
export interface QueuedProgress {
  key: string;
  userId: number;
  episodeId: number;
  page: number;
  at: number;
}

interface OfflineDb extends DBSchema {
  downloads: { key: string; value: DownloadRecord; indexes: { userId: number } };
  progress: { key: string; value: QueuedProgress };
  library: { key: number; value: LibrarySnapshot };
  meta: { key: string; value: { name: string; value: number } };
}

const DB_NAME = 'manga-offline';
/** The latest time the rules have seen (offlineNow): a clock turned back does not reopen a rental. */
const LATEST_SEEN = 'latestSeen';
/** Pages fetched at once while downloading. */
const PARALLEL_PAGES = 3;

let opened: Promise<IDBPDatabase<OfflineDb>> | undefined;

/** Offline reading needs IndexedDB, Cache Storage and a secure context (https, or localhost). */
export function offlineSupported(): boolean {
  return typeof window !== 'undefined' && 'indexedDB' in window && 'caches' in window && window.isSecureContext;
}

function db(): Promise<IDBPDatabase<OfflineDb>> {
  opened ??= openDB<OfflineDb>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('downloads', { keyPath: 'key' }).createIndex('userId', 'userId');
      database.createObjectStore('progress', { keyPath: 'key' });
      database.createObjectStore('library', { keyPath: 'userId' });
      database.createObjectStore('meta', { keyPath: 'name' });
    },
  });
  return opened;
}

/** The time offline rules read now, remembered so that it never goes back. */
export async function currentOfflineTime(): Promise<number> {
  const database = await db();
  const seen = await database.get('meta', LATEST_SEEN);
  const now = offlineNow(Date.now(), seen?.value);
  await database.put('meta', { name: LATEST_SEEN, value: now });
  return now;
}

export interface DownloadProgress {
  done: number;
  total: number;
}

/**
 * Downloads a chapter for the logged-in reader: the API says whether they may keep it and what
 * (GET /web/episode/download); each page is fetched from its signed URL and stored as served. Nothing
 * is recorded until every page is stored, so a failed download leaves nothing half-kept.
 */
export async function downloadChapter(
  api: ApiClient,
  episodeId: number,
  options: { wireTimeZone: string; onProgress?: (progress: DownloadProgress) => void; signal?: AbortSignal },
): Promise<DownloadRecord> {
  const answer = await getWebEpisodeDownload(api, { episode_id: episodeId });
  const keepUntil = answer.keep_until
    ? (parseWireDateTime(answer.keep_until, options.wireTimeZone)?.getTime() ?? 0)
    : null;
  const cache = await caches.open(pageCacheName(answer.user_id));
  const total = answer.page_list.length;
  let done = 0;
  let bytes = 0;
  options.onProgress?.({ done, total });
  const queue = answer.page_list.map((url, index) => ({ url, index }));
  const stored: string[] = [];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const response = await fetch(next.url, { mode: 'cors', credentials: 'omit', signal: options.signal });
      if (!response.ok) throw new Error(`page ${next.index + 1} answered ${response.status}`);
      const body = await response.blob();
      const key = pageCacheUrl(answer.user_id, episodeId, next.index);
      await cache.put(key, new Response(body, { headers: { 'content-type': body.type || 'image/jpeg' } }));
      stored.push(key);
      bytes += body.size;
      done += 1;
      options.onProgress?.({ done, total });
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(PARALLEL_PAGES, total) }, worker));
  } catch (error) {
    await Promise.all(stored.map((key) => cache.delete(key)));
    throw error;
  }
  const record: DownloadRecord = {
    key: downloadKey(answer.user_id, episodeId),
    userId: answer.user_id,
    episodeId,
    titleId: answer.title_id,
    titleName: answer.title_name,
    episodeName: answer.episode_name,
    pageSizes: answer.page_size_list,
    scrambleSeed: answer.scramble_seed,
    scrambleVer: answer.scramble_ver,
    direction: answer.direction,
    keepReason: answer.keep_reason,
    keepUntil,
    bytes,
    savedAt: Date.now(),
  };
  await (await db()).put('downloads', record);
  return record;
}

/** Every download kept on this device, newest first. */
export async function listDownloads(): Promise<DownloadRecord[]> {
  const all = await (await db()).getAll('downloads');
  return all.sort((a, b) => b.savedAt - a.savedAt);
}

export async function findDownload(episodeId: number): Promise<DownloadRecord | undefined> {
  return (await listDownloads()).find((record) => record.episodeId === episodeId);
}

/** Removes one download: its record and its pages. */
export async function removeDownload(record: Pick<DownloadRecord, 'key' | 'userId' | 'episodeId' | 'pageSizes'>) {
  await (await db()).delete('downloads', record.key);
  const cache = await caches.open(pageCacheName(record.userId));
  await Promise.all(
    record.pageSizes.map((_, index) => cache.delete(pageCacheUrl(record.userId, record.episodeId, index))),
  );
}

/** Removes every account's downloads, queued progress and library but `keepUserId`'s (all when undefined). */
export async function removeAllBut(keepUserId: number | undefined): Promise<void> {
  const database = await db();
  const removeWhere = async (store: 'downloads' | 'progress' | 'library') => {
    const tx = database.transaction(store, 'readwrite');
    for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
      if ((cursor.value as { userId: number }).userId !== keepUserId) await cursor.delete();
    }
    await tx.done;
  };
  await Promise.all([removeWhere('downloads'), removeWhere('progress'), removeWhere('library')]);
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => isPageCacheName(name) && (keepUserId === undefined || name !== pageCacheName(keepUserId)))
      .map((name) => caches.delete(name)),
  );
}

/** Removes the downloads whose end has come (rentals, free windows); answers how many went. */
export async function removeEnded(): Promise<number> {
  const now = await currentOfflineTime();
  const ended = (await listDownloads()).filter((record) => !isKept(record, now));
  for (const record of ended) await removeDownload(record);
  return ended.length;
}

/**
 * The pages of a download as object URLs in reading order, or undefined when it ended or a page is
 * missing (the caller revokes the URLs).
 */
export async function readPages(record: DownloadRecord): Promise<string[] | undefined> {
  if (!isKept(record, await currentOfflineTime())) {
    await removeDownload(record);
    return undefined;
  }
  const cache = await caches.open(pageCacheName(record.userId));
  const urls: string[] = [];
  for (let index = 0; index < record.pageSizes.length; index++) {
    const response = await cache.match(pageCacheUrl(record.userId, record.episodeId, index));
    if (!response) {
      for (const url of urls) URL.revokeObjectURL(url);
      return undefined;
    }
    urls.push(URL.createObjectURL(await response.blob()));
  }
  return urls;
}

/** Keeps the latest page of a chapter read while the API could not be reached. */
export async function queueProgress(userId: number, episodeId: number, page: number): Promise<void> {
  await (await db()).put('progress', { key: downloadKey(userId, episodeId), userId, episodeId, page, at: Date.now() });
}

/** Sends `userId`'s queued progress; what the API refuses for good is dropped, a network failure keeps it. */
export async function flushProgress(api: ApiClient, userId: number): Promise<number> {
  const database = await db();
  const queued = (await database.getAll('progress')).filter((entry) => entry.userId === userId);
  let sent = 0;
  for (const entry of queued.sort((a, b) => a.at - b.at)) {
    try {
      await recordViewerProgress(api, { episode_id: entry.episodeId, page: entry.page });
      sent += 1;
    } catch (error) {
      if (isNetworkFailure(error)) return sent;
    }
    const current = await database.get('progress', entry.key);
    if (current && current.at === entry.at) await database.delete('progress', entry.key);
  }
  return sent;
}

export async function countQueuedProgress(): Promise<number> {
  return (await db()).count('progress');
}

/** A call that never reached the API (offline, DNS, a dropped connection), not an API answer. */
export function isNetworkFailure(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  return error instanceof TypeError || responseCodeOf(error) === NO_RESPONSE_CODE;
}

export async function saveLibrary(snapshot: LibrarySnapshot): Promise<void> {
  await (await db()).put('library', snapshot);
}

export async function readLibrary(): Promise<LibrarySnapshot | undefined> {
  const all = await (await db()).getAll('library');
  return all.sort((a, b) => b.savedAt - a.savedAt)[0];
}

/** Space used and left for this site, as the browser estimates it. */
export async function storageEstimate(): Promise<{ usage: number; quota: number } | undefined> {
  if (!navigator.storage?.estimate) return undefined;
  const { usage, quota } = await navigator.storage.estimate();
  return usage === undefined || quota === undefined ? undefined : { usage, quota };
}

/**
 * The page reached in a downloaded chapter, when the API could not be told: kept for the account the
 * chapter was downloaded for, sent when the network returns (offline-sync.tsx). Not downloaded: nothing.
 */
export async function queueProgressOfDownload(episodeId: number, page: number): Promise<boolean> {
  if (!offlineSupported()) return false;
  const record = await findDownload(episodeId);
  if (!record) return false;
  await queueProgress(record.userId, episodeId, page);
  return true;
}
