import { serializeConsentCookie } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import { formatSetCookie } from './cookies.ts';
import { clearLawWrites, consentWrites, crawlerWrites, declarationWrites, lawConsentWrites } from './law-cookies.ts';
import { regionOfCountry } from './region.ts';
import { lawCookiesOf, readVisitor } from './visitor.ts';

const now = new Date(2026, 10, 22, 12, 0, 0);
const settings = { cookiePrefix: 'dev_', secure: false, now };
const visitorSettings = {
  cookiePrefix: 'dev_',
  viewerCountryHeader: 'cloudfront-viewer-country',
  defaultRegion: 'JP',
} as const;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

describe('region', () => {
  it('is JP for Japan, US for any other country, the default without a country', () => {
    expect(regionOfCountry('JP', 'US')).toBe('JP');
    expect(regionOfCountry('jp', 'US')).toBe('JP');
    expect(regionOfCountry('FR', 'JP')).toBe('US');
    expect(regionOfCountry('US', 'JP')).toBe('US');
    expect(regionOfCountry(undefined, 'JP')).toBe('JP');
    expect(regionOfCountry('unknown', 'US')).toBe('US');
  });
});

describe('readVisitor', () => {
  it('reads region, locale (cookie, then Accept-Language, then region), crawler and login', () => {
    const visitor = readVisitor(
      new Headers({
        'user-agent': BROWSER,
        'cloudfront-viewer-country': 'US',
        'accept-language': 'ja-JP,ja;q=0.9',
        cookie: 'dev_uwt=token; dev_locale=en',
      }),
      visitorSettings,
    );
    expect(visitor).toMatchObject({ region: 'US', locale: 'en', isCrawler: false, isLoggedIn: true });

    const byLanguage = readVisitor(new Headers({ 'user-agent': BROWSER, 'accept-language': 'en-GB' }), visitorSettings);
    expect(byLanguage).toMatchObject({ region: 'JP', locale: 'en', isLoggedIn: false });

    const byRegion = readVisitor(
      new Headers({ 'user-agent': BROWSER, 'cloudfront-viewer-country': 'DE' }),
      visitorSettings,
    );
    expect(byRegion.locale).toBe('en');
    expect(readVisitor(new Headers({ 'user-agent': BROWSER }), visitorSettings).locale).toBe('ja');

    expect(readVisitor(new Headers({ 'user-agent': 'Googlebot/2.1' }), visitorSettings).isCrawler).toBe(true);
    expect(readVisitor(new Headers({ cookie: 'uwt=token' }), visitorSettings).isLoggedIn).toBe(false);
  });

  it('decodes the birthday and consent cookies leniently, as the API does', () => {
    const visitor = readVisitor(
      new Headers({
        cookie: `dev_birthday=${encodeURIComponent('{"value":"2000-01","expires":4102372799}')}; dev_terms_of_service_adult={"value": "1", "expires": "4102444800"}; dev_privacy_policy=${serializeConsentCookie(1, 4102444800)}`,
      }),
      visitorSettings,
    );
    expect(lawCookiesOf(visitor, 'dev_')).toEqual({
      birthday: '2000-01',
      birthdayIsDefault: false,
      termsOfServiceMinor: false,
      termsOfServiceAdult: true,
      privacyPolicy: true,
    });
  });

  it('reads no consent and no birthday where the API would read none', () => {
    // A bare 1, a refused consent and a birthday without its expiry mean nothing to the API either.
    const visitor = readVisitor(
      new Headers({
        cookie: `dev_birthday=${encodeURIComponent('{"value":"2000-01"}')}; dev_terms_of_service_adult=1; dev_privacy_policy=${serializeConsentCookie(0, 4102444800)}`,
      }),
      visitorSettings,
    );
    expect(lawCookiesOf(visitor, 'dev_')).toEqual({
      birthday: undefined,
      birthdayIsDefault: false,
      termsOfServiceMinor: false,
      termsOfServiceAdult: false,
      privacyPolicy: false,
    });
  });
});

describe('law cookies (product §3)', () => {
  it('writes the birthday and the consent an adult needs', () => {
    const writes = lawConsentWrites('2000-01', 1_800_000_000, settings);
    expect(writes.map((write) => write.name)).toEqual([
      'dev_birthday',
      'dev_terms_of_service_adult',
      'dev_privacy_policy',
    ]);
    expect(decodeURIComponent(writes[0]?.value ?? '')).toBe('{"value":"2000-01","expires":1800000000}');
    expect(decodeURIComponent(writes[1]?.value ?? '')).toBe('{"value":1,"expires":1800000000}');
    expect(writes[0]?.header).toMatch(/^dev_birthday=%7B.*; Path=\/; Expires=.*; Max-Age=\d+; SameSite=Lax$/);
  });

  it('writes the minor terms for a minor, nothing for an impossible age', () => {
    expect(consentWrites('2012-01', 1_800_000_000, settings).map((write) => write.name)).toEqual([
      'dev_terms_of_service_minor',
    ]);
    expect(consentWrites('2020-01', 1_800_000_000, settings)).toEqual([]);
  });

  it('gives crawlers 2000-01 and consent 1 until 4102372799, the birthday marked as a default (ADR 026)', () => {
    const writes = crawlerWrites({ ...settings, cookiePrefix: '' });
    expect(writes.map((write) => [write.name, JSON.parse(decodeURIComponent(write.value))])).toEqual([
      ['birthday', { value: '2000-01', expires: 4102372799, default: 1 }],
      ['terms_of_service_adult', { value: 1, expires: 4102372799 }],
      ['privacy_policy', { value: 1, expires: 4102372799 }],
    ]);
    expect(writes[0]?.header).toContain('Expires=Thu, 31 Dec 2099 03:59:59 GMT');
  });

  it('marks a default birthday, which the visitor then holds as a default, not a declared age (ADR 026)', () => {
    const writes = lawConsentWrites('2000-01', 1_800_000_000, settings, 'default');
    expect(decodeURIComponent(writes[0]?.value ?? '')).toBe('{"value":"2000-01","expires":1800000000,"default":1}');
    const visitor = readVisitor(
      new Headers({ cookie: writes.map((write) => `${write.name}=${write.value}`).join('; ') }),
      visitorSettings,
    );
    expect(lawCookiesOf(visitor, 'dev_')).toMatchObject({ birthday: '2000-01', birthdayIsDefault: true });
  });

  it('writes a one-step declaration: the birthday unmarked, its group’s consent, the other group’s deleted', () => {
    const minor = declarationWrites('2012-01', 1_800_000_000, settings);
    expect(minor.map((write) => [write.name, write.value === '' ? 'deleted' : 'set'])).toEqual([
      ['dev_birthday', 'set'],
      ['dev_terms_of_service_minor', 'set'],
      ['dev_terms_of_service_adult', 'deleted'],
      ['dev_privacy_policy', 'deleted'],
    ]);
    expect(decodeURIComponent(minor[0]?.value ?? '')).toBe('{"value":"2012-01","expires":1800000000}');
    expect(declarationWrites('1990-01', 1_800_000_000, settings).map((write) => write.name)).toEqual([
      'dev_birthday',
      'dev_terms_of_service_adult',
      'dev_privacy_policy',
      'dev_terms_of_service_minor',
    ]);
  });

  it('deletes every law cookie, and marks cookies Secure when asked', () => {
    expect(clearLawWrites(settings).every((write) => write.header.includes('Max-Age=0'))).toBe(true);
    expect(formatSetCookie('x', '1', { expires: 1_800_000_000, secure: true, now })).toContain('; Secure');
  });
});
