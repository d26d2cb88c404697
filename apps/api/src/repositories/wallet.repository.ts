// The point ledger and balances (ADR 014): one statement per method, no policy. WalletService decides
// what to write and runs its writes in one transaction (CommerceTransactionRepository).
import { type Insertable, type Kysely, sql } from 'kysely';
import { insertedColumns, preparedChanges, preparedRows, runPrepared } from '#src/db/prepared-query.ts';
import type { Database, PointLedgerTable } from '#src/db/schema.ts';

export type NewLedgerEntry = Insertable<PointLedgerTable>;

export interface LotRow {
  id: number;
  kind: 'paid' | 'free';
  remaining: number;
  expires_at: number | null;
}

export interface LedgerEntryRow {
  id: number;
  kind: string;
  delta: number;
  remaining: number;
  reason: string;
  reference_type: string;
  reference_id: string;
  expires_at: number | null;
  created_at: number;
}

/** Columns every inserted ledger entry names, in this order (a prepared multi-row insert). */
const INSERTED_LEDGER_COLUMNS = insertedColumns<Omit<NewLedgerEntry, 'id'>>()([
  'user_id',
  'kind',
  'delta',
  'remaining',
  'reason',
  'reference_type',
  'reference_id',
  'idempotency_key',
  'expires_at',
  'created_at',
]);

export type LedgerWindow =
  | { offset: number; limit: number }
  | { before: number; limit: number }
  | { from: number; to: number };

/** What a ledger listing reads: everything but the owner and the idempotency key. */
const LEDGER_COLUMNS = [
  'id' as const,
  ...INSERTED_LEDGER_COLUMNS.filter((column) => column !== 'user_id' && column !== 'idempotency_key'),
];

export class WalletRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Starts a wallet change: makes sure the reader's balance row exists and holds its row lock until the
   * transaction ends, so that one reader's wallet and entitlement changes run one after the other on
   * PostgreSQL (SQLite transactions hold the database's one write lock already). The row is written
   * again by the change anyway, so this costs no extra page on SQLite.
   */
  async lockWallet(userId: number, now: number): Promise<void> {
    await runPrepared(this.db, 'wallet.lock', [userId, now], (user, at) =>
      this.db
        .insertInto('point_balance')
        .values({ user_id: user, updated_at: at })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ updated_at: at })),
    );
  }

  findBalance(userId: number): Promise<{ paid_point: number; free_point: number } | undefined> {
    return this.db
      .selectFrom('point_balance')
      .select(['paid_point', 'free_point'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Credits of the reader with points left (due ones included), by the partial index of open lots. */
  listOpenLots(userId: number): Promise<LotRow[]> {
    return preparedRows(this.db, 'wallet.open-lots', [userId], (user) =>
      this.db
        .selectFrom('point_ledger')
        .select(['id', 'kind', 'remaining', 'expires_at'])
        .where('user_id', '=', user)
        .where(sql<boolean>`${sql.ref('remaining')} > 0 and ${sql.ref('kind')} in ('paid', 'free')`)
        .orderBy('id'),
    ) as Promise<LotRow[]>;
  }

  /** Adds to the balance, creating it on the first credit. */
  async addToBalance(userId: number, add: { paid_point: number; free_point: number }, now: number): Promise<void> {
    await this.db
      .insertInto('point_balance')
      .values({ user_id: userId, paid_point: add.paid_point, free_point: add.free_point, updated_at: now })
      .onConflict((conflict) =>
        conflict.column('user_id').doUpdateSet((eb) => ({
          paid_point: eb(eb.ref('point_balance.paid_point'), '+', add.paid_point),
          free_point: eb(eb.ref('point_balance.free_point'), '+', add.free_point),
          updated_at: now,
        })),
      )
      .execute();
  }

  /**
   * The conditional debit: takes `take` from the balance only where it holds that much of each kind.
   * False (nothing changed) otherwise.
   */
  async takeFromBalance(
    userId: number,
    take: { paid_point: number; free_point: number },
    now: number,
  ): Promise<boolean> {
    const changed = await preparedChanges(
      this.db,
      'wallet.take-balance',
      [userId, take.paid_point, take.free_point, now],
      (user, paid, free, at) =>
        this.db
          .updateTable('point_balance')
          .set((eb) => ({
            paid_point: eb('paid_point', '-', paid),
            free_point: eb('free_point', '-', free),
            updated_at: at,
          }))
          .where('user_id', '=', user)
          .where('paid_point', '>=', paid)
          .where('free_point', '>=', free),
    );
    return changed === 1;
  }

  /** Takes `amount` from one lot only where it holds that much; false otherwise. */
  async takeFromLot(lotId: number, amount: number): Promise<boolean> {
    const changed = await preparedChanges(this.db, 'wallet.take-lot', [lotId, amount], (lot, taken) =>
      this.db
        .updateTable('point_ledger')
        .set((eb) => ({ remaining: eb('remaining', '-', taken) }))
        .where('id', '=', lot)
        .where('remaining', '>=', taken),
    );
    return changed === 1;
  }

  /**
   * Appends entries in one statement; returns their ids in order. Every row names every column, since
   * a multi-row insert on SQLite fills an unnamed one with NULL.
   */
  async insertLedgerEntries(entries: readonly NewLedgerEntry[]): Promise<number[]> {
    if (entries.length === 0) return [];
    const values = entries.flatMap((entry) => {
      const row = {
        remaining: 0,
        reference_type: '',
        reference_id: '',
        idempotency_key: null,
        expires_at: null,
        ...entry,
      };
      return INSERTED_LEDGER_COLUMNS.map((column) => row[column]);
    });
    const width = INSERTED_LEDGER_COLUMNS.length;
    const rows = await preparedRows(this.db, `wallet.ledger-insert:${entries.length}`, values, (...slots) =>
      this.db
        .insertInto('point_ledger')
        .values(
          entries.map((_, row) =>
            Object.fromEntries(INSERTED_LEDGER_COLUMNS.map((column, index) => [column, slots[row * width + index]])),
          ) as NewLedgerEntry[],
        )
        .returning('id'),
    );
    return rows.map((row) => row.id);
  }

  /** Readers with a due lot (points left past their expiry), at most `limit`. */
  async listUsersWithDueLots(now: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('point_ledger')
      .select('user_id')
      .distinct()
      .where(sql<boolean>`${sql.ref('remaining')} > 0`)
      .where('expires_at', '<=', now)
      .limit(limit)
      .execute();
    return rows.map((row) => row.user_id);
  }

  /**
   * A reader's ledger entries newest first: one page by offset, or the entries before an instant
   * (epoch ms, exclusive), or all of those in [from, to).
   */
  listLedgerEntries(userId: number, window: LedgerWindow): Promise<LedgerEntryRow[]> {
    let query = this.db.selectFrom('point_ledger').select(LEDGER_COLUMNS).where('user_id', '=', userId);
    if ('before' in window) query = query.where('created_at', '<', window.before).limit(window.limit);
    else if ('from' in window) query = query.where('created_at', '>=', window.from).where('created_at', '<', window.to);
    else query = query.limit(window.limit).offset(window.offset);
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  }
}
