// The catalogue revision (ADR 020): one counter that every change to the catalogue moves, whichever
// process or tool writes it (the API, the import CLI, a seed, an operator's SQL), so that cached
// catalogue answers are dropped on the next request instead of after a TTL. Triggers move it:
// statement-level on PostgreSQL, row-level on SQLite (which has no statement triggers). And indexes
// for the times at which the catalogue changes by itself (a chapter released, a free window ending),
// which the response cache reads to know how long an answer stays true.
// Never edit after merge; later changes are new migration files.
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '#src/db/dialect.ts';

/** Tables whose rows make up catalogue answers (counters and activity excluded). */
export const CATALOGUE_TABLES = [
  'author',
  'genre',
  'tag',
  'magazine_category',
  'magazine',
  'title',
  'title_author',
  'title_genre',
  'title_tag',
  'episode',
  'ranking_tab',
  'ranking_entry',
  'advertisement',
] as const;

const BUMP = sql`UPDATE catalogue_revision SET revision = revision + 1 WHERE id = 1`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('catalogue_revision')
    .addColumn('id', 'integer', (c) => c.notNull().primaryKey())
    .addColumn('revision', 'bigint', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO catalogue_revision (id, revision) VALUES (1, 1)`.execute(db);
  if (dialectOf(db) === 'postgres') {
    await sql`CREATE FUNCTION bump_catalogue_revision() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${BUMP}; RETURN NULL; END $$`.execute(db);
    for (const table of CATALOGUE_TABLES) {
      await sql`CREATE TRIGGER ${sql.id(`${table}_catalogue_revision`)}
        AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(table)}
        FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_revision()`.execute(db);
    }
  } else {
    for (const table of CATALOGUE_TABLES) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql`CREATE TRIGGER ${sql.id(`${table}_catalogue_revision_${event}`)}
          AFTER ${sql.raw(event.toUpperCase())} ON ${sql.table(table)}
          BEGIN ${BUMP}; END`.execute(db);
      }
    }
  }
  await db.schema.createIndex('episode_free_until_at_idx').on('episode').column('free_until_at').execute();
  await db.schema.createIndex('title_free_until_at_idx').on('title').column('free_until_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('title_free_until_at_idx').execute();
  await db.schema.dropIndex('episode_free_until_at_idx').execute();
  if (dialectOf(db) === 'postgres') {
    for (const table of CATALOGUE_TABLES) {
      await sql`DROP TRIGGER ${sql.id(`${table}_catalogue_revision`)} ON ${sql.table(table)}`.execute(db);
    }
    await sql`DROP FUNCTION bump_catalogue_revision()`.execute(db);
  } else {
    for (const table of CATALOGUE_TABLES) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql`DROP TRIGGER ${sql.id(`${table}_catalogue_revision_${event}`)}`.execute(db);
      }
    }
  }
  await db.schema.dropTable('catalogue_revision').execute();
}
