import { describe, expect, it } from 'vitest';
import { ageGroupOf, ageInYears } from './age.rules.ts';

const june2026 = new Date(2026, 5, 15, 12);

describe('ageInYears', () => {
  it('counts the birth month as the birthday', () => {
    expect(ageInYears({ year: 2010, month: 6 }, june2026)).toBe(16);
    expect(ageInYears({ year: 2010, month: 7 }, june2026)).toBe(15);
    expect(ageInYears({ year: 2010, month: 5 }, june2026)).toBe(16);
  });

  it('is negative for a birthday after now', () => {
    expect(ageInYears({ year: 2027, month: 1 }, june2026)).toBe(-1);
  });
});

describe('ageGroupOf', () => {
  it.each([
    [{ year: 2010, month: 6 }, 'adult'], // turns 16 this month
    [{ year: 2010, month: 7 }, 'minor'], // 15 until next month
    [{ year: 1950, month: 1 }, 'adult'],
    [{ year: 2013, month: 6 }, 'minor'], // turns 13 this month
    [{ year: 2013, month: 7 }, 'impossible'], // 12
    [{ year: 2020, month: 1 }, 'impossible'],
    [{ year: 2030, month: 1 }, 'impossible'],
  ] as const)('classifies %o as %s', (birthday, group) => {
    expect(ageGroupOf(birthday, june2026)).toBe(group);
  });

  it('changes group at the start of the birth month, local time', () => {
    const birthday = { year: 2010, month: 7 };
    expect(ageGroupOf(birthday, new Date(2026, 5, 30, 23, 59, 59))).toBe('minor');
    expect(ageGroupOf(birthday, new Date(2026, 6, 1, 0, 0, 0))).toBe('adult');
  });
});
