import { z } from 'zod';
import { matchDateTimeParts } from '../date-time.rules.ts';

// Wire times are `YYYY-MM-DD HH:MM:SS` with no zone (wire §1.7); the zone is the site's.

const WIRE_DATE_TIME_PATTERN = /^([0-9]{4})-([0-9]{2})-([0-9]{2}) ([0-9]{2}):([0-9]{2}):([0-9]{2})$/;

export function isWireDateTime(value: string): boolean {
  return matchDateTimeParts(value, WIRE_DATE_TIME_PATTERN) !== undefined;
}

export const WireDateTimeSchema = z.string().refine(isWireDateTime, { message: 'expected YYYY-MM-DD HH:MM:SS' });
export type WireDateTime = z.infer<typeof WireDateTimeSchema>;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // Throws RangeError for an unknown zone.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** `date` as wall-clock time in `timeZone` (an IANA name such as 'Asia/Tokyo'), in wire format. */
export function formatWireDateTime(date: Date, timeZone: string): WireDateTime {
  if (Number.isNaN(date.getTime())) throw new RangeError('cannot format an invalid date');
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatterFor(timeZone).formatToParts(date)) parts[part.type] = part.value;
  const year = Number(parts.year);
  if (parts.era === 'BC' || year > 9999) throw new RangeError('year outside 0001–9999');
  return `${String(year).padStart(4, '0')}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}
