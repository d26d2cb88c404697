// Real databases for integration tests (architecture habit 6), one per test file, already migrated:
// - SQLite (default): the migrations run once into a template file under os.tmpdir(); each test file
//   gets a copy of it.
// - PostgreSQL (when DATABASE_URL is a postgres:// URL): the migrations run once into a template
//   database; each test file gets `CREATE DATABASE … TEMPLATE …`, dropped again by close().
// Templates are named after a hash of the migration sources, so they are rebuilt when a migration
// changes and reused otherwise. Vitest runs files in parallel processes: the SQLite template is
// published with an atomic rename, the PostgreSQL one is built under an advisory lock.
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from '#src/db/database.ts';
import type { DialectName } from '#src/db/dialect.ts';
import { migrateToLatest } from '#src/db/migrator.ts';

export type TestDatabase = DatabaseHandle;

/** The PostgreSQL server URL tests use, or undefined to use SQLite. */
export function postgresTestUrl(): string | undefined {
  const url = process.env.DATABASE_URL;
  return url && /^postgres(ql)?:\/\//.test(url) ? url : undefined;
}

/** The dialect this test run uses. */
export function testDialect(): DialectName {
  return postgresTestUrl() === undefined ? 'sqlite' : 'postgres';
}

/** A fresh, migrated database for one test file. Call close() in afterAll. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = postgresTestUrl();
  return serverUrl === undefined ? createSqliteTestDatabase() : createPostgresTestDatabase(serverUrl);
}

/**
 * An empty database (no migrations applied), for tests of the migrations themselves.
 */
export async function createEmptyTestDatabase(): Promise<TestDatabase> {
  const serverUrl = postgresTestUrl();
  if (serverUrl === undefined) {
    const path = newSqliteTestPath();
    return withSqliteCleanup(createDatabase({ url: `sqlite:${path}` }), path);
  }
  const name = newPostgresTestName();
  await withAdminClient(serverUrl, (client) => client.query(`create database ${quoteIdent(name)}`));
  return withPostgresCleanup(serverUrl, name);
}

// ── template key ────────────────────────────────────────────────────────────────────────────────

const DB_SOURCE_DIR = fileURLToPath(new URL('../src/db/', import.meta.url));
const HARNESS_VERSION = '1';

let templateKey: string | undefined;

/** Hash of everything that shapes the migrated schema. */
function getTemplateKey(): string {
  if (templateKey === undefined) {
    const hash = createHash('sha256').update(HARNESS_VERSION);
    const migrationDir = join(DB_SOURCE_DIR, 'migrations');
    const files = readdirSync(migrationDir)
      .filter((file) => file.endsWith('.ts'))
      .sort()
      .map((file) => join(migrationDir, file));
    for (const file of [...files, join(DB_SOURCE_DIR, 'dialect.ts'), join(DB_SOURCE_DIR, 'migrator.ts')]) {
      hash.update(file).update(readFileSync(file));
    }
    templateKey = hash.digest('hex').slice(0, 16);
  }
  return templateKey;
}

const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

// ── SQLite ──────────────────────────────────────────────────────────────────────────────────────

const SQLITE_PREFIX = 'manga-api-test-';
let sqliteTemplate: Promise<string> | undefined;

function newSqliteTestPath(): string {
  return join(tmpdir(), `${SQLITE_PREFIX}${process.pid}-${randomBytes(6).toString('hex')}.db`);
}

async function createSqliteTestDatabase(): Promise<TestDatabase> {
  sqliteTemplate ??= ensureSqliteTemplate();
  const template = await sqliteTemplate;
  const path = newSqliteTestPath();
  copyFileSync(template, path);
  return withSqliteCleanup(createDatabase({ url: `sqlite:${path}` }), path);
}

async function ensureSqliteTemplate(): Promise<string> {
  const templatePath = join(tmpdir(), `manga-api-template-${getTemplateKey()}.db`);
  if (existsSync(templatePath)) return templatePath;
  removeStaleSqliteFiles();
  // Built under a private name and renamed into place: a reader never sees a half-built template,
  // and processes that build it at the same moment produce the same file.
  const buildPath = `${templatePath}.${process.pid}-${randomBytes(4).toString('hex')}.building`;
  const handle = createDatabase({ url: `sqlite:${buildPath}` });
  try {
    await migrateToLatest(handle.db);
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(handle.db);
  } finally {
    await handle.close();
  }
  removeSqliteFiles(buildPath, { keepMain: true });
  renameSync(buildPath, templatePath);
  return templatePath;
}

function withSqliteCleanup(handle: DatabaseHandle, path: string): TestDatabase {
  let closing: Promise<void> | undefined;
  return {
    db: handle.db,
    dialect: handle.dialect,
    location: handle.location,
    onWrite: handle.onWrite,
    onQuery: handle.onQuery,
    close: () => {
      closing ??= handle.close().then(() => removeSqliteFiles(path));
      return closing;
    },
  };
}

function removeSqliteFiles(path: string, options: { keepMain?: boolean } = {}): void {
  for (const suffix of options.keepMain ? ['-wal', '-shm'] : ['', '-wal', '-shm']) {
    rmSync(`${path}${suffix}`, { force: true });
  }
}

/** Files left behind by runs that crashed, and templates of older migrations. */
function removeStaleSqliteFiles(): void {
  const cutoff = Date.now() - STALE_AFTER_MS;
  for (const file of readdirSync(tmpdir())) {
    if (!file.startsWith(SQLITE_PREFIX) && !file.startsWith('manga-api-template-')) continue;
    const path = join(tmpdir(), file);
    try {
      if (statSync(path).mtimeMs < cutoff) rmSync(path, { force: true });
    } catch {
      // Another process removed it first; nothing to clean.
    }
  }
}

// ── PostgreSQL ──────────────────────────────────────────────────────────────────────────────────

const PG_TEST_PREFIX = 'manga_test_';
const PG_TEMPLATE_PREFIX = 'manga_tmpl_';
/** pg_advisory_lock key that serialises template builds across test processes. */
const TEMPLATE_LOCK_KEY = 730_194_721;
const OBJECT_IN_USE = '55006';

let postgresTemplate: Promise<string> | undefined;

function newPostgresTestName(): string {
  return `${PG_TEST_PREFIX}${process.pid}_${randomBytes(5).toString('hex')}`;
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdminClient<T>(serverUrl: string, action: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await action(client);
  } finally {
    await client.end();
  }
}

async function createPostgresTestDatabase(serverUrl: string): Promise<TestDatabase> {
  postgresTemplate ??= ensurePostgresTemplate(serverUrl);
  const template = await postgresTemplate;
  const name = newPostgresTestName();
  await withAdminClient(serverUrl, async (client) => {
    // Fails with 55006 while another session is connected to the template (e.g. just finishing
    // its build); PostgreSQL already waits 5 s, so a few retries are plenty.
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`create database ${quoteIdent(name)} template ${quoteIdent(template)}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== OBJECT_IN_USE || attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  });
  return withPostgresCleanup(serverUrl, name);
}

async function ensurePostgresTemplate(serverUrl: string): Promise<string> {
  const template = `${PG_TEMPLATE_PREFIX}${getTemplateKey()}`;
  await withAdminClient(serverUrl, async (client) => {
    await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      const existing = await client.query('select 1 from pg_database where datname = $1', [template]);
      if (existing.rowCount) return;
      const building = `${template}_building`;
      await client.query(`drop database if exists ${quoteIdent(building)} with (force)`);
      await client.query(`create database ${quoteIdent(building)}`);
      const handle = createDatabase({ url: databaseUrl(serverUrl, building), poolSize: 1 });
      try {
        await migrateToLatest(handle.db);
      } finally {
        await handle.close();
      }
      await client.query(`alter database ${quoteIdent(building)} rename to ${quoteIdent(template)}`);
      await dropOtherTemplates(client, template);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
  });
  return template;
}

/** Templates of older migrations; a template still being cloned by another run is left alone. */
async function dropOtherTemplates(client: pg.Client, keep: string): Promise<void> {
  const { rows } = await client.query<{ datname: string }>(
    'select datname from pg_database where starts_with(datname, $1) and datname <> $2',
    [PG_TEMPLATE_PREFIX, keep],
  );
  for (const { datname } of rows) {
    try {
      await client.query(`drop database if exists ${quoteIdent(datname)}`);
    } catch (error) {
      if ((error as { code?: string }).code !== OBJECT_IN_USE) throw error;
    }
  }
}

function withPostgresCleanup(serverUrl: string, name: string): TestDatabase {
  const handle = createDatabase({ url: databaseUrl(serverUrl, name), poolSize: 4 });
  let closing: Promise<void> | undefined;
  return {
    db: handle.db,
    dialect: handle.dialect,
    location: handle.location,
    onWrite: handle.onWrite,
    onQuery: handle.onQuery,
    poolStats: handle.poolStats,
    close: () => {
      closing ??= handle
        .close()
        .then(() =>
          withAdminClient(serverUrl, (client) =>
            client.query(`drop database if exists ${quoteIdent(name)} with (force)`),
          ),
        )
        .then(() => undefined);
      return closing;
    },
  };
}
