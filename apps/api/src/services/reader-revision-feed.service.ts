// Which readers' kept personal answers may have moved (ADR 081), for the revision streams to tell the
// web servers. Triggers mark every write to what such an answer is made of in reader_revision; this
// process learns of them three ways:
// - its own committed writes (the database handle's write watch): `wrote()` at the commit, before the
//   writer is answered, so the streams go stale at once; `catchUp()` then reads who moved;
// - the channel (ADR 040): on SQLite a file event makes the streams stale and read again the same way;
//   on PostgreSQL the trigger's NOTIFY names the reader (`told`), at its commit, in commit order;
// - the channel lost or back (`missed`): any reader may have moved.
import type { ReaderMove } from '#src/repositories/reader-revision.repository.ts';

/** Readers whose answers may have moved, or `all`. */
export type ReadersMoved = readonly number[] | 'all';

export interface ReaderMoveStore {
  lastSeq(): Promise<number>;
  movedSince(seq: number, limit: number): Promise<ReaderMove[]>;
}

/** Moves read at once at most; more than this and every reader is told moved. */
export const READER_MOVES_READ_LIMIT = 1_000;

export class ReaderRevisionFeed {
  private last: number | undefined;
  private reading: Promise<void> | undefined;
  /** A read queued behind the one under way: it serves every call made meanwhile. */
  private queued: Promise<void> | undefined;
  private readonly movedListeners = new Set<(moved: ReadersMoved) => void>();
  private readonly staleListeners = new Set<() => void>();

  constructor(private readonly store: ReaderMoveStore) {}

  /** Calls `listener` (synchronously) with the readers told moved; returns the unsubscribe. */
  onMoved(listener: (moved: ReadersMoved) => void): () => void {
    this.movedListeners.add(listener);
    return () => this.movedListeners.delete(listener);
  }

  /** Calls `listener` (synchronously) when readers moved but who is not known before `catchUp()`. */
  onStale(listener: () => void): () => void {
    this.staleListeners.add(listener);
    return () => this.staleListeners.delete(listener);
  }

  /** This process committed a write to a reader table. */
  wrote(): void {
    for (const listener of this.staleListeners) listener();
  }

  /** The channel named a reader moved (PostgreSQL's NOTIFY, at the commit). */
  told(userId: number): void {
    this.tell([userId]);
  }

  /** Moves may have gone unheard (the channel was lost or is back). */
  missed(): void {
    this.tell('all');
  }

  /**
   * Reads the readers moved since the last read and tells them. Resolves once every move committed
   * before the call is told (on PostgreSQL a move committed out of sequence order may come by its
   * NOTIFY instead); rejects, after telling `all`, when the read fails.
   */
  catchUp(): Promise<void> {
    if (!this.reading) {
      const reading = this.read().finally(() => {
        if (this.reading === reading) this.reading = undefined;
      });
      this.reading = reading;
      return reading;
    }
    this.queued ??= this.reading
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.catchUp();
      });
    return this.queued;
  }

  private async read(): Promise<void> {
    try {
      if (this.last === undefined) {
        // Nothing was told before this process knew where it stood.
        this.last = await this.store.lastSeq();
        this.tell('all');
        return;
      }
      const moves = await this.store.movedSince(this.last, READER_MOVES_READ_LIMIT);
      const lastMove = moves.at(-1);
      if (!lastMove) return;
      if (moves.length === READER_MOVES_READ_LIMIT) {
        this.last = await this.store.lastSeq();
        this.tell('all');
        return;
      }
      this.last = lastMove.seq;
      this.tell([...new Set(moves.map((move) => move.user_id))]);
    } catch (error) {
      this.tell('all');
      throw error;
    }
  }

  private tell(moved: ReadersMoved): void {
    for (const listener of this.movedListeners) listener(moved);
  }
}
