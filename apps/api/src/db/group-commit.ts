// Group commit for SQLite (ADR 021). SQLite has one writer and one connection here, so transactions
// run one after another anyway; what each one costs on its own is its COMMIT (the WAL frames of every
// page it touched). Work that arrives while a transaction runs waits for the connection; here it waits
// in a queue instead, and the queue's works then run together in one transaction, each inside its own
// savepoint. A work that throws rolls back to its savepoint and fails alone; a work that succeeds is
// answered only after the shared COMMIT, so no caller ever hears "done" for something a crash could
// still undo. PostgreSQL commits concurrent transactions in parallel and keeps one transaction each.
import { CompiledQuery, type ControlledTransaction, type Kysely, type Transaction } from 'kysely';
import { dialectOf } from '#src/db/dialect.ts';
import type { Database } from '#src/db/schema.ts';

export interface TransactionRunner {
  /** Commits when `work` resolves, rolls back when it throws (the error is rethrown). */
  run<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
}

/** Works per shared transaction: bounds how long one COMMIT keeps the first of them waiting. */
export const GROUP_COMMIT_MAX_WORKS = 64;

const SAVEPOINT = CompiledQuery.raw('savepoint group_commit_work');
const ROLLBACK_TO_SAVEPOINT = CompiledQuery.raw('rollback to savepoint group_commit_work');
const RELEASE_SAVEPOINT = CompiledQuery.raw('release savepoint group_commit_work');

interface QueuedWork {
  work: (trx: Transaction<Database>) => Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * A transaction per work on PostgreSQL; group commit on SQLite. The units of work of the services
 * (commerce, payments, accounts, comments) run through it. A work must use only the transaction
 * it is given (as with any transaction on SQLite's single connection) and must not start another
 * run() of the same runner, which would wait for the batch it is part of.
 */
export function transactionRunner(db: Kysely<Database>): TransactionRunner {
  let runner = runners.get(db);
  if (!runner) {
    runner = dialectOf(db) === 'sqlite' ? new SqliteGroupCommit(db) : { run: (work) => db.transaction().execute(work) };
    runners.set(db, runner);
  }
  return runner;
}

/** One runner per database, so that the units of work of every service share their batches. */
const runners = new WeakMap<Kysely<Database>, TransactionRunner>();

export class SqliteGroupCommit implements TransactionRunner {
  readonly #queue: QueuedWork[] = [];
  #scheduled = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly maxWorks = GROUP_COMMIT_MAX_WORKS,
  ) {}

  run<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      this.#schedule();
    });
  }

  /**
   * The next batch starts once the event loop has run what is ready: requests reading before their
   * transaction (session, episode) need the connection too, and would otherwise reach the queue one
   * at a time, each just after the previous batch had begun.
   */
  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => void this.#commitNextBatch());
  }

  async #commitNextBatch(): Promise<void> {
    try {
      await this.#commitBatch(this.#queue.splice(0, this.maxWorks));
    } finally {
      this.#scheduled = false;
      if (this.#queue.length > 0) this.#schedule();
    }
  }

  /** Runs `batch` (and works queued meanwhile, up to maxWorks) in one transaction; settles each. */
  async #commitBatch(batch: QueuedWork[]): Promise<void> {
    const succeeded: { queued: QueuedWork; value: unknown }[] = [];
    let next = 0;
    let trx: ControlledTransaction<Database> | undefined;
    try {
      trx = await this.db.startTransaction().execute();
      while (next < batch.length || (batch.length < this.maxWorks && this.#queue.length > 0)) {
        if (next === batch.length) batch.push(this.#queue.shift() as QueuedWork);
        const queued = batch[next] as QueuedWork;
        await trx.executeQuery(SAVEPOINT);
        let value: unknown;
        try {
          value = await queued.work(trx);
        } catch (error) {
          // Undo this work only. Should SQLite have ended the transaction itself (disk full, I/O
          // error), ROLLBACK TO fails: then the whole batch fails below, with this work's error as
          // the cause (not the failed ROLLBACK TO's), and nothing of it was committed.
          try {
            await trx.executeQuery(ROLLBACK_TO_SAVEPOINT);
            await trx.executeQuery(RELEASE_SAVEPOINT);
          } catch {
            throw error;
          }
          next++;
          queued.reject(error);
          continue;
        }
        await trx.executeQuery(RELEASE_SAVEPOINT);
        next++;
        succeeded.push({ queued, value });
      }
      await trx.commit().execute();
    } catch (error) {
      // BEGIN, a savepoint or COMMIT failed: no work of the batch took effect. Those that succeeded
      // and those not yet settled fail with the cause. The rollback's own failure is not reported
      // in its place: on a full disk SQLite has already rolled back, and ROLLBACK answers only "no
      // transaction is active" (issue 21); the connection is released either way.
      if (trx && !trx.isCommitted && !trx.isRolledBack)
        await trx
          .rollback()
          .execute()
          .catch(() => undefined);
      for (const { queued } of succeeded) queued.reject(error);
      for (const queued of batch.slice(next)) queued.reject(error);
      return;
    }
    for (const { queued, value } of succeeded) queued.resolve(value);
  }
}
