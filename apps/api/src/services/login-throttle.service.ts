// Password-check throttle (ADR 015): failed logins and failed current-password checks are counted
// per (account, client) and per client in a sliding window, in Redis or the database so that every
// API process shares them. Past a number of free failures, every further check of that pair (or
// from that client) waits a delay that doubles with each failure, capped: the check answers 2002
// with HTTP 429 and Retry-After until then, before the password is looked at. Nobody is locked out:
// the owner with the right password from another client is not slowed at all, and on the same client
// waits at most the cap. A success forgives the pair's failures (never the client's).
import { ResponseCode } from '@manga/contracts';
import type { ThrottleScope } from '#src/db/schema.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { ThrottleEventSummary } from '#src/repositories/throttle-event.repository.ts';
import { DomainError } from '#src/rules/domain.error.ts';

export interface ThrottleEventStore {
  recordEvent(scope: ThrottleScope, keyHash: string, now: number, windowStart: number): Promise<void>;
  summarizeEvents(scope: ThrottleScope, keyHash: string, since: number): Promise<ThrottleEventSummary>;
  clearEvents(scope: ThrottleScope, keyHash: string): Promise<void>;
}

export interface LoginThrottleOptions {
  /** Failures of one (account, client) pair before its checks are delayed. */
  failuresBeforeDelay: number;
  /** Failures from one client, on any account, before its checks are delayed. */
  clientFailuresBeforeDelay: number;
  /** The longest delay. */
  maxDelayMs: number;
  windowMs: number;
}

/** The delay after the first failure past the free ones; each further failure doubles it. */
export const FIRST_DELAY_MS = 1000;

/** How long a check must wait after the latest of `count` failures, `free` of them without delay. */
export function delayAfterFailures(count: number, free: number, maxDelayMs: number): number {
  if (count <= free) return 0;
  return Math.min(maxDelayMs, FIRST_DELAY_MS * 2 ** Math.min(count - free - 1, 30));
}

/** "try again in 5 seconds", "… in 3 minutes" (from two minutes on). */
export function tooManyAttemptsMessage(seconds: number): string {
  if (seconds < 120)
    return `Too many failed attempts. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Too many failed attempts. Please try again in ${minutes} minutes.`;
}

export class LoginThrottle {
  constructor(
    private readonly store: ThrottleEventStore,
    private readonly sha256: (value: string) => string,
    private readonly clock: ClockRepository,
    private readonly options: LoginThrottleOptions,
  ) {}

  private keys(client: string, account: string) {
    return {
      client: this.sha256(`client:${client}`),
      pair: this.sha256(`account-client:${account}\n${client}`),
    };
  }

  /**
   * Throws 2002 / HTTP 429 with Retry-After while the pair or the client must wait.
   * @param account the normalised e-mail address the password is checked for
   */
  async assertAllowed(client: string, account: string): Promise<void> {
    const now = this.clock.now();
    const since = now - this.options.windowMs;
    const keys = this.keys(client, account);
    const [pair, byClient] = await Promise.all([
      this.store.summarizeEvents('login_account_client', keys.pair, since),
      this.store.summarizeEvents('login_client', keys.client, since),
    ]);
    const readyAt = Math.max(
      this.readyAt(pair, this.options.failuresBeforeDelay),
      this.readyAt(byClient, this.options.clientFailuresBeforeDelay),
    );
    if (readyAt <= now) return;
    const seconds = Math.max(1, Math.ceil((readyAt - now) / 1000));
    throw new DomainError(ResponseCode.UserLoginFailed, tooManyAttemptsMessage(seconds), 429, seconds);
  }

  async recordFailure(client: string, account: string): Promise<void> {
    const now = this.clock.now();
    const windowStart = now - this.options.windowMs;
    const keys = this.keys(client, account);
    await this.store.recordEvent('login_account_client', keys.pair, now, windowStart);
    await this.store.recordEvent('login_client', keys.client, now, windowStart);
  }

  /** A right password forgives the pair's failures (not the client's: that would let a guesser reset them). */
  async recordSuccess(client: string, account: string): Promise<void> {
    await this.store.clearEvents('login_account_client', this.keys(client, account).pair);
  }

  private readyAt(summary: ThrottleEventSummary, free: number): number {
    if (summary.latestAt === null) return 0;
    return summary.latestAt + delayAfterFailures(summary.count, free, this.options.maxDelayMs);
  }
}
