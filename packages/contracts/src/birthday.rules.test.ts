import { describe, expect, it } from 'vitest';
import { BirthdaySchema, parseBirthday } from './birthday.rules.ts';

const now = new Date(2026, 5, 15, 12); // 2026-06-15 local

describe('parseBirthday', () => {
  it.each([
    ['2000-01', 2000, 1],
    ['1900-01', 1900, 1],
    ['1999-12', 1999, 12],
    ['2026-06', 2026, 6],
  ])('parses %s', (value, year, month) => {
    expect(parseBirthday(value, now)).toEqual({ year, month, value });
  });

  it.each([
    '1899-12', // before the minimum year
    '2000-00',
    '2000-13',
    '2026-07', // next month
    '2027-01', // next year
    '2000-1',
    '200-01',
    '2000/01',
    '2000-01-01',
    ' 2000-01',
    '２０００-０１',
    '',
  ])('ignores %j', (value) => {
    expect(parseBirthday(value, now)).toBeUndefined();
  });

  it.each([undefined, null, 200001, {}, ['2000-01']])('ignores the non-string %j', (value) => {
    expect(parseBirthday(value, now)).toBeUndefined();
  });

  it('compares with the local month of now', () => {
    const lastDayOfMonth = new Date(2026, 0, 31, 23, 59);
    expect(parseBirthday('2026-01', lastDayOfMonth)).toBeDefined();
    expect(parseBirthday('2026-02', lastDayOfMonth)).toBeUndefined();
  });
});

describe('BirthdaySchema', () => {
  it('parses a valid birthday', () => {
    expect(BirthdaySchema.parse('2000-01')).toEqual({ year: 2000, month: 1, value: '2000-01' });
  });

  it.each(['1899-01', '2000-13', 'soon', '9999-01'])('fails on %j', (value) => {
    expect(BirthdaySchema.safeParse(value).success).toBe(false);
  });
});
