import { type ApiClient, createServerApiClient } from '@manga/api-client';
import { CookieName, sameOriginReturnTarget } from '@manga/contracts';
import { nodeHashes } from '@manga/contracts/node-hashes';
import { createContext, type MiddlewareFunction, type RouterContextProvider, redirect } from 'react-router';
import { env } from '#app/env.server.ts';
import { SECURITY_HEADERS } from '#app/security-headers.server.ts';
import { clientConnectionOf, memberShellContext } from './client-connection.server.ts';
import { LOCALE_COOKIE_TTL_SECONDS, prefixed } from './cookies.ts';
import { type CookieWrite, type CookieWriteSettings, cookieWrite, crawlerWrites } from './law-cookies.ts';
import { trustedHopHeaders } from './trusted-hop.server.ts';
import { cookieHeaderOf, lawCookiesOf, readVisitor, type Visitor } from './visitor.ts';

/** The visitor of this request plus the cookies to set on its response. */
export interface VisitorState {
  visitor: Visitor;
  setCookies: string[];
  /** The trusted hop's headers for API calls made for this visitor (ADR 015). */
  hopHeaders: Readonly<Record<string, string>>;
  /**
   * What a member shell's loader tells the web server (ADR 048): the ids its personal answer needs,
   * or that this page must be drawn for each reader (`refuse`). Sent in SHELL_META_HEADER, never to a browser.
   */
  shellMeta?: ShellMeta;
  /** What API calls go through when not the plain fetch: the personal answer's batching fetch (ADR 075). */
  apiFetch?: typeof fetch;
}

/** See VisitorState.shellMeta. */
export interface ShellMeta {
  refuse?: boolean;
  episodeIds?: number[];
}

/** Internal header of a member shell's response carrying its ShellMeta (the web server removes it). */
export const SHELL_META_HEADER = 'x-manga-shell-meta';

export const visitorContext = createContext<VisitorState>();

export function cookieWriteSettings(now = new Date()): CookieWriteSettings {
  // Secure outside local development, as the API sets its own cookies (architecture §4).
  return { cookiePrefix: env.cookiePrefix, secure: env.deployment !== 'development', now };
}

/** Sets cookies for the rest of this request (API calls see them) and on its response. */
export function applyCookieWrites(state: VisitorState, writes: readonly CookieWrite[]): void {
  for (const write of writes) {
    if (write.value === '') state.visitor.cookies.delete(write.name);
    else state.visitor.cookies.set(write.name, write.value);
    state.setCookies.push(write.header);
  }
}

export function visitorOf(context: Readonly<RouterContextProvider>): VisitorState {
  return context.get(visitorContext);
}

/** An API client acting for this request's visitor, with the cookies they hold after this response. */
export function apiFor(request: Request, context: Readonly<RouterContextProvider>): ApiClient {
  const { visitor, hopHeaders, apiFetch } = visitorOf(context);
  return createServerApiClient({
    baseUrl: env.apiUrl,
    fetch: apiFetch,
    hashes: nodeHashes,
    requestHeaders: request.headers,
    cookiePrefix: env.cookiePrefix,
    isCrawler: visitor.isCrawler,
    cookieHeader: cookieHeaderOf(visitor),
    trustedHeaders: hopHeaders,
  });
}

/** Query parameter of the language switcher. */
export const LANG_PARAM = 'lang';

/**
 * The response's cookies and headers: noindex everywhere (product §1), the security headers of every
 * answer of ours, and a page that shows a logged-in visitor's state or sets cookies never goes to a
 * shared cache (architecture §6a, ADR 015).
 */
function withHeaders(
  response: Response,
  setCookies: readonly string[],
  personal: boolean,
  shellMeta?: ShellMeta,
): Response {
  const apply = (headers: Headers) => {
    if (shellMeta) headers.set(SHELL_META_HEADER, JSON.stringify(shellMeta));
    for (const header of setCookies) headers.append('set-cookie', header);
    headers.set('x-robots-tag', 'noindex');
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
    if (personal || setCookies.length > 0) headers.set('cache-control', 'private, no-store');
  };
  try {
    apply(response.headers);
    return response;
  } catch {
    // Immutable headers (a fetched response): copy it once.
    const copy = new Response(response.body, response);
    apply(copy.headers);
    return copy;
  }
}

/**
 * Root middleware: reads the visitor (region, locale, crawler, login), switches the language on
 * `?lang=`, gives crawlers their default consent, and adds the cookies set during the request and
 * the noindex header to every response.
 */
export const visitorMiddleware: MiddlewareFunction<Response> = async ({ request, context, url }, next) => {
  const state: VisitorState = {
    visitor: readVisitor(request.headers, env),
    setCookies: [],
    hopHeaders: await trustedHopHeaders(clientConnectionOf(context)),
  };
  if (context.get(memberShellContext)) {
    // The server removed the session from this request: the page is everyone's, the loaders know.
    state.visitor.isLoggedIn = true;
    state.visitor.memberShell = true;
    state.shellMeta = {};
  }
  const settings = cookieWriteSettings();

  const lang = url.searchParams.get(LANG_PARAM);
  if (lang !== null) {
    const clean = new URL(url);
    clean.searchParams.delete(LANG_PARAM);
    const headers = new Headers();
    if (lang === 'ja' || lang === 'en') {
      const expires = Math.floor(settings.now.getTime() / 1000) + LOCALE_COOKIE_TTL_SECONDS;
      headers.append('set-cookie', cookieWrite(CookieName.Locale, lang, expires, settings).header);
    }
    headers.set('x-robots-tag', 'noindex');
    // Back to the same page, as a path on the site (the return-target rule: never `//host`).
    throw redirect(sameOriginReturnTarget(`${clean.pathname}${clean.search}${clean.hash}`) ?? '/', { headers });
  }

  if (state.visitor.isCrawler) {
    const law = lawCookiesOf(state.visitor, env.cookiePrefix);
    const hasDefaults =
      law.birthday !== undefined &&
      state.visitor.cookies.has(prefixed(env.cookiePrefix, CookieName.TermsOfServiceAdult)) &&
      state.visitor.cookies.has(prefixed(env.cookiePrefix, CookieName.PrivacyPolicy));
    if (!hasDefaults) applyCookieWrites(state, crawlerWrites(settings));
  }

  context.set(visitorContext, state);
  const response = await next();
  return withHeaders(
    response,
    state.setCookies,
    state.visitor.isLoggedIn && !state.visitor.memberShell,
    state.shellMeta,
  );
};
