// The shared page cache of server-rendered pages (ADR 020): anonymous visitors and crawlers of the
// catalogue pages get a page rendered once, instead of a render per request. What may be cached:
// - GET of a catalogue page (top, ranking, series, search, a title page; never the reader, /my, /ops,
//   forms or anything else);
// - a visitor with no session and no cookie other than the locale, birthday and consent cookies
//   (anything else may change the page in ways this key does not know: not cached);
// - keyed by everything that changes the HTML: path and query, region, locale, crawler or not, the
//   declared birthday month and the three consents (as the app reads them, visitor.ts);
// - an answer of 200 in HTML that sets no cookie, except the default consent a crawler is given
//   (the same cookies for every crawler), and is not marked private by the app.
// Entries are dropped when the API's catalogue revision moves (GET /catalogue/revision, asked at most
// every `revisionCheckMs`), when the API says the catalogue changes by itself (a release), after the
// TTL, and oldest-used first beyond `maxBytes`.
//
// The CSP nonce: a cached page must not hand the same nonce to every visitor (anyone could read it
// and a DOM injection on the client could then carry it). The page is kept split at its nonce, and
// each answer gets a fresh one, in the HTML and in the Content-Security-Policy header alike.
//
// Compression: each part between nonces is deflated once, ending on a full flush (no reference
// across it), so an answer's gzip body is the parts' deflate streams with the fresh nonce deflated in
// between, a gzip header and the CRC of the whole: microseconds, instead of compressing the page
// again for every answer.
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { CatalogueRevisionResponseSchema, CookieName, parseCookieHeader } from '@manga/contracts';
import { prefixed } from '../visitor/cookies.ts';
import { lawCookiesOf, readVisitor, type VisitorSettings } from '../visitor/visitor.ts';

/** Paths of pages that are the same for every anonymous visitor with the same key. */
const CACHEABLE_PATHS = [
  /^\/$/,
  /^\/ranking(\/\d{1,9})?$/,
  /^\/series$/,
  /^\/search(\/[^/]{1,200})*$/,
  /^\/title\/\d{1,9}$/,
];

/** Cookies a cacheable request may carry: they are part of the key. */
const KEYED_COOKIES = [
  CookieName.Locale,
  CookieName.Birthday,
  CookieName.TermsOfServiceMinor,
  CookieName.TermsOfServiceAdult,
  CookieName.PrivacyPolicy,
];

const MAX_URL_LENGTH = 1_000;

/**
 * The page cache key of a request, or undefined when its page must be rendered for it alone.
 * `pathAndQuery` is the request target as sent (`/title/1?comments=2`).
 */
export function pageCacheKeyOf(
  method: string,
  pathAndQuery: string,
  headers: Headers,
  settings: VisitorSettings,
): { key: string; isCrawler: boolean } | undefined {
  if (method !== 'GET' || pathAndQuery.length > MAX_URL_LENGTH) return undefined;
  const path = pathAndQuery.split('?', 1)[0] ?? '';
  if (!CACHEABLE_PATHS.some((pattern) => pattern.test(path))) return undefined;
  const allowed = new Set(KEYED_COOKIES.map((name) => prefixed(settings.cookiePrefix, name)));
  for (const name of parseCookieHeader(headers.get('cookie')).keys()) if (!allowed.has(name)) return undefined;
  const visitor = readVisitor(headers, settings);
  if (visitor.isLoggedIn) return undefined;
  const law = lawCookiesOf(visitor, settings.cookiePrefix);
  const consents = [law.termsOfServiceMinor, law.termsOfServiceAdult, law.privacyPolicy].map((c) => (c ? 1 : 0));
  const key = [
    visitor.region,
    visitor.locale,
    visitor.isCrawler ? 'crawler' : 'reader',
    law.birthday ?? '',
    consents.join(''),
    pathAndQuery,
  ].join('|');
  return { key, isCrawler: visitor.isCrawler };
}

/** A rendered answer as the server holds it: status, headers (name, value) and the HTML. */
export interface RenderedPage {
  status: number;
  headers: [string, string][];
  html: string;
  /** The same HTML gzipped (answers from the cache only). */
  gzip?: Buffer;
}

/** A gzip member header: deflate, no name, no time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** The final, empty deflate block. */
const DEFLATE_END = deflateRawSync(Buffer.alloc(0));

/** Deflated `text`, ending on a full flush: it can be followed by any other such segment. */
function deflateSegment(text: string): Buffer {
  return deflateRawSync(Buffer.from(text, 'utf8'), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
}

/** The gzip body of `parts` joined by `nonce`, from the parts' precompressed segments. */
function gzipJoined(parts: readonly Buffer[], segments: readonly Buffer[], nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce, 'utf8');
  const nonceSegment = deflateRawSync(nonceBytes, { level: 1, finishFlush: constants.Z_FULL_FLUSH });
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  parts.forEach((part, index) => {
    if (index > 0) {
      chunks.push(nonceSegment);
      crc = crc32(nonceBytes, crc);
      length += nonceBytes.length;
    }
    chunks.push(segments[index] as Buffer);
    crc = crc32(part, crc);
    length += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  chunks.push(DEFLATE_END, trailer);
  return Buffer.concat(chunks);
}

interface Entry {
  readonly status: number;
  /** Headers split at the nonce (only the CSP holds it). */
  readonly headers: [string, string[]][];
  /** The HTML split at the nonce. */
  readonly parts: string[];
  /** The parts as UTF-8 and deflated (see gzipJoined). */
  readonly partBytes: Buffer[];
  readonly segments: Buffer[];
  readonly bytes: number;
  readonly revision: number;
  readonly validUntil: number;
}

export interface PageCacheOptions {
  maxBytes: number;
  ttlMs: number;
  revisionCheckMs: number;
  now(): number;
  newNonce(): string;
  /** GET /catalogue/revision of the API. */
  fetchRevision(): Promise<{ revision: number; validForMs: number }>;
  cookiePrefix: string;
}

/** The nonce of a rendered page, read from its Content-Security-Policy header. */
export function nonceOf(headers: readonly [string, string][]): string | undefined {
  const csp = headers.find(([name]) => name.toLowerCase() === 'content-security-policy')?.[1];
  return csp ? /'nonce-([A-Za-z0-9+/=]{16,})'/.exec(csp)?.[1] : undefined;
}

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private revision = -1;
  private validUntil = 0;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private refreshing: Promise<number> | undefined;

  constructor(private readonly options: PageCacheOptions) {}

  get enabled(): boolean {
    return this.options.maxBytes > 0 && this.options.ttlMs > 0;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /** The catalogue revision, asked of the API when due; a new one empties the cache. */
  async refresh(): Promise<number> {
    const now = this.options.now();
    const due = now < this.checkedAt || now - this.checkedAt >= this.options.revisionCheckMs || now >= this.validUntil;
    if (!due) return this.revision;
    this.refreshing ??= this.options
      .fetchRevision()
      .then(({ revision, validForMs }) => {
        this.checkedAt = now;
        this.validUntil = now + validForMs;
        if (revision !== this.revision) {
          this.revision = revision;
          this.clear();
        }
        return revision;
      })
      .finally(() => {
        this.refreshing = undefined;
      });
    return this.refreshing;
  }

  /**
   * The cached page for `key`, with a fresh nonce, or undefined: as gzip (`html` left empty, the
   * cheaper form) when the client takes it, else as text.
   */
  lookup(key: string, encoding: 'gzip' | 'identity' = 'identity'): RenderedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.revision !== this.revision || this.options.now() >= entry.validUntil) {
      this.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    const nonce = this.options.newNonce();
    const headers = entry.headers.map(([name, parts]): [string, string] => [name, parts.join(nonce)]);
    if (encoding === 'gzip') {
      return { status: entry.status, headers, html: '', gzip: gzipJoined(entry.partBytes, entry.segments, nonce) };
    }
    return { status: entry.status, headers, html: entry.parts.join(nonce) };
  }

  /** Whether a rendered answer may be kept for everyone with its key (see the top of this file). */
  isStorable(page: RenderedPage, isCrawler: boolean): boolean {
    if (page.status !== 200) return false;
    const header = (name: string) =>
      page.headers.filter(([n]) => n.toLowerCase() === name).map(([, value]) => value.toLowerCase());
    if (!header('content-type').some((type) => type.startsWith('text/html'))) return false;
    if (!nonceOf(page.headers)) return false;
    const setCookies = header('set-cookie');
    if (setCookies.length > 0) {
      // Only a crawler's default consent: the same cookies, with the same values, for every crawler.
      const consent = new Set(
        [
          CookieName.Birthday,
          CookieName.TermsOfServiceAdult,
          CookieName.PrivacyPolicy,
          CookieName.TermsOfServiceMinor,
        ].map((name) => `${prefixed(this.options.cookiePrefix, name)}=`.toLowerCase()),
      );
      if (!isCrawler || !setCookies.every((cookie) => [...consent].some((name) => cookie.startsWith(name))))
        return false;
      return true;
    }
    return !header('cache-control').some((value) => /private|no-store/.test(value));
  }

  /** Keeps `page` for `key` if the catalogue is still at `revision` (the one read before rendering). */
  store(key: string, revision: number, page: RenderedPage): void {
    const nonce = nonceOf(page.headers);
    if (!this.enabled || !nonce || revision !== this.revision) return;
    const parts = page.html.split(nonce);
    const partBytes = parts.map((part) => Buffer.from(part, 'utf8'));
    const segments = parts.map(deflateSegment);
    const bytes =
      page.html.length * 2 +
      partBytes.reduce((sum, b) => sum + b.length, 0) +
      segments.reduce((sum, b) => sum + b.length, 0);
    if (bytes > this.options.maxBytes / 4) return;
    const now = this.options.now();
    this.delete(key);
    this.entries.set(key, {
      status: page.status,
      headers: page.headers.map(([name, value]) => [name, value.split(nonce)]),
      parts,
      partBytes,
      segments,
      bytes,
      revision,
      validUntil: Math.min(now + this.options.ttlMs, this.validUntil),
    });
    this.bytes += bytes;
    while (this.bytes > this.options.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

/** GET /catalogue/revision of the API at `apiUrl`. */
export async function fetchCatalogueRevision(apiUrl: string): Promise<{ revision: number; validForMs: number }> {
  const response = await fetch(new URL('catalogue/revision', apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`), {
    signal: AbortSignal.timeout(2_000),
  });
  const body = CatalogueRevisionResponseSchema.parse(await response.json());
  return { revision: body.revision, validForMs: body.valid_for_seconds * 1000 };
}
