// Kysely factory for both dialects (architecture §5). The URL picks the dialect:
//   sqlite:/abs/path.db · sqlite:relative/path.db · sqlite::memory: · postgres://… · postgresql://…
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type LogEvent,
  PostgresDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import pg from 'pg';
import type { DialectName } from '#src/db/dialect.ts';
import type { Database } from '#src/db/schema.ts';
import { type WriteListener, watchWrites } from '#src/db/write-watch.ts';

export interface DatabaseHandle {
  readonly db: Kysely<Database>;
  readonly dialect: DialectName;
  /**
   * SQLite only: runs one read-only statement synchronously on the same connection, past Kysely's
   * connection lock (hot single-row reads such as the catalogue revision, ADR 020).
   */
  readonly readSync?: (sql: string) => unknown;
  /** Where the database is (the catalogue revision channel opens its own connection or watch there). */
  readonly location?: DatabaseLocation;
  /** Tells `listener` the tables each committed write of this handle touched; returns the unsubscribe. */
  readonly onWrite?: (listener: WriteListener) => () => void;
  /** Tells `listener` each statement's kind and time in ms; returns the unsubscribe (metrics). */
  readonly onQuery?: (listener: QueryListener) => () => void;
  /** PostgreSQL only: the pool's connections now (metrics). */
  readonly poolStats?: () => PoolStats;
  /** Closes the SQLite file or ends the PostgreSQL pool. Safe to call more than once. */
  close(): Promise<void>;
}

/** A statement's first keyword; never its text, which may hold values. */
export type StatementKind = 'select' | 'insert' | 'update' | 'delete' | 'other';
export type QueryListener = (kind: StatementKind, ms: number, failed: boolean) => void;

const STATEMENT_KINDS = new Set<string>(['select', 'insert', 'update', 'delete']);

/** `select`, `insert`, `update` or `delete` by the SQL's first word (`with …` and the rest: `other`). */
export function statementKind(sql: string): StatementKind {
  const word = /^\s*([a-zA-Z]+)/.exec(sql)?.[1]?.toLowerCase() ?? '';
  return STATEMENT_KINDS.has(word) ? (word as StatementKind) : 'other';
}

/** Kysely's `log` hook, handing each statement's kind and time to the listeners (none: no work). */
function queryTimes() {
  const listeners = new Set<QueryListener>();
  const log = (event: LogEvent) => {
    if (listeners.size === 0) return;
    const kind = statementKind(event.query.sql);
    for (const listener of listeners) listener(kind, event.queryDurationMillis, event.level === 'error');
  };
  const onQuery = (listener: QueryListener) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return { log, onQuery };
}

export interface PoolStats {
  readonly max: number;
  readonly total: number;
  readonly idle: number;
  /** Queries waiting for a connection. */
  readonly waiting: number;
}

export interface CreateDatabaseOptions {
  readonly url: string;
  /** PostgreSQL pool size (default 10). SQLite always uses one connection: one writer. */
  readonly poolSize?: number;
  /**
   * PostgreSQL: a pooled connection failed (server restart or failover, admin termination, network
   * break), idle or in use. The pool drops it and opens a new one when needed; a query it was running
   * fails by itself. Without a listener pg would crash the process (ADR 022). Default: a process warning.
   */
  readonly onConnectionError?: (error: Error) => void;
}

export type DatabaseLocation =
  | { readonly dialect: 'sqlite'; readonly filename: string }
  | { readonly dialect: 'postgres'; readonly connectionString: string };

export class DatabaseUrlError extends Error {}

const SQLITE_MEMORY = ':memory:';

/** Parses a database URL; relative SQLite paths resolve against `cwd`. */
export function parseDatabaseUrl(url: string, cwd: string = process.cwd()): DatabaseLocation {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    return { dialect: 'postgres', connectionString: url };
  }
  if (url.startsWith('sqlite:')) {
    // `sqlite:///abs/path.db` is accepted as well as `sqlite:/abs/path.db`.
    const path = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (path === '') throw new DatabaseUrlError(`Database URL "${url}" has no SQLite file path`);
    if (path === SQLITE_MEMORY) return { dialect: 'sqlite', filename: SQLITE_MEMORY };
    return { dialect: 'sqlite', filename: resolve(cwd, path) };
  }
  throw new DatabaseUrlError(
    `Unsupported database URL "${redactUrl(url)}": expected sqlite:<path>, sqlite::memory:, postgres:// or postgresql://`,
  );
}

export function createDatabase(options: CreateDatabaseOptions): DatabaseHandle {
  const location = parseDatabaseUrl(options.url);
  return location.dialect === 'sqlite'
    ? createSqliteDatabase(location.filename)
    : createPostgresDatabase(location.connectionString, options.poolSize ?? 10, options.onConnectionError);
}

function createSqliteDatabase(filename: string): DatabaseHandle {
  if (filename !== SQLITE_MEMORY) mkdirSync(dirname(filename), { recursive: true });
  const sqlite = new SqliteDatabase(filename);
  try {
    sqlite.pragma('journal_mode = WAL'); // stays 'memory' for :memory:
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    // Savepoints (group commit, ADR 021) journal in temporary storage: memory, not a file per write.
    sqlite.pragma('temp_store = MEMORY');
  } catch (error) {
    sqlite.close();
    throw error;
  }
  const watched = watchWrites(new ImmediateTransactionSqliteDialect({ database: withStatementCache(sqlite) }));
  const times = queryTimes();
  const db = new Kysely<Database>({ dialect: watched.dialect, log: times.log });
  const close = async () => {
    await db.destroy();
    // Kysely's destroy() does nothing when no query ran yet; the file handle must close regardless.
    if (sqlite.open) sqlite.close();
  };
  const prepared = new Map<string, SqliteDatabase.Statement>();
  const readSync = (sql: string) => {
    let statement = prepared.get(sql);
    if (!statement) {
      statement = sqlite.prepare(sql);
      if (!statement.readonly) throw new Error('readSync runs read-only statements only');
      prepared.set(sql, statement);
    }
    return statement.get();
  };
  return {
    db,
    dialect: 'sqlite',
    readSync,
    location: { dialect: 'sqlite', filename },
    onWrite: watched.onWrite,
    onQuery: times.onQuery,
    close: once(close),
  };
}

/** Prepared statements kept per connection (most queries repeat with other parameters). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely asks better-sqlite3 to prepare every statement anew, and parsing SQL was a fifth of the CPU
 * time of a purchase (ADR 014). This keeps the last STATEMENT_CACHE_SIZE prepared statements by SQL
 * text (least recently used out); a statement still being iterated is never handed out twice.
 * SQLite re-prepares a cached statement by itself when the schema changes.
 */
function withStatementCache(sqlite: SqliteDatabase.Database): SqliteDialectConfig['database'] {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const cached = statements.get(sql);
      statements.delete(sql);
      const statement = cached && !cached.busy ? cached : sqlite.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
      return statement;
    },
  };
}

/**
 * SQLite transactions start with `BEGIN IMMEDIATE`: the write lock is taken up front, so another
 * process writing the same file makes the transaction wait (busy_timeout) instead of failing with
 * SQLITE_BUSY halfway, after it has read (e.g. a balance check followed by a debit).
 */
class ImmediateTransactionSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateTransactionSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateTransactionSqliteDriver(this.#config);
  }
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * int8 (`bigint` millis columns, `count(*)`, `sum(integer)`) and numeric (`sum(bigint)`) arrive as
 * strings from pg; they are parsed to numbers so rows look the same as on SQLite. A value that would
 * lose precision is an error rather than a silently wrong number.
 */
function parseInt8(value: string): number {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed)) throw new RangeError(`int8 value ${value} is outside the safe integer range`);
  return parsed;
}

function parseNumeric(value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) throw new RangeError(`numeric value ${value} is not a finite number`);
  return parsed;
}

/** Parser set local to our pools, so other pg users in the process keep pg's defaults. */
const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (format !== 'binary' && oid === INT8_OID) return parseInt8;
    if (format !== 'binary' && oid === NUMERIC_OID) return parseNumeric;
    return pg.types.getTypeParser(oid, format);
  }) as pg.CustomTypesConfig['getTypeParser'],
};

function warnConnectionError(error: Error): void {
  process.emitWarning(`PostgreSQL connection error: ${error.message}`, 'DatabaseWarning');
}

/** A server that does not answer a connection attempt in this time counts as down (ADR 022). */
const CONNECT_TIMEOUT_MS = 5_000;

function createPostgresDatabase(
  connectionString: string,
  poolSize: number,
  onConnectionError: (error: Error) => void = warnConnectionError,
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    types: pgTypes,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A silent network break ends the connection (and its query) instead of leaving it waiting forever.
    keepAlive: true,
  });
  // pg-pool listens only while a connection is idle; a connection lost while checked out would emit
  // 'error' with no listener and end the process (issue 21). Its query fails on its own, and the pool
  // discards the connection on release (no longer queryable), so a listener is all that is missing.
  // The pool's own 'error' (idle connections) repeats what the connection's listener reported.
  pool.on('error', () => undefined);
  // pool.end() resolves before its connections have closed; close() waits for them, so that once it
  // resolves the server has no session of ours left (and e.g. DROP DATABASE cannot race them).
  const openClients = new Set<pg.PoolClient>();
  let onAllClosed: (() => void) | undefined;
  pool.on('connect', (client) => {
    openClients.add(client);
    client.on('error', onConnectionError);
  });
  pool.on('remove', (client) => {
    openClients.delete(client);
    if (openClients.size === 0) onAllClosed?.();
  });
  const watched = watchWrites(new PostgresDialect({ pool }));
  const times = queryTimes();
  const db = new Kysely<Database>({ dialect: watched.dialect, log: times.log });
  const close = async () => {
    const allClosed = new Promise<void>((resolve) => {
      onAllClosed = resolve;
    });
    await db.destroy();
    // As for SQLite: end the pool even when Kysely never initialised its driver.
    if (!pool.ending && !pool.ended) await pool.end();
    if (openClients.size > 0) await allClosed;
  };
  return {
    db,
    dialect: 'postgres',
    location: { dialect: 'postgres', connectionString },
    onWrite: watched.onWrite,
    onQuery: times.onQuery,
    poolStats: () => ({ max: poolSize, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: once(close),
  };
}

function once(action: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= action();
    return closing;
  };
}

/** The URL without its password, for messages and logs. */
export function redactUrl(url: string): string {
  return url.replace(/(\/\/[^:/@]+:)[^@/]*@/, '$1***@');
}
