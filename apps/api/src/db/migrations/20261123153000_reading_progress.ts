// Reading progress (ADR 016): the page a logged-in reader reached in each episode they opened, so
// that "continue from page N" works on every device of the account. 0 means no page was recorded.
// Never edit after merge; later changes are new migration files.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('episode_view')
    .addColumn('last_page', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('episode_view').dropColumn('last_page').execute();
}
