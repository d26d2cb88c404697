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
// across it), so an answer's gzip body is the parts' deflate streams with the fresh nonce in between
// as a stored block, a gzip header and the CRC of the whole, combined from the parts' CRCs kept at
// store time (zlib's crc32_combine): microseconds, instead of compressing the page again, or even
// reading it all for its CRC, on every answer.
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

/** `vector` times the GF(2) matrix `matrix` (32 columns): how CRC-32 operators apply. */
function gf2Times(matrix: Uint32Array, vector: number): number {
  let sum = 0;
  let v = vector >>> 0;
  for (let i = 0; v !== 0; i++, v >>>= 1) if (v & 1) sum ^= matrix[i] as number;
  return sum >>> 0;
}

/** The operator `a` after `b`. */
function gf2Compose(a: Uint32Array, b: Uint32Array): Uint32Array {
  const product = new Uint32Array(32);
  for (let n = 0; n < 32; n++) product[n] = gf2Times(a, b[n] as number);
  return product;
}

/** The operator appending one zero byte to a CRC-32 (zlib's crc32_combine, kept as a matrix). */
const ONE_ZERO_BYTE = (() => {
  let bit: Uint32Array = new Uint32Array(32);
  bit[0] = 0xedb88320; // the reflected CRC-32 polynomial
  for (let n = 1; n < 32; n++) bit[n] = (1 << (n - 1)) >>> 0;
  for (let i = 0; i < 3; i++) bit = gf2Compose(bit, bit); // 2, 4, 8 bits
  return bit;
})();

/** The operator appending `length` zero bytes, made once per length (powers of ONE_ZERO_BYTE). */
function zeroBytesOperator(length: number): Uint32Array {
  let result: Uint32Array | undefined;
  let power: Uint32Array = ONE_ZERO_BYTE;
  for (let rest = length; rest > 0; rest = Math.floor(rest / 2)) {
    if (rest % 2 === 1) result = result ? gf2Compose(power, result) : power;
    if (rest > 1) power = gf2Compose(power, power);
  }
  const identity = new Uint32Array(32);
  for (let n = 0; n < 32; n++) identity[n] = (1 << n) >>> 0;
  return result ?? identity;
}

/** A run of bytes whose CRC-32 and length are known: the CRC of anything followed by it costs 32 steps. */
interface CrcPart {
  readonly crc: number;
  readonly length: number;
  /** Appends `length` zero bytes to a CRC. */
  readonly shift: Uint32Array;
}

function crcPartOf(bytes: Buffer): CrcPart {
  return { crc: crc32(bytes), length: bytes.length, shift: zeroBytesOperator(bytes.length) };
}

/** CRC-32 of `a` followed by `b`, from a's CRC (zlib's crc32_combine). */
function crcCombine(crcA: number, b: CrcPart): number {
  return (gf2Times(b.shift, crcA) ^ b.crc) >>> 0;
}

/** Shift operators of nonce lengths (a handful of lengths ever: base64 of a fixed size). */
const nonceShifts = new Map<number, Uint32Array>();

/**
 * `bytes` as a stored (uncompressed) deflate block: after a segment ending on a full flush the
 * stream is byte-aligned, so a block header byte (not final, type 00), LEN and NLEN, and the bytes
 * follow directly; no compressor is made per answer.
 */
function storedBlock(bytes: Buffer): Buffer {
  const block = Buffer.alloc(5 + bytes.length);
  block.writeUInt16LE(bytes.length, 1);
  block.writeUInt16LE(~bytes.length & 0xffff, 3);
  bytes.copy(block, 5);
  return block;
}

/** The gzip body of the parts joined by `nonce`, from their precompressed segments and CRCs. */
function gzipJoined(crcParts: readonly CrcPart[], segments: readonly Buffer[], nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce, 'utf8');
  if (nonceBytes.length > 0xffff) throw new Error('nonce too long for a stored block');
  let shift = nonceShifts.get(nonceBytes.length);
  if (!shift) {
    shift = zeroBytesOperator(nonceBytes.length);
    nonceShifts.set(nonceBytes.length, shift);
  }
  const noncePart: CrcPart = { crc: crc32(nonceBytes), length: nonceBytes.length, shift };
  const nonceSegment = storedBlock(nonceBytes);
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  crcParts.forEach((part, index) => {
    if (index > 0) {
      chunks.push(nonceSegment);
      crc = crcCombine(crc, noncePart);
      length += noncePart.length;
    }
    chunks.push(segments[index] as Buffer);
    crc = index === 0 ? part.crc : crcCombine(crc, part);
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
  /** The parts' CRC-32s and lengths as UTF-8, and the parts deflated (see gzipJoined). */
  readonly crcParts: CrcPart[];
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
      return { status: entry.status, headers, html: '', gzip: gzipJoined(entry.crcParts, entry.segments, nonce) };
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
    const crcParts = parts.map((part) => crcPartOf(Buffer.from(part, 'utf8')));
    const segments = parts.map(deflateSegment);
    const bytes = page.html.length * 2 + crcParts.length * 128 + segments.reduce((sum, b) => sum + b.length, 0);
    if (bytes > this.options.maxBytes / 4) return;
    const now = this.options.now();
    this.delete(key);
    this.entries.set(key, {
      status: page.status,
      headers: page.headers.map(([name, value]) => [name, value.split(nonce)]),
      parts,
      crcParts,
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
