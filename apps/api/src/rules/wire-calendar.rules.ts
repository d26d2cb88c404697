// Calendar days in the wire time zone (MANGA_WIRE_TIMEZONE): the day an activity counts for, the
// bounds of a `base_date`, today's weekday. Pure functions over epoch milliseconds.
import { formatWireDateTime } from '@manga/contracts';

const DAY_MS = 86_400_000;

const MINUTE_MS = 60_000;
/** The last date computed per zone, by minute: every zone's offset is whole minutes. */
const recentDates = new Map<string, { minute: number; date: string }>();

/** 'YYYY-MM-DD' of `at` in `timeZone` (remembered for the minute, since Intl formatting is slow). */
export function wireDate(at: number, timeZone: string): string {
  const minute = Math.floor(at / MINUTE_MS);
  const recent = recentDates.get(timeZone);
  if (recent?.minute === minute) return recent.date;
  const date = formatWireDateTime(new Date(at), timeZone).slice(0, 10);
  recentDates.set(timeZone, { minute, date });
  return date;
}

/** `at` as a wire time 'YYYY-MM-DD HH:MM:SS' in `timeZone`. */
export function formatWireTime(at: number, timeZone: string): string {
  return formatWireDateTime(new Date(at), timeZone);
}

/** The date `days` after (negative: before) a 'YYYY-MM-DD' date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Wall-clock offset of `timeZone` at `at`, in milliseconds. */
function offsetAt(at: number, timeZone: string): number {
  const wall = formatWireDateTime(new Date(at), timeZone);
  return Date.parse(`${wall.replace(' ', 'T')}Z`) - Math.floor(at / 1000) * 1000;
}

/** [start, end) of a 'YYYY-MM-DD' day in `timeZone`, in epoch milliseconds. */
export function wireDayBounds(date: string, timeZone: string): { start: number; end: number } {
  return {
    start: parseWireDateTime(`${date} 00:00:00`, timeZone),
    end: parseWireDateTime(`${addDays(date, 1)} 00:00:00`, timeZone),
  };
}

/** Epoch milliseconds of a wire time 'YYYY-MM-DD HH:MM:SS' read as wall-clock time in `timeZone`. */
export function parseWireDateTime(value: string, timeZone: string): number {
  const guess = Date.parse(`${value.replace(' ', 'T')}Z`);
  const first = guess - offsetAt(guess, timeZone);
  return guess - offsetAt(first, timeZone);
}

/** 1 Monday … 7 Sunday of a 'YYYY-MM-DD' date. */
export function weekdayIndexOf(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/**
 * `count` release times a week apart on `weekday` (1 Monday … 7 Sunday) at `time` ('HH:MM') in
 * `timeZone`, the first the earliest such moment strictly after `after`.
 */
export function weeklyReleases(
  after: number,
  weekday: number,
  time: string,
  count: number,
  timeZone: string,
): number[] {
  let date = wireDate(after, timeZone);
  date = addDays(date, (weekday - weekdayIndexOf(date) + 7) % 7);
  if (parseWireDateTime(`${date} ${time}:00`, timeZone) <= after) date = addDays(date, 7);
  return Array.from({ length: count }, (_, week) =>
    parseWireDateTime(`${addDays(date, week * 7)} ${time}:00`, timeZone),
  );
}
