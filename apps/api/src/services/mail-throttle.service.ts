// Account-mail limits (ADR 015): every request that would mail an address (sign-up, password reset,
// e-mail and password change) counts once for the address and once for the client, in the throttle
// store the login limits use (Redis when configured, else the database). Past either limit the
// request answers 429 with Retry-After and nothing is mailed. A request counts whether or not a
// mail goes out, so the limit itself says nothing about which addresses have accounts.
import { ResponseCode } from '@manga/contracts';
import type { MailKind } from '#src/mail/mail-templates.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { ThrottleEventSummary } from '#src/repositories/throttle-event.repository.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import type { ThrottleEventStore } from '#src/services/login-throttle.service.ts';
import { NO_OUTCOME_EVENTS, type OutcomeEvents } from '#src/services/outcome-events.service.ts';

export interface MailThrottleOptions {
  maxPerAddress: number;
  maxPerClient: number;
  windowMs: number;
}

export function tooManyMailsMessage(minutes: number): string {
  return `Too many e-mails were requested. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

export class MailThrottle {
  constructor(
    private readonly store: ThrottleEventStore,
    private readonly sha256: (value: string) => string,
    private readonly clock: ClockRepository,
    private readonly options: MailThrottleOptions,
    private readonly events: OutcomeEvents = NO_OUTCOME_EVENTS,
  ) {}

  /**
   * Counts one mail request to `address` from `client`, or refuses it (429, Retry-After) when
   * either has reached its limit in the window.
   * @param address the normalised e-mail address the mail would go to
   * @param kind the mail asked for (metrics: a refusal is told as this kind's)
   */
  async admit(address: string, client: string, kind: MailKind): Promise<void> {
    const now = this.clock.now();
    const since = now - this.options.windowMs;
    const keys = { address: this.sha256(`mail-address:${address}`), client: this.sha256(`mail-client:${client}`) };
    const [toAddress, fromClient] = await Promise.all([
      this.store.summarizeEvents('mail_address', keys.address, since),
      this.store.summarizeEvents('mail_client', keys.client, since),
    ]);
    const full = [
      toAddress.count >= this.options.maxPerAddress ? toAddress : undefined,
      fromClient.count >= this.options.maxPerClient ? fromClient : undefined,
    ].filter((summary): summary is ThrottleEventSummary => summary !== undefined);
    if (full.length > 0) {
      const freeAt = Math.max(...full.map((summary) => (summary.oldestAt ?? now) + this.options.windowMs));
      const seconds = Math.max(1, Math.ceil((freeAt - now) / 1000));
      this.events.tell({ event: 'mail', kind, outcome: 'refused' });
      throw new DomainError(ResponseCode.InvalidParameter, tooManyMailsMessage(Math.ceil(seconds / 60)), 429, seconds);
    }
    await this.store.recordEvent('mail_address', keys.address, now, since);
    await this.store.recordEvent('mail_client', keys.client, now, since);
  }
}
