// The consent cookies `terms_of_service_minor`, `terms_of_service_adult`, `privacy_policy`
// (SPEC §3, WIRE.md §1.5): URL-encoded JSON `{"value":1,"expires":<unix seconds>}`, read as leniently
// as the birthday cookie.

export const CONSENT_COOKIE_NAMES = ['terms_of_service_minor', 'terms_of_service_adult', 'privacy_policy'] as const;
export type ConsentCookieName = (typeof CONSENT_COOKIE_NAMES)[number];

/** True when the cookie holds a consent (`value` 1 or "1"); false for anything else or nothing. */
export function parseConsentCookie(raw: string | undefined): boolean {
  if (!raw) return false;
  let text: string;
  try {
    text = decodeURIComponent(raw).trim();
  } catch {
    text = raw.trim();
  }
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) text = text.slice(1, -1);
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return false;
    const value = (parsed as { value?: unknown }).value;
    return value === 1 || value === '1';
  } catch {
    return false;
  }
}

/** Writes a consent cookie value as TOSHO round-trips it: numeric `value` and `expires`. */
export function serializeConsentCookie(value: 0 | 1, expires: number): string {
  if (!Number.isSafeInteger(expires) || expires < 0)
    throw new RangeError(`consent cookie expiry must be unix seconds, got ${expires}`);
  return encodeURIComponent(JSON.stringify({ value, expires }));
}
