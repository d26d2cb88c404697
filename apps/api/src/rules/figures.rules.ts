// The figures' range and grouping (issue 26, ADR 072). Pure functions.
import { FIGURES_RANGE_MAX_DAYS, ResponseCode } from '@manga/contracts';
import { DomainError } from '#src/rules/domain.error.ts';
import { addDays } from '#src/rules/wire-calendar.rules.ts';

/**
 * The width of the groups the database counts in, in milliseconds: a quarter of an hour. Every time
 * zone's offset from UTC is a whole number of quarter-hours, so each group lies within one calendar
 * day of the wire time zone, and the database needs to know nothing of zones.
 */
export const FIGURES_SLOT_MS = 900_000;

const DAY_MS = 86_400_000;

/** The dates from … to (both 'YYYY-MM-DD', both included), or a 1001 naming what is wrong with the range. */
export function figuresDates(from: string, to: string): string[] {
  if (from > to) throw new DomainError(ResponseCode.InvalidParameter, `from (${from}) is after to (${to})`);
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
  if (days > FIGURES_RANGE_MAX_DAYS) {
    throw new DomainError(
      ResponseCode.InvalidParameter,
      `the range is ${days} days; at most ${FIGURES_RANGE_MAX_DAYS} days`,
    );
  }
  return Array.from({ length: days }, (_, i) => addDays(from, i));
}
