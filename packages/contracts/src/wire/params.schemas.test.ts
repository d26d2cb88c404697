import { describe, expect, it } from 'vitest';
import { IntFlagParamSchema, IntParamSchema } from './params.schemas.ts';

describe('IntParamSchema', () => {
  it.each([
    ['0', 0],
    ['311334', 311334],
    ['02373', 2373],
    [' 7 ', 7],
  ])('parses %j', (value, expected) => {
    expect(IntParamSchema.parse(value)).toBe(expected);
  });

  it.each(['', '-1', '1.5', '1e3', 'abc', '99999999999999999999', 7])('rejects %j', (value) => {
    expect(IntParamSchema.safeParse(value).success).toBe(false);
  });
});

describe('IntFlagParamSchema', () => {
  it('parses 0 and 1', () => {
    expect(IntFlagParamSchema.parse('0')).toBe(0);
    expect(IntFlagParamSchema.parse('1')).toBe(1);
  });

  it.each(['2', 'true', '', 1])('rejects %j', (value) => {
    expect(IntFlagParamSchema.safeParse(value).success).toBe(false);
  });
});
