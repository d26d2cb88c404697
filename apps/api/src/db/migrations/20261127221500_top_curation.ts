// Top page curation (issue 26, ADR 074): the editors' picks for today's choice (a title) and the
// bonus section (a chapter), each in order with an optional start and end; a banner's alt text in
// both languages; and the window in which a title's campaign text is shown. `top_pick` is a
// catalogue table: its triggers move the catalogue revision (ADR 020) like the others', so a change
// shows on the next request.
// Never edit after merge; later changes are new migration files.
import { type Kysely, sql } from 'kysely';
import { dialectOf, migrationColumnTypes } from '#src/db/dialect.ts';

const BUMP = sql`UPDATE catalogue_revision SET revision = revision + 1 WHERE id = 1`;

/** The catalogue tables this migration adds (their triggers move the revision, as CATALOGUE_TABLES'). */
export const TOP_CURATION_CATALOGUE_TABLES = ['top_pick'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = migrationColumnTypes(dialectOf(db));
  await db.schema
    .createTable('top_pick')
    .addColumn('id', ...t.autoIncrementId)
    .addColumn('kind', 'integer', (c) => c.notNull()) // 1 today's choice (a title), 2 bonus (a chapter)
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('start_at', t.millis)
    .addColumn('end_at', t.millis)
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('top_pick_kind_position_idx').on('top_pick').columns(['kind', 'position']).execute();
  await db.schema
    .alterTable('advertisement')
    .addColumn('alt_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('advertisement')
    .addColumn('alt_text_ja', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // A banner of a title, made before alt texts existed, is named by its title in each language.
  await sql`UPDATE advertisement SET
      alt_text = (SELECT name_en FROM title WHERE title.id = advertisement.title_id),
      alt_text_ja = (SELECT name_ja FROM title WHERE title.id = advertisement.title_id)
    WHERE EXISTS (SELECT 1 FROM title WHERE title.id = advertisement.title_id)`.execute(db);
  await db.schema.alterTable('title').addColumn('campaign_start_at', t.millis).execute();
  await db.schema.alterTable('title').addColumn('campaign_end_at', t.millis).execute();
  if (dialectOf(db) === 'postgres') {
    await sql`CREATE TRIGGER top_pick_catalogue_revision AFTER INSERT OR UPDATE OR DELETE ON top_pick
      FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_revision()`.execute(db);
  } else {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`CREATE TRIGGER ${sql.id(`top_pick_catalogue_revision_${event}`)}
        AFTER ${sql.raw(event.toUpperCase())} ON top_pick BEGIN ${BUMP}; END`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('top_pick').execute();
  await db.schema.alterTable('title').dropColumn('campaign_end_at').execute();
  await db.schema.alterTable('title').dropColumn('campaign_start_at').execute();
  await db.schema.alterTable('advertisement').dropColumn('alt_text_ja').execute();
  await db.schema.alterTable('advertisement').dropColumn('alt_text').execute();
}
