// Queries built and compiled once (ADR 014). Kysely builds and compiles every query on every call; on
// the purchase path, where a request runs about ten statements, that was as much CPU time as SQLite's
// own work. A prepared query is built once per dialect from placeholders, and each call binds its
// arguments to the compiled SQL. The SQL is still written with Kysely's typed builder.
import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import { dialectOf } from '#src/db/dialect.ts';
import type { Database } from '#src/db/schema.ts';

/** Stands for the argument at `index` while a prepared query is compiled. */
class Placeholder {
  constructor(readonly index: number) {}
}

const compiledQueries = new Map<string, CompiledQuery<unknown>>();

/**
 * Runs the query `build` makes, compiled once per `key` and dialect. `build` receives one placeholder
 * per argument (typed `never`, so it fits any column) and must put each where its value belongs; the
 * query's shape must depend on `key` alone (a list of n items: put n in the key).
 */
export function runPrepared<R>(
  db: Kysely<Database>,
  key: string,
  args: readonly unknown[],
  build: (...placeholders: never[]) => Compilable<R>,
): Promise<QueryResult<R>> {
  const cacheKey = `${dialectOf(db)}:${key}`;
  let query = compiledQueries.get(cacheKey) as CompiledQuery<R> | undefined;
  if (!query) {
    const placeholders = args.map((_, index) => new Placeholder(index)) as never[];
    query = build(...placeholders).compile();
    const unbound = query.parameters.some((parameter) => !(parameter instanceof Placeholder));
    const used = new Set(query.parameters.map((parameter) => (parameter as Placeholder).index));
    if (unbound || used.size !== args.length) {
      throw new Error(`prepared query ${key}: every parameter must be one of the ${args.length} placeholders`);
    }
    compiledQueries.set(cacheKey, query as CompiledQuery<unknown>);
  }
  const parameters = query.parameters.map((parameter) => args[(parameter as Placeholder).index]);
  return db.executeQuery({ ...query, parameters });
}

/** The rows a prepared query answered. */
export async function preparedRows<R>(
  db: Kysely<Database>,
  key: string,
  args: readonly unknown[],
  build: (...placeholders: never[]) => Compilable<R>,
): Promise<R[]> {
  return (await runPrepared(db, key, args, build)).rows;
}

/** How many rows a prepared update or delete changed. */
export async function preparedChanges(
  db: Kysely<Database>,
  key: string,
  args: readonly unknown[],
  build: (...placeholders: never[]) => Compilable<unknown>,
): Promise<number> {
  return Number((await runPrepared(db, key, args, build)).numAffectedRows ?? 0n);
}

/**
 * The columns of a prepared insert, in the order its arguments are bound; the compiler refuses a list
 * that leaves out a column of `Row` (a new column must be written, or defaulted, explicitly).
 */
export function insertedColumns<Row>() {
  return <const C extends readonly (keyof Row & string)[]>(
    columns: C &
      ([Exclude<keyof Row, C[number]>] extends [never] ? unknown : { missing: Exclude<keyof Row, C[number]> }),
  ): C => columns;
}
