import { describe, expect, it } from 'vitest';
import { earliestOf } from '#src/rules/change-time.rules.ts';

describe('earliestOf', () => {
  it('is the first of the times given, skipping undefined ones; undefined when none is given', () => {
    expect(earliestOf(30, undefined, 10, 20)).toBe(10);
    expect(earliestOf(undefined, 5)).toBe(5);
    expect(earliestOf(undefined, undefined)).toBeUndefined();
    expect(earliestOf()).toBeUndefined();
  });
});
