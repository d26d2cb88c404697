import { describe, expect, it } from 'vitest';
import { hasLawConsent, isConsentGiven, type LawConsentState } from './law-consent.rules.ts';

const now = new Date(2026, 5, 15, 12);
const none = { termsOfServiceMinor: undefined, termsOfServiceAdult: undefined, privacyPolicy: undefined };
const adult = (overrides: Partial<LawConsentState> = {}): LawConsentState => ({
  ...none,
  birthday: '2000-01',
  ...overrides,
});
const minor = (overrides: Partial<LawConsentState> = {}): LawConsentState => ({
  ...none,
  birthday: '2012-01',
  ...overrides,
});

describe('hasLawConsent', () => {
  it('needs the adult terms and the privacy policy for adults', () => {
    expect(hasLawConsent(adult({ termsOfServiceAdult: 1, privacyPolicy: 1 }), now)).toBe(true);
    expect(hasLawConsent(adult({ termsOfServiceAdult: 1 }), now)).toBe(false);
    expect(hasLawConsent(adult({ privacyPolicy: 1 }), now)).toBe(false);
    expect(hasLawConsent(adult({ termsOfServiceMinor: 1, privacyPolicy: 1 }), now)).toBe(false);
  });

  it('needs the minor terms for minors', () => {
    expect(hasLawConsent(minor({ termsOfServiceMinor: true }), now)).toBe(true);
    expect(hasLawConsent(minor(), now)).toBe(false);
    expect(hasLawConsent(minor({ termsOfServiceAdult: 1, privacyPolicy: 1 }), now)).toBe(false);
  });

  it('accepts a parsed birthday', () => {
    expect(hasLawConsent(minor({ birthday: { year: 2012, month: 1 }, termsOfServiceMinor: '1' }), now)).toBe(true);
  });

  it('is false without a valid birthday', () => {
    const all = { termsOfServiceMinor: 1, termsOfServiceAdult: 1, privacyPolicy: 1 };
    expect(hasLawConsent({ ...all, birthday: undefined }, now)).toBe(false);
    expect(hasLawConsent({ ...all, birthday: null }, now)).toBe(false);
    expect(hasLawConsent({ ...all, birthday: 'garbage' }, now)).toBe(false);
    expect(hasLawConsent({ ...all, birthday: '2027-01' }, now)).toBe(false);
  });

  it('is false for an impossible age whatever was agreed', () => {
    expect(
      hasLawConsent({ birthday: '2020-01', termsOfServiceMinor: 1, termsOfServiceAdult: 1, privacyPolicy: 1 }, now),
    ).toBe(false);
  });
});

describe('isConsentGiven', () => {
  it.each([true, 1, '1'])('treats %j as given', (value) => {
    expect(isConsentGiven(value)).toBe(true);
  });

  it.each([false, 0, '0', '', 'true', 2, null, undefined])('treats %j as not given', (value) => {
    expect(isConsentGiven(value)).toBe(false);
  });
});
