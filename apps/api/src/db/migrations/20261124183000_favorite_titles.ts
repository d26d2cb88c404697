// Followed titles (ADR 017): the titles a logged-in reader follows, for /favorite/list, the Title's
// favorite_status and the "new chapter" badge on /my. One row per reader and title; the time it was
// followed is the start of "new since" for a title the reader never opened.
// Never edit after merge; later changes are new migration files.
import type { Kysely } from 'kysely';
import { dialectOf, migrationColumnTypes } from '#src/db/dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = migrationColumnTypes(dialectOf(db));
  await db.schema
    .createTable('favorite_title')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('title_id', 'integer', (c) => c.notNull().references('title.id').onDelete('cascade'))
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .addPrimaryKeyConstraint('favorite_title_pkey', ['user_id', 'title_id'])
    .execute();
  await db.schema
    .createIndex('favorite_title_user_id_created_at_idx')
    .on('favorite_title')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('favorite_title_title_id_idx').on('favorite_title').column('title_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('favorite_title').execute();
}
