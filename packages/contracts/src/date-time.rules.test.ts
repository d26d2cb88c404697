import { describe, expect, it } from 'vitest';
import { parseDateTimeString } from './date-time.rules.ts';

describe('parseDateTimeString', () => {
  it('parses YYYY-MM-DDTHH:mm:ss as local time', () => {
    expect(parseDateTimeString('2026-03-04T05:06:07')).toEqual(new Date(2026, 2, 4, 5, 6, 7));
    expect(parseDateTimeString('2024-02-29T23:59:59')).toEqual(new Date(2024, 1, 29, 23, 59, 59));
  });

  it('keeps two-digit years literal', () => {
    expect(parseDateTimeString('0050-01-01T00:00:00').getFullYear()).toBe(50);
  });

  it.each([
    '2026-03-04 05:06:07',
    '2026-03-04T05:06',
    '2026-03-04T05:06:07Z',
    '2026-03-04T05:06:07.000',
    '2026-03-04T05:06:07+09:00',
    '2026-3-4T5:6:7',
    '2026-03-04',
    ' 2026-03-04T05:06:07',
    '',
  ])('throws unexpected format for %j', (value) => {
    expect(() => parseDateTimeString(value)).toThrow('unexpected format');
  });

  it.each([
    '2026-13-01T00:00:00',
    '2026-02-29T00:00:00',
    '2026-04-31T00:00:00',
    '2026-01-01T24:00:00',
    '2026-01-01T00:60:00',
  ])('throws unexpected format for the impossible %j', (value) => {
    expect(() => parseDateTimeString(value)).toThrow('unexpected format');
  });
});
