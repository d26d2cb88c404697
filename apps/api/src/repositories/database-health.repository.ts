import type { Kysely } from 'kysely';
import type { Database } from '#src/db/schema.ts';

const PROBE_ROW = 1;

export class DatabaseHealthRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Commits a write of one row: rejects on a read-only database (a standby, a read-only file) or a
   * full disk, where a ping still succeeds.
   */
  async probeWrite(now: number): Promise<void> {
    await this.db
      .insertInto('readiness_probe')
      .values({ id: PROBE_ROW, written_at: now })
      .onConflict((conflict) => conflict.column('id').doUpdateSet({ written_at: now }))
      .execute();
  }
}
