// App-side user calls (product §7 User; ADR 007): registration of an installation, what the device
// reports, push and noah settings, suspension and unban, and attestation challenges.
import { type Locale, ResponseCode } from '@manga/contracts';
import type { DeviceRow, UserRow } from '#src/db/schema.ts';
import { toRegisterResponse } from '#src/mappers/account.mapper.ts';
import type { ChallengeRepository } from '#src/repositories/challenge.repository.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { DeviceRepository } from '#src/repositories/device.repository.ts';
import type { EmailTokenRepository } from '#src/repositories/email-token.repository.ts';
import type { TransactionRepository } from '#src/repositories/transaction.repository.ts';
import type { UserRepository } from '#src/repositories/user.repository.ts';
import { accountStatusError, type RequestAuth, requireActiveUser } from '#src/rules/auth.rules.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import type { AccountMailer } from '#src/services/account-mailer.service.ts';
import type { SessionCrypto } from '#src/services/session.service.ts';

/** A challenge must be answered within this time. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** An unban link works this long. */
export const UNBAN_TOKEN_TTL_MS = 7 * 24 * 60 * 60_000;

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;
/** Smallest decoded attestation accepted: real App Attest / Play Integrity objects are far larger. */
const MIN_ATTESTATION_BYTES = 32;

export interface RegisterInput {
  device: string;
  locale: string;
  original_uuid: string;
  os_version: string;
  platform: number;
  tablet: 0 | 1;
  timezone: string;
  regid?: string;
  is_overwrite?: 0 | 1;
}

export interface DeviceSaveInput {
  device: string;
  locale: string;
  os_version: string;
  tablet: 0 | 1;
  timezone: string;
  advertising_id?: string;
  adjust_id?: string;
  fcm_token?: string;
  ab_test_config?: string;
  app_instance_id?: string;
}

export interface AppUserServiceDeps {
  users: Pick<UserRepository, 'findUserById' | 'updateUser'>;
  devices: Pick<DeviceRepository, 'findLatestDeviceByUser' | 'insertDevice' | 'updateDevice'>;
  challenges: Pick<ChallengeRepository, 'insertChallenge' | 'consumeChallenge'>;
  emailTokens: Pick<EmailTokenRepository, 'insertEmailToken'>;
  transactions: Pick<TransactionRepository, 'run'>;
  mailer: Pick<AccountMailer, 'send'>;
  crypto: SessionCrypto;
  clock: ClockRepository;
}

export class AppUserService {
  constructor(private readonly deps: AppUserServiceDeps) {}

  /**
   * POST /user/register: a new app user (id + hash_key for the app signature) bound to the
   * installation's original_uuid. A known original_uuid answers 2010 unless is_overwrite=1, which
   * binds the installation to a fresh user.
   */
  async register(input: RegisterInput) {
    const now = this.deps.clock.now();
    return this.deps.transactions.run(async (repositories) => {
      const known = await repositories.devices.findDeviceByOriginalUuid(input.original_uuid);
      if (known && input.is_overwrite !== 1) {
        throw new DomainError(
          ResponseCode.ExistsOriginalUuid,
          'This device is already registered. Send is_overwrite=1 to register it again.',
        );
      }
      const user = await repositories.users.insertUser({
        hash_key: this.deps.crypto.randomToken(24),
        original_uuid: input.original_uuid,
        locale: input.locale.startsWith('en') ? 'en' : 'ja',
        created_at: now,
        updated_at: now,
      });
      const values = {
        user_id: user.id,
        device: input.device,
        platform: input.platform,
        os_version: input.os_version,
        locale: input.locale,
        timezone: input.timezone,
        tablet: input.tablet,
        regid: input.regid ?? '',
        updated_at: now,
      };
      if (known) await repositories.devices.updateDevice(known.id, values);
      else await repositories.devices.insertDevice({ ...values, original_uuid: input.original_uuid, created_at: now });
      return toRegisterResponse(user, input.original_uuid);
    });
  }

  /** POST /user/device/save: updates the caller's latest device (creates one for a web-only user). */
  async saveDevice(auth: RequestAuth, input: DeviceSaveInput, platform: number): Promise<void> {
    const user = await this.getActiveUser(auth);
    const now = this.deps.clock.now();
    const values = {
      device: input.device,
      locale: input.locale,
      os_version: input.os_version,
      tablet: input.tablet,
      timezone: input.timezone,
      platform,
      ...optional({
        advertising_id: input.advertising_id,
        adjust_id: input.adjust_id,
        fcm_token: input.fcm_token,
        ab_test_config: input.ab_test_config,
        app_instance_id: input.app_instance_id,
      }),
      updated_at: now,
    };
    const device: DeviceRow | undefined = await this.deps.devices.findLatestDeviceByUser(user.id);
    if (device) await this.deps.devices.updateDevice(device.id, values);
    else
      await this.deps.devices.insertDevice({
        ...values,
        user_id: user.id,
        original_uuid: user.original_uuid ?? '',
        created_at: now,
      });
  }

  /** POST /user/push_notification/save. */
  async savePushNotification(auth: RequestAuth, noticeStatus: 0 | 1): Promise<void> {
    const { userId } = requireActiveUser(auth);
    await this.deps.users.updateUser(userId, { push_notice_status: noticeStatus, updated_at: this.deps.clock.now() });
  }

  /** POST /user/noah_id/save. */
  async saveNoahId(auth: RequestAuth, noahId: string): Promise<void> {
    const { userId } = requireActiveUser(auth);
    await this.deps.users.updateUser(userId, { noah_id: noahId, updated_at: this.deps.clock.now() });
  }

  /**
   * Support action (no route): suspends an account (2019 from then on), ends its sessions, and
   * mails an unban link when the account has an address. Returns the unban token for support.
   */
  async suspendUser(userId: number, locale: Locale): Promise<{ unbanToken: string }> {
    const now = this.deps.clock.now();
    const token = this.deps.crypto.randomToken(32);
    const user = await this.deps.transactions.run(async (repositories) => {
      const changed = await repositories.users.updateUserWithStatus(userId, 'active', {
        status: 'suspended',
        updated_at: now,
      });
      if (!changed) throw new DomainError(ResponseCode.AccountNotActive);
      await repositories.sessions.revokeUserSessions(userId, now);
      const row = (await repositories.users.findUserById(userId)) as UserRow;
      await repositories.emailTokens.insertEmailToken({
        user_id: userId,
        purpose: 'unban',
        token_hash: this.deps.crypto.sha256(token),
        email: row.email ?? '',
        created_at: now,
        expires_at: now + UNBAN_TOKEN_TTL_MS,
      });
      return row;
    });
    if (user.email) {
      await this.deps.mailer.send({ kind: 'unban', to: user.email, token, locale, expiresInMs: UNBAN_TOKEN_TTL_MS });
    }
    return { unbanToken: token };
  }

  /**
   * POST /user/unban (token, original_uuid): lifts a suspension with the single-use unban token,
   * from an installation bound to that account (2010 otherwise). Banned and other states keep their code.
   */
  async unban(input: { token: string; originalUuid: string }): Promise<void> {
    const tokenHash = this.deps.crypto.sha256(input.token);
    await this.deps.transactions.run(async (repositories) => {
      const now = this.deps.clock.now();
      const row = await repositories.emailTokens.consumeEmailToken(tokenHash, 'unban', now);
      if (!row || row.user_id === null) {
        throw new DomainError(
          ResponseCode.AccountModifyInvalidToken,
          'This unban token is invalid, already used or expired.',
        );
      }
      const user = await repositories.users.findUserById(row.user_id);
      if (!user) throw new DomainError(ResponseCode.UserNotExist);
      const device = await repositories.devices.findDeviceByOriginalUuid(input.originalUuid);
      if (user.original_uuid !== input.originalUuid && device?.user_id !== user.id) {
        throw new DomainError(ResponseCode.ExistsOriginalUuid);
      }
      if (user.status !== 'suspended')
        throw accountStatusError(user.status) ?? new DomainError(ResponseCode.AccountModifyInvalidToken);
      await repositories.users.updateUser(user.id, { status: 'active', updated_at: now });
    });
  }

  /** GET /user/challenge: a single-use value, bound to the caller when known, valid 5 minutes. */
  async issueChallenge(auth: RequestAuth) {
    const now = this.deps.clock.now();
    const challenge = this.deps.crypto.randomToken(32);
    await this.deps.challenges.insertChallenge({
      user_id: auth.user?.userId ?? null,
      challenge,
      created_at: now,
      expires_at: now + CHALLENGE_TTL_MS,
    });
    return { challenge, expires_in: CHALLENGE_TTL_MS / 1000 };
  }

  /**
   * POST /user/attestation. What is checked (ADR 007): the challenge is ours, unexpired, unused and
   * issued to this caller (or to nobody), and is used up; `attestation` is base64 of at least 32
   * bytes; `key_id` is base64. The key id is recorded with the challenge. The vendor signature
   * (Apple App Attest certificate chain, Play Integrity verdict) is NOT verified: that needs the
   * vendors' roots and credentials, which this service does not hold.
   */
  async attest(auth: RequestAuth, input: { attestation: string; challenge: string; keyId: string }): Promise<void> {
    if (!BASE64.test(input.attestation) || Buffer.from(input.attestation, 'base64').length < MIN_ATTESTATION_BYTES) {
      throw new DomainError(
        ResponseCode.InvalidParameter,
        `invalid parameter attestation: must be base64 of at least ${MIN_ATTESTATION_BYTES} bytes`,
      );
    }
    if (!BASE64.test(input.keyId)) {
      throw new DomainError(ResponseCode.InvalidParameter, 'invalid parameter key_id: must be base64');
    }
    const now = this.deps.clock.now();
    const used = await this.deps.challenges.consumeChallenge(
      input.challenge,
      auth.user?.userId ?? null,
      input.keyId,
      now,
    );
    if (!used) {
      throw new DomainError(
        ResponseCode.AccountModifyInvalidToken,
        'This challenge is invalid, already used or expired. Request a new one.',
      );
    }
  }

  private async getActiveUser(auth: RequestAuth): Promise<UserRow> {
    const { userId } = requireActiveUser(auth);
    const user = await this.deps.users.findUserById(userId);
    if (!user) throw new DomainError(ResponseCode.UserNotExist);
    return user;
  }
}

function optional<T extends Record<string, string | undefined>>(values: T): Partial<Record<keyof T, string>> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<
    Record<keyof T, string>
  >;
}
