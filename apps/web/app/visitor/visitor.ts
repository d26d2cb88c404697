import {
  CookieName,
  type Locale,
  localeOfRegion,
  parseBirthdayCookie,
  parseConsentCookie,
  parseCookieHeader,
  pickLocale,
  type Region,
} from '@manga/contracts';
import { displayTimeZoneOf } from '../i18n/time-zone.ts';
import { formatCookieHeader, prefixed } from './cookies.ts';
import { isCrawlerAgent } from './crawler-agent.ts';
import { regionOfCountry } from './region.ts';

/** What the server knows about the visitor of one request (product §1, §3, §4, §6). */
export interface Visitor {
  region: Region;
  locale: Locale;
  isCrawler: boolean;
  /** Logged in means the uwt cookie exists (product §4). */
  isLoggedIn: boolean;
  /**
   * The page is drawn as the shared shell of logged-in readers (ADR 048): isLoggedIn, without a
   * session (no cookie reaches the API), the reader's own state left to their personal answer.
   */
  memberShell?: boolean;
  /** The zone times are shown in: the browser's from its cookie, else the region's usual one (issue 24). */
  timeZone: string;
  /** Cookies as the browser will hold them after this response (request cookies plus those set now). */
  cookies: Map<string, string>;
}

/** What reading a visitor needs of a request's headers: a Fetch `Headers`, or a cheaper reader of Node's. */
export type HeaderReader = Pick<Headers, 'get'>;

export interface VisitorSettings {
  cookiePrefix: string;
  viewerCountryHeader: string;
  defaultRegion: Region;
}

export function readVisitor(headers: HeaderReader, settings: VisitorSettings): Visitor {
  const cookies = parseCookieHeader(headers.get('cookie'));
  const region = regionOfCountry(headers.get(settings.viewerCountryHeader), settings.defaultRegion);
  return {
    region,
    locale: pickLocale(
      cookies.get(prefixed(settings.cookiePrefix, CookieName.Locale)),
      headers.get('accept-language') ?? undefined,
      localeOfRegion(region),
    ),
    isCrawler: isCrawlerAgent(headers.get('user-agent')),
    isLoggedIn: (cookies.get(prefixed(settings.cookiePrefix, CookieName.Uwt)) ?? '') !== '',
    timeZone: displayTimeZoneOf(cookies.get(prefixed(settings.cookiePrefix, CookieName.TimeZone)), region),
    cookies,
  };
}

export interface LawCookies {
  /** The birthday cookie's `YYYY-MM` as sent (checked by parseBirthday where it is used). */
  birthday: string | undefined;
  /** The birthday is a default the site recorded (JP, crawlers; ADR 026), not an age anyone declared. */
  birthdayIsDefault: boolean;
  termsOfServiceMinor: boolean;
  termsOfServiceAdult: boolean;
  privacyPolicy: boolean;
}

/** The birthday and consent cookies of a visitor, read as the API reads them (contracts). */
export function lawCookiesOf(visitor: Visitor, cookiePrefix: string): LawCookies {
  const get = (name: CookieName) => visitor.cookies.get(prefixed(cookiePrefix, name));
  const birthday = parseBirthdayCookie(get(CookieName.Birthday));
  return {
    birthday: birthday?.value,
    birthdayIsDefault: birthday?.byDefault === true,
    termsOfServiceMinor: parseConsentCookie(get(CookieName.TermsOfServiceMinor)),
    termsOfServiceAdult: parseConsentCookie(get(CookieName.TermsOfServiceAdult)),
    privacyPolicy: parseConsentCookie(get(CookieName.PrivacyPolicy)),
  };
}

/** The Cookie header the API should see for this visitor. */
export function cookieHeaderOf(visitor: Visitor): string {
  return formatCookieHeader(visitor.cookies);
}
