// Readers' revisions (ADR 081, ADR 082): every write to what a kept personal answer is made of (the
// reading history, the reader's place in each episode, the account row, a session ended, follows,
// purchases, rentals and tickets) marks its reader in reader_revision with a new sequence number,
// whichever process or tool writes it, so that the web servers can keep a reader's answer until it
// moves. Row-level triggers on both dialects (the reader's id is per row). SQLite serializes writers, so `seq` grows in commit order and "seq > last seen" finds
// every reader moved since; PostgreSQL numbers from a sequence (commit order may differ) and NOTIFYs
// channel `reader_revision` with the reader's id at commit, which is what its listeners trust.
// Never edit after merge; later changes are new migration files.
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '#src/db/dialect.ts';

/** Tables whose rows make up a kept personal answer, with the column naming the reader and what moves it. */
export const READER_TABLES = [
  { table: 'view_history', reader: 'user_id', updateOf: undefined },
  { table: 'episode_view', reader: 'user_id', updateOf: undefined },
  { table: 'user', reader: 'id', updateOf: undefined },
  // A title page's answer (ADR 082): follows and their mail switch, what the reader owns or rents,
  // their tickets.
  { table: 'favorite_title', reader: 'user_id', updateOf: undefined },
  { table: 'purchase', reader: 'user_id', updateOf: undefined },
  { table: 'magazine_purchase', reader: 'user_id', updateOf: undefined },
  { table: 'rental', reader: 'user_id', updateOf: undefined },
  { table: 'title_ticket', reader: 'user_id', updateOf: undefined },
  { table: 'premium_ticket', reader: 'user_id', updateOf: undefined },
  // A session's last_seen_at is touched every few minutes: only its end moves what it may see.
  { table: 'web_token', reader: 'user_id', updateOf: ['revoked_at', 'expires_at'] },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  await db.schema
    .createTable('reader_revision')
    .addColumn('user_id', 'integer', (c) => c.notNull().primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reader_revision_seq_idx').on('reader_revision').column('seq').execute();
  if (postgres) {
    await sql`CREATE SEQUENCE reader_revision_seq`.execute(db);
    await sql`CREATE FUNCTION bump_reader_revision() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE reader integer;
      BEGIN
        IF TG_OP = 'DELETE' THEN reader := (to_jsonb(OLD) ->> TG_ARGV[0])::integer;
        ELSE reader := (to_jsonb(NEW) ->> TG_ARGV[0])::integer;
        END IF;
        INSERT INTO reader_revision (user_id, seq) VALUES (reader, nextval('reader_revision_seq'))
          ON CONFLICT (user_id) DO UPDATE SET seq = excluded.seq;
        PERFORM pg_notify('reader_revision', reader::text);
        RETURN NULL;
      END $$`.execute(db);
  }
  await addReaderTriggers(db, READER_TABLES);
}

/** A table watched for its readers: the column naming the reader, and the columns whose update moves it (all when undefined). */
export interface ReaderTable {
  table: string;
  reader: string;
  updateOf: readonly string[] | undefined;
}

/**
 * Row triggers marking the reader of every insert, update (of `updateOf`) and delete of each table.
 * Later migrations that watch more tables call it too: its SQL is part of every one of them, never edited.
 */
export async function addReaderTriggers(db: Kysely<unknown>, tables: readonly ReaderTable[]): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (const { table, reader, updateOf } of tables) {
      const update = updateOf ? sql.raw(`UPDATE OF ${updateOf.join(', ')}`) : sql.raw('UPDATE');
      await sql`CREATE TRIGGER ${sql.id(`${table}_reader_revision`)}
        AFTER INSERT OR ${update} OR DELETE ON ${sql.table(table)}
        FOR EACH ROW EXECUTE FUNCTION bump_reader_revision(${sql.lit(reader)})`.execute(db);
    }
    return;
  }
  for (const { table, reader, updateOf } of tables) {
    for (const event of ['insert', 'update', 'delete'] as const) {
      const row = event === 'delete' ? 'OLD' : 'NEW';
      const on = event === 'update' && updateOf ? `UPDATE OF ${updateOf.join(', ')}` : event.toUpperCase();
      const id = sql.raw(`${row}.${reader}`);
      // No INSERT OR REPLACE: an outer upsert's conflict clause would override the trigger's (SQLite).
      await sql`CREATE TRIGGER ${sql.id(`${table}_reader_revision_${event}`)}
        AFTER ${sql.raw(on)} ON ${sql.table(table)}
        BEGIN
          UPDATE reader_revision SET seq = (SELECT max(seq) FROM reader_revision) + 1 WHERE user_id = ${id};
          INSERT INTO reader_revision (user_id, seq)
            SELECT ${id}, coalesce((SELECT max(seq) FROM reader_revision), 0) + 1
            WHERE NOT EXISTS (SELECT 1 FROM reader_revision WHERE user_id = ${id});
        END`.execute(db);
    }
  }
}

/** Drops what `addReaderTriggers` made for `tables`. */
export async function dropReaderTriggers(db: Kysely<unknown>, tables: readonly ReaderTable[]): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  for (const { table } of tables) {
    if (postgres) await sql`DROP TRIGGER ${sql.id(`${table}_reader_revision`)} ON ${sql.table(table)}`.execute(db);
    else {
      for (const event of ['insert', 'update', 'delete']) {
        await sql`DROP TRIGGER ${sql.id(`${table}_reader_revision_${event}`)}`.execute(db);
      }
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  await dropReaderTriggers(db, READER_TABLES);
  if (postgres) {
    await sql`DROP FUNCTION bump_reader_revision()`.execute(db);
    await sql`DROP SEQUENCE reader_revision_seq`.execute(db);
  }
  await db.schema.dropTable('reader_revision').execute();
}
