import { CookieName, parseCookieHeader, parseJsonCookieValue } from './cookies.ts';

// The `birthday` cookie (wire §1.5): URL-encoded JSON `{"value":"YYYY-MM","expires":<unix seconds>}`.
// The API (signature, age gate), the API client (signature) and the web server (navigation guard)
// all read it with parseBirthdayCookie.
//
// A birthday the site recorded by default (product §4: JP visitors whose age is unknown, crawlers) says
// so in one more field, `"default":1` (ADR 026). It is no declared age: the API's age rule never
// counts it, and no account keeps it. Any value of the field marks a default; only a cookie without
// it claims a declared age, as the age gate's and third-party clients' cookies do.

export type BirthdayCookie = {
  value: string;
  expires: string;
  /** Present (true) when the cookie holds a default the site recorded, not a declared age. */
  byDefault?: true;
};

/** The field that marks a recorded default (ADR 026). Clients that read `value` and `expires` ignore it. */
export const BIRTHDAY_DEFAULT_FIELD = 'default';

/** Who put a birthday into the cookie: the reader (or their client) declaring it, or the site's default. */
export type BirthdayOrigin = 'declared' | 'default';

const DIGITS = /^[0-9]+$/;

function expiresAsString(expires: unknown): string | undefined {
  if (typeof expires === 'number') return Number.isSafeInteger(expires) && expires >= 0 ? String(expires) : undefined;
  if (typeof expires === 'string') return DIGITS.test(expires) ? expires : undefined;
  return undefined;
}

/**
 * Reads the cookie leniently (parseJsonCookieValue); `value` must be a string and `expires` a
 * number or a numeric string. The result is what the signature hashes (wire §2.1 step 6) and
 * what the age gate reads; undefined when unusable.
 */
export function parseBirthdayCookie(raw: string | undefined): BirthdayCookie | undefined {
  const parsed = parseJsonCookieValue(raw);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const { value, expires } = parsed as Record<string, unknown>;
  if (typeof value !== 'string') return undefined;
  const expiresText = expiresAsString(expires);
  if (expiresText === undefined) return undefined;
  return Object.hasOwn(parsed, BIRTHDAY_DEFAULT_FIELD)
    ? { value, expires: expiresText, byDefault: true }
    : { value, expires: expiresText };
}

/**
 * The birthday cookie of a `Cookie` header or `document.cookie`, parsed. `name` carries the
 * environment prefix used outside production (product §3), e.g. `dev_birthday`.
 */
export function readBirthdayCookie(
  cookieHeader: string | null | undefined,
  name: string = CookieName.Birthday,
): BirthdayCookie | undefined {
  return parseBirthdayCookie(parseCookieHeader(cookieHeader).get(name));
}

/**
 * Writes the cookie as TOSHO does: URL-encoded compact JSON with a numeric `expires`; a default the
 * site records carries `"default":1` as well.
 */
export function serializeBirthdayCookie(
  value: string,
  expires: number | string,
  origin: BirthdayOrigin = 'declared',
): string {
  const expiresText = expiresAsString(expires);
  if (expiresText === undefined || !Number.isSafeInteger(Number(expiresText)))
    throw new RangeError(`birthday cookie expiry must be unix seconds, got ${expires}`);
  const cookie = {
    value,
    expires: Number(expiresText),
    ...(origin === 'default' ? { [BIRTHDAY_DEFAULT_FIELD]: 1 } : {}),
  };
  return encodeURIComponent(JSON.stringify(cookie));
}
