import { z } from 'zod';
import { successEnvelopeShape } from './envelope.schemas.ts';

/** GET /account/point (WIRE.md §3.4). */
export const AccountPointSchema = z.strictObject({
  paid_point: z.int(),
  free_point: z.int(),
  point_sale_text: z.string().nullable(),
  point_sale_finish_datetime: z.string().nullable(),
});
export type AccountPoint = z.infer<typeof AccountPointSchema>;

/** Premium tickets owned. */
export const AccountTicketSchema = z.strictObject({ total_num: z.int() });
export type AccountTicket = z.infer<typeof AccountTicketSchema>;

export const AccountPointResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  point: AccountPointSchema,
  ticket: AccountTicketSchema,
});
export type AccountPointResponse = z.infer<typeof AccountPointResponseSchema>;
