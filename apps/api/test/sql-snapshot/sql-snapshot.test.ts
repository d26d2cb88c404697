import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dialectOf } from '#src/db/dialect.ts';
import { sqlSnapshotGroups } from '#test/sql-snapshot/repository-cases.ts';
import {
  createSqlRecorder,
  formatSql,
  generateSqlSnapshots,
  recordSqlSnapshot,
} from '#test/sql-snapshot/sql-recorder.ts';

const REGENERATE = 'run `npm run sql -w @manga/api` and commit src/queries';
const directory = fileURLToPath(new URL('../../src/queries/', import.meta.url));

describe('SQL snapshot (src/queries)', () => {
  it(`is committed exactly as the repositories generate it (${REGENERATE})`, async () => {
    const generated = await generateSqlSnapshots(sqlSnapshotGroups);
    const committedNames = existsSync(directory) ? readdirSync(directory).filter((name) => name.endsWith('.sql')) : [];
    expect(committedNames.sort(), `the set of snapshot files changed: ${REGENERATE}`).toEqual(
      [...generated.keys()].sort(),
    );
    for (const [name, content] of generated) {
      const committed = readFileSync(join(directory, name), 'utf8');
      expect(committed, `src/queries/${name} is out of date: ${REGENERATE}`).toBe(content);
    }
  });

  it('records at least one query for every case', async () => {
    for (const group of sqlSnapshotGroups) {
      const entries = await recordSqlSnapshot(group, 'sqlite');
      const silent = entries.filter((entry) => entry.queries.length === 0).map((entry) => entry.label);
      expect(silent, `cases of ${group.file} that ran no query`).toEqual([]);
    }
  });
});

describe('createSqlRecorder', () => {
  it('compiles for the dialect without connecting, and returns no rows', async () => {
    for (const [dialect, placeholder] of [
      ['sqlite', '?'],
      ['postgres', '$1'],
    ] as const) {
      const recorder = createSqlRecorder(dialect);
      expect(dialectOf(recorder.db)).toBe(dialect);
      const rows = await recorder.db.selectFrom('title').select('id').where('id', '=', 10001).execute();
      expect(rows).toEqual([]);
      expect(recorder.take()).toEqual([
        { sql: `select "id" from "title" where "id" = ${placeholder}`, parameters: [10001] },
      ]);
      expect(recorder.take()).toEqual([]);
    }
  });

  it('records the statements of a transaction', async () => {
    const recorder = createSqlRecorder('sqlite');
    await recorder.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('page').where('episode_id', '=', 1).execute();
      await sql`select 1`.execute(trx);
    });
    expect(recorder.take().map((query) => query.sql)).toEqual([
      'delete from "page" where "episode_id" = ?',
      'select 1',
    ]);
  });
});

describe('formatSql', () => {
  it('puts clauses on their own lines and list items and conditions below them', () => {
    expect(
      formatSql(
        'select "a"."id", count(*) as "count" from "a" inner join "b" on "b"."id" = "a"."b_id" where "a"."id" in (?, ?) and "a"."x" between ? and ? or "a"."y" = ? group by "a"."id" order by "a"."id" limit ?',
      ),
    ).toBe(
      [
        'select',
        '  "a"."id",',
        '  count(*) as "count"',
        'from',
        '  "a"',
        '  inner join "b" on "b"."id" = "a"."b_id"',
        'where',
        '  "a"."id" in (?, ?)',
        '  and "a"."x" between ? and ?',
        '  or "a"."y" = ?',
        'group by',
        '  "a"."id"',
        'order by',
        '  "a"."id"',
        'limit',
        '  ?',
      ].join('\n'),
    );
  });

  it('lays out inserts with their rows and upserts', () => {
    expect(
      formatSql(
        'insert into "g" ("id", "name") values (?, ?), (?, ?) on conflict ("id") do update set "name" = "excluded"."name", "x" = ?',
      ),
    ).toBe(
      [
        'insert into',
        '  "g" ("id", "name")',
        'values',
        '  (?, ?),',
        '  (?, ?)',
        'on conflict',
        '  ("id")',
        'do update set',
        '  "name" = "excluded"."name",',
        '  "x" = ?',
      ].join('\n'),
    );
  });

  it('leaves quoted text and parenthesised subqueries alone', () => {
    expect(
      formatSql(`select 'from  where', "order by" from (select 1 from "t") as "s" where "n" like ? escape '\\'`),
    ).toBe(
      [
        'select',
        `  'from  where',`,
        '  "order by"',
        'from',
        '  (select 1 from "t") as "s"',
        'where',
        `  "n" like ? escape '\\'`,
      ].join('\n'),
    );
  });
});
