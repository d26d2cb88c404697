interface CacheEntry {
  expiresAt: number;
  value: Promise<unknown>;
}

export interface ResponseCacheOptions {
  /** How long an answer stays fresh, in milliseconds. */
  ttlMs?: number;
  /** Upper bound on stored answers; the oldest go first. */
  maxEntries?: number;
  /** Clock, for tests. */
  now?: () => number;
}

export const DEFAULT_CACHE_TTL_MS = 30_000;
const DEFAULT_MAX_ENTRIES = 200;

/**
 * In-memory answers keyed by request url plus body (product §7 "a cached variant keys by url plus body").
 * Holds the promise, so concurrent identical calls share one request; failures are not kept.
 */
export class ResponseCache {
  readonly #entries = new Map<string, CacheEntry>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(options: ResponseCacheOptions = {}) {
    this.#ttlMs = options.ttlMs ?? DEFAULT_CACHE_TTL_MS;
    this.#maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    this.#now = options.now ?? Date.now;
  }

  static key(url: string, body: string): string {
    return `${url}\n${body}`;
  }

  get size(): number {
    return this.#entries.size;
  }

  getOrLoad<T>(key: string, load: () => Promise<T>, ttlMs = this.#ttlMs): Promise<T> {
    const now = this.#now();
    const hit = this.#entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
    if (hit) this.#entries.delete(key);

    const value = load();
    const entry: CacheEntry = { expiresAt: now + ttlMs, value };
    this.#entries.set(key, entry);
    value.catch(() => {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    });
    this.#evict(now);
    return value;
  }

  clear(): void {
    this.#entries.clear();
  }

  #evict(now: number): void {
    for (const [key, entry] of this.#entries) {
      if (entry.expiresAt <= now) this.#entries.delete(key);
    }
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
  }
}
