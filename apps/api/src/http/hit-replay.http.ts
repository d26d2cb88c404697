// Cached answers replayed before the framework (ADR 077). A catalogue answer the response cache holds
// (ADR 020) still went through Fastify's whole pipeline on every hit: about two thirds of the CPU of a
// cached call, for the same bytes and the same headers every time. Once a hit has been answered
// through the pipeline to a request that carries nothing of its caller (replayableRequest), the same
// request is answered here with the same bytes and headers (the request id its own), counted and
// logged as the pipeline would, for as long as the entry is provably current without a read:
// the pushed revision trusted and unmoved, maintenance known to be off, the app not closing.
// Anything else (a cookie, a signature, an Origin, a conditional request, HEAD, an unknown key, a
// revision that may have moved) goes the whole way, which also refreshes what this path trusts.
// Hot page images are replayed the same way (ADR 088): a signed URL of a derivative held in memory,
// once answered through the pipeline, is answered here after the same signature check.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { REQUEST_ID_HEADER } from '@manga/contracts';
import type { FastifyReply } from 'fastify';
import { type ClientFamily, queryParamsOf } from '#src/plugins/client-context.plugin.ts';
import { SIGNATURE_HEADERS } from '#src/plugins/signature.plugin.ts';
import type { ReplayablePage } from '#src/services/image.service.ts';
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

/** Headers that make an image answer conditional or partial: never replayed. */
const IMAGE_VARIANT_HEADERS: readonly string[] = ['if-none-match', 'if-modified-since', 'range', 'if-range'];

/** Headers of one request only: never replayed. */
const PER_REQUEST_HEADERS: ReadonlySet<string> = new Set([
  'x-request-id',
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'set-cookie',
]);

/** The headers a reply was sent with, less those of its one request: what a replay sends again. */
export function replayHeadersOf(reply: FastifyReply): HitReplay['headers'] {
  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined && !PER_REQUEST_HEADERS.has(name)) headers[name] = value;
  }
  return headers;
}

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

/**
 * Whether an image request may be answered by a replay: a GET, neither conditional nor partial. Its
 * cookies do not matter: image routes never read the caller (auth.plugin.ts). Its Origin does (CORS
 * headers): replays are kept per Origin (imageReplayOriginOf).
 */
export function replayableImageRequest(req: IncomingMessage): boolean {
  if (req.method !== 'GET') return false;
  for (const name of IMAGE_VARIANT_HEADERS) if (req.headers[name] !== undefined) return false;
  return true;
}

/** A kept answer: its bytes and how they were sent through the pipeline. */
export interface Replayable {
  readonly body: Buffer;
  readonly replay: HitReplay;
}

/** Where replays come from: the kept answer to a request, or undefined to leave it to the pipeline. */
export interface ReplaySource {
  find(req: IncomingMessage, url: string): Replayable | undefined;
}

/**
 * The Origin under which an image answer may be kept for replay: '' without one, the Origin itself
 * when the CORS rule allowed it (the answer names it), else undefined: an Origin refused is never kept,
 * so that what is kept per image stays as small as the list of allowed origins.
 */
export function imageReplayOriginOf(req: IncomingMessage, allowedOrigin: unknown): string | undefined {
  const origin = req.headers.origin;
  if (origin === undefined) return '';
  return allowedOrigin === origin ? origin : undefined;
}

/** Cached catalogue answers (ADR 077): a request carrying nothing of its caller, for a kept hit. */
export function responseCacheReplays(
  cache: Pick<ResponseCache, 'peekReplay' | 'mayReplay'>,
  /** The client family of a request without cookies (the client-context plugin's rule). */
  familyOf: (req: IncomingMessage, params: Record<string, string>) => ClientFamily,
): ReplaySource {
  return {
    find(req, url) {
      if (!cache.mayReplay(pathOf(url)) || !replayableRequest(req)) return undefined;
      return cache.peekReplay(responseCacheKeyOf(familyOf(req, queryParamsOf(url)), url));
    },
  };
}

/** The form of the signed page URLs the API hands out (MediaUrlSigner.signedUrl); any other goes the whole way. */
const SIGNED_IMAGE_URL =
  /^\/images\/([A-Za-z0-9_/-]{1,300}\.[a-z0-9]{3,4})\?expires=(\d{1,12})&sig=([A-Za-z0-9_-]{1,128})$/;

/** Hot page images (ADR 088): a signed URL, checked as the pipeline checks it, of a derivative answered before. */
export function hotImageReplays(images: {
  findReplayablePage(key: string, expires: string, sig: string, origin: string): ReplayablePage | undefined;
}): ReplaySource {
  return {
    find(req, url) {
      if (!url.startsWith('/images/') || !replayableImageRequest(req)) return undefined;
      const signed = SIGNED_IMAGE_URL.exec(url);
      if (!signed) return undefined;
      const origin = req.headers.origin ?? '';
      const page = images.findReplayablePage(signed[1] as string, signed[2] as string, signed[3] as string, origin);
      return page && { body: page.bytes, replay: page.replay };
    },
  };
}

export interface HitReplayerOptions {
  /** Asked in order; the first kept answer is replayed. */
  sources: readonly ReplaySource[];
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
    // Every source answers GETs only: anything else leaves at once, without a clock read.
    if (!this.open || req.method !== 'GET' || !this.options.maintenanceKnownOff()) return false;
    let hit: Replayable | undefined;
    for (const source of this.options.sources) {
      hit = source.find(req, url);
      if (hit) break;
    }
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
