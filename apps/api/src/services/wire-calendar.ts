// Calendar days in the wire time zone (MANGA_WIRE_TIMEZONE): the day an activity counts for, the
// bounds of a `base_date`, today's weekday. Pure functions over epoch milliseconds.
import { formatWireDateTime, isWireDateTime } from '@manga/contracts';

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of `at` in `timeZone`. */
export function wireDate(at: number, timeZone: string): string {
  return formatWireDateTime(new Date(at), timeZone).slice(0, 10);
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

/** The instant at which the wall clock of `timeZone` shows `local` ('YYYY-MM-DDTHH:MM:SS'). */
function instantOfWallClock(local: string, timeZone: string): number {
  const guess = Date.parse(`${local}Z`);
  const first = guess - offsetAt(guess, timeZone);
  return guess - offsetAt(first, timeZone);
}

/** [start, end) of a 'YYYY-MM-DD' day in `timeZone`, in epoch milliseconds. */
export function wireDayBounds(date: string, timeZone: string): { start: number; end: number } {
  const start = (d: string) => instantOfWallClock(`${d}T00:00:00`, timeZone);
  return { start: start(date), end: start(addDays(date, 1)) };
}

/** Epoch milliseconds of a wire time 'YYYY-MM-DD HH:MM:SS' read in `timeZone`; undefined when it is not one. */
export function parseWireDateTime(value: string, timeZone: string): number | undefined {
  return isWireDateTime(value) ? instantOfWallClock(value.replace(' ', 'T'), timeZone) : undefined;
}

/** 1 Monday … 7 Sunday of a 'YYYY-MM-DD' date. */
export function weekdayIndexOf(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}
