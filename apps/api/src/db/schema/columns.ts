// Column types shared by the tables of schema.ts.
import type { ColumnType, Generated } from 'kysely';

/** Epoch milliseconds. */
export type Millis = number;
export type Flag = 0 | 1;
export type Id = Generated<number>;
/** Defaulted in SQL, optional on insert. */
export type Default<T> = ColumnType<T, T | undefined, T>;
