// Search that scales (ADR 020): keyword search matches the normalised `title.search_text` (contracts'
// normalizeSearchText: width, kana, case, punctuation) through a trigram index instead of scanning
// every title. SQLite: an FTS5 table with the trigram tokenizer over title.search_text (external
// content, kept in step by triggers). PostgreSQL: pg_trgm's GIN index, which the same LIKE uses.
// Never edit after merge; later changes are new migration files.
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '#src/db/dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE INDEX title_search_text_trgm_idx ON title USING gin (search_text gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`CREATE VIRTUAL TABLE title_search USING fts5(
    search_text, content = 'title', content_rowid = 'id', tokenize = 'trigram')`.execute(db);
  await sql`INSERT INTO title_search (title_search) VALUES ('rebuild')`.execute(db);
  await sql`CREATE TRIGGER title_search_insert AFTER INSERT ON title BEGIN
    INSERT INTO title_search (rowid, search_text) VALUES (new.id, new.search_text);
  END`.execute(db);
  await sql`CREATE TRIGGER title_search_delete AFTER DELETE ON title BEGIN
    INSERT INTO title_search (title_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
  END`.execute(db);
  await sql`CREATE TRIGGER title_search_update AFTER UPDATE OF id, search_text ON title BEGIN
    INSERT INTO title_search (title_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
    INSERT INTO title_search (rowid, search_text) VALUES (new.id, new.search_text);
  END`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`DROP INDEX title_search_text_trgm_idx`.execute(db);
    return;
  }
  for (const name of ['title_search_insert', 'title_search_delete', 'title_search_update']) {
    await sql`DROP TRIGGER ${sql.id(name)}`.execute(db);
  }
  await sql`DROP TABLE title_search`.execute(db);
}
