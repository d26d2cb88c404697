// Accounts and sessions (ADR 007): failed logins, counted per IP and per account in a sliding window,
// so that every API process shares the login rate limit when Redis is not configured.
// Never edit after merge; later changes are new migration files.
import type { Kysely } from 'kysely';
import { dialectOf, migrationColumnTypes } from '#src/db/dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = migrationColumnTypes(dialectOf(db));
  await db.schema
    .createTable('login_failure')
    .addColumn('id', ...t.autoIncrementId)
    .addColumn('scope', 'text', (c) => c.notNull()) // 'ip' | 'account'
    .addColumn('key_hash', 'text', (c) => c.notNull()) // sha256 of the IP or of the normalised e-mail
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failure_scope_key_hash_created_at_idx')
    .on('login_failure')
    .columns(['scope', 'key_hash', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_failure').execute();
}
