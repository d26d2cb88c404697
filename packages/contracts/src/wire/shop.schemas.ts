import { z } from 'zod';
import { WireDateTimeSchema } from './date-time.schemas.ts';
import { successEnvelopeShape } from './envelope.schemas.ts';
import { IntParamSchema } from './params.schemas.ts';

// Shop and card payments (ADR 019). No public client shows these shapes (wire §3.6): ours.

/** asset_type: 1 point packs, 2 monthly plans. */
export const ShopAssetType = { PointPack: 1, Subscription: 2 } as const;

/** The visitor's region as the web server knows it (its country header); else the language decides. */
const ShopRegionParamSchema = z.enum(['US', 'JP']).optional();

export const ShopQuerySchema = z.object({
  asset_type: IntParamSchema.refine((v) => v === 1 || v === 2, { message: 'asset_type is 1 or 2' }).default(1),
  region: ShopRegionParamSchema,
});
export const ShopSubscriptionQuerySchema = z.object({ region: ShopRegionParamSchema });
export type ShopQuery = z.infer<typeof ShopQuerySchema>;

export const ShopAssetSchema = z.strictObject({
  asset_id: z.int(),
  asset_type: z.int(),
  name: z.string(),
  /** usd or jpy. */
  currency: z.string(),
  /** Minor units: cents or yen. */
  price: z.int(),
  /** "$4.99", "¥600". */
  price_text: z.string(),
  /** Paid points a purchase (or each month of a plan) credits. */
  point: z.int(),
  /** Free bonus points of a pack. */
  bonus_point: z.int(),
  /** A plan's free bonus on the first month and on the 1st of each following month. */
  monthly_bonus_point: z.int(),
  premium_ticket_num: z.int(),
});
export type ShopAsset = z.infer<typeof ShopAssetSchema>;

export const ShopResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  region: z.string(),
  currency: z.string(),
  asset_list: z.array(ShopAssetSchema),
});
export type ShopResponse = z.infer<typeof ShopResponseSchema>;

export const CurrentPlanSchema = z.strictObject({
  asset_id: z.int(),
  name: z.string(),
  /** active | past_due */
  status: z.string(),
  /** 1 once canceled: the plan ends at period_end_datetime. */
  is_canceled: z.int(),
  period_end_datetime: WireDateTimeSchema,
});
export type CurrentPlan = z.infer<typeof CurrentPlanSchema>;

export const ShopSubscriptionResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  point_subscription_asset_list: z.array(ShopAssetSchema),
  subscribed_category_list: z.array(z.int()),
  current_plan: CurrentPlanSchema.nullable(),
});
export type ShopSubscriptionResponse = z.infer<typeof ShopSubscriptionResponseSchema>;

/** POST /web/stp/outright and /web/stp/subscription. */
export const StpCheckoutRequestSchema = z.object({
  asset_id: IntParamSchema,
  /** Same-origin path to come back to after checkout. */
  path: z.string().max(512).default('/my/shop'),
});
export type StpCheckoutRequest = z.infer<typeof StpCheckoutRequestSchema>;

export const StpCheckoutResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  checkout_url: z.string(),
});
export type StpCheckoutResponse = z.infer<typeof StpCheckoutResponseSchema>;

export const StpCancelRequestSchema = z.object({ asset_id: IntParamSchema });
export const StpCancelResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  finish_datetime: WireDateTimeSchema,
});
export type StpCancelResponse = z.infer<typeof StpCancelResponseSchema>;

/** The embedded test provider's checkout page (ADR 019). */
export const TestCheckoutQuerySchema = z.object({ session_id: z.string().min(1).max(80) });
export const TestCheckoutResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  name: z.string(),
  price_text: z.string(),
  mode: z.string(),
  cancel_url: z.string(),
});
export type TestCheckoutResponse = z.infer<typeof TestCheckoutResponseSchema>;
export const TestCheckoutPayRequestSchema = z.object({
  session_id: z.string().min(1).max(80),
  card_number: z.string().max(40),
});
export const TestCheckoutPayResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  /** 1 paid, 0 declined. */
  result: z.int(),
  redirect_url: z.string(),
});
export type TestCheckoutPayResponse = z.infer<typeof TestCheckoutPayResponseSchema>;
