import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, localeOfRegion, pickLocale } from './locale.rules.ts';

describe('locale rules', () => {
  it('prefers an explicit supported choice', () => {
    expect(pickLocale('en', 'ja', 'ja')).toBe('en');
    expect(pickLocale('de', 'ja-JP', 'en')).toBe('ja');
    expect(pickLocale('de', undefined, 'en')).toBe('en');
  });

  it('ranks Accept-Language by q-value, then order, ignoring unsupported and q=0', () => {
    expect(localeFromAcceptLanguage('en;q=0.1, ja-JP;q=0.9')).toBe('ja');
    expect(localeFromAcceptLanguage('fr-FR, en-US;q=0.8, ja;q=0.8')).toBe('en');
    expect(localeFromAcceptLanguage('ja;q=0, en;q=0.2')).toBe('en');
    expect(localeFromAcceptLanguage('fr, de')).toBeUndefined();
    expect(localeFromAcceptLanguage(undefined)).toBeUndefined();
  });

  it('maps regions to their language', () => {
    expect(localeOfRegion('JP')).toBe('ja');
    expect(localeOfRegion('US')).toBe('en');
  });
});
