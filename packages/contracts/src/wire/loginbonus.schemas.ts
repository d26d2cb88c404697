import { z } from 'zod';
import { successEnvelopeShape } from './envelope.schemas.ts';
import { IntParamSchema } from './params.schemas.ts';

// GET /loginbonus (wire §3.5 names only `loginbonus_list`; the rest is ours, ADR 014).

export const LoginBonusQuerySchema = z.object({
  /** A/B variant of the calendar; every variant gets the same calendar today. */
  loginbonus_ab: IntParamSchema.optional(),
});
export type LoginBonusQuery = z.infer<typeof LoginBonusQuerySchema>;

/** One day of the calendar. */
export const LoginBonusDaySchema = z.strictObject({
  /** 1–7. */
  day_index: z.int(),
  point: z.int(),
  premium_ticket_num: z.int(),
  /** 1 for the days of the current run already received (today included once claimed). */
  is_received: z.int(),
  is_today: z.int(),
});
export type LoginBonusDay = z.infer<typeof LoginBonusDaySchema>;

export const LoginBonusSchema = z.strictObject({
  loginbonus_id: z.int(),
  day_list: z.array(LoginBonusDaySchema),
  /** Consecutive days claimed, today included. */
  days_in_a_row: z.int(),
  today_day_index: z.int(),
  /** 1 when this call claimed today's bonus; 0 when it was claimed earlier today. */
  is_received_now: z.int(),
  received_point: z.int(),
  received_premium_ticket_num: z.int(),
});
export type LoginBonus = z.infer<typeof LoginBonusSchema>;

export const LoginBonusResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  loginbonus_list: z.array(LoginBonusSchema),
  /** Points owned after the bonus (paid + free). */
  account_point: z.int(),
});
export type LoginBonusResponse = z.infer<typeof LoginBonusResponseSchema>;
