import { describe, expect, it } from 'vitest';
import { parseWireDateTime, wireDate, wireDayBounds } from '#src/rules/wire-calendar.rules.ts';

describe('parseWireDateTime', () => {
  it('reads a wire time as wall-clock time in the zone', () => {
    expect(parseWireDateTime('2026-01-01 09:00:00', 'Asia/Tokyo')).toBe(Date.UTC(2026, 0, 1, 0, 0, 0));
    expect(parseWireDateTime('2026-07-01 12:30:15', 'America/Chicago')).toBe(Date.UTC(2026, 6, 1, 17, 30, 15));
    expect(parseWireDateTime('2026-01-01 12:30:15', 'America/Chicago')).toBe(Date.UTC(2026, 0, 1, 18, 30, 15));
  });

  it('agrees with the day bounds and the local date', () => {
    const { start, end } = wireDayBounds('2026-03-08', 'America/Chicago');
    expect(start).toBe(parseWireDateTime('2026-03-08 00:00:00', 'America/Chicago'));
    expect(end - start).toBe(23 * 3_600_000);
    expect(wireDate(start, 'America/Chicago')).toBe('2026-03-08');
  });
});
