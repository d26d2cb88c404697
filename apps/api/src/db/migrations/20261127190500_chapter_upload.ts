// Console chapter uploads' progress in the database (issue 25/26, ADR 061 addendum): it lived in the
// memory of the API process that received the upload, so behind a balancer the console's polls that
// reached another host answered "no upload has the id". One row per upload, written by the process
// that processes it (throttled), read by any; finished rows are removed after an hour.
// Never edit after merge; later changes are new migration files.
import type { Kysely } from 'kysely';
import { dialectOf, migrationColumnTypes } from '#src/db/dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = migrationColumnTypes(dialectOf(db));
  await db.schema
    .createTable('chapter_upload')
    .addColumn('id', 'text', (column) => column.notNull().primaryKey())
    .addColumn('title_id', 'integer', (column) => column.notNull())
    .addColumn('editor_user_id', 'integer', (column) => column.notNull())
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('stage', 'text', (column) => column.notNull())
    .addColumn('done', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('total', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('episode_id', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('error_message', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('updated_at', t.millis, (column) => column.notNull())
    .addColumn('finished_at', t.millis)
    .execute();
  await db.schema.createIndex('chapter_upload_finished_at_idx').on('chapter_upload').column('finished_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chapter_upload').execute();
}
