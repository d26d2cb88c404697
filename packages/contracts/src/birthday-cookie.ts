import { CookieName, parseCookieHeader, parseJsonCookieValue } from './cookies.ts';

// The `birthday` cookie (WIRE.md §1.5): URL-encoded JSON `{"value":"YYYY-MM","expires":<unix seconds>}`.
// The API (signature, age gate), the API client (signature) and the web server (navigation guard)
// all read it with parseBirthdayCookie.

export type BirthdayCookie = { value: string; expires: string };

const DIGITS = /^[0-9]+$/;

function expiresAsString(expires: unknown): string | undefined {
  if (typeof expires === 'number') return Number.isSafeInteger(expires) && expires >= 0 ? String(expires) : undefined;
  if (typeof expires === 'string') return DIGITS.test(expires) ? expires : undefined;
  return undefined;
}

/**
 * Reads the cookie leniently (parseJsonCookieValue); `value` must be a string and `expires` a
 * number or a numeric string. The result is what the signature hashes (WIRE.md §2.1 step 6) and
 * what the age gate reads; undefined when unusable.
 */
export function parseBirthdayCookie(raw: string | undefined): BirthdayCookie | undefined {
  const parsed = parseJsonCookieValue(raw);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const { value, expires } = parsed as Record<string, unknown>;
  if (typeof value !== 'string') return undefined;
  const expiresText = expiresAsString(expires);
  return expiresText === undefined ? undefined : { value, expires: expiresText };
}

/**
 * The birthday cookie of a `Cookie` header or `document.cookie`, parsed. `name` carries the
 * environment prefix used outside production (SPEC §3), e.g. `dev_birthday`.
 */
export function readBirthdayCookie(
  cookieHeader: string | null | undefined,
  name: string = CookieName.Birthday,
): BirthdayCookie | undefined {
  return parseBirthdayCookie(parseCookieHeader(cookieHeader).get(name));
}

/** Writes the cookie as TOSHO does: URL-encoded compact JSON with a numeric `expires`. */
export function serializeBirthdayCookie(value: string, expires: number | string): string {
  const expiresText = expiresAsString(expires);
  if (expiresText === undefined || !Number.isSafeInteger(Number(expiresText)))
    throw new RangeError(`birthday cookie expiry must be unix seconds, got ${expires}`);
  return encodeURIComponent(JSON.stringify({ value, expires: Number(expiresText) }));
}
