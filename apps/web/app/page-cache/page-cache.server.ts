// The shared page cache of server-rendered pages (ADR 020): anonymous visitors and crawlers of the
// catalogue pages get a page rendered once, instead of a render per request. What may be cached:
// - GET of a catalogue page (top, ranking, series, search, a title page; never the reader, /my, /ops,
//   forms or anything else);
// - a visitor with no session and no cookie other than the locale, birthday, consent and time zone cookies
//   (anything else may change the page in ways this key does not know: not cached);
// - keyed by everything that changes the HTML: path and query, region, locale, crawler or not, the
//   birthday month, whether it is a recorded default or declared (ADR 026), the three consents and
//   the time zone times are shown in (as the app reads them, visitor.ts);
// - an answer of 200 in HTML that sets no cookie, except the default consent a crawler is given
//   (the same cookies for every crawler), and is not marked private by the app.
// Entries are dropped when the API's catalogue revision moves (pushed by the API, ADR 078, or else
// GET /catalogue/revision, asked at most every `revisionCheckMs`), when the API says the catalogue changes by itself (a release), after the
// TTL, and least recently used first beyond `maxBytes` (lru-cache, sized by each entry's bytes).
//
// The CSP nonce: a cached page must not hand the same nonce to every visitor (anyone could read it
// and a DOM injection on the client could then carry it). The page is kept split at its nonce, and
// each answer gets a fresh one, in the HTML and in the Content-Security-Policy header alike.
//
// Compression: the parts between nonces are compressed once, at store time, and each gzip answer is
// spliced from them around its fresh nonce (SplicedGzip, spliced-gzip.server.ts).
import { CatalogueRevisionResponseSchema, CookieName, parseCookieHeader } from '@manga/contracts';
import { LRUCache } from 'lru-cache';
import { apiHttpFetch } from '#app/personal/api-http.server.ts';
import { PERSONAL_SLOT, type PersonalKind } from '../personal/personal-data.ts';
import { prefixed } from '../visitor/cookies.ts';
import { type HeaderReader, lawCookiesOf, readVisitor, type VisitorSettings } from '../visitor/visitor.ts';
import type { ShellMeta } from '../visitor/visitor-context.server.ts';
import type { PushedRevision } from './revision-stream.server.ts';
import { SplicedGzip } from './spliced-gzip.server.ts';

/** Paths of pages that are the same for every anonymous visitor with the same key. */
const CACHEABLE_PATHS = [
  /^\/$/,
  /^\/ranking(\/\d{1,9})?$/,
  /^\/series$/,
  /^\/search(\/[^/]{1,200})*$/,
  /^\/title\/\d{1,9}$/,
];

/**
 * Pages of logged-in readers drawn from a shared member shell plus their personal answer (ADR 048):
 * the top page, a title page (unsorted or sorted, nothing else in the query) and /my (no query).
 */
function memberPageOf(path: string, query: string | undefined): PersonalKind | undefined {
  if (path === '/') return query === undefined ? 'top' : undefined;
  if (/^\/title\/\d{1,9}$/.test(path)) {
    return query === undefined || query === 'sort=asc' || query === 'sort=desc' ? 'title' : undefined;
  }
  if (path === '/my') return query === undefined ? 'my' : undefined;
  return undefined;
}

/** Cookies a cacheable request may carry: they are part of the key. */
const KEYED_COOKIES = [
  CookieName.Locale,
  CookieName.Birthday,
  CookieName.TermsOfServiceMinor,
  CookieName.TermsOfServiceAdult,
  CookieName.PrivacyPolicy,
  CookieName.TimeZone,
];

const MAX_URL_LENGTH = 1_000;

/** The cookie names a guest's and a member's cacheable request may carry, by cookie prefix (made once). */
const keyedCookieNames = new Map<string, { guest: ReadonlySet<string>; member: ReadonlySet<string> }>();

function keyedCookieNamesOf(cookiePrefix: string): { guest: ReadonlySet<string>; member: ReadonlySet<string> } {
  let names = keyedCookieNames.get(cookiePrefix);
  if (names === undefined) {
    const guest = [
      ...KEYED_COOKIES,
      // Read by the viewer only, which is never cached (ADR 055): no other page depends on it.
      CookieName.DataSaver,
    ].map((name) => prefixed(cookiePrefix, name));
    names = { guest: new Set(guest), member: new Set([...guest, prefixed(cookiePrefix, CookieName.Uwt)]) };
    keyedCookieNames.set(cookiePrefix, names);
  }
  return names;
}

/**
 * The page cache key of a request, or undefined when its page must be rendered for it alone.
 * `pathAndQuery` is the request target as sent (`/title/1?comments=2`).
 */
export function pageCacheKeyOf(
  method: string,
  pathAndQuery: string,
  headers: HeaderReader,
  settings: VisitorSettings,
): { key: string; isCrawler: boolean; member?: PersonalKind } | undefined {
  if (method !== 'GET' || pathAndQuery.length > MAX_URL_LENGTH) return undefined;
  const queryAt = pathAndQuery.indexOf('?');
  const path = queryAt === -1 ? pathAndQuery : pathAndQuery.slice(0, queryAt);
  const visitor = readVisitor(headers, settings);
  // A logged-in reader: the member shell of the page, when it has one; the session is never in the key.
  const member = visitor.isLoggedIn
    ? memberPageOf(path, queryAt === -1 ? undefined : pathAndQuery.slice(queryAt + 1))
    : undefined;
  if (visitor.isLoggedIn ? !member : !CACHEABLE_PATHS.some((pattern) => pattern.test(path))) return undefined;
  const names = keyedCookieNamesOf(settings.cookiePrefix);
  const allowed = member ? names.member : names.guest;
  for (const name of parseCookieHeader(headers.get('cookie')).keys()) if (!allowed.has(name)) return undefined;
  const law = lawCookiesOf(visitor, settings.cookiePrefix);
  const consents = [law.termsOfServiceMinor, law.termsOfServiceAdult, law.privacyPolicy].map((c) => (c ? 1 : 0));
  const key = [
    visitor.region,
    visitor.locale,
    visitor.isCrawler ? 'crawler' : 'reader',
    member ? 'member' : 'guest',
    law.birthday ?? '',
    // A recorded default is no declared age: its pages ask for a birthday (ADR 026).
    law.birthdayIsDefault ? 'default' : 'declared',
    consents.join(''),
    visitor.timeZone,
    pathAndQuery,
  ].join('|');
  return member ? { key, isCrawler: visitor.isCrawler, member } : { key, isCrawler: visitor.isCrawler };
}

/** The session token the request carries (the `uwt` cookie), or undefined. */
export function sessionTokenOf(headers: HeaderReader, cookiePrefix: string): string | undefined {
  const cookie = headers.get('cookie');
  if (!cookie) return undefined;
  return parseCookieHeader(cookie).get(prefixed(cookiePrefix, CookieName.Uwt)) || undefined;
}

/** The request's headers without the session cookie (every copy of it): what a member shell is drawn from. */
export function withoutSession(headers: Headers, cookiePrefix: string): Headers {
  const copy = new Headers(headers);
  const cookie = copy.get('cookie');
  if (cookie === null) return copy;
  const session = prefixed(cookiePrefix, CookieName.Uwt);
  const kept = cookie.split(';').filter((part) => {
    const separator = part.indexOf('=');
    return (separator === -1 ? part : part.slice(0, separator)).trim() !== session;
  });
  if (kept.length > 0) copy.set('cookie', kept.join(';'));
  else copy.delete('cookie');
  return copy;
}

/** A rendered answer as the server holds it: status, headers (name, value) and the HTML. */
export interface RenderedPage {
  status: number;
  headers: [string, string][];
  html: string;
  /** The same HTML gzipped, as the chunks to write in order (answers from the cache only). */
  gzip?: readonly Buffer[];
  /** Hands `gzip`'s buffers back to the cache for later answers: call once they are written, never before. */
  release?: () => void;
  /**
   * From the cache: its headers as kept, split at the nonce (the same array for every answer of an
   * entry, so a writer may prepare them once), and this answer's nonce.
   */
  stored?: StoredHeaders;
}

/** A cache entry's headers split at the nonce, and the nonce of one answer. */
export interface StoredHeaders {
  readonly headers: readonly (readonly [string, readonly string[]])[];
  readonly nonce: string;
}

interface Entry {
  readonly status: number;
  /** Headers split at the nonce (only the CSP holds it). */
  readonly headers: [string, string[]][];
  /** The HTML split at the nonce and at the personal slot of a member shell. */
  readonly parts: string[];
  /** What goes between parts[i] and parts[i + 1]: a fresh nonce, or the reader's answer. */
  readonly gaps: ('nonce' | 'personal')[];
  /** What a member shell's loader told (ADR 048). */
  readonly meta: ShellMeta | undefined;
  /** The parts compressed once, for gzip answers spliced around each fresh nonce. */
  readonly gzip: SplicedGzip;
  readonly bytes: number;
  readonly revision: number;
  readonly validUntil: number;
}

/** A valid cache entry (see PageCache.find). */
export interface CachedShell {
  readonly meta: ShellMeta | undefined;
  page(encoding: 'gzip' | 'identity', personal: string | null): RenderedPage;
}

export interface PageCacheOptions {
  maxBytes: number;
  ttlMs: number;
  revisionCheckMs: number;
  now(): number;
  newNonce(): string;
  /** GET /catalogue/revision of the API. */
  fetchRevision(): Promise<{ revision: number; validForMs: number }>;
  /** The revision the API pushes, while it may be trusted (ADR 078); else the cache asks. */
  pushedRevision?(): PushedRevision | undefined;
  cookiePrefix: string;
}

/** Headers split at the nonce, joined with `nonce`. */
function joinedAt(headers: readonly (readonly [string, readonly string[]])[], nonce: string): [string, string][] {
  return headers.map(([name, parts]): [string, string] => [name, parts.join(nonce)]);
}

/** The nonce of a rendered page, read from its Content-Security-Policy header. */
export function nonceOf(headers: readonly [string, string][]): string | undefined {
  const csp = headers.find(([name]) => name.toLowerCase() === 'content-security-policy')?.[1];
  return csp ? /'nonce-([A-Za-z0-9+/=]{16,})'/.exec(csp)?.[1] : undefined;
}

export class PageCache {
  /** Undefined when the cache is off. */
  private readonly entries: LRUCache<string, Entry> | undefined;
  private revision = -1;
  private validUntil = 0;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private refreshing: Promise<number> | undefined;

  constructor(private readonly options: PageCacheOptions) {
    this.entries = this.enabled
      ? new LRUCache<string, Entry>({
          maxSize: options.maxBytes,
          // A page larger than a quarter of the budget is not kept.
          maxEntrySize: Math.max(1, Math.floor(options.maxBytes / 4)),
          sizeCalculation: (entry) => Math.max(1, entry.bytes),
        })
      : undefined;
  }

  get enabled(): boolean {
    return this.options.maxBytes > 0 && this.options.ttlMs > 0;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries?.size ?? 0, bytes: this.entries?.calculatedSize ?? 0 };
  }

  /**
   * The catalogue revision the API pushes, while it may be trusted (a new one empties the cache), or
   * undefined: then `askRevision` asks.
   */
  pushedRevision(): number | undefined {
    const pushed = this.options.pushedRevision?.();
    if (!pushed) return undefined;
    this.validUntil = pushed.validUntil;
    if (pushed.revision !== this.revision) {
      this.revision = pushed.revision;
      this.clear();
    }
    return pushed.revision;
  }

  /** The catalogue revision, pushed or asked of the API when due; a new one empties the cache. */
  async refresh(): Promise<number> {
    return this.pushedRevision() ?? this.askRevision();
  }

  /** The catalogue revision asked of the API when due (concurrent callers share one question). */
  askRevision(): Promise<number> {
    const now = this.options.now();
    const due = now < this.checkedAt || now - this.checkedAt >= this.options.revisionCheckMs || now >= this.validUntil;
    if (!due) return Promise.resolve(this.revision);
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
    return this.find(key)?.page(encoding, null);
  }

  /**
   * The cached entry for `key`, still valid, or undefined: its shell meta, and its page with a fresh
   * nonce and `personal` (the slot's text, ADR 048) in a member shell's slot.
   */
  find(key: string): CachedShell | undefined {
    const entry = this.entries?.get(key);
    if (!entry) return undefined;
    if (entry.revision !== this.revision || this.options.now() >= entry.validUntil) {
      this.entries?.delete(key);
      return undefined;
    }
    return {
      meta: entry.meta,
      page: (encoding, personal) => {
        const nonce = this.options.newNonce();
        if (encoding === 'gzip') {
          const body = entry.gzip.body(nonce, personal ?? 'null');
          // The joined headers are made only for a writer that asks (the stored ones serve the rest).
          let joined: [string, string][] | undefined;
          return {
            status: entry.status,
            get headers() {
              joined ??= joinedAt(entry.headers, nonce);
              return joined;
            },
            html: '',
            gzip: body.chunks,
            release: body.release,
            stored: { headers: entry.headers, nonce },
          };
        }
        const headers = joinedAt(entry.headers, nonce);
        const fillers = entry.gaps.map((gap) => (gap === 'nonce' ? nonce : (personal ?? 'null')));
        let html = entry.parts[0] ?? '';
        for (let i = 0; i < fillers.length; i++) html += `${fillers[i]}${entry.parts[i + 1]}`;
        return { status: entry.status, headers, html };
      },
    };
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

  /**
   * Keeps `page` for `key` if the catalogue is still at `revision` (the one read before rendering);
   * a member shell with its `meta` (ADR 048).
   */
  store(key: string, revision: number, page: RenderedPage, meta?: ShellMeta): void {
    const nonce = nonceOf(page.headers);
    if (!this.entries || !nonce || revision !== this.revision) return;
    const parts: string[] = [];
    const gaps: ('nonce' | 'personal')[] = [];
    let from = 0;
    for (;;) {
      const atNonce = page.html.indexOf(nonce, from);
      const atSlot = page.html.indexOf(PERSONAL_SLOT, from);
      const at = atNonce === -1 ? atSlot : atSlot === -1 ? atNonce : Math.min(atNonce, atSlot);
      if (at === -1) break;
      parts.push(page.html.slice(from, at));
      const gap = at === atSlot ? 'personal' : 'nonce';
      gaps.push(gap);
      from = at + (gap === 'personal' ? PERSONAL_SLOT.length : nonce.length);
    }
    parts.push(page.html.slice(from));
    const gzip = SplicedGzip.of(parts, {
      gaps: gaps.map((gap) => (gap === 'nonce' ? 'fixed' : 'variable')),
      fillerLength: Buffer.byteLength(nonce, 'utf8'),
    });
    const bytes = page.html.length * 2 + gzip.bytes;
    const now = this.options.now();
    this.entries.set(key, {
      status: page.status,
      headers: page.headers.map(([name, value]) => [name, value.split(nonce)]),
      parts,
      gaps,
      meta,
      gzip,
      bytes,
      revision,
      validUntil: Math.min(now + this.options.ttlMs, this.validUntil),
    });
  }

  clear(): void {
    this.entries?.clear();
  }
}

/** GET /catalogue/revision of the API at `apiUrl`. */
export async function fetchCatalogueRevision(apiUrl: string): Promise<{ revision: number; validForMs: number }> {
  // Asked before most cached answers: over kept-alive node:http, as the personal answer's calls (ADR 075).
  const response = await apiHttpFetch(new URL('catalogue/revision', apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`), {
    signal: AbortSignal.timeout(2_000),
  });
  const body = CatalogueRevisionResponseSchema.parse(await response.json());
  return { revision: body.revision, validForMs: body.valid_for_seconds * 1000 };
}
