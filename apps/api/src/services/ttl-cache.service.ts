// A small in-process cache for hot catalogue answers (ADR 009): entries live `ttlMs` by the clock and
// are then reloaded; concurrent misses of one key share one load (single flight); beyond
// `maxEntries` the least recently used go first (lru-cache). The container empties it whenever the
// ResponseCache sees the catalogue revision move or a scheduled change come (`clear`, ADR 020), so a
// catalogue write shows at once; the TTL is the backstop. It holds only answers that are the same for
// every caller (per locale), never per-user state. A TTL of 0 turns it off.
import { uniqueIds } from '@manga/contracts';
import { LRUCache } from 'lru-cache';

export interface TtlCacheOptions {
  ttlMs: number;
  /** Entries kept at most; the least recently used are dropped first. */
  maxEntries: number;
  now(): number;
}

interface Entry<T> {
  value: Promise<T>;
  expiresAt: number;
}

export class TtlCache {
  private readonly entries: LRUCache<string, Entry<unknown>>;

  constructor(private readonly options: TtlCacheOptions) {
    this.entries = new LRUCache({ max: Math.max(1, options.maxEntries) });
  }

  get enabled(): boolean {
    return this.options.ttlMs > 0;
  }

  /** The cached value of `key`, or the result of `load` (stored unless it fails). */
  getOrLoad<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const now = this.options.now();
    const hit = this.entries.get(key) as Entry<T> | undefined;
    if (hit && hit.expiresAt > now) return hit.value;
    const value = load();
    this.entries.set(key, { value, expiresAt: now + this.options.ttlMs });
    value.catch(() => {
      if (this.entries.peek(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  /**
   * Values for many keys: hits from the cache, misses loaded together by one `loadMany` call (which
   * returns the values it found; keys it leaves out are not cached).
   */
  async getOrLoadMany<K, T>(
    keys: readonly K[],
    keyOf: (key: K) => string,
    loadMany: (missing: K[]) => Promise<Map<K, T>>,
  ): Promise<Map<K, T>> {
    const found = new Map<K, T>();
    if (!this.enabled) return loadMany([...keys]);
    const now = this.options.now();
    const missing: K[] = [];
    const pending: [K, Promise<T>][] = [];
    for (const key of keys) {
      const hit = this.entries.get(keyOf(key)) as Entry<T> | undefined;
      if (hit && hit.expiresAt > now) pending.push([key, hit.value]);
      else missing.push(key);
    }
    if (missing.length > 0) {
      const loaded = await loadMany(missing);
      for (const [key, value] of loaded) {
        found.set(key, value);
        this.entries.set(keyOf(key), { value: Promise.resolve(value), expiresAt: now + this.options.ttlMs });
      }
    }
    for (const [key, value] of pending) found.set(key, await value);
    return found;
  }

  /**
   * Rows of `ids` (repeats dropped, in order), each kept under `${prefix}:${id}`: the misses loaded
   * together by `load`, each found by `idOf`; an id it returns no row for is left out and not kept.
   */
  async rowsByIds<T>(
    prefix: string,
    ids: readonly number[],
    load: (missing: number[]) => Promise<readonly T[]>,
    idOf: (row: T) => number,
  ): Promise<T[]> {
    const wanted = uniqueIds(ids);
    const found = await this.getOrLoadMany(
      wanted,
      (id) => `${prefix}:${id}`,
      async (missing) => new Map((await load(missing)).map((row) => [idOf(row), row])),
    );
    return wanted.flatMap((id) => found.get(id) ?? []);
  }

  clear(): void {
    this.entries.clear();
  }
}
