import { z } from 'zod';
import { successEnvelopeShape } from './envelope.schemas.ts';

// Account, login and the two-step e-mail flows (wire §3.5, product §7; shapes beyond the wire reference are ours, ADR 007).

/**
 * Transport bounds of request values: longer values are refused as invalid parameters (1001);
 * format and rules inside the bounds give the account codes (2005 e-mail, 2006 password).
 */
export const REQUEST_TEXT_MAX_LENGTH = 1000;
export const TOKEN_MAX_LENGTH = 200;

export const EmailParamSchema = z.string().max(REQUEST_TEXT_MAX_LENGTH);
export const PasswordParamSchema = z.string().max(REQUEST_TEXT_MAX_LENGTH);
/** A single-use token from an e-mailed link. */
export const TokenParamSchema = z.string().min(1).max(TOKEN_MAX_LENGTH);
/** A user id parameter (`user_id`, `target_user_id`). */
export const UserIdParamSchema = z
  .string()
  .trim()
  .regex(/^[0-9]{1,15}$/, 'must be a positive integer')
  .transform(Number);

/** POST /web/user/login and /user/login. */
export const LoginRequestSchema = z.object({ email: EmailParamSchema, password: PasswordParamSchema });
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** POST /web/user/logout and /user/logout. */
export const LogoutRequestSchema = z.object({ target_user_id: UserIdParamSchema.optional() });

/** POST /web/account/presave (web: the password is chosen on the link's page). */
export const WebPresaveRequestSchema = z.object({ email: EmailParamSchema });
/** POST /account/presave. */
export const PresaveRequestSchema = z.object({ email: EmailParamSchema, password: PasswordParamSchema });
/** POST /web/account/save. */
export const WebSaveRequestSchema = z.object({ password: PasswordParamSchema, token: TokenParamSchema });
/** GET /account/save, /account/email/save, /account/password/save, /account/password/reset and their /web twins. */
export const TokenRequestSchema = z.object({ token: TokenParamSchema });
/** What an e-mailed link is for (GET /web/account/token/status, ours). */
export const EmailLinkPurposeSchema = z.enum(['signup', 'email_change', 'password_change', 'password_reset']);
export type EmailLinkPurpose = z.infer<typeof EmailLinkPurposeSchema>;
/** GET /web/account/token/status (ours, issue 24): the token of an e-mailed link and what it is for. */
export const TokenStatusQuerySchema = z.object({ token: TokenParamSchema, purpose: EmailLinkPurposeSchema });
/**
 * Whether an e-mailed link still works, without using it: `valid`, `used` (or voided by a later
 * change), `expired`, or `invalid` (unknown, or a link of another flow).
 */
export const TokenStatusSchema = z.enum(['valid', 'used', 'expired', 'invalid']);
export type TokenStatus = z.infer<typeof TokenStatusSchema>;
export const TokenStatusResponseSchema = z.strictObject({ ...successEnvelopeShape, token_status: TokenStatusSchema });
export type TokenStatusResponse = z.infer<typeof TokenStatusResponseSchema>;

/** POST /account/email/presave and /web/account/email/presave. */
export const EmailPresaveRequestSchema = z.object({ new_email: EmailParamSchema, password: PasswordParamSchema });
/** POST /account/password/presave and /web/account/password/presave. */
export const PasswordPresaveRequestSchema = z.object({
  current_password: PasswordParamSchema,
  new_password: PasswordParamSchema,
});
/** POST /account/password/prereset and /web/account/password/prereset. */
export const PasswordPreresetRequestSchema = z.object({ email: EmailParamSchema, new_password: PasswordParamSchema });
/** POST /account/resign. */
/**
 * POST /account/resign. Without a web session the app proves it is here now (ADR 015): `password`
 * for an account that has one, else `challenge` from GET /user/challenge, both inside the signature.
 */
export const ResignRequestSchema = z.object({
  user_id: UserIdParamSchema,
  password: z.string().min(1).max(200).optional(),
  challenge: z.string().min(1).max(200).optional(),
});

/** A `device_list[].session_id` parameter: a positive integer (1001 otherwise). */
export const SessionIdParamSchema = UserIdParamSchema;
/** POST /web/account/session/revoke (ADR 007): ends one session of the caller's account. */
export const SessionRevokeRequestSchema = z.object({ session_id: SessionIdParamSchema });
export type SessionRevokeRequest = z.input<typeof SessionRevokeRequestSchema>;

/**
 * `device_list[]`: one per active session (web) or registered device (app). The first three fields
 * are wire §3.5's; `session_id` and `is_current` are ours (ADR 007): the web session's id for
 * POST /web/account/session/revoke (0 for an app installation, which is not a session) and 1 for
 * the session making the call.
 */
export const AccountDeviceSchema = z.strictObject({
  user_id: z.int(),
  device_name: z.string(),
  platform: z.int(),
  session_id: z.int(),
  is_current: z.int(),
});
export type AccountDevice = z.infer<typeof AccountDeviceSchema>;

/** GET /account `account` (wire §3.5; `is_registerd` is spelled as on the wire). */
export const AccountSchema = z.strictObject({
  account_id: z.int(),
  user_id: z.int(),
  nickname: z.string(),
  email: z.string(),
  gender: z.int().nullable(),
  birthyear: z.int().nullable(),
  device_list: z.array(AccountDeviceSchema),
  is_registerd: z.int(),
  days_since_created: z.int(),
});
export type Account = z.infer<typeof AccountSchema>;

export const AccountResponseSchema = z.strictObject({ ...successEnvelopeShape, account: AccountSchema });
export type AccountResponse = z.infer<typeof AccountResponseSchema>;
