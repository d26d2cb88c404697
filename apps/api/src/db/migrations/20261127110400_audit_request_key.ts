// Support grants from the console (issue 26, ADR 063): the audit row of a grant carries the form's
// request key, unique, so that a form sent twice grants once (the second finds the first's row).
// Never edit after merge; later changes are new migration files.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('request_key', 'text').execute();
  await db.schema.createIndex('audit_log_request_key_key').unique().on('audit_log').column('request_key').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_log_request_key_key').execute();
  await db.schema.alterTable('audit_log').dropColumn('request_key').execute();
}
