// The login bonus calendar (ADR 014) in the wire shape of GET /loginbonus.
import type { LoginBonus } from '@manga/contracts';
import type { LoginBonusRow } from '#src/repositories/login-bonus.repository.ts';
import type { LoginBonusCalendar } from '#src/rules/login-bonus.rules.ts';

/**
 * The calendar around a day: `claimed` when that day's bonus is the reader's (else it is the day a
 * claim today would be, GET /web/loginbonus); what it gave only when this call claimed it.
 */
export function toLoginBonusResponse(
  day: Pick<LoginBonusRow, 'days_in_row' | 'point' | 'premium_ticket_num'>,
  { id, today, days }: LoginBonusCalendar,
  receivedNow: boolean,
  claimed = true,
): LoginBonus {
  return {
    loginbonus_id: id,
    day_list: days.map((reward) => ({
      day_index: reward.day_index,
      point: reward.point,
      premium_ticket_num: reward.premium_ticket_num,
      is_received: reward.day_index < today || (claimed && reward.day_index === today) ? 1 : 0,
      is_today: reward.day_index === today ? 1 : 0,
    })),
    days_in_a_row: claimed ? day.days_in_row : day.days_in_row - 1,
    today_day_index: today,
    is_received_now: receivedNow ? 1 : 0,
    received_point: receivedNow ? day.point : 0,
    received_premium_ticket_num: receivedNow ? day.premium_ticket_num : 0,
  };
}
