import { describe, expect, it } from 'vitest';
import { bulkPointBack, splitPointSpend } from './point-spend.rules.ts';

describe('splitPointSpend', () => {
  it('spends free points first', () => {
    expect(splitPointSpend({ free_point: 30, paid_point: 100 }, 50)).toEqual({ free_point: 30, paid_point: 20 });
    expect(splitPointSpend({ free_point: 80, paid_point: 100 }, 50)).toEqual({ free_point: 50, paid_point: 0 });
  });

  it('spends paid points when there are no free ones', () => {
    expect(splitPointSpend({ free_point: 0, paid_point: 60 }, 60)).toEqual({ free_point: 0, paid_point: 60 });
  });

  it('is undefined when the balance is short by even one point', () => {
    expect(splitPointSpend({ free_point: 9, paid_point: 40 }, 50)).toBeUndefined();
    expect(splitPointSpend({ free_point: 0, paid_point: 0 }, 1)).toBeUndefined();
  });

  it('costs nothing at price 0 and refuses a negative or fractional price', () => {
    expect(splitPointSpend({ free_point: 0, paid_point: 0 }, 0)).toEqual({ free_point: 0, paid_point: 0 });
    expect(() => splitPointSpend({ free_point: 10, paid_point: 10 }, -1)).toThrow(RangeError);
    expect(() => splitPointSpend({ free_point: 10, paid_point: 10 }, 1.5)).toThrow(RangeError);
  });
});

describe('bulkPointBack', () => {
  it('gives nothing below 1,000 points', () => {
    expect(bulkPointBack(0)).toBe(0);
    expect(bulkPointBack(999)).toBe(0);
  });

  it('gives 10 % rounded up from 1,000 points on', () => {
    expect(bulkPointBack(1000)).toBe(100);
    expect(bulkPointBack(1001)).toBe(101);
    expect(bulkPointBack(1234)).toBe(124);
  });
});
