import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, DatabaseUrlError, parseDatabaseUrl, redactUrl } from '#src/db/database.ts';

describe('parseDatabaseUrl', () => {
  it('reads SQLite paths, absolute, relative and in memory', () => {
    expect(parseDatabaseUrl('sqlite:/var/data/manga.db')).toEqual({
      dialect: 'sqlite',
      filename: '/var/data/manga.db',
    });
    expect(parseDatabaseUrl('sqlite:///var/data/manga.db')).toEqual({
      dialect: 'sqlite',
      filename: '/var/data/manga.db',
    });
    expect(parseDatabaseUrl('sqlite:data/manga.db', '/srv/app')).toEqual({
      dialect: 'sqlite',
      filename: '/srv/app/data/manga.db',
    });
    expect(parseDatabaseUrl('sqlite::memory:')).toEqual({ dialect: 'sqlite', filename: ':memory:' });
  });

  it('reads PostgreSQL URLs in both spellings', () => {
    expect(parseDatabaseUrl('postgres://u@db:5432/manga')).toEqual({
      dialect: 'postgres',
      connectionString: 'postgres://u@db:5432/manga',
    });
    expect(parseDatabaseUrl('postgresql://u@db/manga').dialect).toBe('postgres');
  });

  it('rejects other URLs without echoing the password', () => {
    expect(() => parseDatabaseUrl('mysql://user:secret@db/manga')).toThrow(DatabaseUrlError);
    expect(() => parseDatabaseUrl('mysql://user:secret@db/manga')).not.toThrow(/secret/);
    expect(() => parseDatabaseUrl('sqlite:')).toThrow(DatabaseUrlError);
    expect(redactUrl('postgres://user:secret@db/manga')).toBe('postgres://user:***@db/manga');
  });
});

describe('createDatabase on SQLite', () => {
  let directory: string | undefined;

  afterEach(() => {
    if (directory) rmSync(directory, { recursive: true, force: true });
    directory = undefined;
  });

  it('creates the parent directory and sets WAL, foreign keys, busy timeout, synchronous and temp store', async () => {
    directory = mkdtempSync(join(tmpdir(), 'manga-api-database-test-'));
    const filename = join(directory, 'nested', 'dir', 'manga.db');
    const handle = createDatabase({ url: `sqlite:${filename}` });
    try {
      expect(handle.dialect).toBe('sqlite');
      expect(existsSync(join(directory, 'nested', 'dir'))).toBe(true);
      const pragma = async (name: string) =>
        Object.values((await sql.raw(`pragma ${name}`).execute(handle.db)).rows[0] as object)[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('busy_timeout')).toBe(5000);
      expect(await pragma('synchronous')).toBe(1); // NORMAL
      expect(await pragma('temp_store')).toBe(2); // MEMORY (savepoints of group commit, ADR 021)
    } finally {
      await handle.close();
    }
    await handle.close(); // idempotent
  });

  it('takes the write lock when a transaction begins, so other writers wait instead of failing later', async () => {
    directory = mkdtempSync(join(tmpdir(), 'manga-api-database-test-'));
    const filename = join(directory, 'manga.db');
    const handle = createDatabase({ url: `sqlite:${filename}` });
    const otherProcess = new SqliteDatabase(filename, { timeout: 0 });
    try {
      await handle.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx); // reads only, yet already holds the write lock
        expect(() => otherProcess.exec('begin immediate')).toThrow(/busy|locked/i);
      });
      otherProcess.exec('begin immediate');
      otherProcess.exec('rollback');
    } finally {
      otherProcess.close();
      await handle.close();
    }
  });

  it('closes the file even when no query ran, after which queries fail', async () => {
    const handle = createDatabase({ url: 'sqlite::memory:' });
    await handle.close();
    await expect(sql`select 1`.execute(handle.db)).rejects.toThrow();
  });

  it('opens an in-memory database', async () => {
    const handle = createDatabase({ url: 'sqlite::memory:' });
    try {
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await handle.close();
    }
  });
});

describe('SQLite statement cache', () => {
  it('reuses prepared statements and follows schema changes', async () => {
    const handle = createDatabase({ url: 'sqlite::memory:' });
    try {
      await sql`create table note (id integer primary key, body text not null)`.execute(handle.db);
      for (const body of ['first', 'second']) await sql`insert into note (body) values (${body})`.execute(handle.db);
      const all = () => sql<Record<string, unknown>>`select * from note order by id`.execute(handle.db);
      expect((await all()).rows).toEqual([
        { id: 1, body: 'first' },
        { id: 2, body: 'second' },
      ]);
      await sql`alter table note add column pinned integer not null default 0`.execute(handle.db);
      expect((await all()).rows).toEqual([
        { id: 1, body: 'first', pinned: 0 },
        { id: 2, body: 'second', pinned: 0 },
      ]);
      for (let i = 0; i < 600; i++) await sql`select ${sql.lit(i)} as n`.execute(handle.db);
      expect((await all()).rows).toHaveLength(2);
    } finally {
      await handle.close();
    }
  });
});
