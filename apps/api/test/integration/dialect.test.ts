// What dialect.ts and database.ts promise to make equal on SQLite and PostgreSQL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containsIgnoringCase, dialectOf } from '#src/db/dialect.ts';
import { createTestDatabase, type TestDatabase, testDialect } from '#test/db.ts';
import { insertTitle } from '#test/factories.ts';

describe(`dialect helpers (${testDialect()})`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('names the dialect of a connection and of a transaction', async () => {
    expect(database.dialect).toBe(testDialect());
    expect(dialectOf(database.db)).toBe(testDialect());
    await database.db.transaction().execute(async (trx) => {
      expect(dialectOf(trx)).toBe(testDialect());
    });
  });

  it('returns counts, sums and bigint columns as JavaScript numbers', async () => {
    await insertTitle(database.db, { published_at: 1_000 });
    await insertTitle(database.db, { published_at: 2_000 });
    const row = await database.db
      .selectFrom('title')
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.sum<number>('published_at').as('sum_millis'),
        eb.fn.sum<number>('age_rating').as('sum_integer'),
        eb.fn.max('published_at').as('latest'),
      ])
      .where('published_at', 'in', [1_000, 2_000])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ count: 2, sum_millis: 3_000, sum_integer: 0, latest: 2_000 });
    const raw = await sql<{ big: number }>`select cast(9007199254740991 as bigint) as big`.execute(database.db);
    expect(raw.rows[0]?.big).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('matches substrings ignoring ASCII case, with wildcards taken literally', async () => {
    const title = await insertTitle(database.db, { search_text: 'Attack On 100% Titan_X' });
    const search = (needle: string) =>
      database.db
        .selectFrom('title')
        .select('id')
        .where((eb) => containsIgnoringCase(database.dialect, eb.ref('search_text'), needle))
        .where('id', '=', title.id)
        .execute();
    expect(await search('attack on')).toHaveLength(1);
    expect(await search('100%')).toHaveLength(1);
    expect(await search('TITAN_x')).toHaveLength(1);
    expect(await search('100%%')).toHaveLength(0);
    expect(await search('titan%x')).toHaveLength(0);
    expect(await search('n_1')).toHaveLength(0);
  });
});
