import { type Kysely, sql } from 'kysely';
import type { Database } from '#src/db/schema.ts';

export class DatabaseHealthRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Resolves when the database answers a trivial query; rejects with the driver's error otherwise. */
  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }
}
