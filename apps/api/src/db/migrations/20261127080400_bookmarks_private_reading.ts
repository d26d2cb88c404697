// Bookmarks, private reading and where a place was left (issue 28, ADR 044): a reader's page
// bookmarks with an optional note (one per reader, chapter and page), the account's private-reading
// switch (nothing of a read is recorded while it is on), and the device a chapter's place was left on.
// Never edit after merge; later changes are new migration files.
import type { Kysely } from 'kysely';
import { dialectOf, migrationColumnTypes } from '#src/db/dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = migrationColumnTypes(dialectOf(db));
  await db.schema
    .createTable('bookmark')
    .addColumn('id', ...t.autoIncrementId)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('title_id', 'integer', (c) => c.notNull().references('title.id').onDelete('cascade'))
    .addColumn('episode_id', 'integer', (c) => c.notNull().references('episode.id').onDelete('cascade'))
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .addColumn('updated_at', t.millis, (c) => c.notNull())
    .addUniqueConstraint('bookmark_user_id_episode_id_page_key', ['user_id', 'episode_id', 'page'])
    .execute();
  await db.schema
    .createIndex('bookmark_user_id_title_id_idx')
    .on('bookmark')
    .columns(['user_id', 'title_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('bookmark_user_id_created_at_idx')
    .on('bookmark')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .alterTable('user')
    .addColumn('private_reading', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('episode_view')
    .addColumn('last_device', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('episode_view').dropColumn('last_device').execute();
  await db.schema.alterTable('user').dropColumn('private_reading').execute();
  await db.schema.dropTable('bookmark').execute();
}
