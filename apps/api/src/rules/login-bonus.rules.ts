// The login bonus calendar (ADR 014): a 7-day cycle of free points with a premium ticket on day 7.
// A day counts when claimed on consecutive local days (MANGA_WIRE_TIMEZONE); a missed day starts the
// cycle again at day 1.

export interface LoginBonusReward {
  day_index: number;
  point: number;
  premium_ticket_num: number;
}

export const LOGIN_BONUS_ID = 1;

export const LOGIN_BONUS_CALENDAR: readonly LoginBonusReward[] = [
  { day_index: 1, point: 10, premium_ticket_num: 0 },
  { day_index: 2, point: 10, premium_ticket_num: 0 },
  { day_index: 3, point: 20, premium_ticket_num: 0 },
  { day_index: 4, point: 10, premium_ticket_num: 0 },
  { day_index: 5, point: 20, premium_ticket_num: 0 },
  { day_index: 6, point: 30, premium_ticket_num: 0 },
  { day_index: 7, point: 30, premium_ticket_num: 1 },
];

const DAY_MS = 86_400_000;
/** Login-bonus premium tickets expire a week after they are given. */
export const LOGIN_BONUS_TICKET_LIFETIME_MS = 7 * DAY_MS;

/** The calendar day (1–7) of the `daysInRow`-th consecutive claim. */
export function calendarDayOf(daysInRow: number): number {
  return ((Math.max(1, daysInRow) - 1) % LOGIN_BONUS_CALENDAR.length) + 1;
}

/** The calendar shown for a claimed day: the whole cycle and where the claim falls in it. */
export interface LoginBonusCalendar {
  id: number;
  /** Calendar day (1–7) of the claim. */
  today: number;
  days: readonly LoginBonusReward[];
}

export function loginBonusCalendarOf(daysInRow: number): LoginBonusCalendar {
  return { id: LOGIN_BONUS_ID, today: calendarDayOf(daysInRow), days: LOGIN_BONUS_CALENDAR };
}

export function rewardFor(daysInRow: number): LoginBonusReward {
  return LOGIN_BONUS_CALENDAR[calendarDayOf(daysInRow) - 1] as LoginBonusReward;
}

/** Consecutive claims including today's: one more than yesterday's run, else 1. */
export function daysInRowAfter(yesterday: { days_in_row: number } | undefined): number {
  return yesterday ? yesterday.days_in_row + 1 : 1;
}
