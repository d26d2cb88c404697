// New-chapter alerts (issue 28, ADR 065): the account's mail switch, when it was turned on (chapters
// released before it are never mailed), when the last alert mail went out (one a day at most) and
// when the header bell was last opened; a per-title switch on each follow; and every alert sent,
// one row per reader and chapter, whose primary key makes a chapter mailed once per reader however
// many processes run the job.
// Never edit after merge; later changes are new migration files.
import type { Kysely } from 'kysely';
import { dialectOf, migrationColumnTypes } from '#src/db/dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = migrationColumnTypes(dialectOf(db));
  await db.schema
    .alterTable('user')
    .addColumn('chapter_alert_mail', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('user').addColumn('chapter_alert_from', t.millis).execute();
  await db.schema.alterTable('user').addColumn('chapter_alert_mailed_at', t.millis).execute();
  await db.schema.alterTable('user').addColumn('new_chapters_seen_at', t.millis).execute();
  await db.schema
    .alterTable('favorite_title')
    .addColumn('alert_mail', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('chapter_alert')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('episode_id', 'integer', (c) => c.notNull().references('episode.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .addColumn('sent_at', t.millis)
    .addPrimaryKeyConstraint('chapter_alert_pkey', ['user_id', 'episode_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chapter_alert').execute();
  await db.schema.alterTable('favorite_title').dropColumn('alert_mail').execute();
  for (const column of [
    'new_chapters_seen_at',
    'chapter_alert_mailed_at',
    'chapter_alert_from',
    'chapter_alert_mail',
  ]) {
    await db.schema.alterTable('user').dropColumn(column).execute();
  }
}
