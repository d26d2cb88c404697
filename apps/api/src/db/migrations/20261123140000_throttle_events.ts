// Security defaults (ADR 015): one store of rate-limit events for logins, current-password checks
// and account mails, counted per key in a sliding window (Redis when configured, else this table).
// It replaces login_failure, whose rows only ever lived one window. Never edit after merge.
import type { Kysely } from 'kysely';
import { dialectOf, migrationColumnTypes } from '#src/db/dialect.ts';
import { up as createLoginFailureTable } from '#src/db/migrations/20261122010000_accounts.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = migrationColumnTypes(dialectOf(db));
  await db.schema
    .createTable('throttle_event')
    .addColumn('id', ...t.autoIncrementId)
    // 'login_client' | 'login_account_client' | 'mail_address' | 'mail_client'
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull()) // sha256 of the client address, account or e-mail address
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('throttle_event_scope_key_hash_created_at_idx')
    .on('throttle_event')
    .columns(['scope', 'key_hash', 'created_at'])
    .execute();
  await db.schema.dropTable('login_failure').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Back to the table of ADR 007, as its migration made it (migrations never change after merge).
  await createLoginFailureTable(db);
  await db.schema.dropTable('throttle_event').execute();
}
