// Schema drift check (architecture anti-pattern 5): the migrated database has exactly the tables and
// columns of src/db/schema.ts (read from its types by test/schema-columns.ts), with the same
// nullability and the same defaulted columns, on the dialect under test.
import { type Kysely, Migrator, sql, type TableMetadata } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAppliedMigrations, MigrationError, migrateDown, migrateToLatest, migrations } from '#src/db/migrator.ts';
import type { Database } from '#src/db/schema.ts';
import { createEmptyTestDatabase, createTestDatabase, type TestDatabase, testDialect } from '#test/db.ts';
import { type DeclaredTable, declaredTables } from '#test/schema-columns.ts';

const declared = declaredTables();
const tableNames = [...declared.keys()].sort();
const declaredTable = (name: string) => declared.get(name) as DeclaredTable;

/** SQLite's FTS5 search index (title_search and its shadow tables) is an index, not a table of schema.ts. */
const SEARCH_INDEX_TABLE = /^title_search(_(data|idx|docsize|config|content))?$/;

async function introspect(db: Kysely<Database>): Promise<Map<string, TableMetadata>> {
  const tables = await db.introspection.getTables();
  return new Map(
    tables.filter((table) => !table.isView && !SEARCH_INDEX_TABLE.test(table.name)).map((table) => [table.name, table]),
  );
}

/**
 * Tables whose id is generated. Kysely reports every SQLite `integer primary key` as
 * auto-incrementing (a rowid alias is filled in when left out), but only the ones declared
 * AUTOINCREMENT are generated ids in schema.ts; explicit ids (title, episode, genre, …) are not.
 */
async function generatedIdTables(database: TestDatabase, tables: Map<string, TableMetadata>): Promise<Set<string>> {
  if (database.dialect === 'postgres') {
    return new Set([...tables.values()].filter((t) => t.columns.some((c) => c.isAutoIncrementing)).map((t) => t.name));
  }
  const { rows } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and lower(sql) like '%autoincrement%'`.execute(database.db);
  return new Set(rows.map((row) => row.name));
}

function columnNames(table: TableMetadata | undefined): string[] {
  return (table?.columns ?? []).map((column) => column.name).sort();
}

describe(`migrated schema (${testDialect()})`, () => {
  let database: TestDatabase;
  let tables: Map<string, TableMetadata>;
  let generatedIds: Set<string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    tables = await introspect(database.db);
    generatedIds = await generatedIdTables(database, tables);
  });
  afterAll(() => database?.close());

  it('has exactly the tables of schema.ts', () => {
    expect([...tables.keys()].sort()).toEqual(tableNames);
  });

  it.each(tableNames)('%s has exactly the columns of schema.ts', (name) => {
    expect(columnNames(tables.get(name))).toEqual([...declaredTable(name).columns].sort());
  });

  it.each(tableNames)('%s allows NULL exactly where schema.ts does', (name) => {
    const nullable = (tables.get(name)?.columns ?? []).filter((column) => column.isNullable).map((c) => c.name);
    expect(nullable.sort()).toEqual([...declaredTable(name).nullable].sort());
  });

  it.each(tableNames)('%s has a SQL default exactly for the Default/Generated columns of schema.ts', (name) => {
    const defaulted = (tables.get(name)?.columns ?? [])
      .filter((column) => column.hasDefaultValue || (column.isAutoIncrementing && generatedIds.has(name)))
      .map((column) => column.name);
    expect(defaulted.sort()).toEqual([...declaredTable(name).defaulted].sort());
  });

  it('records every migration as applied, and migrating again applies nothing', async () => {
    expect(await listAppliedMigrations(database.db)).toEqual(Object.keys(migrations));
    expect(await migrateToLatest(database.db)).toEqual([]);
  });
});

describe(`migrations up and down (${testDialect()})`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createEmptyTestDatabase();
  });
  afterAll(() => database?.close());

  it('applies every migration to an empty database, in order', async () => {
    expect(await introspect(database.db)).toEqual(new Map());
    expect(await migrateToLatest(database.db)).toEqual(Object.keys(migrations));
    expect([...(await introspect(database.db)).keys()].sort()).toEqual(tableNames);
  });

  it('down of the initial migration drops every table, and up restores them', async () => {
    expect(await migrateDown(database.db, { to: 'nothing' })).toEqual(Object.keys(migrations).reverse());
    expect([...(await introspect(database.db)).keys()]).toEqual([]);
    expect(await listAppliedMigrations(database.db)).toEqual([]);

    await migrateToLatest(database.db);
    const tables = await introspect(database.db);
    expect([...tables.keys()].sort()).toEqual(tableNames);
    for (const name of tableNames)
      expect(columnNames(tables.get(name))).toEqual([...declaredTable(name).columns].sort());
  });

  it('migrateDown without a target reverts only the latest migration', async () => {
    const names = Object.keys(migrations);
    expect(await migrateDown(database.db)).toEqual(names.slice(-1));
    expect(await listAppliedMigrations(database.db)).toEqual(names.slice(0, -1));
    await migrateToLatest(database.db);
  });

  it('rejects an unknown target migration with a clear message', async () => {
    await expect(migrateDown(database.db, { to: 'no_such_migration' })).rejects.toThrow(/no_such_migration/);
  });
});

describe(`migrations in name order only (${testDialect()}, ADR 004)`, () => {
  it('are listed in name order, none named for a time still to come', () => {
    const names = Object.keys(migrations);
    expect([...names].sort()).toEqual(names);
    const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    for (const name of names) expect(name.slice(0, 14) <= stamp, name).toBe(true);
  });

  it('refuses a pending migration named before one already applied', async () => {
    const database = await createEmptyTestDatabase();
    try {
      // An index-only migration, which nothing after it builds on (a later one may need an earlier
      // one's functions: 20261129010000_reader_revision_my calls 20261128170000's trigger function).
      const skipped = '20261127194000_figures_indexes';
      expect(Object.keys(migrations).at(-1)).not.toBe(skipped);
      const { [skipped]: _skipped, ...others } = migrations;
      const branch = new Migrator({ db: database.db, provider: { getMigrations: async () => others } });
      expect((await branch.migrateToLatest()).error).toBeUndefined();
      await expect(migrateToLatest(database.db)).rejects.toThrow(MigrationError);
      expect(await listAppliedMigrations(database.db)).not.toContain(skipped);
    } finally {
      await database.close();
    }
  });
});
