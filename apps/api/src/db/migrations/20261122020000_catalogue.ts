// Catalogue and discovery (ADR 009): recommendation clicks counted per title and day beside views and
// purchases, indexes for the catalogue reads (released episodes of a title, titles by publication,
// bonus-point episodes by release),
// and search_text rebuilt with the shared normalisation for titles stored before it existed.
// Never edit after merge; later changes are new migration files.
import { buildSearchText } from '@manga/contracts';
import { type Kysely, sql } from 'kysely';

const BACKFILL_CHUNK = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('title_activity_daily')
    .addColumn('recommend_clicks', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('episode_title_id_start_at_idx')
    .on('episode')
    .columns(['title_id', 'start_at'])
    .execute();
  await db.schema.createIndex('title_published_at_idx').on('title').column('published_at').execute();
  // Bonus-point episodes are few; /web/top and /title/weekly read the newest of them.
  await db.schema
    .createIndex('episode_bonus_start_at_idx')
    .on('episode')
    .column('start_at')
    .where(sql.ref('bonus_point'), '>', sql.lit(0))
    .execute();
  await backfillSearchText(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('episode_bonus_start_at_idx').execute();
  await db.schema.dropIndex('title_published_at_idx').execute();
  await db.schema.dropIndex('episode_title_id_start_at_idx').execute();
  await db.schema.alterTable('title_activity_daily').dropColumn('recommend_clicks').execute();
}

interface TitleTextRow {
  id: number;
  name_en: string;
  name_ja: string;
  name_kana: string;
  author_text_en: string;
  author_text_ja: string;
}

/** Recomputes title.search_text from names, kana, author texts and tag names, 500 titles at a time. */
async function backfillSearchText(db: Kysely<unknown>): Promise<void> {
  let afterId = -1;
  for (;;) {
    const { rows } = await sql<TitleTextRow>`
      select id, name_en, name_ja, name_kana, author_text_en, author_text_ja from title
      where id > ${afterId} order by id limit ${BACKFILL_CHUNK}`.execute(db);
    if (rows.length === 0) return;
    const ids = rows.map((row) => row.id);
    const { rows: tags } = await sql<{ title_id: number; name_en: string; name_ja: string }>`
      select title_tag.title_id, tag.name_en, tag.name_ja from title_tag
      inner join tag on tag.id = title_tag.tag_id
      where title_tag.title_id in (${sql.join(ids)})`.execute(db);
    for (const row of rows) {
      const tagNames = tags.filter((tag) => tag.title_id === row.id).flatMap((tag) => [tag.name_en, tag.name_ja]);
      const text = buildSearchText([
        row.name_en,
        row.name_ja,
        row.name_kana,
        row.author_text_en,
        row.author_text_ja,
        ...tagNames,
      ]);
      await sql`update title set search_text = ${text} where id = ${row.id}`.execute(db);
    }
    afterId = ids[ids.length - 1]!;
  }
}
