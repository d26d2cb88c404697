// The one owner of points (ADR 014): balances, spending, credits, expiry and the ledger's history.
// Purchase, ticket and bonus services change a wallet only through an OpenWallet, which they get from
// `open()` inside their own transaction, so that a debit and what it pays for commit together.
//
// Invariants, on every commit: per reader and kind, sum(ledger.delta) = point_balance = sum(lots'
// remaining). Spending takes lots free-first, earliest expiry first; the balance is taken by one
// conditional update; a lot past its expiry leaves through an `expired` entry, never silently.
import { type AccountPointResponse, PointReason, ResponseCode } from '@manga/contracts';
import type { NewLedgerEntry } from '#src/repositories/wallet.repository.ts';
import { type RequestAuth, requireActiveUser } from '#src/rules/auth.rules.ts';
import { earliestOf } from '#src/rules/change-time.rules.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import {
  allocateSpend,
  firstLotExpiryAfter,
  isDue,
  type LotTake,
  type PointLot,
  spendableBalance,
  sumByKind,
} from '#src/rules/wallet.rules.ts';
import { formatWireTime } from '#src/rules/wire-calendar.rules.ts';
import type { JobOutcome } from '#src/services/job-scheduler.service.ts';

export type { PointLot } from '#src/rules/wallet.rules.ts';

/** The writes a wallet needs, bound to the caller's transaction. */
export interface WalletStore {
  lockWallet(userId: number, now: number): Promise<void>;
  listOpenLots(userId: number): Promise<PointLot[]>;
  addToBalance(userId: number, add: PointSplit, now: number): Promise<void>;
  takeFromBalance(userId: number, take: PointSplit, now: number): Promise<boolean>;
  takeFromLot(lotId: number, amount: number): Promise<boolean>;
  insertLedgerEntries(entries: readonly NewLedgerEntry[]): Promise<number[]>;
}

export interface WalletTransactions {
  run<T>(work: (stores: { wallet: WalletStore }) => Promise<T>): Promise<T>;
}

export interface WalletSource {
  listOpenLots(userId: number): Promise<PointLot[]>;
  listUsersWithDueLots(now: number, limit: number): Promise<number[]>;
}

export interface PremiumTicketCounter {
  listUsablePremiumTickets(userId: number, now: number): Promise<{ id: number; expires_at: number }[]>;
}

export interface PointSplit {
  paid_point: number;
  free_point: number;
}

/** One thing paid for: its price and what the ledger entries point at. */
export interface SpendItem {
  amount: number;
  reason: string;
  referenceType: string;
  referenceId: string;
  /** Makes a second debit for the same thing impossible (unique per kind). */
  idempotencyKey?: string;
}

export interface Credit {
  kind: 'paid' | 'free';
  amount: number;
  reason: string;
  referenceType: string;
  referenceId: string;
  /** Epoch ms; null: never expires. */
  expiresAt: number | null;
  idempotencyKey?: string;
}

/** Points an operator gives a reader: a lot of one kind, with the operator's note as its reference. */
export interface OperatorPointGrant {
  userId: number;
  amount: number;
  kind: 'paid' | 'free';
  note: string;
  /** Epoch ms; null: never expires. */
  expiresAt: number | null;
}

export interface WalletLog {
  info(details: object, message: string): void;
}

/** Due owners handled per pass of ExpirePoints, and passes per run. */
const EXPIRY_BATCH = 200;
const EXPIRY_MAX_PASSES = 50;

export const EXPIRE_POINTS = 'ExpirePoints';

/** The ledger disagrees with the balance: a bug, never a reader's mistake (500 / 1099). */
export class LedgerOutOfStepError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerOutOfStepError';
  }
}

/**
 * A reader's wallet inside one transaction, after its lock is held and its due lots have expired.
 * Spends and credits write the ledger, the lots and the balance together.
 */
export class OpenWallet {
  private constructor(
    private readonly store: WalletStore,
    readonly userId: number,
    private readonly lots: PointLot[],
    private readonly now: number,
  ) {}

  static async open(store: WalletStore, userId: number, now: number): Promise<OpenWallet> {
    await store.lockWallet(userId, now);
    const lots = await store.listOpenLots(userId);
    const wallet = new OpenWallet(store, userId, lots, now);
    await wallet.expireDueLots();
    return wallet;
  }

  balance(): PointSplit {
    return spendableBalance(this.lots, this.now);
  }

  total(): number {
    const { paid_point, free_point } = this.balance();
    return paid_point + free_point;
  }

  /** How much of each kind `amount` would take now, or undefined when short. */
  preview(amount: number): PointSplit | undefined {
    const takes = allocateSpend(this.lots, amount, this.now);
    return takes ? sumByKind(takes) : undefined;
  }

  /**
   * Pays for every item or for none: 3110 when the lots hold too little. One conditional balance
   * update for the total, one update per lot touched, one ledger insert. Returns each item's split.
   */
  async spend(items: readonly SpendItem[]): Promise<PointSplit[]> {
    const working = this.lots.map((lot) => ({ ...lot }));
    const perItem: LotTake[][] = [];
    for (const item of items) {
      const takes = allocateSpend(working, item.amount, this.now);
      if (!takes) throw new DomainError(ResponseCode.PointShortage);
      for (const take of takes) {
        const lot = working.find((l) => l.id === take.lotId);
        if (lot) lot.remaining -= take.amount;
      }
      perItem.push(takes);
    }
    const all = perItem.flat();
    if (all.length === 0) return items.map(() => ({ paid_point: 0, free_point: 0 }));
    if (!(await this.store.takeFromBalance(this.userId, sumByKind(all), this.now))) {
      throw new DomainError(ResponseCode.PointShortage);
    }
    const byLot = new Map<number, number>();
    for (const take of all) byLot.set(take.lotId, (byLot.get(take.lotId) ?? 0) + take.amount);
    for (const [lotId, amount] of byLot) {
      if (!(await this.store.takeFromLot(lotId, amount))) {
        throw new LedgerOutOfStepError(`lot ${lotId} holds less than ${amount}`);
      }
    }
    const entries = items.flatMap((item, index) => this.debitEntries(item, sumByKind(perItem[index] ?? [])));
    await this.store.insertLedgerEntries(entries);
    for (const lot of this.lots) lot.remaining = working.find((l) => l.id === lot.id)?.remaining ?? lot.remaining;
    return perItem.map((takes) => sumByKind(takes));
  }

  /** Adds a lot: a ledger credit and the balance. */
  async credit(credit: Credit): Promise<void> {
    if (!Number.isSafeInteger(credit.amount) || credit.amount <= 0) {
      throw new RangeError(`a credit must be a positive integer: ${credit.amount}`);
    }
    const add =
      credit.kind === 'paid'
        ? { paid_point: credit.amount, free_point: 0 }
        : { paid_point: 0, free_point: credit.amount };
    await this.store.addToBalance(this.userId, add, this.now);
    const [id] = await this.store.insertLedgerEntries([
      {
        user_id: this.userId,
        kind: credit.kind,
        delta: credit.amount,
        remaining: credit.amount,
        reason: credit.reason,
        reference_type: credit.referenceType,
        reference_id: credit.referenceId,
        idempotency_key: credit.idempotencyKey ?? null,
        expires_at: credit.expiresAt,
        created_at: this.now,
      },
    ]);
    if (id === undefined) throw new LedgerOutOfStepError('credit not recorded');
    this.lots.push({ id, kind: credit.kind, remaining: credit.amount, expires_at: credit.expiresAt });
  }

  /**
   * Takes back up to `amount` points from the given lots (a refund or a lost dispute, ADR 019): only
   * what is left of them, never points of other lots. One debit entry per kind. Returns what it took.
   */
  async reclaim(
    lotIds: readonly number[],
    amount: number,
    entry: { reason: string; referenceType: string; referenceId: string; idempotencyKey: string },
  ): Promise<number> {
    let left = amount;
    const takes: LotTake[] = [];
    for (const lot of this.lots) {
      if (left <= 0) break;
      if (!lotIds.includes(lot.id) || lot.remaining <= 0) continue;
      const take = Math.min(lot.remaining, left);
      takes.push({ lotId: lot.id, kind: lot.kind, amount: take });
      left -= take;
    }
    if (takes.length === 0) return 0;
    const split = sumByKind(takes);
    if (!(await this.store.takeFromBalance(this.userId, split, this.now))) {
      throw new LedgerOutOfStepError(`balance of user ${this.userId} holds less than its lots`);
    }
    for (const take of takes) {
      if (!(await this.store.takeFromLot(take.lotId, take.amount))) {
        throw new LedgerOutOfStepError(`lot ${take.lotId} holds less than ${take.amount}`);
      }
      const lot = this.lots.find((l) => l.id === take.lotId);
      if (lot) lot.remaining -= take.amount;
    }
    await this.store.insertLedgerEntries(this.debitEntries({ amount: amount - left, ...entry }, split));
    return amount - left;
  }

  /** Due lots leave through an `expired` entry each (idempotent per lot), with the balance. */
  private async expireDueLots(): Promise<number> {
    const due = this.lots.filter((lot) => lot.remaining > 0 && isDue(lot, this.now));
    if (due.length === 0) return 0;
    const take = sumByKind(due.map((lot) => ({ lotId: lot.id, kind: lot.kind, amount: lot.remaining })));
    if (!(await this.store.takeFromBalance(this.userId, take, this.now))) {
      throw new LedgerOutOfStepError(`balance of user ${this.userId} holds less than its due lots`);
    }
    for (const lot of due) {
      if (!(await this.store.takeFromLot(lot.id, lot.remaining))) {
        throw new LedgerOutOfStepError(`lot ${lot.id} changed while expiring`);
      }
    }
    await this.store.insertLedgerEntries(
      due.map((lot) => ({
        user_id: this.userId,
        kind: lot.kind,
        delta: -lot.remaining,
        reason: PointReason.Expired,
        reference_type: 'point_lot',
        reference_id: String(lot.id),
        idempotency_key: `expired:${lot.id}`,
        expires_at: lot.expires_at,
        created_at: this.now,
      })),
    );
    for (const lot of due) lot.remaining = 0;
    return due.length;
  }

  private debitEntries(item: SpendItem, split: PointSplit): NewLedgerEntry[] {
    return (['free', 'paid'] as const).flatMap((kind) => {
      const amount = kind === 'paid' ? split.paid_point : split.free_point;
      if (amount === 0) return [];
      return [
        {
          user_id: this.userId,
          kind,
          delta: -amount,
          reason: item.reason,
          reference_type: item.referenceType,
          reference_id: item.referenceId,
          idempotency_key: item.idempotencyKey ? `${item.idempotencyKey}:${kind}` : null,
          expires_at: null,
          created_at: this.now,
        },
      ];
    });
  }
}

export interface WalletServiceOptions {
  wallets: WalletSource;
  transactions: WalletTransactions;
  premiumTickets: PremiumTicketCounter;
  clock: { now(): number };
  timeZone: string;
  log?: WalletLog;
}

export class WalletService {
  constructor(private readonly options: WalletServiceOptions) {}

  /** The reader's wallet inside the caller's transaction (locks it and expires its due lots). */
  open(store: WalletStore, userId: number, now: number): Promise<OpenWallet> {
    return OpenWallet.open(store, userId, now);
  }

  /** Spendable points of a reader now (due lots excluded), without writing. */
  async getBalance(userId: number, now: number): Promise<PointSplit> {
    return spendableBalance(await this.options.wallets.listOpenLots(userId), now);
  }

  /** GET /account/point (wire §3.4): balances and premium tickets, first to expire first. */
  async getAccountPoint(
    auth: RequestAuth,
  ): Promise<Omit<AccountPointResponse, 'status' | 'response_code' | 'error_message'>> {
    return (await this.getAccountPointAndChange(auth)).answer;
  }

  /**
   * GET /account/point's answer, and the first moment after now when it changes by the clock alone
   * (ADR 083): a lot of points or a premium ticket expires. undefined when nothing will.
   */
  async getAccountPointAndChange(auth: RequestAuth): Promise<{
    answer: Omit<AccountPointResponse, 'status' | 'response_code' | 'error_message'>;
    changesAt: number | undefined;
  }> {
    const user = requireActiveUser(auth);
    const now = this.options.clock.now();
    const [lots, tickets] = await Promise.all([
      this.options.wallets.listOpenLots(user.userId),
      this.options.premiumTickets.listUsablePremiumTickets(user.userId, now),
    ]);
    const balance = spendableBalance(lots, now);
    return {
      answer: {
        point: { ...balance, point_sale_text: null, point_sale_finish_datetime: null },
        ticket: {
          total_num: tickets.length,
          detail_list: tickets.map((ticket) => ({
            expired: formatWireTime(ticket.expires_at, this.options.timeZone),
            expire_second: Math.max(0, Math.ceil((ticket.expires_at - now) / 1000)),
          })),
        },
      },
      changesAt: earliestOf(firstLotExpiryAfter(lots, now), tickets[0]?.expires_at),
    };
  }

  /**
   * Operator grant (`npm run points -- grant`, the support console): a lot of paid or free points with
   * a reason, through the same ledger. Returns the balance after it.
   */
  async grantPoints(input: OperatorPointGrant): Promise<PointSplit> {
    const now = this.options.clock.now();
    const { after } = await this.options.transactions.run(({ wallet }) => this.grantPointsIn(wallet, input, now));
    return after;
  }

  /** The operator grant inside the caller's transaction: the balance before and after it. */
  async grantPointsIn(
    store: WalletStore,
    input: OperatorPointGrant,
    now: number,
  ): Promise<{ before: PointSplit; after: PointSplit }> {
    const wallet = await this.open(store, input.userId, now);
    const before = wallet.balance();
    await wallet.credit({
      kind: input.kind,
      amount: input.amount,
      reason: PointReason.OperatorGrant,
      referenceType: 'operator',
      referenceId: input.note,
      expiresAt: input.expiresAt,
    });
    this.options.log?.info(
      { userId: input.userId, amount: input.amount, kind: input.kind, expiresAt: input.expiresAt },
      'Operator granted points',
    );
    return { before, after: wallet.balance() };
  }

  /** Whether any lot is due now (ExpirePoints runs at start then). */
  async hasDueLots(): Promise<boolean> {
    return (await this.options.wallets.listUsersWithDueLots(this.options.clock.now(), 1)).length > 0;
  }

  /**
   * Job ExpirePoints: every reader with a due lot gets its `expired` entries, one transaction per
   * reader. Idempotent: expired lots hold nothing, and each lot's entry has a unique key.
   */
  async handleExpirePoints(): Promise<JobOutcome> {
    const now = this.options.clock.now();
    let readers = 0;
    for (let pass = 0; pass < EXPIRY_MAX_PASSES; pass++) {
      const due = await this.options.wallets.listUsersWithDueLots(now, EXPIRY_BATCH);
      if (due.length === 0) break;
      for (const userId of due) {
        await this.options.transactions.run(({ wallet }) => this.open(wallet, userId, now));
      }
      readers += due.length;
    }
    if (readers > 0) this.options.log?.info({ readers }, 'Expired due points');
    return readers > 0 ? 'success' : 'skipped';
  }
}
