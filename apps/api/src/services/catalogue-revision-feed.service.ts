// The catalogue revision as this process knows it, read from the database only when something says
// it may have moved (ADR 040): a committed write of this process to a catalogue table, a message on the
// revision channel (another process's write), the channel coming back after a break, or the recheck
// bound passing. While the channel is down every call reads, as before push. So an answer served from
// the cache is never older than the recheck bound, whatever was missed, and with the channel up the
// cached path does no database read at all.
import type { CatalogueStateSource } from '#src/services/response-cache.service.ts';

export interface RevisionStore {
  getRevision(): Promise<number>;
  findNextChangeAt(now: number): Promise<number | undefined>;
}

export interface PushState {
  /** True while change messages arrive. */
  readonly live: boolean;
}

export interface CatalogueRevisionFeedOptions {
  /** Longest time a revision is trusted without a read; 0 turns push off (a read on every call). */
  recheckMs: number;
  /** Monotonic milliseconds (performance.now in production): the bound holds whatever the wall clock does. */
  elapsed(): number;
}

export class CatalogueRevisionFeed implements CatalogueStateSource {
  private known: number | undefined;
  private readAt = Number.NEGATIVE_INFINITY;
  private stale = true;
  private reading: Promise<number> | undefined;
  private readonly listeners = new Set<() => void>();
  /** Database reads of the revision so far (metrics, tests). */
  reads = 0;

  constructor(
    private readonly store: RevisionStore,
    private readonly channel: PushState | undefined,
    private readonly options: CatalogueRevisionFeedOptions,
  ) {}

  /** The revision may have moved: the next call reads it. */
  changed(): void {
    this.stale = true;
    for (const listener of this.listeners) listener();
  }

  /** Calls `listener` (synchronously) whenever the revision may have moved; returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Whether the revision is pushed right now (push configured and its channel up). */
  get pushed(): boolean {
    return this.options.recheckMs > 0 && this.channel?.live === true;
  }

  getRevision(): Promise<number> {
    if (this.known !== undefined && this.trusted()) return Promise.resolve(this.known);
    // A read under way serves callers that came after the last change; after one, a new read follows it.
    if (this.reading && !this.stale) return this.reading;
    this.stale = false;
    const reading = (this.reading?.then(ignore, ignore) ?? Promise.resolve()).then(() => this.read());
    this.reading = reading;
    reading
      .finally(() => {
        if (this.reading === reading) this.reading = undefined;
      })
      .catch(ignore);
    return reading;
  }

  /** The revision without a read, while it may be trusted (push on, nothing moved, within the bound). */
  trustedRevision(): number | undefined {
    return this.known !== undefined && this.trusted() ? this.known : undefined;
  }

  findNextChangeAt(now: number): Promise<number | undefined> {
    return this.store.findNextChangeAt(now);
  }

  private trusted(): boolean {
    // While a read is under way (one follows every change), the revision known is from before it.
    return (
      this.pushed &&
      !this.stale &&
      this.reading === undefined &&
      this.options.elapsed() - this.readAt < this.options.recheckMs
    );
  }

  private async read(): Promise<number> {
    const startedAt = this.options.elapsed();
    this.reads += 1;
    try {
      const revision = await this.store.getRevision();
      this.known = revision;
      this.readAt = startedAt;
      return revision;
    } catch (error) {
      this.stale = true;
      throw error;
    }
  }
}

function ignore(): void {}
