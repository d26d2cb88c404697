import type { Kysely } from 'kysely';
import type { Database, JobRow } from '#src/db/schema.ts';

export type JobOutcome = 'success' | 'skipped' | 'failed';

export class JobRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Records a run of `name` under `dedupKey` as running and returns its id, or undefined when a run
   * with that key exists already (another process took it): the unique dedup_key decides.
   */
  async claimJob(name: string, dedupKey: string, now: number): Promise<number | undefined> {
    const row = await this.db
      .insertInto('job')
      .values({ name, dedup_key: dedupKey, status: 'running', run_at: now, attempts: 1, created_at: now })
      .onConflict((conflict) => conflict.column('dedup_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  async finishJob(id: number, status: JobOutcome, lastError: string, now: number): Promise<void> {
    await this.db
      .updateTable('job')
      .set({ status, last_error: lastError.slice(0, 2000), finished_at: now })
      .where('id', '=', id)
      .execute();
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
