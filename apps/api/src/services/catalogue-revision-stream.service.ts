// The catalogue revision pushed on to the web servers' page caches (ADR 078), as ADR 040 pushes it to
// this process: each stream is told `stale` the moment the revision may have moved (synchronously, so
// the line is on its socket before the write that moved it is answered), then the revision read after
// the move, and the revision again every heartbeat. A revision line is sent only when no move came
// after its read began, so the last line a stream holds is never older than the last move it was told.
// Maintenance (switched in the database, by any process) is what the web servers used to learn from
// asking the revision (answered 503 meanwhile): it is read every `maintenancePollMs` while a stream is
// open, a switch is told like a move, and no revision line says `pushed` while it is on or unknown, so
// that the web servers ask per request and draw the maintenance page instead of a cached one.
// Readers whose kept personal answers moved (ADR 081) are told on the same streams: a `readers` line
// the moment they are known, and before the revision line after a move (its read first catches up).
import { type CatalogueRevisionEvent, READERS_PER_LINE } from '@manga/contracts';
import type { ReadersMoved } from '#src/services/reader-revision-feed.service.ts';

/** Where the streams learn which readers moved (ReaderRevisionFeed). */
export interface ReaderMoves {
  onMoved(listener: (moved: ReadersMoved) => void): () => void;
  /** Readers moved, who is not known yet: the streams go stale until the next catch-up. */
  onStale(listener: () => void): () => void;
  /** Tells every reader moved before the call. */
  catchUp(): Promise<void>;
}

export interface PushedRevisionSource {
  /** The revision and how long answers built now stay true (GET /catalogue/revision's answer). */
  describe(): Promise<{ revision: number; validForMs: number }>;
  /** Calls `listener` whenever the revision may have moved; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
  /** Whether this process hears every change right now (push configured, channel up). */
  readonly pushed: boolean;
  /** Maintenance on or off, read now (not from a cache); absent: never on. */
  maintenanceOn?(): Promise<boolean>;
  /** Readers' moves (ADR 081); absent: none are told. */
  readers?: ReaderMoves;
}

/** The `readers` lines telling `moved`. */
export function readerLines(moved: ReadersMoved): CatalogueRevisionEvent[] {
  if (moved === 'all') return [{ event: 'readers', ids: 'all' }];
  const lines: CatalogueRevisionEvent[] = [];
  for (let start = 0; start < moved.length; start += READERS_PER_LINE) {
    lines.push({ event: 'readers', ids: moved.slice(start, start + READERS_PER_LINE) });
  }
  return lines;
}

export interface CatalogueRevisionStreamsOptions {
  /** Streams open at once at most; more are refused (each holds a connection and a timer). */
  maxStreams: number;
  heartbeatMs: number;
  /** How often maintenance is read while a stream is open. */
  maintenancePollMs: number;
}

export class CatalogueRevisionStreams {
  /** Each open stream's "the revision may have moved", and its end (endAll). */
  private readonly streams = new Map<() => void, () => void>();
  /** Maintenance as last read; undefined until the first read answers (or when never on). */
  private maintenance: boolean | undefined;
  private maintenancePoll: NodeJS.Timeout | undefined;
  /** The poll's first read, settled either way: a stream opened before it answers waits for it. */
  private maintenanceFirstRead: Promise<void> | undefined;

  constructor(
    private readonly source: PushedRevisionSource,
    private readonly options: CatalogueRevisionStreamsOptions,
  ) {}

  /** Streams open now (metrics, tests). */
  get size(): number {
    return this.streams.size;
  }

  /** Tells every open stream that the revision may have moved. */
  private tellAll(): void {
    for (const moved of [...this.streams.keys()]) moved();
  }

  /** Whether revision lines may say `pushed`: maintenance known to be off. */
  private get maintenanceOff(): boolean {
    return !this.source.maintenanceOn || this.maintenance === false;
  }

  private pollMaintenance(): void {
    const read = this.source.maintenanceOn?.bind(this.source);
    if (!read || this.maintenancePoll) return;
    const poll = () =>
      read().then(
        (on) => {
          const was = this.maintenance;
          this.maintenance = on;
          // From unknown, the lines sent so far already said not pushed: the next one says the rest.
          if (was !== undefined && on !== was) this.tellAll();
        },
        // Unread: not known to be off, so nothing says `pushed` until a read answers.
        () => {
          if (this.maintenance === false) {
            this.maintenance = undefined;
            this.tellAll();
          }
        },
      );
    this.maintenancePoll = setInterval(poll, this.options.maintenancePollMs);
    this.maintenancePoll.unref();
    this.maintenanceFirstRead = poll();
  }

  private stopPollingWhenIdle(): void {
    if (this.streams.size > 0 || !this.maintenancePoll) return;
    clearInterval(this.maintenancePoll);
    this.maintenancePoll = undefined;
    this.maintenanceFirstRead = undefined;
    this.maintenance = undefined;
  }

  /** Ends every stream (the process is closing: its web servers fall back to asking, then reconnect). */
  endAll(): void {
    for (const end of [...this.streams.values()]) end();
  }

  /**
   * Starts a stream writing to `send`: the revision at once, then as above; `end` ends its connection
   * (endAll). Returns its close, or undefined when `maxStreams` are open.
   */
  subscribe(send: (event: CatalogueRevisionEvent) => void, end: () => void): (() => void) | undefined {
    if (this.streams.size >= this.options.maxStreams) return undefined;
    let moves = 0;
    let closed = false;
    const { readers } = this.source;
    const announce = () => {
      const movesAtRead = moves;
      // Every reader moved before this read is told (its lines sent) before the revision line.
      (readers ? readers.catchUp().then(() => this.source.describe()) : this.source.describe()).then(
        ({ revision, validForMs }) => {
          if (closed || movesAtRead !== moves) return;
          send({
            event: 'revision',
            revision,
            valid_for_seconds: Math.floor(validForMs / 1000),
            pushed: this.source.pushed && this.maintenanceOff,
          });
        },
        // No revision line: the stream stays stale (the web server asks per request) until a read answers.
        () => undefined,
      );
    };
    const moved = () => {
      if (closed) return;
      moves += 1;
      send({ event: 'stale' });
      announce();
    };
    const unsubscribe = this.source.onChange(moved);
    const unsubscribeStale = readers?.onStale(moved);
    const unsubscribeReaders = readers?.onMoved((readersMoved) => {
      if (closed) return;
      for (const line of readerLines(readersMoved)) send(line);
    });
    const heartbeat = setInterval(announce, this.options.heartbeatMs);
    heartbeat.unref();
    const close = () => {
      if (closed) return;
      closed = true;
      this.streams.delete(moved);
      clearInterval(heartbeat);
      unsubscribe();
      unsubscribeStale?.();
      unsubscribeReaders?.();
      this.stopPollingWhenIdle();
    };
    const ending = () => {
      close();
      end();
    };
    this.streams.set(moved, ending);
    this.pollMaintenance();
    // The first line says pushed only once maintenance is known off: it waits for the first read.
    if (this.maintenance === undefined && this.maintenanceFirstRead) this.maintenanceFirstRead.then(announce);
    else announce();
    return close;
  }
}
