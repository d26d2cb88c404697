// Scheduled jobs run once across every process and host (ADR 040): the run of a slot holds a lease,
// its owner (host, pid, a random part) and when it expires. The owner renews it while the job runs; a
// process that dies (kill -9, a host lost) stops renewing, and once the lease has expired another
// process's scheduler takes the run over (attempts counts the takeovers).
// Never edit after merge; later changes are new migration files.
import type { Kysely } from 'kysely';
import { dialectOf, migrationColumnTypes } from '#src/db/dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = migrationColumnTypes(dialectOf(db));
  await db.schema.alterTable('job').addColumn('lease_owner', 'text').execute();
  await db.schema.alterTable('job').addColumn('lease_expires_at', t.millis).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job').dropColumn('lease_expires_at').execute();
  await db.schema.alterTable('job').dropColumn('lease_owner').execute();
}
