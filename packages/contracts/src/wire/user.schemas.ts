import { z } from 'zod';
import { Platform } from '../enums.ts';
import { REQUEST_TEXT_MAX_LENGTH, TokenParamSchema, UserIdParamSchema } from './account.schemas.ts';
import { successEnvelopeShape } from './envelope.schemas.ts';
import { IntFlagParamSchema } from './params.schemas.ts';

// App-side user calls (product §7 User, wire §3.5); shapes beyond the wire reference are ours (ADR 007).

/** Short device and client values (device names, locales, ids): bounded, printable. */
const ShortText = z.string().max(200);
/** Longer opaque values (push tokens, A/B configuration, attestation key ids). */
const LongText = z.string().max(REQUEST_TEXT_MAX_LENGTH);

/** App platforms only: 1 iOS, 2 Android (wire §1.2). */
export const AppPlatformParamSchema = z
  .enum([String(Platform.Ios), String(Platform.Android)])
  .transform((value) => Number(value) as Platform);

/** GET /user. */
export const UserQuerySchema = z.object({ user_id: UserIdParamSchema });

/** GET /user answer: how a web login becomes app credentials (wire §3.5). */
export const UserResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  user_id: z.int(),
  email: z.string(),
  gender: z.int().nullable(),
  hash_key: z.string(),
  original_uuid: z.string(),
});
export type UserResponse = z.infer<typeof UserResponseSchema>;

/** POST /user/register. */
export const RegisterRequestSchema = z.object({
  device: ShortText,
  locale: ShortText,
  original_uuid: z.string().min(1).max(200),
  os_version: ShortText,
  platform: AppPlatformParamSchema,
  tablet: IntFlagParamSchema,
  timezone: ShortText,
  regid: LongText.optional(),
  is_overwrite: IntFlagParamSchema.optional(),
  token: LongText.optional(),
  nonce: LongText.optional(),
});
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

export const RegisterResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  user_id: z.int(),
  hash_key: z.string(),
  login_status: z.int(),
  email: z.string(),
  charge_type: z.int(),
  gender: z.string(),
  push_notification_notice: z.int(),
  original_uuid: z.string(),
});
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

/** POST /user/device/save. */
export const DeviceSaveRequestSchema = z.object({
  device: ShortText,
  locale: ShortText,
  os_version: ShortText,
  tablet: IntFlagParamSchema,
  timezone: ShortText,
  advertising_id: ShortText.optional(),
  adjust_id: ShortText.optional(),
  ranking_ab: ShortText.optional(),
  fcm_token: LongText.optional(),
  ab_test_config: LongText.optional(),
  app_instance_id: ShortText.optional(),
});
export type DeviceSaveRequest = z.infer<typeof DeviceSaveRequestSchema>;

/** POST /user/push_notification/save: 0 off, 1 on. */
export const PushNotificationSaveRequestSchema = z.object({ notice_status: IntFlagParamSchema });

/** POST /user/noah_id/save. */
export const NoahIdSaveRequestSchema = z.object({ noah_id: z.string().min(1).max(200) });

/** POST /user/unban. */
export const UnbanRequestSchema = z.object({ token: TokenParamSchema, original_uuid: z.string().min(1).max(200) });

/** GET /user/challenge answer: a single-use value for /user/attestation. */
export const ChallengeResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  challenge: z.string(),
  expires_in: z.int(),
});
export type ChallengeResponse = z.infer<typeof ChallengeResponseSchema>;

/** Largest attestation object accepted (base64 of an App Attest / Play Integrity blob). */
export const ATTESTATION_MAX_LENGTH = 16_384;

/** POST /user/attestation. */
export const AttestationRequestSchema = z.object({
  attestation: z.string().min(1).max(ATTESTATION_MAX_LENGTH),
  challenge: TokenParamSchema,
  key_id: z.string().min(1).max(200),
});
export type AttestationRequest = z.infer<typeof AttestationRequestSchema>;
