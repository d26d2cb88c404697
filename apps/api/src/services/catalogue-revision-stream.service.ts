// The catalogue revision pushed on to the web servers' page caches (ADR 078), as ADR 040 pushes it to
// this process: each stream is told `stale` the moment the revision may have moved (synchronously, so
// the line is on its socket before the write that moved it is answered), then the revision read after
// the move, and the revision again every heartbeat. A revision line is sent only when no move came
// after its read began, so the last line a stream holds is never older than the last move it was told.
import type { CatalogueRevisionEvent } from '@manga/contracts';

export interface PushedRevisionSource {
  /** The revision and how long answers built now stay true (GET /catalogue/revision's answer). */
  describe(): Promise<{ revision: number; validForMs: number }>;
  /** Calls `listener` whenever the revision may have moved; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
  /** Whether this process hears every change right now (push configured, channel up). */
  readonly pushed: boolean;
}

export interface CatalogueRevisionStreamsOptions {
  /** Streams open at once at most; more are refused (each holds a connection and a timer). */
  maxStreams: number;
  heartbeatMs: number;
}

export class CatalogueRevisionStreams {
  private readonly open = new Set<() => void>();

  constructor(
    private readonly source: PushedRevisionSource,
    private readonly options: CatalogueRevisionStreamsOptions,
  ) {}

  /** Streams open now (metrics, tests). */
  get size(): number {
    return this.open.size;
  }

  /** Ends every stream (the process is closing: its web servers fall back to asking, then reconnect). */
  endAll(): void {
    for (const end of [...this.open]) end();
  }

  /**
   * Starts a stream writing to `send`: the revision at once, then as above; `end` ends its connection
   * (endAll). Returns its close, or undefined when `maxStreams` are open.
   */
  subscribe(send: (event: CatalogueRevisionEvent) => void, end: () => void): (() => void) | undefined {
    if (this.open.size >= this.options.maxStreams) return undefined;
    let moves = 0;
    let closed = false;
    const announce = () => {
      const movesAtRead = moves;
      this.source.describe().then(
        ({ revision, validForMs }) => {
          if (closed || movesAtRead !== moves) return;
          send({
            event: 'revision',
            revision,
            valid_for_seconds: Math.floor(validForMs / 1000),
            pushed: this.source.pushed,
          });
        },
        // No revision line: the stream stays stale (the web server asks per request) until a read answers.
        () => undefined,
      );
    };
    const unsubscribe = this.source.onChange(() => {
      if (closed) return;
      moves += 1;
      send({ event: 'stale' });
      announce();
    });
    const heartbeat = setInterval(announce, this.options.heartbeatMs);
    heartbeat.unref();
    const close = () => {
      if (closed) return;
      closed = true;
      this.open.delete(ending);
      clearInterval(heartbeat);
      unsubscribe();
    };
    const ending = () => {
      close();
      end();
    };
    this.open.add(ending);
    announce();
    return close;
  }
}
