import {
  type AccountOperations,
  accountOperations,
  createServerApiClient,
  fetchCollectingSetCookies,
  responseCodeOf,
} from '@manga/api-client';
import { type AccountResponse, CookieName, ResponseCode } from '@manga/contracts';
import { type RouterContextProvider, redirect } from 'react-router';
import { env } from '#app/env.server.ts';
import { handleApiError } from '#app/errors/api-errors.server.ts';
import { formatSetCookie, prefixed } from '#app/visitor/cookies.ts';
import { cookieHeaderOf } from '#app/visitor/visitor.ts';
import { type VisitorState, visitorOf } from '#app/visitor/visitor-context.server.ts';
import type { FailedResult } from './account-forms.ts';
import { loginPathFor } from './account-paths.ts';

type Context = Readonly<RouterContextProvider>;

/** The name and value a `Set-Cookie` header sets, and whether it deletes the cookie instead. */
export function parseSetCookie(header: string): { name: string; value: string; deletes: boolean } | undefined {
  const [pair = '', ...attributes] = header.split(';');
  const equals = pair.indexOf('=');
  if (equals <= 0) return undefined;
  const name = pair.slice(0, equals).trim();
  const value = pair.slice(equals + 1).trim();
  const expired = attributes.some((attribute) => {
    const [key = '', raw = ''] = attribute.split('=').map((part) => part.trim());
    if (key.toLowerCase() === 'max-age') return Number(raw) <= 0;
    if (key.toLowerCase() === 'expires') return Date.parse(raw) <= Date.now();
    return false;
  });
  return { name, value, deletes: value === '' || expired };
}

/**
 * Forwards the API's cookies (the uwt session) to the browser's response and to the rest of this
 * request, so that later calls and the login state see them.
 */
export function forwardSetCookies(state: VisitorState, headers: readonly string[]): void {
  for (const header of headers) {
    const cookie = parseSetCookie(header);
    if (!cookie) continue;
    state.setCookies.push(header);
    if (cookie.deletes) state.visitor.cookies.delete(cookie.name);
    else state.visitor.cookies.set(cookie.name, cookie.value);
  }
  state.visitor.isLoggedIn = (state.visitor.cookies.get(prefixed(env.cookiePrefix, CookieName.Uwt)) ?? '') !== '';
}

/** The account calls for this request's visitor; cookies the API sets reach the browser. */
export function accountApiFor(request: Request, context: Context): AccountOperations {
  const state = visitorOf(context);
  return accountOperations(
    createServerApiClient({
      baseUrl: env.apiUrl,
      requestHeaders: request.headers,
      cookiePrefix: env.cookiePrefix,
      isCrawler: state.visitor.isCrawler,
      cookieHeader: cookieHeaderOf(state.visitor),
      trustedHeaders: state.hopHeaders,
      fetch: fetchCollectingSetCookies((headers) => forwardSetCookies(state, headers)),
    }),
  );
}

/** Ends the session cookie on the web side (logout always logs out locally, product §4; dead sessions). */
export function clearSessionCookie(state: VisitorState, now = new Date()): void {
  const name = prefixed(env.cookiePrefix, CookieName.Uwt);
  state.setCookies.push(
    formatSetCookie(name, '', { expires: 0, secure: env.deployment !== 'development', httpOnly: true, now }),
  );
  state.visitor.cookies.delete(name);
  state.visitor.isLoggedIn = false;
}

/** Codes that mean the visitor's session is gone: the cookie is dead or there is none. */
export function isSessionGone(code: number): boolean {
  return code === ResponseCode.WebTokenInvalid || code === ResponseCode.UserNotLogin;
}

/**
 * The code of a failed account call, for the error modal. Maintenance is not the form's business:
 * it goes to the maintenance page like every other call (product §4).
 */
export function accountErrorCode(error: unknown): number {
  const code = responseCodeOf(error);
  if (code === ResponseCode.ServerMaintenance) handleApiError(error);
  const httpStatus = (error as { httpStatus?: unknown } | null)?.httpStatus;
  if (code === ResponseCode.ServerError || (typeof httpStatus === 'number' && httpStatus >= 500)) {
    console.error('Account call failed', error);
  }
  return code;
}

/** A refused account call as a form result: its code and, when throttled, when to try again. */
export function accountFailure(error: unknown): FailedResult {
  const code = accountErrorCode(error);
  const retryAfterSeconds = (error as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof retryAfterSeconds === 'number'
    ? { status: 'failed', code, retryAfterSeconds }
    : { status: 'failed', code };
}

/**
 * GET /account for a /my page. A dead session (expired, revoked by a password change elsewhere)
 * logs the visitor out here and sends them to log in and back; other errors go to the error pages.
 */
export async function requireAccount(request: Request, context: Context, url: URL): Promise<AccountResponse> {
  try {
    return await accountApiFor(request, context).getAccount();
  } catch (error) {
    const code = responseCodeOf(error);
    if (isSessionGone(code)) {
      clearSessionCookie(visitorOf(context));
      throw redirect(loginPathFor(`${url.pathname}${url.search}`));
    }
    handleApiError(error);
    throw error;
  }
}

/**
 * A refused call of a logged-in form whose session is gone: logs the visitor out here and sends
 * them to log in and back to `url`. Other results pass through.
 */
export function guardSession<T extends { status: string; code?: number }>(result: T, context: Context, url: URL): T {
  if (result.status === 'failed' && result.code !== undefined && isSessionGone(result.code)) {
    clearSessionCookie(visitorOf(context));
    throw redirect(loginPathFor(`${url.pathname}${url.search}`));
  }
  return result;
}
