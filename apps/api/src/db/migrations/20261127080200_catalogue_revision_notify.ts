// The catalogue revision is pushed (ADR 040): on PostgreSQL the trigger function that moves it also
// NOTIFYs channel `catalogue_revision` with the new value, delivered to every listening process when
// the writing transaction commits (never for a rolled-back one). SQLite has no NOTIFY: processes there
// watch the file (db/catalogue-revision-channel.ts), so nothing changes on SQLite.
// Never edit after merge; later changes are new migration files.
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '#src/db/dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`CREATE OR REPLACE FUNCTION bump_catalogue_revision() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE moved bigint;
    BEGIN
      UPDATE catalogue_revision SET revision = revision + 1 WHERE id = 1 RETURNING revision INTO moved;
      PERFORM pg_notify('catalogue_revision', moved::text);
      RETURN NULL;
    END $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`CREATE OR REPLACE FUNCTION bump_catalogue_revision() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN UPDATE catalogue_revision SET revision = revision + 1 WHERE id = 1; RETURN NULL; END $$`.execute(db);
}
