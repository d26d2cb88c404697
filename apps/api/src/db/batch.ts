// Limits for statements built from lists, shared by every repository so that bulk reads and writes
// stay under SQLite's and PostgreSQL's bound-parameter limits (32 766 and 65 535).

/** Largest `IN (…)` list a repository sends in one statement. */
export const IN_LIST_CHUNK_SIZE = 500;

/** Bound parameters a bulk insert may use per statement (below SQLite's limit, the smaller one). */
export const MAX_BIND_PARAMETERS_PER_STATEMENT = 30_000;

/** Splits `items` into consecutive slices of at most `size` items. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`chunk size must be a positive integer, got ${size}`);
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/**
 * Splits rows into batches for multi-row inserts:
 * - rows in one batch set the same columns, because a multi-row VALUES list fills a column that only
 *   some rows set with `DEFAULT` on PostgreSQL but with `NULL` on SQLite (which has no DEFAULT
 *   keyword there), and NULL breaks `NOT NULL … DEFAULT` columns;
 * - each batch binds at most MAX_BIND_PARAMETERS_PER_STATEMENT values.
 * Row order is kept inside each batch.
 */
export function insertBatches<T extends object>(rows: readonly T[]): T[][] {
  const groups = new Map<string, { columns: number; rows: T[] }>();
  for (const row of rows) {
    const columns = Object.entries(row)
      .filter(([, value]) => value !== undefined)
      .map(([column]) => column)
      .sort();
    const key = columns.join(',');
    const group = groups.get(key);
    if (group) group.rows.push(row);
    else groups.set(key, { columns: Math.max(1, columns.length), rows: [row] });
  }
  return [...groups.values()].flatMap((group) =>
    chunk(group.rows, Math.max(1, Math.floor(MAX_BIND_PARAMETERS_PER_STATEMENT / group.columns))),
  );
}
