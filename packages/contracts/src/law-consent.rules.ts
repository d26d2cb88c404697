import { ageGroupOf } from './age.rules.ts';
import { parseBirthday, type YearMonth } from './birthday.rules.ts';
import { AgeGroup } from './enums.ts';

/** A consent as held: a boolean, or the cookie's value (1 or '1' means given). */
export type ConsentValue = boolean | number | string | null | undefined;

export type LawConsentState = {
  /** `YYYY-MM` as in the cookie, or already parsed; missing or invalid means no birthday. */
  birthday: string | YearMonth | null | undefined;
  termsOfServiceMinor: ConsentValue;
  termsOfServiceAdult: ConsentValue;
  privacyPolicy: ConsentValue;
};

export function isConsentGiven(value: ConsentValue): boolean {
  return value === true || value === 1 || value === '1';
}

/**
 * product §4: adults need the adult terms and the privacy policy, minors the minor terms;
 * no birthday or an impossible age means no consent.
 */
export function hasLawConsent(state: LawConsentState, now: Date): boolean {
  const birthday = typeof state.birthday === 'string' ? parseBirthday(state.birthday, now) : state.birthday;
  if (!birthday) return false;
  switch (ageGroupOf(birthday, now)) {
    case AgeGroup.Adult:
      return isConsentGiven(state.termsOfServiceAdult) && isConsentGiven(state.privacyPolicy);
    case AgeGroup.Minor:
      return isConsentGiven(state.termsOfServiceMinor);
    case AgeGroup.Impossible:
      return false;
  }
}
