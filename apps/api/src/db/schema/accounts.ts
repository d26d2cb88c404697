// Accounts: readers and their sign-in (tokens, devices, consents, challenges, rate limits).
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Default, Flag, Id, Millis } from './columns.ts';

export type UserStatus =
  | 'active'
  | 'not_active'
  | 'resigned'
  | 'banned'
  | 'suspended'
  | 'term_violation'
  | 'access_denied';

export interface UserTable {
  id: Id;
  email: string | null; // null for app users that never registered an email
  password_hash: string | null;
  status: Default<UserStatus>;
  birthday: string | null; // YYYY-MM
  nickname: string | null;
  gender: number | null;
  locale: Default<string>;
  region: Default<string>; // 'US' | 'JP'
  hash_key: string; // secret for the app signature (wire §2.3)
  original_uuid: string | null;
  charge_type: Default<number>; // plan code: 1 non_charger, 2 subscription, 3 charger, 4 subscription_p
  opt_out_ads: Default<Flag>;
  opt_out_analysis: Default<Flag>;
  push_notice_status: Default<number>;
  noah_id: string | null;
  created_at: Millis;
  updated_at: Millis;
  resigned_at: Millis | null;
  /** 1 while private reading is on: no read of this account is recorded (ADR 044). */
  private_reading: Default<Flag>;
  /** 1 while the reader wants a mail when followed titles release chapters (ADR 065). */
  chapter_alert_mail: Default<Flag>;
  /** When the mail was last turned on: chapters released before it are never mailed. */
  chapter_alert_from: Millis | null;
  /** When the last alert mail went out (one a day at most). */
  chapter_alert_mailed_at: Millis | null;
  /** When the header bell was last opened: it lists chapters released after it. */
  new_chapters_seen_at: Millis | null;
  /** The nickname's key (contracts' nicknameKey), unique per region (ADR 066); null without one or when imported. */
  nickname_key: string | null;
  /** When the reader last set a nickname: the next change waits a week (ADR 066). */
  nickname_changed_at: Millis | null;
}

export interface WebTokenTable {
  id: Id;
  user_id: number;
  token_hash: string; // sha256 of the opaque uwt; the raw token is never stored
  device_name: Default<string>;
  platform: Default<number>;
  user_agent: Default<string>;
  created_at: Millis;
  last_seen_at: Millis;
  expires_at: Millis;
  revoked_at: Millis | null;
}

export type EmailTokenPurpose = 'signup' | 'email_change' | 'password_change' | 'password_reset' | 'unban';

export interface EmailTokenTable {
  id: Id;
  user_id: number | null; // null for sign-up before the account exists
  purpose: EmailTokenPurpose;
  token_hash: string;
  email: string; // where the mail went (new address for email change)
  payload: Default<string>; // JSON: pending password hash, locale, …
  created_at: Millis;
  expires_at: Millis;
  used_at: Millis | null;
}

export interface ConsentTable {
  id: Id;
  user_id: number | null;
  visitor_id: string | null; // anonymous browser id when not logged in
  birthday: string; // YYYY-MM
  age_group: string; // 'minor' | 'adult'
  terms_of_service_minor: Default<Flag>;
  terms_of_service_adult: Default<Flag>;
  privacy_policy: Default<Flag>;
  created_at: Millis;
}

export interface DeviceTable {
  id: Id;
  user_id: number;
  original_uuid: string;
  device: Default<string>;
  platform: Default<number>;
  os_version: Default<string>;
  locale: Default<string>;
  timezone: Default<string>;
  tablet: Default<Flag>;
  regid: Default<string>;
  fcm_token: Default<string>;
  advertising_id: Default<string>;
  adjust_id: Default<string>;
  app_instance_id: Default<string>;
  ab_test_config: Default<string>;
  created_at: Millis;
  updated_at: Millis;
}

export interface ChallengeTable {
  id: Id;
  user_id: number | null;
  challenge: string;
  key_id: string | null;
  created_at: Millis;
  expires_at: Millis;
  used_at: Millis | null;
}

/**
 * What a rate-limit event counts (ADR 015): failed password checks per client and per (account,
 * client), and account mails per address and per client.
 */
export type ThrottleScope = 'login_client' | 'login_account_client' | 'mail_address' | 'mail_client';

/** One rate-limit event; rows older than their window are deleted as new ones arrive for the key. */
export interface ThrottleEventTable {
  id: Id;
  scope: ThrottleScope;
  key_hash: string; // sha256 of the client address, the account, or the normalised e-mail address
  created_at: Millis;
}

export type UserRow = Selectable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type NewUserRow = Insertable<UserTable>;
export type WebTokenRow = Selectable<WebTokenTable>;
export type EmailTokenRow = Selectable<EmailTokenTable>;
export type ConsentRow = Selectable<ConsentTable>;
export type DeviceRow = Selectable<DeviceTable>;
export type ChallengeRow = Selectable<ChallengeTable>;
