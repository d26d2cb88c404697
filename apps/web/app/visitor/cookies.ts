import { type ConsentValue, serializeBirthdayCookie } from '@manga/contracts';

// Cookies of SPEC §3 (WIRE.md §1.5) plus the locale cookie the API reads too. Names are given
// without the environment prefix; `prefixed` adds it.

export const CookieName = {
  Birthday: 'birthday',
  TermsOfServiceMinor: 'terms_of_service_minor',
  TermsOfServiceAdult: 'terms_of_service_adult',
  PrivacyPolicy: 'privacy_policy',
  Uwt: 'uwt',
  Locale: 'locale',
} as const;
export type CookieName = (typeof CookieName)[keyof typeof CookieName];

/** How long the age gate's cookies last: one year (ADR 008). */
export const CONSENT_COOKIE_TTL_SECONDS = 365 * 24 * 60 * 60;
/** How long the chosen language is remembered. */
export const LOCALE_COOKIE_TTL_SECONDS = 365 * 24 * 60 * 60;

export function prefixed(prefix: string, name: CookieName): string {
  return `${prefix}${name}`;
}

/** The cookies of a `Cookie` header by name (first occurrence wins, values kept raw). */
export function parseCookieHeader(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    const name = part.slice(0, separator).trim();
    if (name !== '' && !cookies.has(name)) cookies.set(name, part.slice(separator + 1).trim());
  }
  return cookies;
}

/** A `Cookie` header holding `cookies`. */
export function formatCookieHeader(cookies: ReadonlyMap<string, string>): string {
  return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

function decodeLenient(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** A consent cookie's value: URL-encoded JSON `{"value":1,"expires":…}`, or a bare `1` (lenient). */
export function parseConsentCookie(raw: string | undefined): ConsentValue {
  if (raw === undefined) return undefined;
  let text = decodeLenient(raw).trim();
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) text = text.slice(1, -1);
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'number' || typeof parsed === 'string') return parsed;
    if (typeof parsed === 'object' && parsed !== null && 'value' in parsed) {
      const { value } = parsed as { value: unknown };
      return typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean' ? value : undefined;
    }
  } catch {
    return text;
  }
  return undefined;
}

/** The birthday cookie's `YYYY-MM`, read as leniently as the API does; undefined when unusable. */
export function birthdayOfCookie(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  let text = decodeLenient(raw).trim();
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) text = text.slice(1, -1);
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && 'value' in parsed) {
      const { value } = parsed as { value: unknown };
      return typeof value === 'string' ? value : undefined;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

export function serializeConsentCookie(expires: number): string {
  return encodeURIComponent(JSON.stringify({ value: 1, expires }));
}

export { serializeBirthdayCookie };

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
