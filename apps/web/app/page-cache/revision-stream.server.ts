// The catalogue revision pushed by the API (ADR 078), so that a cached page costs no question to the
// API while nothing changes. The API's GET /catalogue/revision/stream sends the revision at once, a
// `stale` line the moment it may have moved (then the revision read after the move) and the revision
// again every heartbeat. The revision is trusted only while all of these hold: the stream is open, the
// last line was a revision the API called pushed, and it arrived less than `recheckMs` ago (a stream
// gone silent stops being trusted within that bound); otherwise the page cache asks per request, as
// without the stream. A lost stream reconnects with backoff. The same stream names the readers whose
// kept personal answers moved (ADR 081): `onReaders`, and `all` whenever the stream is lost (moves told
// meanwhile are gone).
import http from 'node:http';
import https from 'node:https';
import { CATALOGUE_REVISION_STREAM_PATH, CatalogueRevisionEventSchema } from '@manga/contracts';

export interface PushedRevision {
  readonly revision: number;
  /** When answers built at this revision stop being true (the next release, the next wire day). */
  readonly validUntil: number;
}

export interface RevisionStreamOptions {
  apiUrl: string;
  /** Longest time a revision line is trusted (more than the API's 5 s heartbeat). */
  recheckMs: number;
  now(): number;
  /** Headers that prove the web server to the API (the proxy secret), asked at each connection. */
  headers(): Promise<Record<string, string>>;
  warn(message: string): void;
  /** Readers whose personal answers moved, or `all` (a `readers` line, or the stream lost). */
  onReaders?(readers: readonly number[] | 'all'): void;
}

const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 10_000;
/** A line longer than this is not ours: the stream is dropped. */
const MAX_LINE_BYTES = 4_096;

export class RevisionStream {
  private known: (PushedRevision & { receivedAt: number }) | undefined;
  private trusting = false;
  private request: http.ClientRequest | undefined;
  private retryMs = RECONNECT_FIRST_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private silenceTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Connections opened so far (tests). */
  connections = 0;

  constructor(private readonly options: RevisionStreamOptions) {}

  /** The pushed revision while it may be trusted, else undefined (ask the API). */
  current(): PushedRevision | undefined {
    const known = this.known;
    if (!this.trusting || !known) return undefined;
    const now = this.options.now();
    if (now - known.receivedAt >= this.options.recheckMs || now >= known.validUntil) return undefined;
    return known;
  }

  start(): void {
    this.stopped = false;
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.trusting = false;
    clearTimeout(this.retryTimer);
    clearTimeout(this.silenceTimer);
    this.request?.destroy();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const base = this.options.apiUrl.endsWith('/') ? this.options.apiUrl : `${this.options.apiUrl}/`;
    const url = new URL(CATALOGUE_REVISION_STREAM_PATH.slice(1), base);
    let headers: Record<string, string>;
    try {
      headers = await this.options.headers();
    } catch {
      headers = {};
    }
    if (this.stopped) return;
    this.connections += 1;
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, { headers: { ...headers, accept: 'application/x-ndjson' }, agent: false });
    this.request = request;
    let ended = false;
    const lost = (why: string) => {
      if (ended) return;
      ended = true;
      this.trusting = false;
      this.options.onReaders?.('all');
      clearTimeout(this.silenceTimer);
      request.destroy();
      if (this.request === request) this.request = undefined;
      if (this.stopped) return;
      this.options.warn(`Catalogue revision stream: ${why}; asking the API per request until it is back`);
      this.retryTimer = setTimeout(() => void this.connect(), this.retryMs);
      this.retryTimer.unref();
      this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
    };
    const expectLine = () => {
      clearTimeout(this.silenceTimer);
      this.silenceTimer = setTimeout(() => lost('no line within the recheck bound'), this.options.recheckMs);
      this.silenceTimer.unref();
    };
    request.on('socket', (socket) => socket.unref());
    request.on('error', (error) => lost(error.message));
    request.on('response', (answer) => {
      if (answer.statusCode !== 200) {
        answer.resume();
        lost(`the API answered ${answer.statusCode}`);
        return;
      }
      expectLine();
      let pending = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => {
        pending += chunk;
        for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
          const line = pending.slice(0, end);
          pending = pending.slice(end + 1);
          if (!this.receive(line)) {
            lost('a line that is not a revision event');
            return;
          }
          expectLine();
        }
        if (pending.length > MAX_LINE_BYTES) lost('a line over 4 KB');
      });
      answer.on('end', () => lost('the API ended it'));
      answer.on('error', (error) => lost(error.message));
    });
    request.end();
  }

  /** Takes one line; false when it is not a revision event. */
  private receive(line: string): boolean {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      return false;
    }
    const event = CatalogueRevisionEventSchema.safeParse(parsed);
    if (!event.success) return false;
    if (event.data.event === 'stale') {
      this.trusting = false;
      return true;
    }
    if (event.data.event === 'readers') {
      this.options.onReaders?.(event.data.ids);
      return true;
    }
    const receivedAt = this.options.now();
    this.known = {
      revision: event.data.revision,
      validUntil: receivedAt + event.data.valid_for_seconds * 1000,
      receivedAt,
    };
    this.trusting = event.data.pushed;
    this.retryMs = RECONNECT_FIRST_MS;
    return true;
  }
}
