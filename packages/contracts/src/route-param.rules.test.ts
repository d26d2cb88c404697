import { describe, expect, it } from 'vitest';
import {
  formatTitleId,
  isValidNonNegativeIntParam,
  isValidTitleIdParam,
  NonNegativeIntParamSchema,
  parseNonNegativeIntParam,
  parseTitleIdParam,
  TitleIdParamSchema,
} from './route-param.rules.ts';

describe('titleId route parameter', () => {
  it.each(['00000', '02373', '10639', '99999'])('accepts %s', (value) => {
    expect(isValidTitleIdParam(value)).toBe(true);
    expect(TitleIdParamSchema.parse(value)).toBe(value);
  });

  it.each(['', '2373', '123456', '0237a', ' 2373', '02373 ', '-1234', '１２３４５', '1e+03'])('rejects %j', (value) => {
    expect(isValidTitleIdParam(value)).toBe(false);
    expect(TitleIdParamSchema.safeParse(value).success).toBe(false);
  });

  it('parses to a number', () => {
    expect(parseTitleIdParam('02373')).toBe(2373);
    expect(parseTitleIdParam('2373')).toBeUndefined();
  });
});

describe('non-negative integer route parameter', () => {
  it.each(['0', '7', '311334', '007'])('accepts %s', (value) => {
    expect(isValidNonNegativeIntParam(value)).toBe(true);
    expect(NonNegativeIntParamSchema.parse(value)).toBe(value);
  });

  it.each(['', '-1', '1.5', '1e3', 'abc', ' 1', '0x10', '99999999999999999999'])('rejects %j', (value) => {
    expect(isValidNonNegativeIntParam(value)).toBe(false);
    expect(NonNegativeIntParamSchema.safeParse(value).success).toBe(false);
  });

  it('parses to a number', () => {
    expect(parseNonNegativeIntParam('42')).toBe(42);
    expect(parseNonNegativeIntParam('-42')).toBeUndefined();
  });
});

describe('formatTitleId', () => {
  it('zero-pads to 5 digits', () => {
    expect(formatTitleId(553)).toBe('00553');
    expect(formatTitleId(0)).toBe('00000');
    expect(formatTitleId(10639)).toBe('10639');
  });

  it.each([-1, 100000, 1.5, Number.NaN])('refuses %s', (id) => {
    expect(() => formatTitleId(id)).toThrow(RangeError);
  });
});
