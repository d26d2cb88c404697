// A title's reading direction (issue 26, ADR 046): editors set it on the title, and a new chapter takes
// it. Existing titles take the direction of their first chapter. Never edit after merge.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('title')
    .addColumn('viewing_direction', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`update title set viewing_direction = coalesce((select episode.viewing_direction from episode
      where episode.title_id = title.id order by episode.sort_index limit 1), 1)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('title').dropColumn('viewing_direction').execute();
}
