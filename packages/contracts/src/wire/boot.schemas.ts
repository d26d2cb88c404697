import { z } from 'zod';
import { successEnvelopeShape } from './envelope.schemas.ts';

// GET /app/boot (product §3 "App data"; the wire reference has no published shape, so it is ours, ADR 007).

export const KarteDataSchema = z.strictObject({
  /** Consecutive days with a login bonus, 0 when none. */
  days_in_a_row: z.int(),
  /** Account creation time, `YYYY-MM-DD HH:MM:SS`. */
  created_date: z.string(),
});
export type KarteData = z.infer<typeof KarteDataSchema>;

export const AppBootResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  /** 1 when the account is less than 7 days old. */
  is_new_user: z.int(),
  /** 1 when the user ever bought points or a plan. */
  is_purchased: z.int(),
  /** Whole days since the last point purchase (since sign-up when never). */
  unpurchased_point_days: z.int(),
  /** Points owned: paid + free + event. */
  account_point: z.int(),
  /** Distinct titles read in the last 7 days. */
  weekly_view_title_count: z.int(),
  karte_data: KarteDataSchema,
});
export type AppBootResponse = z.infer<typeof AppBootResponseSchema>;
