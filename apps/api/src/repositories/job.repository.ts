import { type Kysely, sql } from 'kysely';
import type { Database, JobRow } from '#src/db/schema.ts';

export type JobOutcome = 'success' | 'skipped' | 'failed';

/** Who holds a run and until when (ADR 040). */
export interface JobLease {
  owner: string;
  expiresAt: number;
}

export class JobRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Records a run of `name` under `dedupKey` as running under `lease` and returns its id, or
   * undefined when that run is taken: finished, or running under a lease that has not expired at
   * `now`. A run whose lease expired (its process died) is taken over, its attempts counted. One
   * statement: the unique dedup_key decides between processes.
   */
  async claimJob(name: string, dedupKey: string, now: number, lease: JobLease): Promise<number | undefined> {
    const row = await this.db
      .insertInto('job')
      .values({
        name,
        dedup_key: dedupKey,
        status: 'running',
        run_at: now,
        attempts: 1,
        created_at: now,
        lease_owner: lease.owner,
        lease_expires_at: lease.expiresAt,
      })
      .onConflict((conflict) =>
        conflict
          .column('dedup_key')
          .doUpdateSet({
            attempts: sql<number>`job.attempts + 1`,
            run_at: now,
            lease_owner: lease.owner,
            lease_expires_at: lease.expiresAt,
          })
          .where('job.status', '=', 'running')
          // A run left by a process from before leases has none: it counts as expired.
          .where(sql<number>`coalesce(job.lease_expires_at, 0)`, '<', now),
      )
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  /** Extends the lease of a run still held by `lease.owner`; false when another process took it over. */
  async renewLease(id: number, lease: JobLease): Promise<boolean> {
    const result = await this.db
      .updateTable('job')
      .set({ lease_expires_at: lease.expiresAt })
      .where('id', '=', id)
      .where('lease_owner', '=', lease.owner)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Records the outcome of a run still held by `owner`; false when another process took it over. */
  async finishJob(id: number, owner: string, status: JobOutcome, lastError: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('job')
      .set({ status, last_error: lastError.slice(0, 2000), finished_at: now, lease_expires_at: null })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The latest run of a job by name. */
  findLatestJob(name: string): Promise<JobRow | undefined> {
    return this.db
      .selectFrom('job')
      .selectAll()
      .where('name', '=', name)
      .orderBy('run_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }
}
