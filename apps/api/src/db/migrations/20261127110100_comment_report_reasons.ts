// Report reasons (issue 24 item 10): why a reader reported a comment (CommentReportReason, '' for
// reports made before or without one) and their optional note, shown in the moderation queue.
// Never edit after merge; later changes are new migration files.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('comment_report')
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('comment_report')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('comment_report').dropColumn('note').execute();
  await db.schema.alterTable('comment_report').dropColumn('reason').execute();
}
