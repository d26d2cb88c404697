// Hot page derivatives kept in memory (ADR 020): the bytes, type and ETag of the most recently used
// derivatives, up to `maxBytes` in all, least recently used dropped first (lru-cache, sized by their
// bytes). Only page derivatives go in: their
// keys carry the episode's scramble seed and a re-import writes under a new seed, never over live
// files (storageKeys), so a key never changes content and an entry never needs checking against the
// disk. 0 bytes turns it off.
import { LRUCache } from 'lru-cache';
import type { HitReplay } from '#src/services/response-cache.service.ts';

export interface HotImage {
  readonly bytes: Buffer;
  readonly etag: string;
  readonly contentType: string;
  /**
   * How the pipeline sent it, once it has (ADR 088), by the request's Origin ('' for none; only
   * origins the CORS rule allows are kept, so there are few): what the replay before the framework sends.
   */
  replays?: Map<string, HitReplay>;
}

export class HotImageCache {
  /** Undefined when the cache is off. */
  private readonly entries: LRUCache<string, HotImage> | undefined;
  /** Lookups answered from memory, and lookups that went to the store (metrics); none while off. */
  hits = 0;
  misses = 0;

  constructor(maxBytes: number) {
    this.entries =
      maxBytes > 0
        ? new LRUCache<string, HotImage>({
            maxSize: maxBytes,
            maxEntrySize: Math.max(1, Math.floor(maxBytes / 8)),
            sizeCalculation: (image) => Math.max(1, image.bytes.length),
          })
        : undefined;
  }

  get enabled(): boolean {
    return this.entries !== undefined;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries?.size ?? 0, bytes: this.entries?.calculatedSize ?? 0 };
  }

  find(key: string): HotImage | undefined {
    if (!this.entries) return undefined;
    const found = this.entries.get(key);
    if (found) this.hits += 1;
    else this.misses += 1;
    return found;
  }

  /** Remembers how `key`'s derivative was answered to `origin`, while the one held is the one answered (by its ETag). */
  keepReplay(key: string, origin: string, replay: HitReplay): void {
    const held = this.entries?.peek(key);
    if (!held || held.etag !== replay.etag) return;
    held.replays ??= new Map();
    held.replays.set(origin, replay);
  }

  /** Keeps `image` unless it alone would take more than an eighth of the budget. */
  keep(key: string, image: HotImage): void {
    this.entries?.set(key, image);
  }
}
