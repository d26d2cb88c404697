// Hot page derivatives kept in memory (ADR 020): the bytes, type and ETag of the most recently used
// derivatives, up to `maxBytes` in all, oldest used dropped first. Only page derivatives go in: their
// keys carry the episode's scramble seed and a re-import writes under a new seed, never over live
// files (storageKeys), so a key never changes content and an entry never needs checking against the
// disk. 0 bytes turns it off.

export interface HotImage {
  readonly bytes: Buffer;
  readonly etag: string;
  readonly contentType: string;
}

export class HotImageCache {
  private readonly entries = new Map<string, HotImage>();
  private held = 0;

  constructor(private readonly maxBytes: number) {}

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.held };
  }

  find(key: string): HotImage | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  /** Keeps `image` unless it alone would take more than an eighth of the budget. */
  keep(key: string, image: HotImage): void {
    if (image.bytes.length > this.maxBytes / 8) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.held -= previous.bytes.length;
    }
    this.entries.set(key, image);
    this.held += image.bytes.length;
    while (this.held > this.maxBytes) {
      const [oldest, entry] = this.entries.entries().next().value as [string, HotImage];
      this.entries.delete(oldest);
      this.held -= entry.bytes.length;
    }
  }
}
