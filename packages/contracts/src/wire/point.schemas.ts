import { z } from 'zod';
import { WireDateTimeSchema } from './date-time.schemas.ts';
import { successEnvelopeShape } from './envelope.schemas.ts';
import { IntParamSchema, PagingQueryShape } from './params.schemas.ts';

/** GET /account/point (wire §3.4). */
export const AccountPointSchema = z.strictObject({
  paid_point: z.int(),
  free_point: z.int(),
  point_sale_text: z.string().nullable(),
  point_sale_finish_datetime: z.string().nullable(),
});
export type AccountPoint = z.infer<typeof AccountPointSchema>;

/** An entry of `ticket.detail_list` (product §3): one unused premium ticket, earliest expiry first. */
export const AccountTicketDetailSchema = z.strictObject({
  expired: WireDateTimeSchema,
  /** Seconds until `expired`, so that a client in any time zone can place it (the near-expiry badge). */
  expire_second: z.int(),
});
export type AccountTicketDetail = z.infer<typeof AccountTicketDetailSchema>;

/** Premium tickets owned; `detail_list[0]` is the first to expire (product §4 near-expiry badge). */
export const AccountTicketSchema = z.strictObject({
  total_num: z.int(),
  detail_list: z.array(AccountTicketDetailSchema),
});
export type AccountTicket = z.infer<typeof AccountTicketSchema>;

export const AccountPointResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  point: AccountPointSchema,
  ticket: AccountTicketSchema,
});
export type AccountPointResponse = z.infer<typeof AccountPointResponseSchema>;

/** Why points moved (`reason` of a point movement, ADR 014). */
export const PointReason = {
  EpisodePaid: 'episode_paid',
  MagazinePaid: 'magazine_paid',
  PointBack: 'point_back',
  LoginBonus: 'login_bonus',
  OperatorGrant: 'operator_grant',
  Expired: 'expired',
  /** Paid points bought by card (ADR 019). */
  PointPurchase: 'point_purchase',
  /** A monthly plan's bonus (first subscription, then the 1st of each month). */
  PlanBonus: 'plan_bonus',
  /** Points taken back after a refund or a lost dispute, as far as unspent. */
  PaymentRefund: 'payment_refund',
} as const;
export type PointReason = (typeof PointReason)[keyof typeof PointReason];

/** Paid points are bought; free points are given (bonus, event, login bonus, point back, grants). */
export const PointKindSchema = z.enum(['paid', 'free']);
export type PointKind = z.infer<typeof PointKindSchema>;

/** One entry of the point ledger as a reader sees it: a credit (+) or a debit (−) of one kind. */
export const PointMovementSchema = z.strictObject({
  point_history_id: z.int(),
  point_kind: PointKindSchema,
  /** Signed: positive credits, negative debits. */
  point: z.int(),
  reason: z.string(),
  title_id: z.int().nullable(),
  title_name: z.string(),
  episode_id: z.int().nullable(),
  episode_name: z.string(),
  magazine_id: z.int().nullable(),
  magazine_name: z.string(),
  /** When the movement happened. */
  purchase_time: WireDateTimeSchema,
  /** Credits only: when what is left of them expires (null: never). */
  expire_time: WireDateTimeSchema.nullable(),
  /** Credits only: what is left of them (0 for debits). */
  remaining_point: z.int(),
});
export type PointMovement = z.infer<typeof PointMovementSchema>;

/** GET /account/point/flow (limit, offset): newest first. */
export const AccountFlowQuerySchema = z.object({ ...PagingQueryShape });
export type AccountFlowQuery = z.infer<typeof AccountFlowQuerySchema>;

export const AccountPointFlowResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  point_flow_list: z.array(PointMovementSchema),
});
export type AccountPointFlowResponse = z.infer<typeof AccountPointFlowResponseSchema>;

/**
 * GET /web/point/history/list: movements older than `offset_purchase_time` (a `purchase_time` from
 * the previous page), newest first.
 */
export const WebPointHistoryQuerySchema = z.object({
  limit: IntParamSchema.optional(),
  offset_purchase_time: WireDateTimeSchema.optional(),
});
export type WebPointHistoryQuery = z.infer<typeof WebPointHistoryQuerySchema>;

export const WebPointHistoryResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  point_history_list: z.array(PointMovementSchema),
  /** Pass as `offset_purchase_time` for the next page; null on the last page. */
  next_offset_purchase_time: WireDateTimeSchema.nullable(),
});
export type WebPointHistoryResponse = z.infer<typeof WebPointHistoryResponseSchema>;
