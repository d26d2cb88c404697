import { describe, expect, it } from 'vitest';
import {
  formatWireTime,
  parseWireDateTime,
  weeklyReleases,
  wireDate,
  wireDayBounds,
} from '#src/rules/wire-calendar.rules.ts';

describe('parseWireDateTime', () => {
  it('reads a wire time as wall-clock time in the zone', () => {
    expect(parseWireDateTime('2026-01-01 09:00:00', 'Asia/Tokyo')).toBe(Date.UTC(2026, 0, 1, 0, 0, 0));
    expect(parseWireDateTime('2026-07-01 12:30:15', 'America/Chicago')).toBe(Date.UTC(2026, 6, 1, 17, 30, 15));
    expect(parseWireDateTime('2026-01-01 12:30:15', 'America/Chicago')).toBe(Date.UTC(2026, 0, 1, 18, 30, 15));
  });

  it('is undone by formatWireTime', () => {
    const at = Date.UTC(2026, 6, 1, 17, 30, 15);
    expect(formatWireTime(at, 'America/Chicago')).toBe('2026-07-01 12:30:15');
    expect(parseWireDateTime(formatWireTime(at, 'Asia/Tokyo'), 'Asia/Tokyo')).toBe(at);
  });

  it('agrees with the day bounds and the local date', () => {
    const { start, end } = wireDayBounds('2026-03-08', 'America/Chicago');
    expect(start).toBe(parseWireDateTime('2026-03-08 00:00:00', 'America/Chicago'));
    expect(end - start).toBe(23 * 3_600_000);
    expect(wireDate(start, 'America/Chicago')).toBe('2026-03-08');
  });
});

describe('weeklyReleases', () => {
  const tokyo = 'Asia/Tokyo';
  it('starts at the first such moment strictly after now, then one a week, in the wire time zone', () => {
    // Friday 2026-11-27 20:00 JST.
    const now = Date.parse('2026-11-27T11:00:00Z');
    expect(weeklyReleases(now, 1, '10:00', 3, tokyo).map((at) => new Date(at).toISOString())).toEqual([
      '2026-11-30T01:00:00.000Z',
      '2026-12-07T01:00:00.000Z',
      '2026-12-14T01:00:00.000Z',
    ]);
    // The same weekday later today counts; earlier today does not.
    expect(new Date(weeklyReleases(now, 5, '21:00', 1, tokyo)[0]!).toISOString()).toBe('2026-11-27T12:00:00.000Z');
    expect(new Date(weeklyReleases(now, 5, '20:00', 1, tokyo)[0]!).toISOString()).toBe('2026-12-04T11:00:00.000Z');
  });
});
