import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { REQUEST_ID_HEADER } from '@manga/contracts';
import type { RouterContextProvider } from 'react-router';
import type { PageCache, RenderedPage, StoredHeaders } from '#app/page-cache/page-cache.server.ts';
import type { PersonalOutcome } from '#app/personal/personal.server.ts';
import type { PersonalAnswerCache } from '#app/personal/personal-cache.server.ts';
import type { PersonalKind } from '#app/personal/personal-data.ts';
import type { ClientConnection } from '#app/visitor/client-connection.server.ts';
import type { HeaderReader } from '#app/visitor/visitor.ts';
import type { ShellMeta } from '#app/visitor/visitor-context.server.ts';
import { acceptedEncodings, fetchHeadersOf, HOP_BY_HOP, headerReaderOf } from './http-headers.ts';

// Catalogue pages of anonymous visitors and crawlers, through the page cache (ADR 020).

/** Header telling whether a page came from the page cache (`hit`) or was rendered (`miss`). */
const PAGE_CACHE_HEADER = 'x-page-cache';

export interface CachedPagesOptions {
  pageCache: PageCache;
  /** React Router's Fetch handler of the server build. */
  handleFetch(request: Request, loadContext: RouterContextProvider): Promise<Response>;
  loadContextFor(connection: ClientConnection, memberShell?: boolean): RouterContextProvider;
  /** Member pages (ADR 048): the page drawn whole for its reader, as without the cache (compressed). */
  renderWhole(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Runs `answer` behind the compression middleware (every answer but an already gzipped page). */
  compressed(req: IncomingMessage, res: ServerResponse, answer: () => void): Promise<void>;
  withoutSession(headers: Headers): Headers;
  personalAnswer(
    kind: PersonalKind,
    request: Request,
    connection: ClientConnection,
    meta: ShellMeta | undefined,
  ): Promise<PersonalOutcome>;
  /** Readers' personal answers kept between their pages (ADR 081, ADR 082), for the kinds it keeps. */
  personalAnswers?: { cache: PersonalAnswerCache; kinds: ReadonlySet<PersonalKind> };
  sessionOf(headers: HeaderReader): string | undefined;
  shellMetaHeader: string;
  /** What a member shell holds where the personal answer goes. */
  personalSlot: string;
}

type CacheStatus = 'hit' | 'miss' | 'member-hit' | 'member-miss' | 'member-kept';

/** A page's header that writing it replaces: its length and encoding, and headers of one hop. */
function replacedOnWrite(key: string): boolean {
  return key === 'content-length' || key === 'content-encoding' || HOP_BY_HOP.has(key);
}

/** Whether the request accepts gzip (a q of 0 refuses it). */
function acceptsGzip(req: IncomingMessage): boolean {
  return acceptedEncodings(req.headers['accept-encoding']).includes('gzip');
}

/**
 * Writes a page held as { status, headers: [name, value][], html, gzip? } (gzip: from the page cache),
 * gzipped as it is when `gzip` (the client takes it).
 */
function writePage(res: ServerResponse, page: RenderedPage, cacheStatus: CacheStatus, gzip: boolean): void {
  const headers: OutgoingHttpHeaders = {};
  const setCookies: string[] = [];
  for (const [name, value] of page.headers) {
    const key = name.toLowerCase();
    if (replacedOnWrite(key)) continue;
    if (key === 'set-cookie') setCookies.push(value);
    else headers[key] = value;
  }
  if (setCookies.length > 0) headers['set-cookie'] = setCookies;
  headers[PAGE_CACHE_HEADER] = cacheStatus;
  // A member page holds its reader's answer: theirs alone, kept by no cache (ADR 048).
  if (cacheStatus.startsWith('member-')) headers['cache-control'] = 'private, no-store';
  if (page.gzip) {
    headers.vary = 'Accept-Encoding';
    if (gzip) {
      // Already compressed: sent as it is, past the compression middleware (CachedPages.send).
      let length = 0;
      for (const chunk of page.gzip) length += chunk.length;
      res.writeHead(page.status, { ...headers, 'content-encoding': 'gzip', 'content-length': length });
      endWithChunks(res, page.gzip, page.release);
      return;
    }
  }
  res.writeHead(page.status, headers);
  res.end(page.html);
}

/**
 * A cache entry's hit head as `writeHead`'s flat list, made once per entry: the request id, the CSP
 * (split at the nonce) and the length are filled in just before each call, which reads the list
 * before it returns (ADR 084).
 */
interface StoredHead {
  readonly list: string[];
  readonly idAt: number;
  readonly lengthAt: number;
  readonly csp?: { at: number; parts: readonly string[] };
}

/** A gzip answer of the page cache with its stored headers (RenderedPage.stored). */
interface StoredGzipAnswer {
  status: number;
  chunks: readonly Buffer[];
  release: (() => void) | undefined;
  stored: StoredHeaders;
}

const storedHeads = new WeakMap<StoredHeaders['headers'], StoredHead>();

/** The head `writePage` would write for a gzipped hit with `headers`, as a flat list with slots. */
function storedHeadOf(headers: StoredHeaders['headers']): StoredHead {
  const known = storedHeads.get(headers);
  if (known) return known;
  const list: string[] = [];
  let csp: StoredHead['csp'];
  for (const [name, parts] of headers) {
    const key = name.toLowerCase();
    // As writePage: Vary is set below, whatever the page said.
    if (replacedOnWrite(key) || key === 'vary') continue;
    if (key === 'content-security-policy') csp = { at: list.length + 1, parts };
    list.push(key, parts.join(''));
  }
  list.push(PAGE_CACHE_HEADER, 'hit', 'vary', 'Accept-Encoding', 'content-encoding', 'gzip');
  list.push('content-length', '', REQUEST_ID_HEADER, '');
  const head: StoredHead = { list, lengthAt: list.length - 3, idAt: list.length - 1, ...(csp ? { csp } : {}) };
  storedHeads.set(headers, head);
  return head;
}

/**
 * A cached gzipped answer (ADR 080's one buffer or stretches) with its head prepared once (ADR 084):
 * the same bytes and headers as `writePage`, without building the headers per answer. Nothing may
 * have been set on `res` before (Node merges a flat list with set headers one by one).
 */
function writeStoredGzipHit(
  res: ServerResponse,
  { status, chunks, release, stored }: StoredGzipAnswer,
  requestId: string,
): void {
  const head = storedHeadOf(stored.headers);
  let length = 0;
  for (const chunk of chunks) length += chunk.length;
  head.list[head.lengthAt] = String(length);
  head.list[head.idAt] = requestId;
  if (head.csp) head.list[head.csp.at] = head.csp.parts.join(stored.nonce);
  res.writeHead(status, head.list);
  endWithChunks(res, chunks, release);
}

/** Writes a cached answer's gzip chunks and ends it; the cache's buffers go back once the socket has taken them (not after an error). */
function endWithChunks(res: ServerResponse, chunks: readonly Buffer[], release: (() => void) | undefined): void {
  const written = release && ((error?: Error | null) => error || release());
  if (chunks.length === 1) {
    res.end(chunks[0], written);
    return;
  }
  // Corked, the chunks leave in one write; end() uncorks.
  res.cork();
  for (const chunk of chunks) res.write(chunk);
  res.end(written);
}

export class CachedPages {
  /**
   * Pages being drawn to be kept, by cache key, settled (never rejected) when drawn (ADR 085): the
   * misses that meet one of them wait for it and take the page from the cache instead of drawing it
   * again (an entry that expires under load was drawn once per waiting request before).
   */
  private readonly drawing = new Map<string, Promise<void>>();

  constructor(private readonly options: CachedPagesOptions) {}

  /** `draw` run as the drawing of `key` that later misses of `key` wait for, unless one is under way. */
  private drawn<T>(key: string, draw: () => Promise<T>): Promise<T> {
    if (this.drawing.has(key)) return draw();
    const result = draw();
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.drawing.set(key, settled);
    void settled.then(() => this.drawing.delete(key));
    return result;
  }

  /** Sends `page`: as it is when it is gzipped and the client takes gzip, else through compression. */
  private async send(
    req: IncomingMessage,
    res: ServerResponse,
    page: RenderedPage,
    cacheStatus: Parameters<typeof writePage>[2],
    gzip = acceptsGzip(req),
  ): Promise<void> {
    if (page.gzip && gzip) {
      writePage(res, page, cacheStatus, true);
      return;
    }
    await this.options.compressed(req, res, () => writePage(res, page, cacheStatus, false));
  }

  /**
   * A gzip hit of a guest page while the revision is pushed: written whole, head made once, and
   * counted in the turn its request arrived in (ADR 084), without a promise (ADR 086). False when the
   * answer needs more than that (`serve`).
   */
  answerAtOnce(
    req: IncomingMessage,
    res: ServerResponse,
    connection: ClientConnection,
    cacheable: { key: string; member?: PersonalKind },
    answered: () => void,
  ): boolean {
    const { pageCache } = this.options;
    if (cacheable.member || pageCache.pushedRevision() === undefined || !acceptsGzip(req)) return false;
    const hit = pageCache.lookup(cacheable.key, 'gzip');
    if (!hit?.gzip || !hit.stored) return false;
    writeStoredGzipHit(
      res,
      { status: hit.status, chunks: hit.gzip, release: hit.release, stored: hit.stored },
      connection.requestId ?? '',
    );
    answered();
    return true;
  }

  /**
   * A catalogue page for an anonymous visitor or a crawler: from the page cache, or rendered whole
   * (not streamed), kept when it may be, and sent. Without an answer from the API about the catalogue
   * revision the page is rendered and not kept.
   */
  async serve(
    req: IncomingMessage,
    res: ServerResponse,
    connection: ClientConnection,
    cacheable: { key: string; isCrawler: boolean; member?: PersonalKind },
    /** Told once the answer is over: at once for a hit written whole, else when `res` closes. */
    answered: () => void,
  ): Promise<void> {
    if (this.answerAtOnce(req, res, connection, cacheable, answered)) return;
    const { pageCache, loadContextFor } = this.options;
    const requestId = connection.requestId ?? '';
    const gzip = acceptsGzip(req);
    const encoding = gzip ? 'gzip' : 'identity';
    const pushed = cacheable.member ? undefined : pageCache.pushedRevision();
    // A gzip hit with a pushed revision was answered at once: only an identity one is left to find.
    let hit = pushed === undefined || gzip ? undefined : pageCache.lookup(cacheable.key, encoding);
    res.once('close', answered);
    res.setHeader(REQUEST_ID_HEADER, requestId);
    if (cacheable.member) {
      await this.serveMember(req, res, connection, cacheable.key, cacheable.member);
      return;
    }
    const revision = pushed ?? (await pageCache.askRevision().catch(() => undefined));
    if (pushed === undefined && revision !== undefined) hit = pageCache.lookup(cacheable.key, encoding);
    const underWay = hit || revision === undefined ? undefined : this.drawing.get(cacheable.key);
    if (underWay) {
      // Kept when drawn, unless it could not be (an error page, a cookie of its own): then drawn again.
      await underWay;
      hit = pageCache.lookup(cacheable.key, encoding);
    }
    if (hit) {
      await this.send(req, res, hit, 'hit', gzip);
      return;
    }
    const controller = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url}`, {
      method: 'GET',
      headers: fetchHeadersOf(req.headers),
      signal: controller.signal,
    });
    const drawAndKeep = async () => {
      const { page } = await this.render(request, loadContextFor(connection));
      if (revision !== undefined && pageCache.isStorable(page, cacheable.isCrawler)) {
        pageCache.store(cacheable.key, revision, page);
      }
      return page;
    };
    const page = await (revision === undefined ? drawAndKeep() : this.drawn(cacheable.key, drawAndKeep));
    await this.send(req, res, page, 'miss');
  }

  /** The kept answers and the session to look them up by, when `kind`'s answers are kept. */
  private keptAnswers(req: IncomingMessage, kind: PersonalKind) {
    const kept = this.options.personalAnswers;
    if (!kept?.cache.enabled || !kept.kinds.has(kind)) return undefined;
    const session = this.options.sessionOf(headerReaderOf(req.headers));
    return session ? { cache: kept.cache, session } : undefined;
  }

  /** A rendered answer as the cache holds it, and the member shell meta it carried (removed from its headers). */
  private async render(request: Request, loadContext: RouterContextProvider) {
    const response = await this.options.handleFetch(request, loadContext);
    const headers: [string, string][] = [];
    let meta: ShellMeta | undefined;
    response.headers.forEach((value, name) => {
      if (name === this.options.shellMetaHeader) meta = JSON.parse(value) as ShellMeta;
      else if (name !== 'set-cookie') headers.push([name, value]);
    });
    for (const cookie of response.headers.getSetCookie()) headers.push(['set-cookie', cookie]);
    const page: RenderedPage = { status: response.status, headers, html: await response.text() };
    return { page, meta };
  }

  /**
   * A logged-in reader's page (ADR 048): the member shell (from the cache, or drawn without their
   * session and kept), its slot filled with their personal answer. A shell that cannot be kept, or
   * an answer that says `render`, and the page is drawn whole for them, as without the cache.
   */
  private async serveMember(
    req: IncomingMessage,
    res: ServerResponse,
    connection: ClientConnection,
    key: string,
    kind: PersonalKind,
  ): Promise<void> {
    const { pageCache, loadContextFor, personalAnswer, renderWhole, withoutSession } = this.options;
    const pushed = pageCache.pushedRevision();
    const revision = pushed ?? (await pageCache.askRevision().catch(() => undefined));
    if (revision === undefined) return renderWhole(req, res);
    // A kept answer is given, and one made is kept, only while the revision (and readers' moves) are pushed.
    const kept = pushed === undefined ? undefined : this.keptAnswers(req, kind);
    if (kept) {
      const text = kept.cache.find(kept.session, key, revision);
      const shell = text === undefined ? undefined : pageCache.find(key);
      if (shell && text !== undefined) {
        const gzip = acceptsGzip(req);
        await this.send(req, res, shell.page(gzip ? 'gzip' : 'identity', text), 'member-kept', gzip);
        return;
      }
    }
    const url = `http://${req.headers.host ?? 'localhost'}${req.url}`;
    const headers = fetchHeadersOf(req.headers);
    let shell = pageCache.find(key);
    const underWay = shell ? undefined : this.drawing.get(key);
    if (underWay) {
      await underWay;
      shell = pageCache.find(key);
    }
    let drawn: RenderedPage | undefined;
    let meta = shell?.meta;
    if (!shell) {
      const rendered = await this.drawn(key, async () => {
        const shellDrawn = await this.render(
          new Request(url, { method: 'GET', headers: withoutSession(headers) }),
          loadContextFor(connection, true),
        );
        if (shellDrawn.meta && pageCache.isStorable(shellDrawn.page, false)) {
          pageCache.store(key, revision, shellDrawn.page, shellDrawn.meta);
        }
        return shellDrawn;
      });
      meta = rendered.meta;
      if (!meta || !pageCache.isStorable(rendered.page, false)) return renderWhole(req, res);
      drawn = rendered.page;
    }
    if (meta?.refuse) return renderWhole(req, res);
    const askedAt = kept?.cache.mark();
    const personal = await personalAnswer(kind, new Request(url, { method: 'GET', headers }), connection, meta);
    if (personal.kind === 'render') return renderWhole(req, res);
    if (kept && askedAt !== undefined && personal.reader && pageCache.pushedRevision() === revision) {
      kept.cache.keep(
        kept.session,
        key,
        revision,
        personal.reader,
        { text: personal.text, until: personal.keepUntil },
        askedAt,
      );
    }
    if (drawn) {
      await this.send(
        req,
        res,
        { ...drawn, html: drawn.html.replace(this.options.personalSlot, () => personal.text) },
        'member-miss',
      );
      return;
    }
    // Evicted while the answer was made: drawn again next time; this answer is drawn whole.
    shell = pageCache.find(key);
    if (!shell) return renderWhole(req, res);
    const gzip = acceptsGzip(req);
    await this.send(req, res, shell.page(gzip ? 'gzip' : 'identity', personal.text), 'member-hit', gzip);
  }
}
