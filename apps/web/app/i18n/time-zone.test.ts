import { Region } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-format.ts';
import { DEFAULT_TIME_ZONE_OF_REGION, displayTimeZoneOf, parseTimeZone } from './time-zone.ts';

describe("the reader's time zone (issue 24)", () => {
  it('takes an IANA zone the browser named, in its canonical spelling, and nothing else', () => {
    expect(parseTimeZone('America/Los_Angeles')).toBe('America/Los_Angeles');
    expect(parseTimeZone(encodeURIComponent('Europe/Berlin'))).toBe('Europe/Berlin');
    expect(parseTimeZone('utc')).toBe('UTC');
    for (const bad of ['', 'Mars/Olympus', '<script>', 'America/New_York; Path=/', '%E0%A4%A', undefined]) {
      expect(parseTimeZone(bad)).toBeUndefined();
    }
  });

  it("shows a first visit in its region's usual zone, then the browser's", () => {
    expect(displayTimeZoneOf(undefined, Region.US)).toBe(DEFAULT_TIME_ZONE_OF_REGION.US);
    expect(displayTimeZoneOf(undefined, Region.JP)).toBe('Asia/Tokyo');
    expect(displayTimeZoneOf('Europe/Berlin', Region.JP)).toBe('Europe/Berlin');
    expect(displayTimeZoneOf('nonsense', Region.US)).toBe('America/New_York');
  });

  it('shows a comment posted at 02:08 UTC in the US reader’s zone, not at 11:08 AM Japan time', () => {
    const posted = new Date('2026-11-24T02:08:00Z');
    expect(formatDateTime(posted, 'en', 'America/New_York')).toBe('Nov 23, 2026, 9:08 PM');
    expect(formatDateTime(posted, 'en', 'America/Los_Angeles')).toBe('Nov 23, 2026, 6:08 PM');
    expect(formatDateTime(posted, 'ja', 'Asia/Tokyo')).toBe('2026/11/24 11:08');
  });
});
