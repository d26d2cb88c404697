// Which tables this process's own connections have written, told once the write is committed (the
// catalogue revision feed, ADR 040). A Kysely driver wrapper: each statement's SQL names the tables it
// inserts into, updates or deletes from; inside a transaction they are gathered and told at COMMIT
// (dropped at ROLLBACK), outside one they are told after the statement. Writes that only triggers make
// (a comment moving an episode's counter) are not seen here; the push channel and the recheck bound
// cover them.
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';

/** May return a promise: the commit (or the statement outside a transaction) waits for it. */
export type WriteListener = (tables: ReadonlySet<string>) => void | Promise<void>;

const WRITTEN_TABLE = /\b(?:insert(?:\s+or\s+\w+)?\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+"?([A-Za-z_]\w*)"?/gi;

const tablesBySql = new Map<string, readonly string[]>();
const TABLES_BY_SQL_MAX = 2_000;

/** The tables a statement writes, by its SQL text (lower case); most statements repeat, so kept by text. */
export function tablesWrittenBy(sql: string): readonly string[] {
  let tables = tablesBySql.get(sql);
  if (!tables) {
    tables = [...sql.matchAll(WRITTEN_TABLE)].map((match) => (match[1] as string).toLowerCase());
    if (tablesBySql.size >= TABLES_BY_SQL_MAX) tablesBySql.clear();
    tablesBySql.set(sql, tables);
  }
  return tables;
}

class WatchedConnection implements DatabaseConnection {
  inTransaction = false;
  readonly pending = new Set<string>();

  constructor(
    readonly inner: DatabaseConnection,
    private readonly tell: (tables: ReadonlySet<string>) => Promise<void>,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(compiledQuery);
    await this.noteWrites(compiledQuery.sql);
    return result;
  }

  streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    void this.noteWrites(compiledQuery.sql);
    return this.inner.streamQuery<R>(compiledQuery, chunkSize);
  }

  private async noteWrites(sql: string): Promise<void> {
    const tables = tablesWrittenBy(sql);
    if (tables.length === 0) return;
    if (!this.inTransaction) {
      await this.tell(new Set(tables));
      return;
    }
    for (const table of tables) this.pending.add(table);
  }

  async committed(): Promise<void> {
    this.inTransaction = false;
    if (this.pending.size === 0) return;
    const tables = new Set(this.pending);
    this.pending.clear();
    await this.tell(tables);
  }

  rolledBack(): void {
    this.inTransaction = false;
    this.pending.clear();
  }
}

/** `dialect` whose connections tell every committed write to the listeners registered through `onWrite`. */
export function watchWrites(dialect: Dialect): { dialect: Dialect; onWrite(listener: WriteListener): () => void } {
  const listeners = new Set<WriteListener>();
  return {
    dialect: {
      createDriver: () => watchedDriver(dialect.createDriver(), listeners),
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createAdapter: () => dialect.createAdapter(),
      createIntrospector: (db) => dialect.createIntrospector(db),
    },
    onWrite(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function watchedDriver(inner: Driver, listeners: ReadonlySet<WriteListener>): Driver {
  const wrapped = new WeakMap<DatabaseConnection, WatchedConnection>();
  const tell = async (tables: ReadonlySet<string>) => {
    const waits: Promise<void>[] = [];
    for (const listener of listeners) {
      const wait = listener(tables);
      if (wait) waits.push(wait);
    }
    if (waits.length > 0) await Promise.all(waits);
  };
  const own = (connection: DatabaseConnection) => connection as WatchedConnection;
  const driver: Driver = {
    init: () => inner.init(),
    async acquireConnection() {
      const connection = await inner.acquireConnection();
      let watched = wrapped.get(connection);
      if (!watched) {
        watched = new WatchedConnection(connection, tell);
        wrapped.set(connection, watched);
      }
      return watched;
    },
    async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
      await inner.beginTransaction(connection, settings);
      own(connection).inTransaction = true;
    },
    async commitTransaction(connection: DatabaseConnection) {
      await inner.commitTransaction(connection);
      await own(connection).committed();
    },
    async rollbackTransaction(connection: DatabaseConnection) {
      try {
        await inner.rollbackTransaction(connection);
      } finally {
        own(connection).rolledBack();
      }
    },
    releaseConnection: (connection: DatabaseConnection) => inner.releaseConnection(own(connection).inner),
    destroy: () => inner.destroy(),
  };
  if (inner.savepoint)
    driver.savepoint = (connection, name, compile) => inner.savepoint?.(connection, name, compile) as Promise<void>;
  if (inner.rollbackToSavepoint) {
    driver.rollbackToSavepoint = (connection, name, compile) =>
      inner.rollbackToSavepoint?.(connection, name, compile) as Promise<void>;
  }
  if (inner.releaseSavepoint) {
    driver.releaseSavepoint = (connection, name, compile) =>
      inner.releaseSavepoint?.(connection, name, compile) as Promise<void>;
  }
  return driver;
}
