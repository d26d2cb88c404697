// A title's campaign and notice texts in Japanese beside the English ones (issue 14: no English on
// a Japanese screen). The existing columns keep the English text; an empty Japanese text falls back
// to it, as the other localized columns do. Never edit after merge.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('title')
    .addColumn('campaign_text_ja', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('title')
    .addColumn('notice_text_ja', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('title').dropColumn('notice_text_ja').execute();
  await db.schema.alterTable('title').dropColumn('campaign_text_ja').execute();
}
