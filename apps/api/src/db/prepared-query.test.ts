import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '#src/db/database.ts';
import { preparedChanges, preparedRows } from '#src/db/prepared-query.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = createDatabase({ url: 'sqlite::memory:' });
  await sql`create table setting (key text primary key, value text not null, updated_at integer not null)`.execute(
    database.db,
  );
});
afterAll(() => database.close());

const insert = (key: string, value: string, at: number) =>
  preparedRows(database.db, 'test.insert', [key, value, at], (k, v, a) =>
    database.db.insertInto('setting').values({ key: k, value: v, updated_at: a }).returning('key'),
  );

describe('prepared queries', () => {
  it('binds each call’s arguments to the SQL compiled once', async () => {
    expect(await insert('a', '1', 10)).toEqual([{ key: 'a' }]);
    expect(await insert('b', '2', 20)).toEqual([{ key: 'b' }]);
    const select = (from: number) =>
      preparedRows(database.db, 'test.select', [from], (at) =>
        database.db.selectFrom('setting').select(['key', 'value']).where('updated_at', '>=', at).orderBy('key'),
      );
    expect(await select(15)).toEqual([{ key: 'b', value: '2' }]);
    expect(await select(0)).toEqual([
      { key: 'a', value: '1' },
      { key: 'b', value: '2' },
    ]);
  });

  it('uses a placeholder as often as the query needs it and counts changed rows', async () => {
    const touch = (at: number) =>
      preparedChanges(database.db, 'test.touch', [at], (a) =>
        database.db.updateTable('setting').set({ updated_at: a }).where('updated_at', '<', a),
      );
    expect(await touch(15)).toBe(1);
    expect(await touch(15)).toBe(0);
    expect(await touch(30)).toBe(2);
  });

  it('refuses a query whose values are not all placeholders (it would be frozen into the SQL)', async () => {
    const frozen = 'a';
    await expect(
      preparedRows(database.db, 'test.frozen', [1], (at) =>
        database.db.selectFrom('setting').select('key').where('key', '=', frozen).where('updated_at', '>', at),
      ),
    ).rejects.toThrow(/placeholders/);
    await expect(
      preparedRows(database.db, 'test.unused', [1, 2], (at) =>
        database.db.selectFrom('setting').select('key').where('updated_at', '>', at),
      ),
    ).rejects.toThrow(/placeholders/);
  });
});
