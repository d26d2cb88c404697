// Operator grants for support and tests (ADR 014): points or premium tickets for a reader named by
// e-mail, through WalletService and TicketService, so that a grant is a ledger credit (reason
// operator_grant, the operator's note as its reference) like any other and is logged.
import { normalizeEmail } from '@manga/contracts';
import { FREE_POINT_LIFETIME_MS } from '#src/rules/wallet.rules.ts';
import type { TicketService } from '#src/services/ticket.service.ts';
import type { PointSplit, WalletService } from '#src/services/wallet.service.ts';

const DAY_MS = 86_400_000;
/** A grant larger than this is a typo, not support. */
export const MAX_GRANT_POINTS = 1_000_000;
export const MAX_GRANT_TICKETS = 100;
export const MAX_NOTE_LENGTH = 200;
/** Premium tickets an operator grants last 30 days unless told otherwise. */
export const OPERATOR_TICKET_LIFETIME_DAYS = 30;

export class GrantError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GrantError';
  }
}

export interface GrantUserReader {
  findUserByEmail(email: string): Promise<{ id: number; email: string | null } | undefined>;
}

export interface OperatorGrantServiceOptions {
  users: GrantUserReader;
  wallet: Pick<WalletService, 'grantPoints'>;
  tickets: Pick<TicketService, 'grantPremiumTickets'>;
  clock: { now(): number };
}

export class OperatorGrantService {
  constructor(private readonly options: OperatorGrantServiceOptions) {}

  /**
   * Points for a reader: free points expire after `expiresDays` (default 90), paid ones only when
   * `expiresDays` is given.
   */
  async grantPoints(input: {
    email: string;
    amount: number;
    note: string;
    paid: boolean;
    expiresDays?: number;
  }): Promise<{ userId: number; expiresAt: number | null; balance: PointSplit }> {
    assertWholeNumber(input.amount, 1, MAX_GRANT_POINTS, 'amount');
    const note = input.note.trim();
    if (note === '' || note.length > MAX_NOTE_LENGTH) {
      throw new GrantError(`--reason must be 1–${MAX_NOTE_LENGTH} characters`);
    }
    if (input.expiresDays !== undefined) assertWholeNumber(input.expiresDays, 1, 36_500, '--expires-days');
    const user = await this.findUser(input.email);
    const now = this.options.clock.now();
    const expiresAt =
      input.expiresDays !== undefined
        ? now + input.expiresDays * DAY_MS
        : input.paid
          ? null
          : now + FREE_POINT_LIFETIME_MS.operatorGrant;
    const balance = await this.options.wallet.grantPoints({
      userId: user.id,
      amount: input.amount,
      kind: input.paid ? 'paid' : 'free',
      note,
      expiresAt,
    });
    return { userId: user.id, expiresAt, balance };
  }

  /** Premium tickets for a reader, expiring after `expiresDays` (default 30). */
  async grantPremiumTickets(input: {
    email: string;
    count: number;
    expiresDays?: number;
  }): Promise<{ userId: number; expiresAt: number; held: number }> {
    assertWholeNumber(input.count, 1, MAX_GRANT_TICKETS, '--count');
    const days = input.expiresDays ?? OPERATOR_TICKET_LIFETIME_DAYS;
    assertWholeNumber(days, 1, 3650, '--expires-days');
    const user = await this.findUser(input.email);
    const expiresAt = this.options.clock.now() + days * DAY_MS;
    const held = await this.options.tickets.grantPremiumTickets({ userId: user.id, count: input.count, expiresAt });
    return { userId: user.id, expiresAt, held };
  }

  private async findUser(email: string): Promise<{ id: number }> {
    const user = await this.options.users.findUserByEmail(normalizeEmail(email));
    if (!user) throw new GrantError(`No account with the e-mail address ${email}`);
    return user;
  }
}

function assertWholeNumber(value: number, min: number, max: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new GrantError(`${name} must be a whole number from ${min} to ${max}`);
  }
}
