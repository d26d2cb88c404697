import { z } from 'zod';
import { MIN_BIRTH_YEAR } from './constants.ts';

export type Birthday = { year: number; month: number; value: string };
export type YearMonth = Pick<Birthday, 'year' | 'month'>;

const BIRTHDAY_PATTERN = /^([0-9]{4})-([0-9]{2})$/;

/**
 * A birthday `YYYY-MM` (product §5): year from 1900, month 1–12, not after the current month of
 * `now` (local time). Anything else is undefined, which callers treat as "no birthday".
 */
export function parseBirthday(value: unknown, now: Date = new Date()): Birthday | undefined {
  if (typeof value !== 'string') return undefined;
  const match = BIRTHDAY_PATTERN.exec(value);
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (year < MIN_BIRTH_YEAR || month < 1 || month > 12) return undefined;
  const nowYear = now.getFullYear();
  if (year > nowYear || (year === nowYear && month > now.getMonth() + 1)) return undefined;
  return { year, month, value };
}

/** A birthday request value; fails on what parseBirthday ignores. Checked against the clock at parse time. */
export const BirthdaySchema = z.string().transform((value, ctx): Birthday => {
  const birthday = parseBirthday(value);
  if (!birthday) {
    ctx.addIssue({ code: 'custom', message: `birthday must be YYYY-MM, from ${MIN_BIRTH_YEAR}, not in the future` });
    return z.NEVER;
  }
  return birthday;
});
