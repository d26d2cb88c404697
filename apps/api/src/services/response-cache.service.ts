// Catalogue answers kept as the bytes that were sent (ADR 020). An entry is served while three things
// hold: the catalogue revision is the one it was built at (triggers move the revision on every
// catalogue write, from any process), the clock has not reached the next scheduled catalogue change
// (a chapter released, a free window ending, a new wire day) nor the TTL backstop. Entries are
// dropped least recently used first beyond `maxBytes` (lru-cache, sized by their bodies). Which
// answers may be stored is decided by the routes (opt-in) and the response-cache plugin (anonymous
// callers only); this class only keeps bytes.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

export interface CatalogueStateSource {
  getRevision(): Promise<number>;
  findNextChangeAt(now: number): Promise<number | undefined>;
  /** Tells when the revision may have moved (the pushed feed, ADR 040). */
  onChange?(listener: () => void): () => void;
  /** The revision known without a read, while it may be trusted (the pushed feed); else undefined. */
  trustedRevision?(): number | undefined;
}

export interface ResponseCacheOptions {
  /** 0 turns the cache off. */
  maxBytes: number;
  /** Longest life of an entry whatever else happens. */
  ttlMs: number;
  /** How often the revision is read; 0 reads it on every cached call (exact, one indexed read). */
  revisionCheckMs: number;
  now(): number;
  /** The start of the wire day after `now` (answers such as today's updates change then). */
  nextDayStartAt(now: number): number;
}

/** Paths remembered for replay at most (beyond, entries on other paths are answered by the pipeline only). */
const MAX_REPLAY_PATHS = 4096;

export interface CachedResponse {
  readonly body: Buffer;
  readonly etag: string;
  readonly contentType: string;
}

/** How a hit of an entry was answered, to answer the same request again before the framework (ADR 077). */
export interface HitReplay {
  readonly etag: string;
  /** The headers the hit was sent with, less those of the one request (id, date, connection). */
  readonly headers: Readonly<Record<string, string | number | readonly string[]>>;
  /** The route's pattern, for the metrics. */
  readonly route: string;
  /** Whether the route writes a request line (routes logged at warn and above do not). */
  readonly logged: boolean;
}

interface Entry extends CachedResponse {
  readonly revision: number;
  readonly validUntil: number;
  replay?: HitReplay;
}

/** The key of a URL's answer for a client family (what of the client a catalogue answer may depend on). */
export function responseCacheKeyOf(
  family: { locale: string; seedFormat: string; isCrawler: boolean },
  url: string,
): string {
  return `${family.locale}|${family.seedFormat}|${family.isCrawler ? 'c' : 'r'}|${url}`;
}

/** A strong ETag of a body: its SHA-1, base64url (27 characters). */
export function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

export class ResponseCache {
  /** Undefined when the cache is off. */
  private readonly entries: LRUCache<string, Entry> | undefined;
  private revision = -1;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private nextChangeAt: number | undefined;
  /** Pending refresh, shared by concurrent callers. */
  private refreshing: Promise<number> | undefined;
  private readonly listeners: (() => void)[] = [];
  /** Paths (URLs less their query) with a replayable entry: a request for another path is not looked up. */
  private readonly replayPaths = new Set<string>();

  constructor(
    private readonly state: CatalogueStateSource,
    private readonly options: ResponseCacheOptions,
  ) {
    this.entries = this.enabled
      ? new LRUCache<string, Entry>({
          maxSize: options.maxBytes,
          // A body larger than a quarter of the budget is not kept.
          maxEntrySize: Math.max(1, Math.floor(options.maxBytes / 4)),
          sizeCalculation: (entry) => Math.max(1, entry.body.length),
        })
      : undefined;
    // A refresh under way when the revision moves is not shared with callers that come after the move.
    state.onChange?.(() => {
      this.refreshing = undefined;
    });
  }

  get enabled(): boolean {
    return this.options.maxBytes > 0 && this.options.ttlMs > 0;
  }

  /** Calls `listener` whenever the catalogue is seen to change (other caches drop their entries). */
  onCatalogueChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Entries and bytes held (tests, bench). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries?.size ?? 0, bytes: this.entries?.calculatedSize ?? 0 };
  }

  /**
   * The current revision, read from the database when due; when it moved, or when the clock passed
   * the next scheduled change, every entry goes and the listeners are told.
   */
  async refresh(): Promise<number> {
    const now = this.options.now();
    // A clock set back (tests, a corrected host clock) makes everything due again.
    const wentBack = now < this.checkedAt;
    const revisionDue = wentBack || now - this.checkedAt >= this.options.revisionCheckMs;
    const scheduleDue = wentBack || this.nextChangeAt === undefined || now >= this.nextChangeAt;
    if (!revisionDue && !scheduleDue) return this.revision;
    if (this.refreshing) return this.refreshing;
    const refreshing = this.readState(now, scheduleDue).finally(() => {
      if (this.refreshing === refreshing) this.refreshing = undefined;
    });
    this.refreshing = refreshing;
    return refreshing;
  }

  private async readState(now: number, scheduleDue: boolean): Promise<number> {
    const revision = await this.state.getRevision();
    this.checkedAt = now;
    if (revision !== this.revision || scheduleDue) {
      this.revision = revision;
      this.nextChangeAt = (await this.state.findNextChangeAt(now)) ?? Number.POSITIVE_INFINITY;
      this.clear();
      for (const listener of this.listeners) listener();
    }
    return this.revision;
  }

  /** The current revision and how long answers built now stay true (GET /catalogue/revision). */
  async describe(): Promise<{ revision: number; validForMs: number }> {
    const revision = await this.refresh();
    const now = this.options.now();
    return { revision, validForMs: Math.max(0, this.validUntil(now) - now) };
  }

  /** The stored answer for `key`, if it is still true. */
  lookup(key: string): CachedResponse | undefined {
    const entry = this.entries?.get(key);
    if (!entry) return undefined;
    if (entry.revision !== this.revision || this.options.now() >= entry.validUntil) {
      this.entries?.delete(key);
      return undefined;
    }
    return entry;
  }

  /**
   * The entry for `key` and how its hit was answered, known without any read: only while the state
   * source trusts a revision (pushed, nothing moved since) that this cache has refreshed to, before the
   * next scheduled change; else undefined (the request goes the whole way, which refreshes).
   */
  peekReplay(key: string): (CachedResponse & { replay: HitReplay }) | undefined {
    const entry = this.entries?.get(key);
    if (!entry?.replay || entry.replay.etag !== entry.etag) return undefined;
    const now = this.options.now();
    if (this.state.trustedRevision?.() !== this.revision || now < this.checkedAt) return undefined;
    if (this.nextChangeAt === undefined || now >= this.nextChangeAt) return undefined;
    if (entry.revision !== this.revision || now >= entry.validUntil) return undefined;
    return entry as CachedResponse & { replay: HitReplay };
  }

  /** Remembers how a hit of `key`'s entry (a URL on `path`) was answered, while that entry, by its ETag, is still the one. */
  keepReplay(key: string, path: string, replay: HitReplay): void {
    const entry = this.entries?.peek(key);
    if (!entry || entry.etag !== replay.etag) return;
    entry.replay = replay;
    if (this.replayPaths.size < MAX_REPLAY_PATHS) this.replayPaths.add(path);
  }

  /**
   * False when no entry on `path` can be replayed: the replayer's first look, before it builds a key
   * (page images and every uncached route go on to the pipeline at the cost of one set lookup).
   */
  mayReplay(path: string): boolean {
    return this.replayPaths.has(path);
  }

  /**
   * Keeps `body` as the answer for `key`, if the catalogue is still at `revision` (the one read before
   * the answer was built: a change while it was built makes it unusable).
   */
  store(key: string, revision: number, body: Buffer, contentType: string, etag = etagOf(body)): CachedResponse {
    const answer = { body, etag, contentType };
    if (!this.entries || revision !== this.revision) return answer;
    this.entries.set(key, { ...answer, revision, validUntil: this.validUntil(this.options.now()) });
    return answer;
  }

  clear(): void {
    this.entries?.clear();
    this.replayPaths.clear();
  }

  /** Until when an answer built at `now` stays true: the TTL, the next scheduled change, the next wire day. */
  private validUntil(now: number): number {
    return Math.min(
      now + this.options.ttlMs,
      this.nextChangeAt ?? Number.POSITIVE_INFINITY,
      this.options.nextDayStartAt(now),
    );
  }
}
