// Points, purchases, rentals, tickets and payments (ADR 019, ADR 024).
import type { Default, Flag, Id, Millis } from './columns.ts';

export type PointKind = 'paid' | 'free' | 'event';

export interface PointLedgerTable {
  id: Id;
  user_id: number;
  kind: PointKind;
  delta: number; // + credit, - debit
  remaining: Default<number>; // for credits: what is left of this lot (each lot expires on its own)
  reason: string; // contracts PointReason: 'episode_paid' | 'point_back' | 'login_bonus' | 'expired' | … (ADR 014)
  reference_type: Default<string>;
  reference_id: Default<string>;
  idempotency_key: string | null; // unique: one credit per payment event, one debit per purchase
  expires_at: Millis | null;
  created_at: Millis;
}

export interface PointBalanceTable {
  user_id: number;
  paid_point: Default<number>;
  free_point: Default<number>;
  event_point: Default<number>;
  updated_at: Millis;
}

export interface PurchaseTable {
  id: Id;
  user_id: number;
  episode_id: number;
  title_id: number;
  price: number;
  paid_point: Default<number>;
  free_point: Default<number>;
  event_point: Default<number>;
  bonus_point: Default<number>;
  created_at: Millis;
  /** Set when the episode came with a magazine issue (price 0 here; the issue carries the cost). */
  magazine_purchase_id: number | null;
}

export interface MagazinePurchaseTable {
  id: Id;
  user_id: number;
  magazine_id: number;
  price: number;
  created_at: Millis;
}

export interface RentalTable {
  id: Id;
  user_id: number;
  episode_id: number;
  title_id: number;
  ticket_kind: string; // 'title' | 'premium'
  ticket_type: number;
  ticket_version: number;
  started_at: Millis;
  expires_at: Millis;
}

export interface TitleTicketTable {
  user_id: number;
  title_id: number;
  own_num: number;
  ticket_version: Default<number>;
  last_recovered_at: Millis;
}

export interface PremiumTicketTable {
  id: Id;
  user_id: number;
  source: string; // 'subscription' | 'campaign' | …
  granted_at: Millis;
  expires_at: Millis;
  used_at: Millis | null;
  used_episode_id: number | null;
}

export interface ProductTable {
  id: Id;
  kind: string; // 'point_pack' | 'subscription'
  region: string; // 'US' | 'JP'
  currency: string; // 'usd' | 'jpy'
  price_minor: number; // cents or yen
  paid_point: Default<number>;
  bonus_point: Default<number>;
  monthly_bonus_point: Default<number>;
  premium_ticket_num: Default<number>;
  provider_price_id: Default<string>;
  name_en: string;
  name_ja: string;
  active: Default<Flag>;
  sort_order: Default<number>;
}

export interface PaymentTable {
  id: Id;
  user_id: number;
  product_id: number;
  provider: Default<string>;
  provider_session_id: string | null;
  provider_payment_id: string | null;
  status: string; // 'pending' | 'paid' | 'canceled' | 'failed' | 'expired' | 'refunded' | 'refused' (a second plan, to refund)
  amount_minor: number;
  currency: string;
  created_at: Millis;
  completed_at: Millis | null;
  /** Points this payment credited (paid + bonus), and what a refund or dispute took back (ADR 019). */
  credited_point: Default<number>;
  refunded_point: Default<number>;
  /** The plan an invoice payment renewed. */
  subscription_id: number | null;
  /** What the checkout sold when it was opened (ADR 024): paid points, and the bonus (a plan's monthly bonus). */
  paid_point: Default<number>;
  bonus_point: Default<number>;
}

export interface PaymentEventTable {
  provider_event_id: string; // webhook idempotency
  type: string;
  received_at: Millis;
  processed_at: Millis | null;
}

export interface SubscriptionTable {
  id: Id;
  user_id: number;
  product_id: number;
  provider_subscription_id: string | null;
  status: string; // 'active' | 'canceled' | 'past_due' | 'ended'
  started_at: Millis;
  current_period_end_at: Millis;
  cancel_at_period_end: Default<Flag>;
  canceled_at: Millis | null;
  last_bonus_month: string | null; // YYYY-MM of the last monthly bonus
  provider_customer_id: string | null;
  /** Creation time of the newest provider event applied (older events never move the plan back). */
  last_event_at: Default<Millis>;
}

/** One row per payment, payment intent, plan or reader a webhook event locks (ADR 024). */
export interface PaymentLockTable {
  lock_key: string; // payment:<id>, pi:<provider payment id>, sub:<provider subscription id>, user:<id>
  locked_at: Millis;
}

/** A refund or dispute the provider reported, kept until its payment exists and applied then (ADR 024). */
export interface PaymentRefundTable {
  provider_event_id: string;
  provider_payment_id: string;
  kind: string; // 'refund' | 'dispute'
  /** Everything refunded of the charge so far, minor units (0 for a dispute). */
  refunded_minor: number;
  event_created_at: Millis;
  received_at: Millis;
  /** The payment it applied to, once it did. */
  payment_id: number | null;
  applied_at: Millis | null;
}

/** A checkout session of the embedded test payment provider (ADR 019). */
export interface TestCheckoutSessionTable {
  id: string; // cs_test_…
  payment_id: number;
  user_id: number;
  mode: string; // 'payment' | 'subscription'
  product_id: number;
  product_name: string;
  currency: string;
  price_minor: number;
  success_url: string;
  cancel_url: string;
  status: string; // 'open' | 'complete' | 'canceled' | 'expired'
  created_at: Millis;
}
