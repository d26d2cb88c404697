// The under-13 rule (SPEC §4, §6; ADR 007): login and sign-up are refused when the birthday from
// the birthday cookie (or the account) puts the person under 13.
import {
  AgeGroup,
  ageGroupOf,
  type ConsentCookieName,
  parseBirthday,
  parseBirthdayCookie,
  ResponseCode,
  type YearMonth,
} from '@manga/contracts';
import { DomainError } from '#src/rules/domain.error.ts';

export const UNDER_13_MESSAGE = 'You must be 13 or older to use this service.';

/** Raw cookie values as sent (prefixed name first, then the bare name): the birthday and the consents. */
export type ConsentCookies = { birthday?: string } & Partial<Record<ConsentCookieName, string>>;

/** The birthday in the cookie, when it is readable and valid (an invalid value is ignored, SPEC §5). */
export function birthdayFromCookies(cookies: ConsentCookies, now: number) {
  const cookie = parseBirthdayCookie(cookies.birthday);
  return cookie ? parseBirthday(cookie.value, new Date(now)) : undefined;
}

export function assertOldEnough(birthday: YearMonth | undefined, now: number): void {
  if (birthday && ageGroupOf(birthday, new Date(now)) === AgeGroup.Impossible) {
    throw new DomainError(ResponseCode.AccountAccessDenied, UNDER_13_MESSAGE);
  }
}
