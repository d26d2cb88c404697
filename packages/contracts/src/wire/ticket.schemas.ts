import { z } from 'zod';
import { IdListSchema } from '../id-list.ts';
import { successEnvelopeShape } from './envelope.schemas.ts';

// GET /title/ticket/list (WIRE.md §3.4).

export const PremiumTicketInfoSchema = z.strictObject({
  own_ticket_num: z.int(),
  ticket_type: z.int(),
  rental_second: z.int(),
});
export type PremiumTicketInfo = z.infer<typeof PremiumTicketInfoSchema>;

/** `title_ticket_info`: the title's own, recharging ticket. */
export const TitleTicketInfoSchema = z.strictObject({
  own_ticket_num: z.int(),
  rental_second: z.int(),
  ticket_type: z.int(),
  ticket_version: z.int(),
  max_ticket_num: z.int(),
  recover_second: z.int(),
  finish_time: z.int().nullable(),
  next_ticket_recover_second: z.int(),
});
export type TitleTicketInfo = z.infer<typeof TitleTicketInfoSchema>;

export const TicketInfoSchema = z.strictObject({
  premium_ticket_info: PremiumTicketInfoSchema.nullable(),
  title_ticket_info: TitleTicketInfoSchema.nullable(),
  target_episode_id_list: z.array(z.int()),
});
export type TicketInfo = z.infer<typeof TicketInfoSchema>;

/** An item of `title_ticket_list`. */
export const TitleTicketSchema = z.strictObject({
  title_id: z.int(),
  ticket_info: TicketInfoSchema,
});
export type TitleTicket = z.infer<typeof TitleTicketSchema>;

export const TitleTicketListQuerySchema = z.object({ title_id_list: IdListSchema });
export type TitleTicketListQuery = z.infer<typeof TitleTicketListQuerySchema>;

export const TitleTicketListResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  title_ticket_list: z.array(TitleTicketSchema),
});
export type TitleTicketListResponse = z.infer<typeof TitleTicketListResponseSchema>;
