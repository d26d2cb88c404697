// Login rate limit (ADR 007): failed logins counted per IP and per account (e-mail) in a sliding
// window, in Redis or the database so that every API process shares them. When either count
// reaches its limit, logins from that IP or for that account answer 2002 with HTTP 429 and say
// when to try again, before the password is even checked.
import { ResponseCode } from '@manga/contracts';
import type { LoginFailureScope } from '#src/db/schema.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { LoginFailureSummary } from '#src/repositories/login-failure.repository.ts';
import { DomainError } from '#src/rules/domain.error.ts';

export interface LoginFailureStore {
  recordFailure(scope: LoginFailureScope, keyHash: string, now: number, windowStart: number): Promise<void>;
  summarizeFailures(scope: LoginFailureScope, keyHash: string, since: number): Promise<LoginFailureSummary>;
  clearFailures(scope: LoginFailureScope, keyHash: string): Promise<void>;
}

export interface LoginThrottleOptions {
  maxFailuresPerAccount: number;
  maxFailuresPerIp: number;
  windowMs: number;
}

export function tooManyAttemptsMessage(minutes: number): string {
  return `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

export class LoginThrottle {
  constructor(
    private readonly store: LoginFailureStore,
    private readonly sha256: (value: string) => string,
    private readonly clock: ClockRepository,
    private readonly options: LoginThrottleOptions,
  ) {}

  private keys(ip: string, email: string) {
    return { ip: this.sha256(`ip:${ip}`), account: this.sha256(`account:${email}`) };
  }

  /** Throws 2002 / HTTP 429 while the IP or the account is over its limit. */
  async assertAllowed(ip: string, email: string): Promise<void> {
    const now = this.clock.now();
    const since = now - this.options.windowMs;
    const keys = this.keys(ip, email);
    const [byIp, byAccount] = await Promise.all([
      this.store.summarizeFailures('ip', keys.ip, since),
      this.store.summarizeFailures('account', keys.account, since),
    ]);
    const blocked = [
      byIp.count >= this.options.maxFailuresPerIp ? byIp : undefined,
      byAccount.count >= this.options.maxFailuresPerAccount ? byAccount : undefined,
    ].filter((s): s is LoginFailureSummary => s !== undefined);
    if (blocked.length === 0) return;
    const retryAt = Math.max(...blocked.map((s) => (s.oldestAt ?? now) + this.options.windowMs));
    const minutes = Math.max(1, Math.ceil((retryAt - now) / 60_000));
    throw new DomainError(ResponseCode.UserLoginFailed, tooManyAttemptsMessage(minutes), 429);
  }

  async recordFailure(ip: string, email: string): Promise<void> {
    const now = this.clock.now();
    const windowStart = now - this.options.windowMs;
    const keys = this.keys(ip, email);
    await this.store.recordFailure('ip', keys.ip, now, windowStart);
    await this.store.recordFailure('account', keys.account, now, windowStart);
  }

  /** A successful login forgives the account's failures (not the IP's). */
  async recordSuccess(email: string): Promise<void> {
    await this.store.clearFailures('account', this.sha256(`account:${email}`));
  }
}
