import { CookieName, readBirthdayCookie } from '@manga/contracts';
import { type ApiClient, type ApiClientOptions, createApiClient } from './api-client.ts';

// The two ways the web app builds a client (product §7 shared behaviour): on the server, acting for the
// visitor whose page is being rendered; in the browser, through the web origin's proxy prefix.

/** Service-hash header forwarded from the visitor's request to the API during server rendering. */
export const SERVICE_HASH_HEADER = 'x-manga-service-hash';

/** The visitor's headers that the API sees during server rendering, as if the browser had called it. */
export const SSR_FORWARDED_HEADERS: readonly string[] = [
  'cookie',
  'user-agent',
  'accept-language',
  'x-forwarded-for',
  // The page's origin: a checkout comes back to it when the API has it configured (ADR 019).
  'origin',
  SERVICE_HASH_HEADER,
];

/** The browser's default API base: the web origin proxies the API under this prefix. */
export const BROWSER_API_PREFIX = '/api';

type SharedOptions = Omit<ApiClientOptions, 'baseUrl' | 'forwardHeaders' | 'getBirthdayCookie' | 'isCrawler'>;

export interface ServerApiClientOptions extends SharedOptions {
  /** The API server URL. */
  baseUrl: string;
  /** Headers of the visitor's request. */
  requestHeaders: Headers;
  /** The environment prefix of cookie names (product §3), e.g. `dev_`. */
  cookiePrefix: string;
  /** Whether the visitor is a crawler; sent as the crawler flag on every call. */
  isCrawler: boolean;
  /**
   * The Cookie header to send instead of the request's, when the server has just set cookies
   * that the browser does not hold yet (crawler or region defaults, the chosen locale).
   */
  cookieHeader?: string;
  /** Headers only the web server may set (the visitor's address and the proxy secret), sent as given. */
  trustedHeaders?: Readonly<Record<string, string>>;
}

/** A client acting for the visitor of a server-rendered request: cookies, signature, service hash, crawler flag. */
export function createServerApiClient(options: ServerApiClientOptions): ApiClient {
  const { requestHeaders, cookiePrefix, cookieHeader, isCrawler, trustedHeaders, ...rest } = options;
  const forwardHeaders: Record<string, string> = {};
  for (const name of SSR_FORWARDED_HEADERS) {
    const value = requestHeaders.get(name);
    if (value) forwardHeaders[name] = value;
  }
  if (cookieHeader !== undefined) {
    if (cookieHeader === '') delete forwardHeaders.cookie;
    else forwardHeaders.cookie = cookieHeader;
  }
  const cookie = forwardHeaders.cookie;
  return createApiClient({
    ...rest,
    forwardHeaders: { ...forwardHeaders, ...trustedHeaders },
    isCrawler,
    getBirthdayCookie: () => readBirthdayCookie(cookie, `${cookiePrefix}${CookieName.Birthday}`),
  });
}

export interface BrowserApiClientOptions extends SharedOptions {
  /** Path prefix of the API on the web origin; default `/api`. */
  prefix?: string;
  /** The environment prefix of cookie names (product §3), e.g. `dev_`. */
  cookiePrefix: string;
  /** Whether this browser is a crawler; sent as the crawler flag on every call. */
  isCrawler?: boolean;
  /** Where cookies are read; default `globalThis.document`. */
  cookieSource?: { readonly cookie: string };
}

/**
 * A client for the browser: calls go to the web origin's proxy prefix with the visitor's cookies
 * (same origin), and the signature covers the birthday cookie read from `document.cookie` at each call.
 */
export function createBrowserApiClient(options: BrowserApiClientOptions): ApiClient {
  const { prefix = BROWSER_API_PREFIX, cookiePrefix, cookieSource, isCrawler = false, ...rest } = options;
  return createApiClient({
    ...rest,
    baseUrl: prefix,
    isCrawler,
    getBirthdayCookie: () => {
      const source = cookieSource ?? (globalThis as { document?: { cookie: string } }).document;
      return readBirthdayCookie(source?.cookie, `${cookiePrefix}${CookieName.Birthday}`);
    },
  });
}
