import { describe, expect, it } from 'vitest';
import { formatReleaseTime, leadingUnits, remainingUntil, tickInterval } from './countdown.ts';

describe('countdown', () => {
  const release = Date.UTC(2026, 10, 26, 15, 0, 0); // Fri 27 Nov 00:00 in Tokyo

  it('counts whole days, hours, minutes and seconds, and nothing once released', () => {
    expect(remainingUntil(release, release - (2 * 86_400 + 3 * 3_600 + 4 * 60 + 5) * 1000)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
    expect(remainingUntil(release, release)).toBeUndefined();
    expect(remainingUntil(release, release + 1)).toBeUndefined();
  });

  it('ticks every second in the last hour only', () => {
    expect(tickInterval(remainingUntil(release, release - 59 * 60_000))).toBe(1_000);
    expect(tickInterval(remainingUntil(release, release - 2 * 3_600_000))).toBe(60_000);
  });

  it("shows the release in the reader's own time zone", () => {
    const date = new Date(release);
    expect(formatReleaseTime(date, 'en', 'Asia/Tokyo')).toMatch(/Fri, Nov 27,? 12:00\s?AM GMT\+9/);
    expect(formatReleaseTime(date, 'en', 'America/New_York')).toMatch(/Thu, Nov 26,? 10:00\s?AM EST/);
    expect(formatReleaseTime(date, 'ja', 'Asia/Tokyo')).toContain('11月27日');
  });
});

describe('leadingUnits', () => {
  it('keeps the largest two units that are not zero, and never an empty list', () => {
    expect(leadingUnits({ days: 2, hours: 3, minutes: 4, seconds: 5 })).toEqual([
      { unit: 'days', count: 2 },
      { unit: 'hours', count: 3 },
    ]);
    expect(leadingUnits({ days: 1, hours: 0, minutes: 4, seconds: 5 })).toEqual([{ unit: 'days', count: 1 }]);
    expect(leadingUnits({ days: 0, hours: 0, minutes: 4, seconds: 5 })).toEqual([
      { unit: 'minutes', count: 4 },
      { unit: 'seconds', count: 5 },
    ]);
    expect(leadingUnits({ days: 0, hours: 0, minutes: 0, seconds: 0 })).toEqual([{ unit: 'seconds', count: 0 }]);
  });
});
