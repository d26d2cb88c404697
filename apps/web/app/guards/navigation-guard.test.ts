import { Region } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import {
  decideNavigation,
  gatePathFor,
  type NavigationState,
  redirectTargetOf,
  signupAsksConsent,
  topPathFor,
} from './navigation-guard.ts';

const now = new Date(2026, 10, 22, 12, 0, 0); // 22 Nov 2026, local time

/** Named visitor states the guard reasons about. */
const visitor = {
  unknownAge: { birthday: undefined },
  invalidBirthday: { birthday: '1899-12' },
  under13: { birthday: '2015-01' },
  minorWithoutConsent: { birthday: '2012-01' },
  minorWithConsent: { birthday: '2012-01', termsOfServiceMinor: 1 },
  minorWithAdultConsentOnly: { birthday: '2012-01', termsOfServiceAdult: 1, privacyPolicy: 1 },
  adultWithoutConsent: { birthday: '2000-01' },
  adultWithTermsOnly: { birthday: '2000-01', termsOfServiceAdult: 1 },
  adultWithConsent: { birthday: '2000-01', termsOfServiceAdult: 1, privacyPolicy: '1' },
  /** The default recorded for a JP visitor whose age is unknown (ADR 026): no declared age. */
  jpDefault: { birthday: '2000-01', birthdayIsDefault: true, termsOfServiceAdult: 1, privacyPolicy: 1 },
  jpDefaultWithoutConsent: { birthday: '2000-01', birthdayIsDefault: true },
} satisfies Record<string, Partial<NavigationState>>;

function state(overrides: Partial<NavigationState>): NavigationState {
  return {
    cookieAuth: true,
    region: 'US',
    routeName: 'title-titleId',
    target: '/title/10001',
    birthday: undefined,
    birthdayIsDefault: false,
    isCrawler: false,
    termsOfServiceMinor: undefined,
    termsOfServiceAdult: undefined,
    privacyPolicy: undefined,
    now,
    ...overrides,
  };
}

describe('decideNavigation (product §4 navigation order)', () => {
  it('1. skips every check when cookie auth is off', () => {
    for (const who of Object.values(visitor)) {
      expect(decideNavigation(state({ ...who, cookieAuth: false }))).toEqual({ kind: 'allow' });
      expect(decideNavigation(state({ ...who, cookieAuth: false, region: 'JP' }))).toEqual({ kind: 'allow' });
    }
  });

  it('lets maintenance, denied-age, server-error and asset routes bypass the checks', () => {
    for (const routeName of ['maintenance', 'law-age-denied', 'error-errorCode', 'catch-all'] as const) {
      for (const who of [visitor.unknownAge, visitor.under13, visitor.adultWithoutConsent]) {
        expect(decideNavigation(state({ ...who, routeName, target: '/x' }))).toEqual({ kind: 'allow' });
      }
    }
  });

  it('2. in JP, only records a birthday and consent when the age is unknown', () => {
    expect(decideNavigation(state({ region: 'JP' }))).toEqual({ kind: 'record-default', birthday: '2000-01' });
    expect(decideNavigation(state({ region: 'JP', ...visitor.invalidBirthday }))).toEqual({
      kind: 'record-default',
      birthday: '2000-01',
    });
    expect(decideNavigation(state({ region: 'JP', routeName: 'index', target: '/' }))).toEqual({
      kind: 'record-default',
      birthday: '2000-01',
    });
  });

  it('in JP, lets a visitor with a recorded default through without recording it again (ADR 026)', () => {
    expect(decideNavigation(state({ region: 'JP', ...visitor.jpDefault }))).toEqual({ kind: 'allow' });
    expect(decideNavigation(state({ region: 'JP', ...visitor.jpDefaultWithoutConsent }))).toEqual({
      kind: 'record-default',
      birthday: '2000-01',
    });
  });

  it('outside JP, a default recorded elsewhere is no known age: the gate asks', () => {
    expect(decideNavigation(state({ region: 'US', ...visitor.jpDefault }))).toEqual({
      kind: 'redirect',
      to: '/?redirect=%2Ftitle%2F10001',
    });
    expect(
      decideNavigation(state({ region: 'US', ...visitor.jpDefault, routeName: 'law-age', target: '/law/age' })),
    ).toEqual({ kind: 'allow' });
  });

  it('lets a crawler with its recorded default through in every region (product §4: crawlers skip the gate)', () => {
    const crawlerDefault = { ...visitor.jpDefault, isCrawler: true };
    expect(decideNavigation(state({ region: 'US', ...crawlerDefault }))).toEqual({ kind: 'allow' });
    expect(decideNavigation(state({ region: 'JP', ...crawlerDefault }))).toEqual({ kind: 'allow' });
  });

  it('in JP with a known age, the remaining checks still apply', () => {
    expect(decideNavigation(state({ region: 'JP', ...visitor.under13 }))).toEqual({
      kind: 'redirect',
      to: '/law/age/denied',
    });
    expect(decideNavigation(state({ region: 'JP', ...visitor.adultWithoutConsent }))).toEqual({
      kind: 'redirect',
      to: '/?redirect=%2Ftitle%2F10001',
    });
    expect(decideNavigation(state({ region: 'JP', ...visitor.adultWithConsent }))).toEqual({ kind: 'allow' });
  });

  it('3. otherwise an unknown age goes to the top page with the target path as a query', () => {
    expect(decideNavigation(state({ target: '/title/10001?from=share' }))).toEqual({
      kind: 'redirect',
      to: '/?redirect=%2Ftitle%2F10001%3Ffrom%3Dshare',
    });
    expect(decideNavigation(state({ ...visitor.invalidBirthday, routeName: 'ranking', target: '/ranking' }))).toEqual({
      kind: 'redirect',
      to: '/?redirect=%2Franking',
    });
  });

  it('on the top page itself an unknown age opens the gate, keeping the return target', () => {
    expect(decideNavigation(state({ routeName: 'index', target: '/' }))).toEqual({ kind: 'redirect', to: '/law/age' });
    expect(decideNavigation(state({ routeName: 'index', target: '/?redirect=%2Franking' }))).toEqual({
      kind: 'redirect',
      to: '/law/age?redirect=%2Franking',
    });
    expect(decideNavigation(state({ routeName: 'index', target: '/?redirect=https://evil.test' }))).toEqual({
      kind: 'redirect',
      to: '/law/age',
    });
  });

  it('lets the gate itself open without age or consent', () => {
    expect(decideNavigation(state({ routeName: 'law-age', target: '/law/age' }))).toEqual({ kind: 'allow' });
    expect(
      decideNavigation(state({ routeName: 'law-age', target: '/law/age', ...visitor.adultWithoutConsent })),
    ).toEqual({ kind: 'allow' });
  });

  it('opens terms, privacy and help before any age check (ADR 018): from the gate and the denied page', () => {
    for (const routeName of ['article-terms-of-service', 'article-privacy-policy', 'article-help'] as const) {
      expect(decideNavigation(state({ routeName, target: '/article' }))).toEqual({ kind: 'allow' });
      expect(decideNavigation(state({ ...visitor.under13, routeName, target: '/article' }))).toEqual({ kind: 'allow' });
      expect(decideNavigation(state({ region: 'JP', routeName, target: '/article' }))).toEqual({ kind: 'allow' });
    }
    expect(decideNavigation(state({ routeName: 'article-abj', target: '/article/abj' }))).toEqual({
      kind: 'redirect',
      to: '/?redirect=%2Farticle%2Fabj',
    });
  });

  it('4. an impossible age goes to the denied-age page, wherever it was going', () => {
    for (const routeName of ['index', 'law-age', 'article-abj', 'my'] as const) {
      expect(decideNavigation(state({ ...visitor.under13, routeName, target: '/' }))).toEqual({
        kind: 'redirect',
        to: '/law/age/denied',
      });
    }
  });

  it('5. terms and help are open once the age is known, without consent', () => {
    for (const routeName of ['article-terms-of-service', 'article-privacy-policy', 'article-help'] as const) {
      expect(decideNavigation(state({ ...visitor.adultWithoutConsent, routeName, target: '/article' }))).toEqual({
        kind: 'allow',
      });
      expect(decideNavigation(state({ ...visitor.minorWithoutConsent, routeName, target: '/article' }))).toEqual({
        kind: 'allow',
      });
    }
    expect(
      decideNavigation(state({ ...visitor.adultWithoutConsent, routeName: 'article-abj', target: '/article/abj' })),
    ).toEqual({ kind: 'redirect', to: '/?redirect=%2Farticle%2Fabj' });
  });

  it('6. without law consent goes to the top page (the gate on the top page itself)', () => {
    for (const who of [visitor.adultWithoutConsent, visitor.adultWithTermsOnly, visitor.minorWithoutConsent]) {
      expect(decideNavigation(state(who))).toEqual({ kind: 'redirect', to: '/?redirect=%2Ftitle%2F10001' });
      expect(decideNavigation(state({ ...who, routeName: 'index', target: '/' }))).toEqual({
        kind: 'redirect',
        to: '/law/age',
      });
    }
    // A minor needs the minor terms; the adult ones do not count.
    expect(decideNavigation(state(visitor.minorWithAdultConsentOnly))).toEqual({
      kind: 'redirect',
      to: '/?redirect=%2Ftitle%2F10001',
    });
  });

  it('lets a visitor with the consent their age group needs go anywhere', () => {
    for (const who of [visitor.adultWithConsent, visitor.minorWithConsent]) {
      for (const routeName of ['index', 'title-titleId', 'my', 'law-age', 'article-abj'] as const) {
        expect(decideNavigation(state({ ...who, routeName }))).toEqual({ kind: 'allow' });
      }
    }
  });
});

describe('redirect targets', () => {
  it('reads same-origin paths only (contracts: sameOriginReturnTarget)', () => {
    expect(redirectTargetOf('/?redirect=%2Ftitle%2F10001%3Fx%3D1')).toBe('/title/10001?x=1');
    for (const bad of ['https://evil.test', '//evil.test', '/\\evil.test', '/\t/evil.test', '/.//evil.test', 'title']) {
      expect(redirectTargetOf(`/?redirect=${encodeURIComponent(bad)}`), bad).toBeUndefined();
    }
    expect(redirectTargetOf('/')).toBeUndefined();
  });

  it('builds and reads the top-page and gate queries', () => {
    expect(topPathFor('/')).toBe('/');
    expect(topPathFor('/my')).toBe('/?redirect=%2Fmy');
    expect(gatePathFor(undefined)).toBe('/law/age');
    expect(gatePathFor('/')).toBe('/law/age');
    expect(gatePathFor('/my')).toBe('/law/age?redirect=%2Fmy');
    expect(redirectTargetOf('/?redirect=%2Fmy')).toBe('/my');
    expect(redirectTargetOf('/law/age')).toBeUndefined();
  });
});

describe('signupAsksConsent (issue 24: the consent asked once)', () => {
  const now = new Date('2026-11-25T00:00:00Z');
  const adult = { birthday: '2000-01', termsOfServiceMinor: false, termsOfServiceAdult: true, privacyPolicy: true };
  it('does not ask again in the US once the gate recorded it', () => {
    expect(signupAsksConsent({ region: Region.US, ...adult }, now)).toBe(false);
    expect(
      signupAsksConsent({ region: Region.US, ...adult, birthday: '2012-01', termsOfServiceMinor: true }, now),
    ).toBe(false);
  });
  it('asks in the US without the consent the age needs, and always in JP (no gate there)', () => {
    expect(signupAsksConsent({ region: Region.US, ...adult, privacyPolicy: false }, now)).toBe(true);
    expect(signupAsksConsent({ region: Region.US, ...adult, birthday: undefined }, now)).toBe(true);
    expect(signupAsksConsent({ region: Region.JP, ...adult }, now)).toBe(true);
  });
});
