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

  it('gives consent only for value 1 or "1", never for look-alikes', () => {
    for (const raw of ['{"value":true}', '{"value":"yes"}', '{"value":1.5}', '"1"', '{"expires":1}'])
      expect(parseConsentCookie(raw)).toBe(false);
    expect(parseConsentCookie('%7B%22value%22%3A1%7D')).toBe(true);
  });

  it('refuses a bad expiry', () => {
    expect(() => serializeConsentCookie(1, -1)).toThrow(RangeError);
  });
});
