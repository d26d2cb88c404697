// The data saver's lighter page tier (issue 28, ADR 055): each page's smaller scrambled derivative,
// its size and bytes. Null until made (at import, by the seed, or by `npm run images:light` for
// chapters imported before). Never edit after merge.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['light_width', 'light_height', 'light_bytes'] as const) {
    await db.schema.alterTable('page').addColumn(column, 'integer').execute();
  }
  await db.schema.alterTable('page').addColumn('light_storage_key', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['light_storage_key', 'light_bytes', 'light_height', 'light_width'] as const) {
    await db.schema.alterTable('page').dropColumn(column).execute();
  }
}
