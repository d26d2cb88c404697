// Sessions (ADR 007): login with e-mail and password, the opaque `uwt` token (stored as sha256),
// the device limit, logout, and resolving who calls (web cookie or app signature).
import { deviceNameOf, isValidEmail, normalizeEmail, parseBirthday, ResponseCode } from '@manga/contracts';
import type { UserRow } from '#src/db/schema.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { PasswordHasherRepository } from '#src/repositories/password-hasher.repository.ts';
import type { SessionRepository } from '#src/repositories/session.repository.ts';
import type { TransactionalRepositories, TransactionRepository } from '#src/repositories/transaction.repository.ts';
import type { UserRepository } from '#src/repositories/user.repository.ts';
import { assertOldEnough, birthdayFromCookies, type ConsentCookies } from '#src/rules/age-gate.rules.ts';
import { ANONYMOUS, accountStatusError, type RequestAuth, requireWebSession } from '#src/rules/auth.rules.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import type { LoginThrottle } from '#src/services/login-throttle.service.ts';
import type { RequestSignatureService } from '#src/services/request-signature.service.ts';

/** last_seen_at is written at most this often per session. */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60_000;

export interface SessionClient {
  platform: number;
  userAgent: string;
}

export interface StartedSession {
  /** The raw `uwt`: goes into the cookie, never into the database or the logs. */
  token: string;
  userId: number;
  expiresAt: number;
}

export interface SessionServiceOptions {
  ttlMs: number;
  deviceLimit: number;
}

export interface SessionCrypto {
  randomToken(bytes?: number): string;
  sha256(value: string): string;
}

export interface SessionServiceDeps {
  sessions: Pick<
    SessionRepository,
    'findSessionByTokenHash' | 'findSessionById' | 'touchSession' | 'revokeSession' | 'revokeUserSessions'
  >;
  users: Pick<UserRepository, 'findUserByEmail' | 'findUserById' | 'updateUser'>;
  transactions: Pick<TransactionRepository, 'run'>;
  hasher: Pick<PasswordHasherRepository, 'hashPassword' | 'verifyPassword'>;
  throttle: Pick<LoginThrottle, 'assertAllowed' | 'recordFailure' | 'recordSuccess'>;
  signatures: Pick<RequestSignatureService, 'verify'>;
  crypto: SessionCrypto;
  clock: ClockRepository;
}

export class SessionService {
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly deps: SessionServiceDeps,
    private readonly options: SessionServiceOptions,
  ) {}

  /** Who calls: the `uwt` cookie's session, else a user proven by the app signature, else nobody. */
  async resolveAuth(input: {
    webToken?: string;
    app?: { hash: string; params: Record<string, string> };
  }): Promise<RequestAuth> {
    if (input.webToken) {
      const now = this.deps.clock.now();
      const session = await this.deps.sessions.findSessionByTokenHash(this.deps.crypto.sha256(input.webToken));
      if (!session || session.revoked_at !== null || session.expires_at <= now) {
        return { user: null, tokenInvalid: true };
      }
      if (session.last_seen_at < now - SESSION_TOUCH_INTERVAL_MS) {
        await this.deps.sessions.touchSession(session.id, now, now - SESSION_TOUCH_INTERVAL_MS);
      }
      return {
        user: {
          userId: session.user_id,
          sessionId: session.id,
          status: session.status,
          via: 'web',
          privateReading: Number(session.private_reading) === 1,
          deviceName: session.device_name,
          sessionExpiresAt: Number(session.expires_at),
        },
        tokenInvalid: false,
      };
    }
    if (input.app?.params.user_id) {
      const verdict = await this.deps.signatures.verify({ params: input.app.params, headers: { app: input.app.hash } });
      if (verdict === 'valid') {
        const user = await this.deps.users.findUserById(Number(input.app.params.user_id));
        if (user)
          return {
            user: {
              userId: user.id,
              sessionId: null,
              status: user.status,
              via: 'app',
              privateReading: Number(user.private_reading) === 1,
            },
            tokenInvalid: false,
          };
      }
    }
    return ANONYMOUS;
  }

  /**
   * POST /web/user/login and /user/login. Order: throttle (429 / 2002 while this client must wait),
   * under-13 by cookie, credentials (2002), account state (2000–2019), under-13 by the account's
   * birthday, device limit (2003).
   *
   * @param clientAddress the client's address (ADR 015: the web server's visitor over the trusted hop)
   */
  async login(input: {
    email: string;
    password: string;
    clientAddress: string;
    cookies: ConsentCookies;
    client: SessionClient;
  }): Promise<StartedSession> {
    const email = normalizeEmail(input.email);
    await this.deps.throttle.assertAllowed(input.clientAddress, email);
    const now = this.deps.clock.now();
    assertOldEnough(birthdayFromCookies(input.cookies, now), now);

    const user = isValidEmail(email) ? await this.deps.users.findUserByEmail(email) : undefined;
    if (!(await this.checkPassword(user, input.password))) {
      await this.deps.throttle.recordFailure(input.clientAddress, email);
      throw new DomainError(
        ResponseCode.UserLoginFailed,
        'Unable to log in: the email address or password is incorrect.',
      );
    }
    const account = user as UserRow;
    await this.deps.throttle.recordSuccess(input.clientAddress, email);
    const stateError = accountStatusError(account.status);
    if (stateError) throw stateError;
    assertOldEnough(parseBirthday(account.birthday ?? undefined, new Date(now)), now);

    return this.deps.transactions.run((repositories) => this.startSession(repositories, account.id, input.client));
  }

  /**
   * Opens a session inside the caller's transaction. The user's row lock makes concurrent logins of
   * one account count sessions one after the other, so the device limit holds exactly.
   */
  async startSession(
    repositories: TransactionalRepositories,
    userId: number,
    client: SessionClient,
  ): Promise<StartedSession> {
    const now = this.deps.clock.now();
    await repositories.users.lockUser(userId);
    const active = await repositories.sessions.countActiveSessions(userId, now);
    if (active >= this.options.deviceLimit) {
      throw new DomainError(
        ResponseCode.UserConnectDeviceOver,
        `Max number of logged in devices reached (${this.options.deviceLimit}). Log out on another device and try again.`,
      );
    }
    const token = this.deps.crypto.randomToken(32);
    const expiresAt = now + this.options.ttlMs;
    await repositories.sessions.insertSession({
      user_id: userId,
      token_hash: this.deps.crypto.sha256(token),
      device_name: deviceNameOf(client.userAgent),
      platform: client.platform,
      user_agent: client.userAgent.slice(0, 500),
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
    });
    return { token, userId, expiresAt };
  }

  /**
   * POST /web/user/logout and /user/logout: always ends the caller's own session when there is one;
   * `target_user_id` is accepted as sent (ADR 007) and never ends anyone else's session.
   */
  async logout(auth: RequestAuth): Promise<void> {
    if (auth.user?.sessionId != null)
      await this.deps.sessions.revokeSession(auth.user.sessionId, this.deps.clock.now());
  }

  /**
   * POST /web/account/session/revoke: ends one session of the caller's account (a `device_list`
   * entry of GET /account). Another account's session and an unknown id both answer 1001, so the
   * ids of other accounts' sessions cannot be probed; a session of the caller that already ended
   * answers 0, so a replay (or the loser of two concurrent calls) changes nothing and fails nothing.
   * `endedCurrent` tells the route to clear the cookie, as logout does.
   */
  async revokeSession(auth: RequestAuth, sessionId: number): Promise<{ endedCurrent: boolean }> {
    const caller = requireWebSession(auth);
    const session = await this.deps.sessions.findSessionById(sessionId);
    if (!session || session.user_id !== caller.userId) {
      throw new DomainError(
        ResponseCode.InvalidParameter,
        'invalid parameter session_id: no such session on this account',
      );
    }
    await this.deps.sessions.revokeSession(session.id, this.deps.clock.now());
    return { endedCurrent: session.id === caller.sessionId };
  }

  /**
   * POST /web/account/session/revoke_others (logout everywhere else): ends every session of the
   * caller's account but the caller's own, and retires the app signature key, so installations
   * must read the new one through a web session (ADR 015). A web session only: 2011 otherwise.
   */
  async revokeOtherSessions(auth: RequestAuth): Promise<void> {
    const caller = requireWebSession(auth);
    const now = this.deps.clock.now();
    await this.deps.sessions.revokeUserSessions(caller.userId, now, caller.sessionId);
    await this.deps.users.updateUser(caller.userId, { hash_key: this.deps.crypto.randomToken(24), updated_at: now });
  }

  /** Same work for unknown users as for known ones, so response time does not reveal accounts. */
  private async checkPassword(user: UserRow | undefined, password: string): Promise<boolean> {
    if (user?.password_hash) return this.deps.hasher.verifyPassword(user.password_hash, password);
    this.dummyHash ??= this.deps.hasher.hashPassword(this.deps.crypto.randomToken(16));
    await this.deps.hasher.verifyPassword(await this.dummyHash, password);
    return false;
  }
}
