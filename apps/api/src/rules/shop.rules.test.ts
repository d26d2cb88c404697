import { describe, expect, it } from 'vitest';
import { chargeTypeOf, formatPrice, refundTakeBack, regionOfLocale, safeReturnPath } from '#src/rules/shop.rules.ts';

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
      `/${'x'.repeat(600)}`,
    ]) {
      expect(safeReturnPath(path, ORIGIN), path).toBeUndefined();
    }
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

describe('chargeTypeOf (SPEC §3)', () => {
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
