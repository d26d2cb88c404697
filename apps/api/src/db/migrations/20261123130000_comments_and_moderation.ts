// Comments and moderation (ADR 013): the operator role, the NG word list (seeded with a small default
// list in English and Japanese), suspensions from commenting, the audit log of operator actions, when
// each reader last read their like notices, when a moderator last reviewed a comment, an index for
// "most liked" pages, and episode_view backfilled from view_history (the viewer did not write it before,
// and comments need it: a reader must have opened the episode first).
// Never edit after merge; later changes are new migration files.
import { normalizeSearchText } from '@manga/contracts';
import { type Kysely, sql } from 'kysely';
import { dialectOf, migrationColumnTypes } from '#src/db/dialect.ts';

/**
 * The default NG words. `word` entries only match whole English words (so "Scunthorpe" and "retardant"
 * pass); `part` entries match anywhere after normalisation. Operators edit the list at /ops/ngword/*.
 */
const DEFAULT_NG_WORDS: readonly { word: string; match_type: 'part' | 'word' }[] = [
  { word: 'fuck', match_type: 'part' },
  { word: 'shit', match_type: 'part' },
  { word: 'bitch', match_type: 'part' },
  { word: 'asshole', match_type: 'part' },
  { word: 'cunt', match_type: 'word' },
  { word: 'nigger', match_type: 'part' },
  { word: 'faggot', match_type: 'part' },
  { word: 'retard', match_type: 'word' },
  { word: 'kys', match_type: 'word' },
  { word: 'kill yourself', match_type: 'part' },
  { word: '死ね', match_type: 'part' },
  { word: '氏ね', match_type: 'part' },
  { word: 'キモい', match_type: 'part' },
  { word: 'うざい', match_type: 'part' },
  { word: 'ガイジ', match_type: 'part' },
  { word: 'キチガイ', match_type: 'part' },
  { word: '消えろ', match_type: 'part' },
];

/** 2026-11-23T13:00:00Z: the seeded words' creation time, the same on every database. */
const SEEDED_AT = Date.UTC(2026, 10, 23, 13);

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = migrationColumnTypes(dialectOf(db));
  const schema = db.schema;

  await schema.alterTable('comment').addColumn('reviewed_at', t.millis).execute();
  // Pages of an episode's comments by likes ("most liked"); newest-first pages use (episode_id, created_at).
  await schema
    .createIndex('comment_episode_id_like_count_idx')
    .on('comment')
    .columns(['episode_id', 'like_count'])
    .execute();
  // The report queue reads reports by time.
  await schema.createIndex('comment_report_created_at_idx').on('comment_report').column('created_at').execute();

  // Roles beyond "reader" (every account): one row per role granted, by `npm run operator`.
  await schema
    .createTable('user_role')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull()) // 'operator'
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .addPrimaryKeyConstraint('user_role_pkey', ['user_id', 'role'])
    .execute();

  await schema
    .createTable('ng_word')
    .addColumn('id', ...t.autoIncrementId)
    .addColumn('word', 'text', (c) => c.notNull())
    .addColumn('normalized_word', 'text', (c) => c.notNull().unique())
    .addColumn('match_type', 'text', (c) => c.notNull().defaultTo('part')) // 'part' | 'word'
    .addColumn('created_by', 'integer', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .execute();

  await schema
    .createTable('comment_suspension')
    .addColumn('user_id', 'integer', (c) => c.notNull().primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('until_at', t.millis, (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .execute();

  // Kept whatever happens to the accounts it names: no foreign keys.
  await schema
    .createTable('audit_log')
    .addColumn('id', ...t.autoIncrementId)
    .addColumn('actor_user_id', 'integer') // null: the command line
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('detail', t.json, (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .execute();
  await schema.createIndex('audit_log_created_at_idx').on('audit_log').column('created_at').execute();
  await schema
    .createIndex('audit_log_target_type_target_id_idx')
    .on('audit_log')
    .columns(['target_type', 'target_id'])
    .execute();

  await schema
    .createTable('comment_notice')
    .addColumn('user_id', 'integer', (c) => c.notNull().primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('like_seen_at', t.millis, (c) => c.notNull())
    .execute();

  await sql`insert into ng_word (word, normalized_word, match_type, created_at) values ${sql.join(
    DEFAULT_NG_WORDS.map(
      ({ word, match_type }) => sql`(${word}, ${normalizeSearchText(word)}, ${match_type}, ${SEEDED_AT})`,
    ),
  )}`.execute(db);

  // The last episode a reader opened of each title is all the viewer kept so far.
  await sql`insert into episode_view (user_id, episode_id, title_id, first_viewed_at, last_viewed_at)
    select user_id, last_episode_id, title_id, viewed_at, viewed_at from view_history
    where not exists (select 1 from episode_view v
      where v.user_id = view_history.user_id and v.episode_id = view_history.last_episode_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('comment_notice').execute();
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('comment_suspension').execute();
  await db.schema.dropTable('ng_word').execute();
  await db.schema.dropTable('user_role').execute();
  await db.schema.dropIndex('comment_report_created_at_idx').execute();
  await db.schema.dropIndex('comment_episode_id_like_count_idx').execute();
  await db.schema.alterTable('comment').dropColumn('reviewed_at').execute();
}
