import { describe, expect, it } from 'vitest';
import { formatWireDateTime } from './date-time.schemas.ts';
import { DEFAULT_WIRE_TIME_ZONE, isKnownTimeZone, parseWireDateTime } from './wire-time-zone.ts';

describe('parseWireDateTime', () => {
  it('reads the wall-clock time of the zone it is given', () => {
    expect(parseWireDateTime('2026-11-22 09:00:00', 'Asia/Tokyo')?.toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(parseWireDateTime('2026-11-22 09:00:00', 'UTC')?.toISOString()).toBe('2026-11-22T09:00:00.000Z');
    // New York is UTC-5 in winter and UTC-4 in summer.
    expect(parseWireDateTime('2026-01-15 12:00:00', 'America/New_York')?.toISOString()).toBe(
      '2026-01-15T17:00:00.000Z',
    );
    expect(parseWireDateTime('2026-07-15 12:00:00', 'America/New_York')?.toISOString()).toBe(
      '2026-07-15T16:00:00.000Z',
    );
  });

  it('crosses midnight and the year boundary in the zone', () => {
    expect(parseWireDateTime('2027-01-01 08:59:59', 'Asia/Tokyo')?.toISOString()).toBe('2026-12-31T23:59:59.000Z');
  });

  it('undoes formatWireDateTime', () => {
    for (const zone of ['Asia/Tokyo', 'Europe/London', 'America/Los_Angeles', 'Asia/Kolkata']) {
      const instant = new Date('2026-03-29T01:30:00Z');
      expect(parseWireDateTime(formatWireDateTime(instant, zone), zone)?.getTime()).toBe(instant.getTime());
    }
  });

  it('undoes formatWireDateTime across two years of daylight-saving changes in many zones', () => {
    const zones = [
      'Asia/Tokyo',
      'Europe/London',
      'America/New_York',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'America/St_Johns',
    ];
    const start = Date.UTC(2026, 0, 1);
    for (const zone of zones) {
      for (let at = start; at < start + 2 * 365 * 86_400_000; at += 127 * 60_000) {
        const wall = formatWireDateTime(new Date(at), zone);
        const back = parseWireDateTime(wall, zone) as Date;
        // The same wall time always; the same instant except in an hour a change repeats.
        expect(formatWireDateTime(back, zone), `${zone} ${wall}`).toBe(wall);
        const hour = 3_600_000;
        const steady =
          formatWireDateTime(new Date(at - hour), zone) < wall && wall < formatWireDateTime(new Date(at + hour), zone);
        if (
          steady &&
          Date.parse(`${formatWireDateTime(new Date(at + hour), zone).replace(' ', 'T')}Z`) -
            Date.parse(`${wall.replace(' ', 'T')}Z`) ===
            hour
        ) {
          expect(back.getTime(), `${zone} ${wall}`).toBe(at);
        }
      }
    }
  });

  it.each([
    null,
    undefined,
    '',
    '2026-11-22T09:00:00',
    '2026-11-22 09:00',
    '2026-02-30 10:00:00',
    '2026-11-22 25:00:00',
  ])('gives undefined for %j', (value) => {
    expect(parseWireDateTime(value, 'Asia/Tokyo')).toBeUndefined();
  });
});

describe('isKnownTimeZone', () => {
  it('accepts IANA names and refuses anything else', () => {
    expect(isKnownTimeZone(DEFAULT_WIRE_TIME_ZONE)).toBe(true);
    expect(isKnownTimeZone('UTC')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isKnownTimeZone('+09:00 or so')).toBe(false);
  });
});
