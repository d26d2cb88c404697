// The login bonus calendar (ADR 014) in the wire shape of GET /loginbonus.
import type { LoginBonus } from '@manga/contracts';
import type { LoginBonusRow } from '#src/repositories/login-bonus.repository.ts';
import { calendarDayOf, LOGIN_BONUS_CALENDAR, LOGIN_BONUS_ID } from '#src/services/login-bonus.rule.ts';

/** The calendar around a claimed day; what it gave only when this call claimed it. */
export function toLoginBonusResponse(day: LoginBonusRow, receivedNow: boolean): LoginBonus {
  const today = calendarDayOf(day.days_in_row);
  return {
    loginbonus_id: LOGIN_BONUS_ID,
    day_list: LOGIN_BONUS_CALENDAR.map((reward) => ({
      day_index: reward.day_index,
      point: reward.point,
      premium_ticket_num: reward.premium_ticket_num,
      is_received: reward.day_index <= today ? 1 : 0,
      is_today: reward.day_index === today ? 1 : 0,
    })),
    days_in_a_row: day.days_in_row,
    today_day_index: today,
    is_received_now: receivedNow ? 1 : 0,
    received_point: receivedNow ? day.point : 0,
    received_premium_ticket_num: receivedNow ? day.premium_ticket_num : 0,
  };
}
