// Where a visitor may be sent back to (login, the age gate, the shop, a payment's result page, a
// checkout's success and cancel URLs, any `redirect` / `return` / `from` parameter): one rule, used
// by the web and the API alike, so that no return target ever leaves the site (docs/security.md).

/** Return targets longer than this are refused (they never come from our own links). */
export const MAX_RETURN_TARGET_LENGTH = 512;

/**
 * A stand-in for the site's own origin, for callers that accept paths on the site only: any absolute
 * URL changes the origin and is refused.
 */
const SITE_ORIGIN = 'http://site.invalid';

/**
 * Characters the URL parser drops or reads as something else (C0 controls, DEL, backslashes): a
 * return target holding one is hostile, refused rather than reinterpreted.
 */
function isReinterpreted(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

/** `value` parsed as an absolute URL, or undefined for anything else (a path). */
function absoluteUrlOf(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/**
 * The return target `value` as a path on `origin` (path, query and hash), or undefined when it would
 * leave it. A path (`/…`) or an absolute URL, without control characters or backslashes, is resolved
 * against the origin with the WHATWG URL parser, as browsers resolve a Location header or a link
 * (`.` and `..` segments and their encoded forms applied); it is accepted only if the origin is
 * unchanged, and then only its resolved, serialised form is used (never the value as given): a form
 * which, resolved again, is the same URL on the same origin, so `/.//x` (resolved: `//x`) is refused
 * too, as are credentials.
 *
 * @param origin the site's origin (`http://host:port`); without it, paths on the site only
 */
export function sameOriginReturnTarget(
  value: string | null | undefined,
  origin: string = SITE_ORIGIN,
): string | undefined {
  if (typeof value !== 'string' || value === '' || value.length > MAX_RETURN_TARGET_LENGTH) return undefined;
  if (isReinterpreted(value)) return undefined;
  // An absolute URL is read as one (`http:x` too), never relative to the origin; else a path.
  const absolute = absoluteUrlOf(value);
  if (!absolute && !value.startsWith('/')) return undefined;
  let base: URL;
  let resolved: URL;
  try {
    base = new URL(origin);
    resolved = absolute ?? new URL(value, base);
  } catch {
    return undefined;
  }
  if (base.origin === 'null' || resolved.origin !== base.origin) return undefined;
  const target = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  // The target is used as a relative reference from now on: it must mean the same URL again.
  let again: URL;
  try {
    again = new URL(target, base);
  } catch {
    return undefined;
  }
  if (!target.startsWith('/') || again.href !== resolved.href || again.origin !== base.origin) return undefined;
  return target;
}
