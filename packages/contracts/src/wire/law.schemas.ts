import { z } from 'zod';
import { successEnvelopeShape } from './envelope.schemas.ts';
import { IntFlagParamSchema } from './params.schemas.ts';

// Law consent, opt-out and status (product §3–§4, §7 Web; wire §3.6: shapes are ours, ADR 007).

/** POST /web/law: the birthday (YYYY-MM) and whether the terms (and, for adults, the privacy policy) are accepted. */
export const LawRequestSchema = z.object({
  birthday: z.string().max(20),
  is_consent: IntFlagParamSchema,
});
export type LawRequest = z.infer<typeof LawRequestSchema>;

/** GET and POST /web/law. */
export const LawResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  /** 1 when the terms changed since the stored consent (never yet: one version of each). */
  terms_of_service_update_flag: z.int(),
  privacy_policy_update_flag: z.int(),
  /** `YYYY-MM`, or "" when unknown. */
  birthday: z.string(),
  /** 'minor', 'adult', or "" when the birthday is unknown. */
  age_group: z.string(),
  /** 1 when the consent the age group needs is given (product §4). */
  is_consent: z.int(),
});
export type LawResponse = z.infer<typeof LawResponseSchema>;

/** POST /web/opt_out: 1 opts out (of ad personalisation / sale and sharing of data; of analytics). */
export const OptOutRequestSchema = z.object({ ads: IntFlagParamSchema, analysis: IntFlagParamSchema });
export type OptOutRequest = z.infer<typeof OptOutRequestSchema>;

export const OptOutSchema = z.strictObject({ ads: z.int(), analysis: z.int() });
export type OptOut = z.infer<typeof OptOutSchema>;

/** GET and POST /web/opt_out. */
export const OptOutResponseSchema = z.strictObject({ ...successEnvelopeShape, opt_out: OptOutSchema });
export type OptOutResponse = z.infer<typeof OptOutResponseSchema>;

/** GET /web/status: who the caller is, called at most once a day by the web app (product §4). */
export const WebStatusResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  /** 1 logged in, 0 not. */
  login_status: z.int(),
  /** 0 when not logged in. */
  user_id: z.int(),
  /** Plan code 1–4 (product §3); 1 when not logged in. */
  charge_type: z.int(),
  subscription_categories: z.array(z.int()),
  opt_out: OptOutSchema,
});
export type WebStatusResponse = z.infer<typeof WebStatusResponseSchema>;
