import { describe, expect, it } from 'vitest';
import { parseConsentCookie, serializeConsentCookie } from './consent-cookie.ts';

describe('consent cookies', () => {
  it('round-trips a consent', () => {
    expect(parseConsentCookie(serializeConsentCookie(1, 4102444800))).toBe(true);
    expect(parseConsentCookie(serializeConsentCookie(0, 4102444800))).toBe(false);
  });

  it('reads raw JSON with a string value and quoted forms', () => {
    expect(parseConsentCookie('{"value": "1", "expires": "4102444800"}')).toBe(true);
    expect(parseConsentCookie('"{\\"value\\":1}"')).toBe(false);
    expect(parseConsentCookie('"{"value":1,"expires":1}"')).toBe(true);
  });

  it('treats missing or malformed cookies as no consent', () => {
    for (const raw of [undefined, '', '1', 'null', '%E0%A4%A', '{"value":2}', '[1]'])
      expect(parseConsentCookie(raw)).toBe(false);
  });

  it('refuses a bad expiry', () => {
    expect(() => serializeConsentCookie(1, -1)).toThrow(RangeError);
  });
});
