// The under-13 rule (product §4, §6; ADR 007): login and sign-up are refused when the birthday from
// the birthday cookie (or the account) puts the person under 13. And which birthday cookie counts
// as a reader's declaration, when a cookie is to open something (ADR 015).
import {
  AgeGroup,
  ageGroupOf,
  type ConsentCookieName,
  LAW_COOKIE_TTL_SECONDS,
  parseBirthday,
  parseBirthdayCookie,
  ResponseCode,
  type YearMonth,
} from '@manga/contracts';
import { DomainError } from '#src/rules/domain.error.ts';

export const UNDER_13_MESSAGE = 'You must be 13 or older to use this service.';

/** Raw cookie values as sent (prefixed name first, then the bare name): the birthday and the consents. */
export type ConsentCookies = { birthday?: string } & Partial<Record<ConsentCookieName, string>>;

/**
 * The birthday in the cookie, when it is readable and valid (an invalid value is ignored, product §5).
 * Read leniently, for refusals: any birthday saying "under 13" is enough to refuse.
 */
export function birthdayFromCookies(cookies: ConsentCookies, now: number) {
  const cookie = parseBirthdayCookie(cookies.birthday);
  return cookie ? parseBirthday(cookie.value, new Date(now)) : undefined;
}

/** Clock difference between the web server and the API that a fresh cookie's expiry may show. */
const DECLARATION_SKEW_SECONDS = 24 * 60 * 60;

/**
 * A birthday the reader declared through the age gate (ADR 015), for what a cookie opens (age-rated
 * pages, the birthday a sign-up stores): the cookie must be unexpired and expire no later than the
 * gate's own cookies do (one year, plus a day). A cookie expiring further out is a default a client
 * wrote for itself (the crawler default of 2099, third-party clients' ten years), not a declaration;
 * so is one marked as the default the site recorded (`"default"`, ADR 026: JP visitors whose age is
 * unknown, crawlers); an expired or malformed one is no birthday at all.
 */
export function declaredBirthdayFromCookies(cookies: ConsentCookies, now: number) {
  const cookie = parseBirthdayCookie(cookies.birthday);
  if (!cookie || cookie.byDefault) return undefined;
  const expires = Number(cookie.expires);
  const nowSeconds = now / 1000;
  if (expires <= nowSeconds || expires > nowSeconds + LAW_COOKIE_TTL_SECONDS + DECLARATION_SKEW_SECONDS)
    return undefined;
  return parseBirthday(cookie.value, new Date(now));
}

export function assertOldEnough(birthday: YearMonth | undefined, now: number): void {
  if (birthday && ageGroupOf(birthday, new Date(now)) === AgeGroup.Impossible) {
    throw new DomainError(ResponseCode.AccountAccessDenied, UNDER_13_MESSAGE);
  }
}
