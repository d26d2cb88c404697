import { z } from 'zod';
import { EmailParamSchema } from './account.schemas.ts';
import { WireDateTimeSchema } from './date-time.schemas.ts';
import { successEnvelopeShape } from './envelope.schemas.ts';
import { OPS_REASON_MAX_LENGTH } from './ops.schemas.ts';
import { IntFlagParamSchema, IntParamSchema, PagingQueryShape } from './params.schemas.ts';

// Support in the console (issue 26, ADR 063): under /ops/support/*, for the support and admin roles;
// everyone else gets the answer of an unknown path (HTTP 404, code 1002). A reader is shown without
// any secret: no password hash, session token, app key, push token or card data is in these answers.

/** A grant's reason (the ledger entry's reference, so shorter than other console reasons). */
export const SUPPORT_GRANT_REASON_MAX_LENGTH = 200;
/** Readers a search answers at most. */
export const SUPPORT_SEARCH_LIMIT = 20;
/** Ledger entries per page at most. */
export const SUPPORT_LEDGER_PAGE_MAX = 100;

/** A form's one-time key: the same key sent twice grants once. */
export const RequestKeySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8–64 letters, digits, _ or -');

/** GET /ops/support/reader/search?email=: an address, or the start of one (at least 3 characters). */
export const SupportSearchQuerySchema = z.object({
  email: EmailParamSchema.pipe(z.string().trim().min(3, 'at least 3 characters')),
});
export type SupportSearchQuery = z.input<typeof SupportSearchQuerySchema>;

/** GET /ops/support/reader?user_id= */
export const SupportReaderQuerySchema = z.object({ user_id: IntParamSchema });
export type SupportReaderQuery = z.input<typeof SupportReaderQuerySchema>;

/** GET /ops/support/reader/ledger?user_id=&limit=&offset= */
export const SupportLedgerQuerySchema = z.object({ user_id: IntParamSchema, ...PagingQueryShape });
export type SupportLedgerQuery = z.input<typeof SupportLedgerQuerySchema>;

const GrantReasonSchema = z.string().trim().min(1, 'a reason is required').max(SUPPORT_GRANT_REASON_MAX_LENGTH);

/** POST /ops/support/grant/point: `paid` 1 for paid points (they never expire unless `expire_days`). */
export const SupportPointGrantRequestSchema = z.object({
  user_id: IntParamSchema,
  amount: IntParamSchema,
  paid: IntFlagParamSchema.optional(),
  expire_days: IntParamSchema.optional(),
  reason: GrantReasonSchema,
  request_key: RequestKeySchema,
});
export type SupportPointGrantRequest = z.input<typeof SupportPointGrantRequestSchema>;

/** POST /ops/support/grant/ticket: premium tickets (30 days unless `expire_days`). */
export const SupportTicketGrantRequestSchema = z.object({
  user_id: IntParamSchema,
  count: IntParamSchema,
  expire_days: IntParamSchema.optional(),
  reason: GrantReasonSchema,
  request_key: RequestKeySchema,
});
export type SupportTicketGrantRequest = z.input<typeof SupportTicketGrantRequestSchema>;

/** POST /ops/support/session/end: every session of the reader, with a reason. */
export const SupportSessionEndRequestSchema = z.object({
  user_id: IntParamSchema,
  reason: z.string().trim().min(1, 'a reason is required').max(OPS_REASON_MAX_LENGTH),
});
export type SupportSessionEndRequest = z.input<typeof SupportSessionEndRequestSchema>;

export const SupportReaderMatchSchema = z.strictObject({
  user_id: z.int(),
  email: z.string(),
  status: z.string(),
  region: z.string(),
  created_time: WireDateTimeSchema,
});
export type SupportReaderMatch = z.infer<typeof SupportReaderMatchSchema>;

export const SupportSearchResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  reader_list: z.array(SupportReaderMatchSchema),
});
export type SupportSearchResponse = z.infer<typeof SupportSearchResponseSchema>;

const SupportLotSchema = z.strictObject({
  kind: z.enum(['paid', 'free']),
  remaining: z.int(),
  /** Empty: never expires. */
  expire_time: z.string(),
});

const SupportPurchaseSchema = z.strictObject({
  purchase_id: z.int(),
  title_id: z.int(),
  title_name: z.string(),
  episode_id: z.int(),
  episode_name: z.string(),
  price: z.int(),
  paid_point: z.int(),
  free_point: z.int(),
  purchase_time: WireDateTimeSchema,
});

const SupportTicketMovementSchema = z.strictObject({
  event: z.enum(['granted', 'used', 'expired']),
  ticket_kind: z.string(),
  source: z.string(),
  episode_id: z.int(),
  episode_name: z.string(),
  title_name: z.string(),
  event_time: WireDateTimeSchema,
  /** When the ticket or the rental ends; empty when it does not apply. */
  end_time: z.string(),
});

const SupportPlanSchema = z.strictObject({
  product_id: z.int(),
  product_name: z.string(),
  status: z.string(),
  started_time: WireDateTimeSchema,
  current_period_end_time: WireDateTimeSchema,
  cancel_at_period_end: z.int(),
});

const SupportSessionSchema = z.strictObject({
  session_id: z.int(),
  device_name: z.string(),
  platform: z.int(),
  user_agent: z.string(),
  created_time: WireDateTimeSchema,
  last_seen_time: WireDateTimeSchema,
  expire_time: WireDateTimeSchema,
});

const SupportDeviceSchema = z.strictObject({
  device_id: z.int(),
  device: z.string(),
  platform: z.int(),
  os_version: z.string(),
  created_time: WireDateTimeSchema,
  updated_time: WireDateTimeSchema,
});

/** GET /ops/support/reader: the account, wallet, purchases, ticket movements, plan and devices. */
export const SupportReaderResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  reader: z.strictObject({
    user_id: z.int(),
    email: z.string(),
    status: z.string(),
    region: z.string(),
    locale: z.string(),
    /** Plan code (wire §3.4 charge_type): 1 non_charger, 2 subscription, 3 charger, 4 subscription_p. */
    charge_type: z.int(),
    created_time: WireDateTimeSchema,
  }),
  wallet: z.strictObject({
    paid_point: z.int(),
    free_point: z.int(),
    premium_ticket_num: z.int(),
    /** Open lots, first to expire first (never-expiring last). */
    lot_list: z.array(SupportLotSchema),
  }),
  purchase_list: z.array(SupportPurchaseSchema),
  ticket_list: z.array(SupportTicketMovementSchema),
  plan_list: z.array(SupportPlanSchema),
  session_list: z.array(SupportSessionSchema),
  device_list: z.array(SupportDeviceSchema),
});
export type SupportReaderResponse = z.infer<typeof SupportReaderResponseSchema>;

export const SupportLedgerEntrySchema = z.strictObject({
  ledger_id: z.int(),
  kind: z.string(),
  delta: z.int(),
  remaining: z.int(),
  reason: z.string(),
  reference_type: z.string(),
  reference_id: z.string(),
  expire_time: z.string(),
  created_time: WireDateTimeSchema,
});
export type SupportLedgerEntry = z.infer<typeof SupportLedgerEntrySchema>;

export const SupportLedgerResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  ledger_list: z.array(SupportLedgerEntrySchema),
  has_next: z.int(),
});
export type SupportLedgerResponse = z.infer<typeof SupportLedgerResponseSchema>;

/** POST /ops/support/grant/*: `repeated` 1 when this request key had granted already (nothing granted now). */
export const SupportGrantResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  grant: z.strictObject({
    user_id: z.int(),
    repeated: z.int(),
    paid_point: z.int(),
    free_point: z.int(),
    premium_ticket_num: z.int(),
  }),
});
export type SupportGrantResponse = z.infer<typeof SupportGrantResponseSchema>;

export const SupportSessionEndResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  ended: z.int(),
});
export type SupportSessionEndResponse = z.infer<typeof SupportSessionEndResponseSchema>;
