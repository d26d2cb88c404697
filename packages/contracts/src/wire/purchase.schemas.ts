import { z } from 'zod';
import { IdListSchema } from '../id-list.ts';
import { WireDateTimeSchema } from './date-time.schemas.ts';
import { successEnvelopeShape } from './envelope.schemas.ts';
import { IntParamSchema, PagingQueryShape } from './params.schemas.ts';

// Buying with points (wire §3.4–3.5, ADR 014). Prices the client saw travel back as `check_point`
// / `paid_point`; a different current price answers 3111 and spends nothing.

/** POST /episode/paid */
export const EpisodePaidRequestSchema = z.object({
  episode_id: IntParamSchema,
  /** The price the client showed; must equal the current price. */
  check_point: IntParamSchema,
});
export type EpisodePaidRequest = z.infer<typeof EpisodePaidRequestSchema>;

export const EpisodePaidResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  /** Points left (paid + free). */
  account_point: z.int(),
  /** Points this purchase cost. */
  paid_point: z.int(),
});
export type EpisodePaidResponse = z.infer<typeof EpisodePaidResponseSchema>;

/** Episodes one bulk purchase may carry. */
export const MAX_BULK_EPISODES = 500;

/** POST /episode/paid/bulk: all or nothing; each episode once. */
export const EpisodePaidBulkRequestSchema = z.object({
  episode_id_list: IdListSchema.refine((ids) => ids.length > 0, { message: 'no episode' })
    .refine((ids) => new Set(ids).size === ids.length, { message: 'an episode is listed twice' })
    .refine((ids) => ids.length <= MAX_BULK_EPISODES, { message: `at most ${MAX_BULK_EPISODES} episodes` }),
  /** Sum of the current prices. */
  paid_point: IntParamSchema,
  /** The point back the client expects (bulkPointBack of the sum). */
  point_back: IntParamSchema,
});
export type EpisodePaidBulkRequest = z.infer<typeof EpisodePaidBulkRequestSchema>;

export const EpisodePaidBulkResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  account_point: z.int(),
  paid_point: z.int(),
  /** Free points credited for the bulk purchase. */
  earned_point_back: z.int(),
});
export type EpisodePaidBulkResponse = z.infer<typeof EpisodePaidBulkResponseSchema>;

/** POST /magazine/paid: the whole issue, which unlocks its episodes. */
export const MagazinePaidRequestSchema = z.object({
  magazine_id: IntParamSchema,
  /** The current price. */
  paid_point: IntParamSchema,
});
export type MagazinePaidRequest = z.infer<typeof MagazinePaidRequestSchema>;

export const MagazinePaidResponseSchema = EpisodePaidResponseSchema;
export type MagazinePaidResponse = EpisodePaidResponse;

/** GET /episode/status (episode_id, check_point): what the reader can do with an episode now. */
export const EpisodeStatusQuerySchema = z.object({
  episode_id: IntParamSchema,
  check_point: IntParamSchema.optional(),
});
export type EpisodeStatusQuery = z.infer<typeof EpisodeStatusQuerySchema>;

export const EpisodeStatusResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  episode_id: z.int(),
  title_id: z.int(),
  /** EpisodeBadge: 1 buy, 2 free, 3 purchased, 4 rented. */
  badge: z.int(),
  /** Current price (0 when free). */
  point: z.int(),
  /** 1 when `check_point` was sent and differs from `point`. */
  is_point_changed: z.int(),
  rental_finish_time: WireDateTimeSchema.nullable(),
  /** 1 when POST /episode/paid would succeed with the caller's balance. */
  is_purchasable: z.int(),
  /** 1 when the title ticket can rent it now. */
  is_title_ticket_rentable: z.int(),
  /** 1 when a premium ticket can rent it now. */
  is_premium_ticket_rentable: z.int(),
  account_point: z.int(),
  paid_point: z.int(),
  free_point: z.int(),
});
export type EpisodeStatusResponse = z.infer<typeof EpisodeStatusResponseSchema>;

/** An item of GET /web/title/purchased (wire §3.5), most recently bought first. */
export const PurchasedTitleSchema = z.strictObject({
  title_id: z.int(),
  title_name: z.string(),
  thumbnail_image_url: z.string(),
  first_episode_id: z.int(),
  recently_purchased_episode_id: z.int().nullable(),
});
export type PurchasedTitle = z.infer<typeof PurchasedTitleSchema>;

export const PurchasedTitleQuerySchema = z.object({ ...PagingQueryShape });
export type PurchasedTitleQuery = z.infer<typeof PurchasedTitleQuerySchema>;

export const PurchasedTitleResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  title_list: z.array(PurchasedTitleSchema),
  /** Titles with a purchase in all, for paging. */
  title_count: z.int(),
});
export type PurchasedTitleResponse = z.infer<typeof PurchasedTitleResponseSchema>;

/**
 * An item of GET /account/reservation/flow (ADR 014): an episode the reader owns before its release
 * (bought with a magazine issue), soonest release first.
 */
export const ReservationSchema = z.strictObject({
  title_id: z.int(),
  title_name: z.string(),
  episode_id: z.int(),
  episode_name: z.string(),
  magazine_id: z.int().nullable(),
  magazine_name: z.string(),
  start_time: WireDateTimeSchema,
  purchase_time: WireDateTimeSchema,
});
export type Reservation = z.infer<typeof ReservationSchema>;

export const AccountReservationFlowQuerySchema = z.object({ ...PagingQueryShape });
export type AccountReservationFlowQuery = z.infer<typeof AccountReservationFlowQuerySchema>;

export const AccountReservationFlowResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  reservation_flow_list: z.array(ReservationSchema),
});
export type AccountReservationFlowResponse = z.infer<typeof AccountReservationFlowResponseSchema>;
