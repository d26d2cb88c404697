import { describe, expect, it } from 'vitest';
import { formatWireDateTime, isWireDateTime, WireDateTimeSchema } from './date-time.schemas.ts';

describe('WireDateTimeSchema', () => {
  it.each(['2025-04-01 10:00:00', '2024-02-29 23:59:59', '0001-01-01 00:00:00'])('accepts %j', (value) => {
    expect(isWireDateTime(value)).toBe(true);
    expect(WireDateTimeSchema.parse(value)).toBe(value);
  });

  it.each([
    '2025-04-01T10:00:00',
    '2025-04-01 10:00',
    '2025-04-01 10:00:00Z',
    '2025-4-1 10:00:00',
    '2025-02-29 10:00:00',
    '2025-04-01 24:00:00',
    '',
  ])('rejects %j', (value) => {
    expect(isWireDateTime(value)).toBe(false);
    expect(WireDateTimeSchema.safeParse(value).success).toBe(false);
  });
});

describe('formatWireDateTime', () => {
  const instant = new Date('2026-01-02T03:04:05Z');

  it('renders the wall-clock time of the zone', () => {
    expect(formatWireDateTime(instant, 'UTC')).toBe('2026-01-02 03:04:05');
    expect(formatWireDateTime(instant, 'Asia/Tokyo')).toBe('2026-01-02 12:04:05');
    expect(formatWireDateTime(instant, 'America/Chicago')).toBe('2026-01-01 21:04:05');
  });

  it('renders midnight as 00, not 24', () => {
    expect(formatWireDateTime(new Date('2026-06-30T15:00:00Z'), 'Asia/Tokyo')).toBe('2026-07-01 00:00:00');
  });

  it('follows daylight saving time', () => {
    expect(formatWireDateTime(new Date('2026-07-01T12:00:00Z'), 'America/Chicago')).toBe('2026-07-01 07:00:00');
  });

  it('pads years below 1000', () => {
    expect(formatWireDateTime(new Date('0999-05-06T07:08:09Z'), 'UTC')).toBe('0999-05-06 07:08:09');
  });

  it('produces values the schema accepts', () => {
    expect(WireDateTimeSchema.safeParse(formatWireDateTime(new Date(), 'Asia/Tokyo')).success).toBe(true);
  });

  it('refuses an invalid date or zone', () => {
    expect(() => formatWireDateTime(new Date(Number.NaN), 'UTC')).toThrow(RangeError);
    expect(() => formatWireDateTime(instant, 'Not/AZone')).toThrow(RangeError);
  });
});
