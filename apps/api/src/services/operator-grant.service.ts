// Operator grants for support and tests (ADR 014, ADR 063): points or premium tickets for a reader
// named by e-mail (`npm run points`) or by account (the support console), through WalletService and
// TicketService, so that a grant is a ledger credit (reason operator_grant, the operator's note as
// its reference) like any other. Each grant writes its audit row (who, what, before, after) in the
// same transaction; a console grant carries its form's request key there, so a form sent twice
// grants once.
import { AuditAction, AuditTarget, normalizeEmail } from '@manga/contracts';
import type { NewAuditLog } from '#src/db/schema.ts';
import type { AuditLogRepository } from '#src/repositories/audit-log.repository.ts';
import { DuplicateRequestKeyError } from '#src/rules/conflict.error.ts';
import { FREE_POINT_LIFETIME_MS } from '#src/rules/wallet.rules.ts';
import type { TicketService, TicketStore } from '#src/services/ticket.service.ts';
import type { PointSplit, WalletService, WalletStore } from '#src/services/wallet.service.ts';

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

export interface GrantUserSource {
  findUserByEmail(email: string): Promise<{ id: number; email: string | null } | undefined>;
  findUserById(id: number): Promise<{ id: number; email: string | null } | undefined>;
}

/** The writes of one grant, bound to its transaction. */
export interface GrantStores {
  wallet: WalletStore;
  tickets: Pick<TicketStore, 'insertPremiumTickets' | 'listUsablePremiumTickets'>;
  auditLog: Pick<AuditLogRepository, 'insertAuditLog' | 'findAuditByRequestKey'>;
}

export interface GrantTransactions {
  run<T>(work: (stores: GrantStores) => Promise<T>): Promise<T>;
}

export interface OperatorGrantServiceOptions {
  users: GrantUserSource;
  wallet: Pick<WalletService, 'grantPointsIn'>;
  tickets: Pick<TicketService, 'grantOperatorTicketsIn'>;
  transactions: GrantTransactions;
  clock: { now(): number };
}

/** Who grants: a staff member in the console (with the form's request key), or the server's command line. */
export type GrantActor = { via: 'console'; userId: number; requestKey: string } | { via: 'cli' };

/** The reader: by e-mail address (the command line) or by account id (the console). */
export type GrantReader = { email: string } | { userId: number };

export interface PointGrantResult {
  userId: number;
  expiresAt: number | null;
  balance: PointSplit;
  /** True when this request key had granted already: nothing was granted this time. */
  repeated: boolean;
}

export interface TicketGrantResult {
  userId: number;
  expiresAt: number;
  held: number;
  repeated: boolean;
}

export class OperatorGrantService {
  constructor(private readonly options: OperatorGrantServiceOptions) {}

  /**
   * Points for a reader: free points expire after `expiresDays` (default 90), paid ones only when
   * `expiresDays` is given.
   */
  async grantPoints(
    input: GrantReader & { amount: number; note: string; paid: boolean; expiresDays?: number },
    actor: GrantActor = { via: 'cli' },
  ): Promise<PointGrantResult> {
    assertWholeNumber(input.amount, 1, MAX_GRANT_POINTS, 'amount');
    const note = checkNote(input.note);
    if (input.expiresDays !== undefined) assertWholeNumber(input.expiresDays, 1, 36_500, '--expires-days');
    const user = await this.findUser(input);
    const now = this.options.clock.now();
    const expiresAt =
      input.expiresDays !== undefined
        ? now + input.expiresDays * DAY_MS
        : input.paid
          ? null
          : now + FREE_POINT_LIFETIME_MS.operatorGrant;
    const kind = input.paid ? 'paid' : 'free';
    const outcome = await this.once(actor, user.id, AuditAction.ReaderGrantPoints, async (stores) => {
      const { before, after } = await this.options.wallet.grantPointsIn(
        stores.wallet,
        { userId: user.id, amount: input.amount, kind, note, expiresAt },
        now,
      );
      const detail = { via: actor.via, kind, amount: input.amount, expires_at: expiresAt, before, after };
      await stores.auditLog.insertAuditLog(audit(actor, AuditAction.ReaderGrantPoints, user.id, note, detail, now));
      return after;
    });
    if (outcome.repeated) {
      const prior = JSON.parse(outcome.prior.detail) as { after: PointSplit; expires_at: number | null };
      return { userId: user.id, expiresAt: prior.expires_at, balance: prior.after, repeated: true };
    }
    return { userId: user.id, expiresAt, balance: outcome.value, repeated: false };
  }

  /** Premium tickets for a reader, expiring after `expiresDays` (default 30). */
  async grantPremiumTickets(
    input: GrantReader & { count: number; expiresDays?: number; note?: string },
    actor: GrantActor = { via: 'cli' },
  ): Promise<TicketGrantResult> {
    assertWholeNumber(input.count, 1, MAX_GRANT_TICKETS, '--count');
    const days = input.expiresDays ?? OPERATOR_TICKET_LIFETIME_DAYS;
    assertWholeNumber(days, 1, 3650, '--expires-days');
    const note = input.note === undefined && actor.via === 'cli' ? '' : checkNote(input.note ?? '');
    const user = await this.findUser(input);
    const now = this.options.clock.now();
    const expiresAt = now + days * DAY_MS;
    const outcome = await this.once(actor, user.id, AuditAction.ReaderGrantTickets, async (stores) => {
      const { before, after } = await this.options.tickets.grantOperatorTicketsIn(
        { wallet: stores.wallet, tickets: stores.tickets },
        { userId: user.id, count: input.count, expiresAt },
        now,
      );
      const detail = { via: actor.via, count: input.count, expires_at: expiresAt, before, after };
      await stores.auditLog.insertAuditLog(audit(actor, AuditAction.ReaderGrantTickets, user.id, note, detail, now));
      return after;
    });
    if (outcome.repeated) {
      const prior = JSON.parse(outcome.prior.detail) as { after: number; expires_at: number };
      return { userId: user.id, expiresAt: prior.expires_at, held: prior.after, repeated: true };
    }
    return { userId: user.id, expiresAt, held: outcome.value, repeated: false };
  }

  /**
   * Runs a grant once per request key: a key already recorded (before, or by a concurrent request
   * whose audit row won the unique key) answers with that grant's row and grants nothing.
   */
  private async once<T>(
    actor: GrantActor,
    userId: number,
    action: AuditAction,
    work: (stores: GrantStores) => Promise<T>,
  ): Promise<{ repeated: false; value: T } | { repeated: true; prior: { detail: string } }> {
    const key = actor.via === 'console' ? actor.requestKey : undefined;
    const priorOf = async (
      find: (key: string) => Promise<{ detail: string; target_id: number; action: string } | undefined>,
    ) => {
      const prior = key === undefined ? undefined : await find(key);
      if (prior && (prior.target_id !== userId || prior.action !== action)) {
        throw new GrantError('request_key was used for another grant');
      }
      return prior;
    };
    try {
      return await this.options.transactions.run(async (stores) => {
        const prior = await priorOf((k) => stores.auditLog.findAuditByRequestKey(k));
        if (prior) return { repeated: true as const, prior };
        return { repeated: false as const, value: await work(stores) };
      });
    } catch (error) {
      if (!(error instanceof DuplicateRequestKeyError)) throw error;
      const prior = await this.options.transactions.run((stores) =>
        priorOf((k) => stores.auditLog.findAuditByRequestKey(k)),
      );
      if (!prior) throw error;
      return { repeated: true, prior };
    }
  }

  private async findUser(reader: GrantReader): Promise<{ id: number }> {
    const user =
      'email' in reader
        ? await this.options.users.findUserByEmail(normalizeEmail(reader.email))
        : await this.options.users.findUserById(reader.userId);
    if (!user) {
      throw new GrantError(
        'email' in reader ? `No account with the e-mail address ${reader.email}` : 'No such account',
      );
    }
    return user;
  }
}

function checkNote(raw: string): string {
  const note = raw.trim();
  if (note === '' || note.length > MAX_NOTE_LENGTH)
    throw new GrantError(`reason must be 1–${MAX_NOTE_LENGTH} characters`);
  return note;
}

function assertWholeNumber(value: number, min: number, max: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new GrantError(`${name} must be a whole number from ${min} to ${max}`);
  }
}

function audit(
  actor: GrantActor,
  action: AuditAction,
  userId: number,
  reason: string,
  detail: object,
  now: number,
): NewAuditLog {
  return {
    actor_user_id: actor.via === 'console' ? actor.userId : null,
    action,
    target_type: AuditTarget.User,
    target_id: userId,
    reason,
    detail: JSON.stringify(detail),
    created_at: now,
    request_key: actor.via === 'console' ? actor.requestKey : null,
  };
}
