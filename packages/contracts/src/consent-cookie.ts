import { CookieName, parseJsonCookieValue } from './cookies.ts';

// The consent cookies `terms_of_service_minor`, `terms_of_service_adult`, `privacy_policy`
// (product §3, wire §1.5): URL-encoded JSON `{"value":1,"expires":<unix seconds>}`. The API and the
// web server both read them with parseConsentCookie, so they always agree on what a cookie means.

export const CONSENT_COOKIE_NAMES = [
  CookieName.TermsOfServiceMinor,
  CookieName.TermsOfServiceAdult,
  CookieName.PrivacyPolicy,
] as const;
export type ConsentCookieName = (typeof CONSENT_COOKIE_NAMES)[number];

/**
 * True when the cookie holds a consent: a JSON object (read as leniently as the birthday cookie)
 * whose `value` is 1 or "1". Anything else, a bare `1` or `{"value":true}` included, is no consent.
 */
export function parseConsentCookie(raw: string | undefined): boolean {
  const parsed = parseJsonCookieValue(raw);
  if (typeof parsed !== 'object' || parsed === null) return false;
  const value = (parsed as { value?: unknown }).value;
  return value === 1 || value === '1';
}

/** Writes a consent cookie value as TOSHO round-trips it: numeric `value` and `expires`. */
export function serializeConsentCookie(value: 0 | 1, expires: number): string {
  if (!Number.isSafeInteger(expires) || expires < 0)
    throw new RangeError(`consent cookie expiry must be unix seconds, got ${expires}`);
  return encodeURIComponent(JSON.stringify({ value, expires }));
}
