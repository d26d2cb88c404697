// What became of the purchases, checkouts and mails of this process, told to whoever listens (the
// metrics plugin, issue 25), as the job scheduler tells its runs. Services never import prom-client:
// they tell an outcome here. An event holds kinds and outcome classes only, never an id or an address.
import { ResponseCode } from '@manga/contracts';
import type { MailKind } from '#src/mail/mail-templates.ts';
import { isDomainError } from '#src/rules/domain.error.ts';

/** One episode, several at once, a magazine issue, or an episode rented with a ticket. */
export type PurchaseKind = 'episode' | 'episodes' | 'magazine' | 'ticket_rental';
export type CheckoutKind = 'point_pack' | 'subscription';
/** A token or notice mail of the accounts (their template), or a new-chapter alert. */
export type MailEventKind = MailKind | 'chapter_alert';

/**
 * `done`, the class of a refusal (a DomainError: what the reader can change or must be told), or
 * `failed` (anything else: a fault of ours or of a dependency).
 */
export type RefusalClass =
  | 'account'
  | 'rating'
  | 'not_found'
  | 'not_for_sale'
  | 'already_owned'
  | 'points_short'
  | 'price_changed'
  | 'tickets_short'
  | 'plan_exists'
  | 'invalid'
  | 'refused';
export type Outcome = 'done' | RefusalClass | 'failed';

/** sent; refused by the mail limits (ADR 015); failed: the SMTP server or the outbox did not take it. */
export type MailOutcome = 'sent' | 'refused' | 'failed';

export type OutcomeEvent =
  | { readonly event: 'purchase'; readonly kind: PurchaseKind; readonly outcome: Outcome }
  | { readonly event: 'checkout'; readonly kind: CheckoutKind; readonly outcome: Outcome }
  | { readonly event: 'mail'; readonly kind: MailEventKind; readonly outcome: MailOutcome };

export type OutcomeListener = (event: OutcomeEvent) => void;

const REFUSALS: ReadonlyMap<number, RefusalClass> = new Map([
  [ResponseCode.AccountAccessDenied, 'rating'],
  [ResponseCode.TitleNotFound, 'not_found'],
  [ResponseCode.EpisodeNotFound, 'not_found'],
  [ResponseCode.EpisodeCannotBuy, 'not_for_sale'],
  [ResponseCode.EpisodeCannotRent, 'not_for_sale'],
  [ResponseCode.EpisodeAlreadyPurchased, 'already_owned'],
  [ResponseCode.PointShortage, 'points_short'],
  [ResponseCode.PriceMismatch, 'price_changed'],
  [ResponseCode.TicketShortage, 'tickets_short'],
  [ResponseCode.PlanAlreadySubscribed, 'plan_exists'],
  [ResponseCode.PlanCheckoutOpen, 'plan_exists'],
  [ResponseCode.InvalidParameter, 'invalid'],
]);

/** The outcome class of a thrown error: a few stable label values, whatever the code. */
export function outcomeOf(error: unknown): Outcome {
  if (!isDomainError(error)) return 'failed';
  const known = REFUSALS.get(error.code);
  if (known) return known;
  // 2000–2099: not logged in, not active, banned, suspended…: the account may not buy.
  return error.code >= 2000 && error.code < 2100 ? 'account' : 'refused';
}

export class OutcomeEvents {
  private readonly listeners: OutcomeListener[] = [];

  on(listener: OutcomeListener): void {
    this.listeners.push(listener);
  }

  tell(event: OutcomeEvent): void {
    // A listener's fault is not the purchase's: it must not turn a done purchase into an error.
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // ignored (metrics only)
      }
    }
  }

  /** Runs `work` and tells its outcome: `done`, or the class of what it threw (rethrown). */
  async track<T>(
    event: { event: 'purchase'; kind: PurchaseKind } | { event: 'checkout'; kind: CheckoutKind },
    work: () => Promise<T>,
  ): Promise<T> {
    try {
      const result = await work();
      this.tell({ ...event, outcome: 'done' });
      return result;
    } catch (error) {
      this.tell({ ...event, outcome: outcomeOf(error) });
      throw error;
    }
  }

  /** Sends one mail of `kind` through `send` and tells sent or failed. */
  async mail<T>(kind: MailEventKind, send: () => Promise<T>): Promise<T> {
    try {
      const result = await send();
      this.tell({ event: 'mail', kind, outcome: 'sent' });
      return result;
    } catch (error) {
      this.tell({ event: 'mail', kind, outcome: 'failed' });
      throw error;
    }
  }
}

/** For services built without listeners (unit tests, scripts): tells no one. */
export const NO_OUTCOME_EVENTS = new OutcomeEvents();
