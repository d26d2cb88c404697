// Cross-site request forgery (docs/security.md, ADR 028): a browser sends a visitor's cookies with a
// form another site posts, and SameSite=Lax does not stop a page of the same site (another port of
// the host, a sibling subdomain). So a state-changing request that carries cookies must come from one
// of the service's own origins, as the browser states it: its Origin header, or, without one, its
// Sec-Fetch-Site. The API, the web server's /api proxy and its form actions apply this one rule.

/** Methods that change nothing (RFC 9110 §9.2.1): never refused. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What the rule reads of a request. */
export interface RequestOriginFacts {
  method: string;
  /** The Origin header, if any. */
  origin: string | undefined;
  /** The Sec-Fetch-Site header, if any. */
  secFetchSite: string | undefined;
  /** Whether the request carries any cookie (a browser sends the visitor's along, session included). */
  carriesCookies: boolean;
}

/** The serialised origins (`scheme://host[:port]`) of a list of URLs or origins; unparsable ones are left out. */
export function originsOf(urls: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    try {
      const { origin } = new URL(url.trim());
      if (origin !== 'null') origins.add(origin);
    } catch {
      // not a URL: names no origin
    }
  }
  return [...origins];
}

/**
 * MANGA_WEB_ORIGIN's default: the site on this machine under either loopback name, so a reader who
 * opens `http://127.0.0.1:3000` is as much at home as one on `http://localhost:3000` (issue 24).
 */
export const DEFAULT_SITE_ORIGINS = 'http://localhost:3000,http://127.0.0.1:3000';

/**
 * MANGA_WEB_ORIGIN read (the API's config and the web server's env both call this): the serialised
 * http(s) origins of its comma-separated entries, in order (the first is the fallback of a checkout),
 * or undefined when an entry is not an http(s) origin or the list is empty. A blank value is the default.
 */
export function parseSiteOrigins(raw: string | undefined): string[] | undefined {
  const value = raw?.trim() || DEFAULT_SITE_ORIGINS;
  const listed = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const origins: string[] = [];
  for (const entry of listed) {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      return undefined;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return origins.length > 0 ? origins : undefined;
}

/**
 * The one answer to "is this origin one of ours" (ADR 028, ADR 050): `candidate` (a browser's Origin
 * header, which is `scheme://host[:port]` and nothing else) when it is exactly one of `allowedOrigins`,
 * else undefined. Never a prefix or a pattern; `null`, a path, credentials or another port are not ours.
 *
 * @param allowedOrigins serialised origins (see parseSiteOrigins, originsOf)
 */
export function allowedOriginOf(candidate: string | undefined, allowedOrigins: readonly string[]): string | undefined {
  const origin = candidate?.trim();
  if (!origin || origin.length > 200) return undefined;
  return allowedOrigins.includes(origin) ? origin : undefined;
}

/**
 * Why a request must be refused as cross-site, or undefined when it may go on. Refused: a request
 * with an unsafe method that carries cookies and whose Origin is not one of `allowedOrigins` (a
 * `null` Origin included), or, without an Origin, whose Sec-Fetch-Site is anything but
 * `same-origin` or `none` (the visitor's own action). A request without cookies, or without either
 * header (apps and other non-browser clients), goes on: it acts for no visitor's browser.
 *
 * @param allowedOrigins serialised origins (see originsOf)
 */
export function crossSiteRefusal(request: RequestOriginFacts, allowedOrigins: readonly string[]): string | undefined {
  if (SAFE_METHODS.has(request.method.toUpperCase()) || !request.carriesCookies) return undefined;
  const origin = request.origin?.trim();
  if (origin) {
    if (allowedOriginOf(origin, allowedOrigins)) return undefined;
    return `cross-site request refused: Origin ${origin.slice(0, 200)} is not an origin of this service`;
  }
  const site = request.secFetchSite?.trim().toLowerCase();
  if (site === undefined || site === '' || site === 'same-origin' || site === 'none') return undefined;
  return `cross-site request refused: Sec-Fetch-Site ${site.slice(0, 40)}`;
}
