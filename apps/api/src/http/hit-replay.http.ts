// Cached answers replayed before the framework (ADR 077). A catalogue answer the response cache holds
// (ADR 020) still went through Fastify's whole pipeline on every hit: about two thirds of the CPU of a
// cached call, for the same bytes and the same headers every time. Once a hit has been answered
// through the pipeline to a request that carries nothing of its caller (replayableRequest), the same
// request is answered here with the same bytes and headers (the request id its own), counted and
// logged as the pipeline would, for as long as the entry is provably current without a read:
// the pushed revision trusted and unmoved, maintenance known to be off, the app not closing.
// Anything else (a cookie, a signature, an Origin, a conditional request, HEAD, an unknown key, a
// revision that may have moved) goes the whole way, which also refreshes what this path trusts.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { REQUEST_ID_HEADER } from '@manga/contracts';
import { type ClientFamily, queryParamsOf } from '#src/plugins/client-context.plugin.ts';
import { SIGNATURE_HEADERS } from '#src/plugins/signature.plugin.ts';
import { type HitReplay, type ResponseCache, responseCacheKeyOf } from '#src/services/response-cache.service.ts';

/** Headers that make an answer the caller's own or conditional: such requests are never replayed. */
const CALLER_HEADERS: readonly string[] = [
  'cookie',
  'authorization',
  'origin',
  'if-none-match',
  'if-modified-since',
  'range',
  ...Object.values(SIGNATURE_HEADERS).flat(),
];

/** Levels at which a route writes no request line (images are logged at warn). */
const QUIET_LEVELS: ReadonlySet<string> = new Set(['warn', 'error', 'fatal', 'silent']);

/** Whether a route logged at `level` writes the request line. */
export function writesRequestLine(level: string): boolean {
  return !QUIET_LEVELS.has(level);
}

/** A request URL less its query. */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** Whether a request may be answered by a replay: a GET carrying nothing of its caller. */
export function replayableRequest(req: IncomingMessage): boolean {
  if (req.method !== 'GET') return false;
  for (const name of CALLER_HEADERS) if (req.headers[name] !== undefined) return false;
  return true;
}

export interface HitReplayerOptions {
  cache: Pick<ResponseCache, 'peekReplay' | 'mayReplay'>;
  /** The client family of a request without cookies (the client-context plugin's rule). */
  familyOf(req: IncomingMessage, params: Record<string, string>): ClientFamily;
  /** True only when maintenance is known to be off without a read. */
  maintenanceKnownOff(): boolean;
  requestIdOf(req: IncomingMessage): string;
  /** Counts and logs the answer as the pipeline's onResponse hooks do. */
  answered(req: IncomingMessage, requestId: string, replay: HitReplay, ms: number): void;
}

export class HitReplayer {
  private open = true;
  /** Answers replayed so far (tests, bench). */
  replayed = 0;

  constructor(private readonly options: HitReplayerOptions) {}

  /** Each replay's headers as `writeHead`'s flat list, made once, its last two values left to each answer. */
  private readonly headerLines = new WeakMap<HitReplay, string[]>();

  /**
   * The replay's headers with this answer's id and length, as a flat list: no object made per answer.
   * The list is shared: `writeHead` reads it before returning, so it is filled just before each call.
   */
  private headerLinesOf(replay: HitReplay, requestId: string, length: number): string[] {
    let lines = this.headerLines.get(replay);
    if (!lines) {
      lines = [];
      for (const [name, value] of Object.entries(replay.headers)) {
        for (const one of Array.isArray(value) ? value : [value]) lines.push(name, String(one));
      }
      lines.push(REQUEST_ID_HEADER, '', 'content-length', '');
      this.headerLines.set(replay, lines);
    }
    lines[lines.length - 3] = requestId;
    lines[lines.length - 1] = String(length);
    return lines;
  }

  /** The app is closing: every request goes through the pipeline, which answers 503 (shutdown.plugin.ts). */
  stop(): void {
    this.open = false;
  }

  /** Answers `req` from a replayable hit and returns true; false leaves it to the pipeline. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    const startedAt = performance.now();
    const url = req.url ?? '/';
    if (!this.open || !this.options.cache.mayReplay(pathOf(url))) return false;
    if (!replayableRequest(req) || !this.options.maintenanceKnownOff()) return false;
    const hit = this.options.cache.peekReplay(responseCacheKeyOf(this.options.familyOf(req, queryParamsOf(url)), url));
    if (!hit) return false;
    const requestId = this.options.requestIdOf(req);
    res.writeHead(200, this.headerLinesOf(hit.replay, requestId, hit.body.length));
    res.end(hit.body);
    this.replayed += 1;
    this.options.answered(req, requestId, hit.replay, performance.now() - startedAt);
    return true;
  }

  /** Puts this in front of the server's one request listener (Fastify's). */
  serveBefore(server: Server): void {
    const listeners = server.listeners('request');
    if (listeners.length !== 1) throw new Error(`expected one request listener, found ${listeners.length}`);
    const pipeline = listeners[0] as (req: IncomingMessage, res: ServerResponse) => void;
    server.removeListener('request', pipeline);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (!this.answer(req, res)) pipeline(req, res);
    });
  }
}
