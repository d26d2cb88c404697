import { describe, expect, it } from 'vitest';
import { IdListSchema, joinList, parseIdList, safeParseIdList, uniqueIds } from './id-list.ts';

describe('parseIdList', () => {
  it.each([
    ['101,102', [101, 102]],
    ['101, 102', [101, 102]],
    ['02373, 00553', [2373, 553]],
    [' 7 ', [7]],
    ['0', [0]],
    ['1,1', [1, 1]],
    ['', []],
    ['   ', []],
  ])('parses %j', (value, ids) => {
    expect(parseIdList(value)).toEqual(ids);
  });

  it('parses long lists', () => {
    const ids = Array.from({ length: 5000 }, (_, i) => i + 1);
    expect(parseIdList(ids.join(', '))).toEqual(ids);
  });

  it.each(['1,,2', '1,', ',1', '1, ,2'])('throws on an empty item in %j', (value) => {
    expect(() => parseIdList(value)).toThrow('empty item');
  });

  it.each(['1,a', '1.5', '-1', '+1', '1e3', '0x1f', '1 2', '99999999999999999999', '[1, 2]'])(
    'throws on a non-integer item in %j',
    (value) => {
      expect(() => parseIdList(value)).toThrow('not a non-negative integer');
    },
  );

  it('reports errors without throwing through safeParseIdList', () => {
    expect(safeParseIdList('1,x')).toEqual({
      ok: false,
      error: 'item "x" at position 1 is not a non-negative integer',
    });
    expect(safeParseIdList('1,2')).toEqual({ ok: true, ids: [1, 2] });
  });
});

describe('IdListSchema', () => {
  it('transforms a list to numbers', () => {
    expect(IdListSchema.parse('02373, 553')).toEqual([2373, 553]);
  });

  it.each(['1,,2', '1,a', '1,'])('fails on %j', (value) => {
    const result = IdListSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/^invalid id list/);
  });

  it('fails on non-strings', () => {
    expect(IdListSchema.safeParse([1, 2]).success).toBe(false);
  });
});

describe('joinList', () => {
  it('joins with commas and no spaces', () => {
    expect(joinList([101, 102, 103])).toBe('101,102,103');
    expect(joinList(['a', 'b'])).toBe('a,b');
    expect(joinList([])).toBe('');
  });

  it('round-trips through parseIdList', () => {
    expect(parseIdList(joinList([5, 0, 99999]))).toEqual([5, 0, 99999]);
  });
});

describe('uniqueIds', () => {
  it('drops repeats and keeps the first occurrence order', () => {
    expect(uniqueIds([3, 1, 3, 2, 1])).toEqual([3, 1, 2]);
  });
});
