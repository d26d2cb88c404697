import { type CookieName, LAW_COOKIE_TTL_SECONDS } from '@manga/contracts';

// Writing the cookies of product §3 (names and parsing are the contracts': cookies.ts,
// birthday-cookie.ts, consent-cookie.ts). Names are given without the environment prefix;
// `prefixed` adds it.

/** How long the age gate's cookies last: one year (ADR 008), as the API writes them (contracts). */
export const CONSENT_COOKIE_TTL_SECONDS = LAW_COOKIE_TTL_SECONDS;
/** How long the chosen language is remembered. */
export const LOCALE_COOKIE_TTL_SECONDS = 365 * 24 * 60 * 60;

export function prefixed(prefix: string, name: CookieName): string {
  return `${prefix}${name}`;
}

/** A `Cookie` header holding `cookies`. */
export function formatCookieHeader(cookies: ReadonlyMap<string, string>): string {
  return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

export interface SetCookieOptions {
  /** Unix seconds; 0 deletes the cookie. */
  expires: number;
  secure: boolean;
  httpOnly?: boolean;
  now: Date;
}

/** A `Set-Cookie` header value: Path=/, SameSite=Lax, with Expires and Max-Age from `expires`. */
export function formatSetCookie(name: string, value: string, options: SetCookieOptions): string {
  const maxAge = Math.max(0, options.expires - Math.floor(options.now.getTime() / 1000));
  const parts = [
    `${name}=${value}`,
    'Path=/',
    `Expires=${new Date(options.expires * 1000).toUTCString()}`,
    `Max-Age=${maxAge}`,
    'SameSite=Lax',
  ];
  if (options.secure) parts.push('Secure');
  if (options.httpOnly) parts.push('HttpOnly');
  return parts.join('; ');
}
