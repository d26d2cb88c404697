// Who is calling (resolved once per request by plugins/auth.plugin.ts) and the checks every account
// service starts with (architecture habit 4: authorise first, in the service).
import { ResponseCode } from '@manga/contracts';
import type { UserStatus } from '#src/db/schema.ts';
import { DomainError } from '#src/rules/domain.error.ts';

export interface AuthUser {
  userId: number;
  /** The web session (`uwt`) in use; null when the app signature identified the user. */
  sessionId: number | null;
  status: UserStatus;
  via: 'web' | 'app';
  /** Private reading is on (ADR 044): nothing of this reader's reads is recorded. */
  privateReading?: boolean;
  /** The web session's device name (ADR 044); undefined for the app signature. */
  deviceName?: string;
  /** When the web session ends (epoch ms); undefined for the app signature. */
  sessionExpiresAt?: number;
}

export interface RequestAuth {
  user: AuthUser | null;
  /** A `uwt` cookie was sent but is unknown, revoked or expired (1101 when login is required). */
  tokenInvalid: boolean;
}

export const ANONYMOUS: RequestAuth = Object.freeze({ user: null, tokenInvalid: false });

/** Account states and their codes (product §8, ADR 007); undefined for an active account. */
export function accountStatusError(status: UserStatus): DomainError | undefined {
  switch (status) {
    case 'active':
      return undefined;
    case 'not_active':
      return new DomainError(ResponseCode.AccountNotActive);
    case 'resigned':
      return new DomainError(ResponseCode.AccountResigned);
    case 'banned':
      return new DomainError(ResponseCode.AccountBanned);
    case 'suspended':
      return new DomainError(ResponseCode.AccountSuspended);
    case 'term_violation':
      return new DomainError(ResponseCode.AccountTermViolation);
    case 'access_denied':
      return new DomainError(ResponseCode.AccountAccessDenied);
  }
}

/** The logged-in user: 1101 for a dead `uwt` cookie, 2011 without one. */
export function requireLogin(auth: RequestAuth): AuthUser {
  if (auth.user) return auth.user;
  throw new DomainError(auth.tokenInvalid ? ResponseCode.WebTokenInvalid : ResponseCode.UserNotLogin);
}

/** The logged-in user whose account is active; otherwise the code of its state. */
export function requireActiveUser(auth: RequestAuth): AuthUser {
  const user = requireLogin(auth);
  const error = accountStatusError(user.status);
  if (error) throw error;
  return user;
}

/**
 * The active user of a web session (`uwt`), not one proven by the app signature only (2011): an app
 * signature has no time and no nonce (wire §2.3), so a captured one can be replayed; what it
 * proves is "someone once saw a request of this user", not "this user is here now" (ADR 015).
 */
export function requireWebSession(auth: RequestAuth): AuthUser & { sessionId: number } {
  const user = requireActiveUser(auth);
  if (user.via !== 'web' || user.sessionId === null) throw new DomainError(ResponseCode.UserNotLogin);
  return { ...user, sessionId: user.sessionId };
}
