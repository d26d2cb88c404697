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

/**
 * `date` as wall-clock time in `timeZone`, read by Intl: exact for every instant, and slow
 * (formatToParts). formatWireDateTime's reference, exported for its test.
 */
export function formatWithIntl(date: Date, timeZone: string): WireDateTime {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatterFor(timeZone).formatToParts(date)) parts[part.type] = part.value;
  const year = Number(parts.year);
  if (parts.era === 'BC' || year > 9999) throw new RangeError('year outside 0001–9999');
  return `${String(year).padStart(4, '0')}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** Wall clock minus UTC at `at` (whole seconds), in milliseconds, as Intl reads it. */
function intlOffsetAt(at: number, timeZone: string): number {
  const wall = formatWithIntl(new Date(at), timeZone);
  return Date.parse(`${wall.replace(' ', 'T')}Z`) - Math.floor(at / 1000) * 1000;
}

/**
 * A zone's offset holds for whole spans of time: it is read once per zone and quarter of an hour
 * (Intl at both ends of the span; `null` when they differ, a change inside the span), and the wall
 * time is then plain arithmetic. Answers are Intl's own (date-time.schemas.test.ts compares them).
 */
const OFFSET_SPAN_MS = 15 * 60_000;
const MAX_KEPT_OFFSETS = 10_000;
const offsets = new Map<string, number | null>();

function spanOffset(at: number, timeZone: string): number | null {
  const start = Math.floor(at / OFFSET_SPAN_MS) * OFFSET_SPAN_MS;
  const key = `${timeZone}|${start}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const first = intlOffsetAt(start, timeZone);
    offset = first === intlOffsetAt(start + OFFSET_SPAN_MS - 1, timeZone) ? first : null;
    if (offsets.size >= MAX_KEPT_OFFSETS) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** Wall clock minus UTC in `timeZone` at `at` (epoch ms), in milliseconds: Intl's answer, kept per span. */
export function wireZoneOffsetAt(at: number, timeZone: string): number {
  return spanOffset(at, timeZone) ?? intlOffsetAt(at, timeZone);
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** `date` as wall-clock time in `timeZone` (an IANA name such as 'Asia/Tokyo'), in wire format. */
export function formatWireDateTime(date: Date, timeZone: string): WireDateTime {
  const at = date.getTime();
  if (Number.isNaN(at)) throw new RangeError('cannot format an invalid date');
  const offset = spanOffset(at, timeZone);
  if (offset === null) return formatWithIntl(date, timeZone);
  const wall = new Date(Math.floor(at / 1000) * 1000 + offset);
  const year = wall.getUTCFullYear();
  // Years Intl writes otherwise (before 1 CE) or refuses (after 9999): its own answer.
  if (year < 1000 || year > 9999) return formatWithIntl(date, timeZone);
  return `${year}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())} ${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}:${two(wall.getUTCSeconds())}`;
}
