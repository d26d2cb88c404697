import { describe, expect, it } from 'vitest';
import { calendarDayOf, daysInRowAfter, LOGIN_BONUS_CALENDAR, rewardFor } from '#src/rules/login-bonus.rules.ts';

describe('login bonus calendar', () => {
  it('cycles through seven days', () => {
    expect([1, 2, 7, 8, 14, 15].map(calendarDayOf)).toEqual([1, 2, 7, 1, 7, 1]);
  });

  it('gives free points every day and a premium ticket on day 7', () => {
    expect(LOGIN_BONUS_CALENDAR.every((day) => day.point > 0)).toBe(true);
    expect(rewardFor(7)).toEqual({ day_index: 7, point: 30, premium_ticket_num: 1 });
    expect(rewardFor(8)).toEqual({ day_index: 1, point: 10, premium_ticket_num: 0 });
  });

  it('continues a run from yesterday, else starts at 1', () => {
    expect(daysInRowAfter({ days_in_row: 6 })).toBe(7);
    expect(daysInRowAfter(undefined)).toBe(1);
  });
});
