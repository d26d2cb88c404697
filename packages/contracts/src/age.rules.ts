import type { YearMonth } from './birthday.rules.ts';
import { ADULT_AGE, MINOR_AGE } from './constants.ts';
import { AgeGroup } from './enums.ts';

/** Full years between a birth month and `now` (local time); the birth month itself counts as the birthday. */
export function ageInYears(birthday: YearMonth, now: Date): number {
  const monthNow = now.getMonth() + 1;
  return now.getFullYear() - birthday.year - (monthNow < birthday.month ? 1 : 0);
}

/** product §4: under 13 impossible (blocked), 13–15 minor, 16 or more adult. */
export function ageGroupOf(birthday: YearMonth, now: Date): AgeGroup {
  const age = ageInYears(birthday, now);
  if (age >= ADULT_AGE) return AgeGroup.Adult;
  if (age >= MINOR_AGE) return AgeGroup.Minor;
  return AgeGroup.Impossible;
}
