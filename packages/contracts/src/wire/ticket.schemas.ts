import { z } from 'zod';
import { IdListSchema } from '../id-list.ts';
import { WireDateTimeSchema } from './date-time.schemas.ts';
import { successEnvelopeShape } from './envelope.schemas.ts';
import { IntParamSchema, PagingQueryShape } from './params.schemas.ts';

// GET /title/ticket/list (wire §3.4).

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

/**
 * POST /episode/rental/ticket (wire §3.4): `ticket_type` 99 rents with a premium ticket; any other
 * value must be the title ticket's type and version as /title/ticket/list advertised them.
 */
export const RentalTicketRequestSchema = z.object({
  episode_id: IntParamSchema,
  ticket_type: IntParamSchema,
  ticket_version: IntParamSchema,
});
export type RentalTicketRequest = z.infer<typeof RentalTicketRequestSchema>;

/** docs/reference/wire.md has the envelope only; the finish time is ours, for clients that show it at once. */
export const RentalTicketResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  rental_finish_time: WireDateTimeSchema,
});
export type RentalTicketResponse = z.infer<typeof RentalTicketResponseSchema>;

/** What happened to a ticket (`event` of a ticket movement, ADR 014). */
export const TicketEvent = { Granted: 'granted', Used: 'used', Expired: 'expired' } as const;
export type TicketEvent = (typeof TicketEvent)[keyof typeof TicketEvent];

/** Premium tickets are owned and expire; title tickets belong to a title and recover. */
export const TicketKindSchema = z.enum(['premium', 'title']);
export type TicketKind = z.infer<typeof TicketKindSchema>;

/** One movement of GET /account/ticket/flow: a premium ticket granted or expired, a ticket used. */
export const TicketMovementSchema = z.strictObject({
  event: z.enum(TicketEvent),
  ticket_kind: TicketKindSchema,
  /** +1 granted, −1 used or expired. */
  ticket_num: z.int(),
  /** Who granted a premium ticket ('login_bonus', 'operator', …); '' for uses. */
  source: z.string(),
  title_id: z.int().nullable(),
  title_name: z.string(),
  episode_id: z.int().nullable(),
  episode_name: z.string(),
  event_time: WireDateTimeSchema,
  /** Premium tickets: when the ticket expires (or expired). */
  expire_time: WireDateTimeSchema.nullable(),
  /** Uses: when the rental ends. */
  rental_finish_time: WireDateTimeSchema.nullable(),
});
export type TicketMovement = z.infer<typeof TicketMovementSchema>;

/** GET /account/ticket/flow (limit, offset): newest first. */
export const AccountTicketFlowQuerySchema = z.object({ ...PagingQueryShape });
export type AccountTicketFlowQuery = z.infer<typeof AccountTicketFlowQuerySchema>;

export const AccountTicketFlowResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  ticket_flow_list: z.array(TicketMovementSchema),
});
export type AccountTicketFlowResponse = z.infer<typeof AccountTicketFlowResponseSchema>;
