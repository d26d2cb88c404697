// One row that GET /readyz writes (ADR 022): readiness means the database takes writes (not a
// read-only standby after a failover, not a full disk), which only a committed write shows.
// Never edit after merge; later changes are new migration files.
import type { Kysely } from 'kysely';
import { dialectOf, migrationColumnTypes } from '#src/db/dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = migrationColumnTypes(dialectOf(db));
  await db.schema
    .createTable('readiness_probe')
    .addColumn('id', 'integer', (c) => c.notNull().primaryKey())
    .addColumn('written_at', t.millis, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('readiness_probe').execute();
}
