import {
  AgeGroup,
  ageGroupOf,
  type BirthdayOrigin,
  CookieName,
  CRAWLER_COOKIE_EXPIRES,
  CRAWLER_DEFAULT_BIRTHDAY,
  parseBirthday,
  serializeBirthdayCookie,
  serializeConsentCookie,
} from '@manga/contracts';
import { CONSENT_COOKIE_TTL_SECONDS, formatSetCookie, prefixed } from './cookies.ts';

/** One cookie to set: its full name, its value as stored, and the Set-Cookie header that sets it. */
export interface CookieWrite {
  name: string;
  value: string;
  header: string;
}

export interface CookieWriteSettings {
  cookiePrefix: string;
  secure: boolean;
  now: Date;
}

/** Unix seconds one cookie lifetime from now: when the age gate's cookies expire. */
export function consentExpiry(now: Date): number {
  return Math.floor(now.getTime() / 1000) + CONSENT_COOKIE_TTL_SECONDS;
}

export function cookieWrite(
  name: CookieName,
  value: string,
  expires: number,
  settings: CookieWriteSettings,
): CookieWrite {
  const full = prefixed(settings.cookiePrefix, name);
  return {
    name: full,
    value,
    header: formatSetCookie(full, value, { expires, secure: settings.secure, now: settings.now }),
  };
}

/**
 * The birthday cookie alone (the gate's first step). A birthday the site records by default (JP
 * visitors whose age is unknown, crawlers) is marked as one (ADR 026): it never counts as declared.
 */
export function birthdayWrites(
  birthday: string,
  expires: number,
  settings: CookieWriteSettings,
  origin: BirthdayOrigin = 'declared',
): CookieWrite[] {
  return [cookieWrite(CookieName.Birthday, serializeBirthdayCookie(birthday, expires, origin), expires, settings)];
}

/** The consent cookies an age group needs (product §4): minor terms, or adult terms and privacy policy. */
export function consentWrites(birthday: string, expires: number, settings: CookieWriteSettings): CookieWrite[] {
  const parsed = parseBirthday(birthday, settings.now);
  if (!parsed) return [];
  const consent = serializeConsentCookie(1, expires);
  switch (ageGroupOf(parsed, settings.now)) {
    case AgeGroup.Adult:
      return [
        cookieWrite(CookieName.TermsOfServiceAdult, consent, expires, settings),
        cookieWrite(CookieName.PrivacyPolicy, consent, expires, settings),
      ];
    case AgeGroup.Minor:
      return [cookieWrite(CookieName.TermsOfServiceMinor, consent, expires, settings)];
    case AgeGroup.Impossible:
      return [];
  }
}

/** Birthday plus the consent its age group needs. */
export function lawConsentWrites(
  birthday: string,
  expires: number,
  settings: CookieWriteSettings,
  origin: BirthdayOrigin = 'declared',
): CookieWrite[] {
  return [...birthdayWrites(birthday, expires, settings, origin), ...consentWrites(birthday, expires, settings)];
}

/**
 * A birthday the reader declared in one step (the inline question, where product §4 records consent
 * without asking, ADR 026): the birthday, its age group's consent, and the other group's consent
 * cookies deleted (a default's adult consent must not stay beside a minor's birthday).
 */
export function declarationWrites(birthday: string, expires: number, settings: CookieWriteSettings): CookieWrite[] {
  const given = consentWrites(birthday, expires, settings);
  const kept = new Set(given.map((write) => write.name));
  const dropped = [CookieName.TermsOfServiceMinor, CookieName.TermsOfServiceAdult, CookieName.PrivacyPolicy]
    .filter((name) => !kept.has(prefixed(settings.cookiePrefix, name)))
    .map((name) => cookieWrite(name, '', 0, settings));
  return [...birthdayWrites(birthday, expires, settings), ...given, ...dropped];
}

/** Crawlers get birthday 2000-01 and consent 1, expiring 4102372799 (product §4, §9), marked as a default (ADR 026). */
export function crawlerWrites(settings: CookieWriteSettings): CookieWrite[] {
  return lawConsentWrites(CRAWLER_DEFAULT_BIRTHDAY, CRAWLER_COOKIE_EXPIRES, settings, 'default');
}

/** Deletes the consent cookies. */
export function clearConsentWrites(settings: CookieWriteSettings): CookieWrite[] {
  return [CookieName.TermsOfServiceMinor, CookieName.TermsOfServiceAdult, CookieName.PrivacyPolicy].map((name) =>
    cookieWrite(name, '', 0, settings),
  );
}

/** Deletes the birthday and consent cookies (the gate's "change birthday"). */
export function clearLawWrites(settings: CookieWriteSettings): CookieWrite[] {
  return [cookieWrite(CookieName.Birthday, '', 0, settings), ...clearConsentWrites(settings)];
}
