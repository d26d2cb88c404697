// The login bonus calendar (ADR 014) in the wire shape of GET /loginbonus.
import type { LoginBonus } from '@manga/contracts';
import type { LoginBonusRow } from '#src/repositories/login-bonus.repository.ts';
import type { LoginBonusCalendar } from '#src/rules/login-bonus.rules.ts';

/** The calendar around a claimed day; what it gave only when this call claimed it. */
export function toLoginBonusResponse(
  day: LoginBonusRow,
  { id, today, days }: LoginBonusCalendar,
  receivedNow: boolean,
): LoginBonus {
  return {
    loginbonus_id: id,
    day_list: days.map((reward) => ({
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
