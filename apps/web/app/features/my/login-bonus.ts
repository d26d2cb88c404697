import { formatWireDateTime, type LoginBonusResponse } from '@manga/contracts';

// The login bonus calendar (issue 24 item 8, ADR 014, ADR 058): the API owns the cycle, the rewards
// and the once-a-day claim; the web shows GET /web/loginbonus's calendar and claims with
// GET /loginbonus when the reader presses Claim.

export interface LoginBonusDayView {
  /** 1–7. */
  index: number;
  point: number;
  tickets: number;
  received: boolean;
  today: boolean;
}

export interface LoginBonusView {
  days: LoginBonusDayView[];
  todayIndex: number;
  claimedToday: boolean;
  daysInARow: number;
  /** Points owned (paid + free) when the calendar was read. */
  accountPoint: number;
  /** What this very call gave (the claim's answer), else undefined. */
  received: { point: number; tickets: number } | undefined;
}

/** The calendar of a GET /loginbonus or GET /web/loginbonus answer; undefined when it has none. */
export function toLoginBonusView(answer: LoginBonusResponse): LoginBonusView | undefined {
  const bonus = answer.loginbonus_list[0];
  if (!bonus) return undefined;
  const days = bonus.day_list.map((day) => ({
    index: day.day_index,
    point: day.point,
    tickets: day.premium_ticket_num,
    received: day.is_received === 1,
    today: day.is_today === 1,
  }));
  return {
    days,
    todayIndex: bonus.today_day_index,
    claimedToday: days.some((day) => day.today && day.received),
    daysInARow: bonus.days_in_a_row,
    accountPoint: answer.account_point,
    received:
      bonus.is_received_now === 1
        ? { point: bonus.received_point, tickets: bonus.received_premium_ticket_num }
        : undefined,
  };
}

/** The calendar day after today's (day 7 is followed by day 1). */
export function nextDayIndex(view: Pick<LoginBonusView, 'todayIndex' | 'days'>): number {
  return (view.todayIndex % Math.max(1, view.days.length)) + 1;
}

/** The offer's once-a-day memory: the wire day (YYYY-MM-DD in the API's zone) it was last shown. */
export const LOGIN_BONUS_OFFERED_KEY = 'manga.loginBonusOffered';

/** The wire day of `at` in `timeZone` (the day the API's once-a-day claim counts in). */
export function wireDayOf(at: Date, timeZone: string): string {
  return formatWireDateTime(at, timeZone).slice(0, 10);
}

export type LoginBonusActionResult =
  | { status: 'claimed'; bonus: LoginBonusView }
  | { status: 'failed'; code: number }
  | undefined;

export const LOGIN_BONUS_INTENT = 'login_bonus';
