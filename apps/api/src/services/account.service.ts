// Accounts (ADR 007): sign-up, e-mail change, password change and reset as two-step flows with
// single-use, expiring tokens sent by e-mail; the account and user reads; resignation.
// A flow changes the account only in the transaction that consumes its token: a half-finished
// flow (presave without save, an expired or replayed token, a failed save) changes nothing.
import {
  AgeGroup,
  ageGroupOf,
  type EmailLinkPurpose,
  isValidEmail,
  type Locale,
  normalizeEmail,
  parseConsentCookie,
  passwordMessages,
  ResponseCode,
  type TokenStatus,
  validatePassword,
} from '@manga/contracts';
import type { EmailTokenPurpose, EmailTokenRow, UserRow } from '#src/db/schema.ts';
import { toAccountDeviceList, toAccountResponse, toUserResponse } from '#src/mappers/account.mapper.ts';
import type { ChallengeRepository } from '#src/repositories/challenge.repository.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { DeviceRepository } from '#src/repositories/device.repository.ts';
import type { PasswordHasherRepository } from '#src/repositories/password-hasher.repository.ts';
import type { SessionRepository } from '#src/repositories/session.repository.ts';
import type { TransactionalRepositories, TransactionRepository } from '#src/repositories/transaction.repository.ts';
import type { UserRepository } from '#src/repositories/user.repository.ts';
import {
  assertOldEnough,
  birthdayFromCookies,
  type ConsentCookies,
  declaredBirthdayFromCookies,
} from '#src/rules/age-gate.rules.ts';
import { accountStatusError, type RequestAuth, requireActiveUser } from '#src/rules/auth.rules.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import type { AccountMailer } from '#src/services/account-mailer.service.ts';
import {
  type EmailLinkPayload,
  type EmailLinkService,
  INVALID_TOKEN_MESSAGE,
} from '#src/services/email-link.service.ts';
import type { LoginThrottle } from '#src/services/login-throttle.service.ts';
import type { MailThrottle } from '#src/services/mail-throttle.service.ts';
import type { SessionClient, SessionCrypto, SessionService, StartedSession } from '#src/services/session.service.ts';

const PASSWORD_NEEDED_MESSAGE = 'Enter the password of your account to close it.';
const CHALLENGE_NEEDED_MESSAGE = 'Sign a fresh challenge (GET /user/challenge) into this call to close the account.';

export interface AccountServiceDeps {
  users: Pick<UserRepository, 'findUserById' | 'findUserByEmail'>;
  /** Session rows, for the device list of GET /account. */
  sessionStore: Pick<SessionRepository, 'listActiveSessions'>;
  devices: Pick<DeviceRepository, 'listDevicesByUser' | 'findLatestDeviceByUser'>;
  /** The flows' single-use e-mailed links. */
  links: Pick<EmailLinkService, 'issue' | 'consume' | 'status'>;
  /** Single-use challenges an app-only account proves itself with (GET /user/challenge). */
  challenges: Pick<ChallengeRepository, 'consumeChallenge'>;
  transactions: Pick<TransactionRepository, 'run'>;
  hasher: Pick<PasswordHasherRepository, 'hashPassword' | 'verifyPassword'>;
  /** Current-password checks count with failed logins (ADR 015). */
  throttle: Pick<LoginThrottle, 'assertAllowed' | 'recordFailure' | 'recordSuccess'>;
  /** Account-mail limits per address and per client (ADR 015). */
  mailLimits: Pick<MailThrottle, 'admit'>;
  mailer: Pick<AccountMailer, 'send' | 'sendNotice'>;
  sessions: Pick<SessionService, 'startSession'>;
  crypto: SessionCrypto;
  clock: ClockRepository;
}

export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  // ── reads ───────────────────────────────────────────────────────────────────────────────────

  /** GET /account. */
  async getAccount(auth: RequestAuth) {
    const { userId, sessionId } = requireActiveUser(auth);
    const now = this.deps.clock.now();
    const user = await this.getUserRow(userId);
    const [sessions, devices] = await Promise.all([
      this.deps.sessionStore.listActiveSessions(userId, now),
      this.deps.devices.listDevicesByUser(userId),
    ]);
    return toAccountResponse(user, toAccountDeviceList(userId, sessions, devices, sessionId), now);
  }

  /**
   * GET /user: only the caller's own user (2000 for any other id). `hash_key` goes to a web session
   * only (wire §3.5: how a web login becomes app credentials); an app-signed call gets '', since
   * a replayed signature must not turn into the key itself (ADR 015). The app holds its key already.
   */
  async getUser(auth: RequestAuth, userId: number) {
    const caller = requireActiveUser(auth);
    if (userId !== caller.userId) throw new DomainError(ResponseCode.UserNotExist);
    const user = await this.getUserRow(userId);
    const device = user.original_uuid ? undefined : await this.deps.devices.findLatestDeviceByUser(userId);
    const hashKey = caller.via === 'web' ? user.hash_key : '';
    return toUserResponse(user, user.original_uuid ?? device?.original_uuid ?? '', hashKey);
  }

  // ── sign-up ─────────────────────────────────────────────────────────────────────────────────

  /** POST /web/account/presave: the password is chosen on the link's page (POST /web/account/save). */
  presaveWeb(input: {
    auth: RequestAuth;
    email: string;
    cookies: ConsentCookies;
    locale: Locale;
    clientAddress: string;
  }): Promise<void> {
    return this.presaveSignup({ ...input, password: undefined });
  }

  /** POST /account/presave: the password is chosen now and stored hashed with the token. */
  presave(input: {
    auth: RequestAuth;
    email: string;
    password: string;
    cookies: ConsentCookies;
    locale: Locale;
    clientAddress: string;
  }) {
    return this.presaveSignup(input);
  }

  private async presaveSignup(input: {
    auth: RequestAuth;
    email: string;
    password: string | undefined;
    cookies: ConsentCookies;
    locale: Locale;
    clientAddress: string;
  }): Promise<void> {
    const email = this.checkEmail(input.email);
    if (input.password !== undefined) checkPasswordRules(input.password);
    const now = this.deps.clock.now();
    assertOldEnough(birthdayFromCookies(input.cookies, now), now);
    // The account keeps a birthday the reader declared, which then decides the age rule (ADR 015).
    const birthday = declaredBirthdayFromCookies(input.cookies, now);

    let appUserId: number | undefined;
    if (input.auth.user) {
      // A logged-in caller: a registered account cannot sign up again; an app user is registered.
      const caller = await this.deps.users.findUserById(input.auth.user.userId);
      if (caller?.email) throw new DomainError(ResponseCode.AccountAlreadyRegistered);
      if (caller) appUserId = caller.id;
    }
    await this.deps.mailLimits.admit(email, input.clientAddress, 'signup');

    // The same answer and the same work for any address (ADR 015): the password is hashed either
    // way, and the address gets a mail either way; its owner, not the asker, learns it is in use.
    const passwordHash = input.password !== undefined ? await this.deps.hasher.hashPassword(input.password) : undefined;
    if (await this.deps.users.findUserByEmail(email)) {
      await this.deps.mailer.sendNotice({ kind: 'account_exists', to: email, locale: input.locale });
      return;
    }
    const payload: EmailLinkPayload = {
      ...(passwordHash !== undefined ? { password_hash: passwordHash } : {}),
      ...(birthday ? { birthday: birthday.value, consent: consentFromCookies(input.cookies) } : {}),
      ...(appUserId !== undefined ? { user_id: appUserId } : {}),
    };
    await this.deps.links.issue({ purpose: 'signup', userId: null, email, payload, locale: input.locale });
  }

  /**
   * GET /web/account/token/status (ours, issue 24): whether an e-mailed link still works, so that
   * its page says at once when it was used, expired or is wrong. Reads only: nothing is used up.
   */
  async checkEmailToken(input: { token: string; purpose: EmailLinkPurpose }): Promise<{ token_status: TokenStatus }> {
    return { token_status: await this.deps.links.status(input.token, input.purpose) };
  }

  /**
   * GET /account/save (token; the password came with the presave) and POST /web/account/save
   * (password, token). With `client`, the new account is logged in on this device.
   */
  async completeSignup(input: { token: string; password?: string; client?: SessionClient }): Promise<{
    userId: number;
    session: StartedSession | undefined;
  }> {
    if (input.password !== undefined) checkPasswordRules(input.password);
    const chosenHash = input.password !== undefined ? await this.deps.hasher.hashPassword(input.password) : undefined;
    return this.deps.links.consume('signup', input.token, async (row, payload, repositories) => {
      const passwordHash = chosenHash ?? payload.password_hash;
      if (!passwordHash) {
        throw new DomainError(
          ResponseCode.InvalidParameter,
          'invalid parameter password: choose a password to complete the registration',
        );
      }
      const existing = await repositories.users.findUserByEmail(row.email);
      if (existing) throw emailUsedError(existing);
      const now = this.deps.clock.now();
      let userId: number;
      if (payload.user_id !== undefined) {
        const appUser = await repositories.users.findUserById(payload.user_id);
        if (!appUser) throw new DomainError(ResponseCode.UserNotExist);
        if (appUser.email) throw new DomainError(ResponseCode.AccountAlreadyRegistered);
        const stateError = accountStatusError(appUser.status);
        if (stateError) throw stateError;
        await repositories.users.updateUser(appUser.id, {
          email: row.email,
          password_hash: passwordHash,
          birthday: appUser.birthday ?? payload.birthday ?? null,
          updated_at: now,
        });
        userId = appUser.id;
      } else {
        const user = await repositories.users.insertUser({
          email: row.email,
          password_hash: passwordHash,
          birthday: payload.birthday ?? null,
          hash_key: this.deps.crypto.randomToken(24),
          created_at: now,
          updated_at: now,
        });
        userId = user.id;
      }
      await repositories.emailTokens.revokeEmailTokensByEmail(row.email, 'signup', now);
      if (payload.birthday && payload.consent) {
        const group = ageGroupOf(
          { year: Number(payload.birthday.slice(0, 4)), month: Number(payload.birthday.slice(5, 7)) },
          new Date(now),
        );
        if (group !== AgeGroup.Impossible) {
          await repositories.consents.insertConsent({
            user_id: userId,
            birthday: payload.birthday,
            age_group: group,
            ...payload.consent,
            created_at: now,
          });
        }
      }
      const session = input.client
        ? await this.deps.sessions.startSession(repositories, userId, input.client)
        : undefined;
      return { userId, session };
    });
  }

  // ── e-mail change ───────────────────────────────────────────────────────────────────────────

  /** POST /account/email/presave and /web/account/email/presave: the link goes to the new address. */
  async presaveEmail(input: {
    auth: RequestAuth;
    newEmail: string;
    password: string;
    locale: Locale;
    clientAddress: string;
  }): Promise<void> {
    const user = await this.getRegisteredUser(input.auth);
    const email = this.checkEmail(input.newEmail);
    await this.checkCurrentPassword(user, input.password, input.clientAddress);
    if (email === user.email)
      throw new DomainError(ResponseCode.AccountEmailUsed, 'This is already the email address of your account.');
    // Only the account's owner, with its password, gets here: 2008 tells them nothing a guess could.
    await this.assertEmailFree(email);
    await this.deps.mailLimits.admit(email, input.clientAddress, 'email_change');
    await this.deps.links.issue({ purpose: 'email_change', userId: user.id, email, payload: {}, locale: input.locale });
  }

  /** GET /account/email/save and /web/account/email/save. */
  async saveEmail(input: { token: string }): Promise<void> {
    await this.deps.links.consume('email_change', input.token, async (row, _payload, repositories) => {
      const user = await this.getActiveTokenUser(row, repositories);
      const existing = await repositories.users.findUserByEmail(row.email);
      if (existing && existing.id !== user.id) throw emailUsedError(existing);
      const now = this.deps.clock.now();
      await repositories.users.updateUser(user.id, { email: row.email, updated_at: now });
      await repositories.emailTokens.revokeUserEmailTokens(user.id, ['email_change'], now);
    });
  }

  // ── password change and reset ───────────────────────────────────────────────────────────────

  /** POST /account/password/presave and /web/account/password/presave: the link goes to the account's address. */
  async presavePassword(input: {
    auth: RequestAuth;
    currentPassword: string;
    newPassword: string;
    locale: Locale;
    clientAddress: string;
  }): Promise<void> {
    const user = await this.getRegisteredUser(input.auth);
    checkPasswordRules(input.newPassword);
    await this.checkCurrentPassword(user, input.currentPassword, input.clientAddress);
    await this.deps.mailLimits.admit(user.email as string, input.clientAddress, 'password_change');
    const payload: EmailLinkPayload = { password_hash: await this.deps.hasher.hashPassword(input.newPassword) };
    await this.deps.links.issue({
      purpose: 'password_change',
      userId: user.id,
      email: user.email as string,
      payload,
      locale: input.locale,
    });
  }

  /**
   * POST /account/password/prereset and /web/account/password/prereset. Answers the same, after the
   * same work, whether or not the address has an active account (ADR 015): the new password is hashed
   * either way, and the address gets the reset link, or a notice that no active account uses it.
   */
  async preresetPassword(input: {
    email: string;
    newPassword: string;
    locale: Locale;
    clientAddress: string;
  }): Promise<void> {
    const email = this.checkEmail(input.email);
    checkPasswordRules(input.newPassword);
    await this.deps.mailLimits.admit(email, input.clientAddress, 'password_reset');
    const passwordHash = await this.deps.hasher.hashPassword(input.newPassword);
    const user = await this.deps.users.findUserByEmail(email);
    if (!user?.password_hash || user.status !== 'active') {
      await this.deps.mailer.sendNotice({ kind: 'no_account', to: email, locale: input.locale });
      return;
    }
    const payload: EmailLinkPayload = { password_hash: passwordHash };
    await this.deps.links.issue({ purpose: 'password_reset', userId: user.id, email, payload, locale: input.locale });
  }

  /** GET /account/password/save and /web/account/password/save: other sessions end. */
  savePassword(input: { token: string; auth: RequestAuth }): Promise<void> {
    return this.applyPassword('password_change', input);
  }

  /** GET /account/password/reset and /web/account/password/reset: other sessions end. */
  resetPassword(input: { token: string; auth: RequestAuth }): Promise<void> {
    return this.applyPassword('password_reset', input);
  }

  private async applyPassword(purpose: EmailTokenPurpose, input: { token: string; auth: RequestAuth }): Promise<void> {
    await this.deps.links.consume(purpose, input.token, async (row, payload, repositories) => {
      const user = await this.getActiveTokenUser(row, repositories);
      if (!payload.password_hash) throw new DomainError(ResponseCode.AccountModifyInvalidToken, INVALID_TOKEN_MESSAGE);
      const now = this.deps.clock.now();
      // A new password also retires the app signature key (ADR 015): apps read the new one with a session.
      await repositories.users.updateUser(user.id, {
        password_hash: payload.password_hash,
        hash_key: this.deps.crypto.randomToken(24),
        updated_at: now,
      });
      const current = input.auth.user?.userId === user.id ? input.auth.user.sessionId : null;
      await repositories.sessions.revokeUserSessions(user.id, now, current);
      await repositories.emailTokens.revokeUserEmailTokens(user.id, ['password_change', 'password_reset'], now);
    });
  }

  // ── resignation ─────────────────────────────────────────────────────────────────────────────

  /**
   * POST /account/resign: the account becomes `resigned` (2013 from then on, after a correct
   * password, so the state is never revealed to a guesser), every session and pending link ends;
   * the address stays reserved (2015 on sign-up).
   *
   * An app signature alone can be replayed (ADR 015), so a caller without a web session proves it is
   * here now: with the account's password (2006 without it, throttled like a login), or, for an
   * app-only account that has none, with a fresh challenge (GET /user/challenge) inside the signed
   * parameters (2017 without a usable one).
   */
  async resign(input: {
    auth: RequestAuth;
    userId: number;
    password?: string;
    challenge?: string;
    clientAddress: string;
  }): Promise<void> {
    const caller = requireActiveUser(input.auth);
    if (input.userId !== caller.userId) throw new DomainError(ResponseCode.UserNotExist);
    if (caller.via !== 'web') await this.proveAppCaller(caller.userId, input);
    const now = this.deps.clock.now();
    await this.deps.transactions.run(async (repositories) => {
      const changed = await repositories.users.updateUserWithStatus(caller.userId, 'active', {
        status: 'resigned',
        resigned_at: now,
        updated_at: now,
      });
      if (!changed) throw new DomainError(ResponseCode.AccountResigned);
      await repositories.sessions.revokeUserSessions(caller.userId, now);
      await repositories.emailTokens.revokeUserEmailTokens(
        caller.userId,
        ['signup', 'email_change', 'password_change', 'password_reset', 'unban'],
        now,
      );
    });
  }

  // ── helpers ─────────────────────────────────────────────────────────────────────────────────

  /** An app-signed destructive call: the account's password, or a fresh challenge for an app-only account. */
  private async proveAppCaller(
    userId: number,
    input: { password?: string; challenge?: string; clientAddress: string },
  ): Promise<void> {
    const user = await this.getUserRow(userId);
    if (user.password_hash) {
      if (input.password === undefined) {
        throw new DomainError(ResponseCode.AccountInvalidPassword, PASSWORD_NEEDED_MESSAGE);
      }
      await this.checkCurrentPassword(user, input.password, input.clientAddress);
      return;
    }
    const fresh =
      input.challenge !== undefined &&
      (await this.deps.challenges.consumeChallenge(input.challenge, userId, 'resign', this.deps.clock.now()));
    if (!fresh) throw new DomainError(ResponseCode.AccountModifyInvalidToken, CHALLENGE_NEEDED_MESSAGE);
  }

  private checkEmail(raw: string): string {
    const email = normalizeEmail(raw);
    if (!isValidEmail(email)) throw new DomainError(ResponseCode.AccountInvalidEmail);
    return email;
  }

  private async assertEmailFree(email: string): Promise<void> {
    const existing = await this.deps.users.findUserByEmail(email);
    if (existing) throw emailUsedError(existing);
  }

  /**
   * The current password, throttled like a login of this account from this client (ADR 015), so
   * that a stolen session cannot guess it faster than a login could.
   */
  private async checkCurrentPassword(user: UserRow, password: string, clientAddress: string): Promise<void> {
    const account = user.email ?? `user:${user.id}`;
    await this.deps.throttle.assertAllowed(clientAddress, account);
    if (!user.password_hash || !(await this.deps.hasher.verifyPassword(user.password_hash, password))) {
      await this.deps.throttle.recordFailure(clientAddress, account);
      throw new DomainError(ResponseCode.AccountInvalidPassword);
    }
    await this.deps.throttle.recordSuccess(clientAddress, account);
  }

  private async getUserRow(userId: number): Promise<UserRow> {
    const user = await this.deps.users.findUserById(userId);
    if (!user) throw new DomainError(ResponseCode.UserNotExist);
    return user;
  }

  /** The active caller's account, which must have an e-mail address and a password (2012 otherwise). */
  private async getRegisteredUser(auth: RequestAuth): Promise<UserRow> {
    const { userId } = requireActiveUser(auth);
    const user = await this.getUserRow(userId);
    if (!user.email || !user.password_hash) throw new DomainError(ResponseCode.AccountUnregistered);
    return user;
  }

  private async getActiveTokenUser(row: EmailTokenRow, repositories: TransactionalRepositories): Promise<UserRow> {
    const user = row.user_id === null ? undefined : await repositories.users.findUserById(row.user_id);
    if (!user) throw new DomainError(ResponseCode.UserNotExist);
    const stateError = accountStatusError(user.status);
    if (stateError) throw stateError;
    return user;
  }
}

function checkPasswordRules(password: string): void {
  const problem = validatePassword(password);
  if (problem) throw new DomainError(ResponseCode.AccountInvalidPassword, passwordMessages[problem]);
}

function emailUsedError(existing: UserRow): DomainError {
  return existing.status === 'resigned'
    ? new DomainError(ResponseCode.AccountEmailResigned)
    : new DomainError(ResponseCode.AccountEmailUsed);
}

function consentFromCookies(cookies: ConsentCookies): NonNullable<EmailLinkPayload['consent']> {
  const flag = (raw: string | undefined): 0 | 1 => (parseConsentCookie(raw) ? 1 : 0);
  return {
    terms_of_service_minor: flag(cookies.terms_of_service_minor),
    terms_of_service_adult: flag(cookies.terms_of_service_adult),
    privacy_policy: flag(cookies.privacy_policy),
  };
}
