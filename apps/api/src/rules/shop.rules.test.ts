import { describe, expect, it } from 'vitest';
import {
  chargeTypeOf,
  checkoutOrigin,
  formatPrice,
  refundTakeBack,
  regionOfLocale,
  safeReturnPath,
} from '#src/rules/shop.rules.ts';

const ORIGIN = 'https://manga.example';

describe('safeReturnPath', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeReturnPath('/title/00012/episode/5', ORIGIN)).toBe('/title/00012/episode/5');
    expect(safeReturnPath('/my/shop?tab=plan#x', ORIGIN)).toBe('/my/shop?tab=plan#x');
    expect(safeReturnPath('/a/../my', ORIGIN)).toBe('/my');
  });

  it('refuses anything that could leave the site or smuggle a header', () => {
    for (const path of [
      '',
      'title/1',
      '//evil.example/x',
      '/\\evil.example',
      '/a\\b',
      'https://evil.example/',
      'javascript:alert(1)',
      '/a\nLocation: x',
      '/a\u0000',
      '/a\u007f',
      // Issue 22: paths that resolve to `//host`.
      '/.//evil.example',
      '/%2e//evil.example',
      '/..//evil.example',
      '/a/../..//evil.example',
      '/\t/evil.example',
      `/${'x'.repeat(600)}`,
    ]) {
      expect(safeReturnPath(path, ORIGIN), path).toBeUndefined();
    }
  });
});

describe('checkoutOrigin', () => {
  const configured = ['https://manga.example', 'http://127.0.0.1:3000'];

  it("answers the request's origin when it is a configured one, else the first", () => {
    expect(checkoutOrigin('http://127.0.0.1:3000', configured)).toBe('http://127.0.0.1:3000');
    expect(checkoutOrigin('https://manga.example', configured)).toBe('https://manga.example');
    expect(checkoutOrigin(undefined, configured)).toBe('https://manga.example');
    expect(checkoutOrigin('', configured)).toBe('https://manga.example');
  });

  it('never answers a hostile or malformed origin', () => {
    for (const origin of [
      'https://evil.example',
      'https://manga.example.evil.example',
      'https://evil.example/https://manga.example',
      'http://manga.example',
      'https://manga.example:444',
      'http://127.0.0.1:3001',
      'http://localhost:3000',
      'https://user@manga.example',
      'https://manga.example/',
      'https://manga.example/my/shop',
      'https://manga.example?x=1',
      'null',
      'javascript:alert(1)',
      'data:text/html,x',
      '//manga.example',
      'https://manga.example\r\nLocation: https://evil.example',
      `https://${'a'.repeat(300)}.example`,
    ]) {
      expect(checkoutOrigin(origin, configured), origin).toBe('https://manga.example');
    }
  });

  it('refuses to run without a configured origin', () => {
    expect(() => checkoutOrigin('https://manga.example', [])).toThrow();
  });
});

describe('prices and regions', () => {
  it('formats cents as dollars and yen with separators', () => {
    expect(formatPrice(99, 'usd')).toBe('$0.99');
    expect(formatPrice(2499, 'usd')).toBe('$24.99');
    expect(formatPrice(1200, 'jpy')).toBe('¥1,200');
  });

  it('reads the region from the language without a country', () => {
    expect(regionOfLocale('ja')).toBe('JP');
    expect(regionOfLocale('en')).toBe('US');
  });
});

describe('chargeTypeOf (product §3)', () => {
  it('answers 4, 2, 3 or 1', () => {
    expect(chargeTypeOf({ livePlanPremium: [true], hasPaid: true })).toBe(4);
    expect(chargeTypeOf({ livePlanPremium: [false], hasPaid: true })).toBe(2);
    expect(chargeTypeOf({ livePlanPremium: [], hasPaid: true })).toBe(3);
    expect(chargeTypeOf({ livePlanPremium: [], hasPaid: false })).toBe(1);
  });
});

describe('refundTakeBack', () => {
  it('takes the refunded share rounded up, less what earlier refunds took; a dispute the rest', () => {
    const base = { credited: 1050, amountMinor: 999, dispute: false };
    expect(refundTakeBack({ ...base, alreadyTaken: 0, refundedMinor: 999 })).toBe(1050);
    expect(refundTakeBack({ ...base, alreadyTaken: 0, refundedMinor: 500 })).toBe(526);
    expect(refundTakeBack({ ...base, alreadyTaken: 526, refundedMinor: 999 })).toBe(524);
    expect(refundTakeBack({ ...base, alreadyTaken: 0, refundedMinor: 5000 })).toBe(1050);
    expect(refundTakeBack({ ...base, alreadyTaken: 1050, refundedMinor: 999 })).toBe(0);
    expect(refundTakeBack({ ...base, alreadyTaken: 300, refundedMinor: 0, dispute: true })).toBe(750);
  });
});
