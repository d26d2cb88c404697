// Migrations merged from parallel branches (issue 12's reading progress, issue 13's comments): a
// database that took the later-dated one first still takes the other, and either way ends with
// every migration applied; reverting goes back in the order they were applied.
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAppliedMigrations, migrateDown, migrateToLatest, migrations } from '#src/db/migrator.ts';
import { createEmptyTestDatabase, type TestDatabase, testDialect } from '#test/db.ts';

const CATALOGUE = '20261122020000_catalogue';
const COMMENTS = '20261123130000_comments_and_moderation';
const READING_PROGRESS = '20261124100000_reading_progress';

describe(`a database migrated on the reading-progress branch, before comments existed (${testDialect()})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createEmptyTestDatabase();
  });
  afterAll(() => database?.close());

  it('takes the comments migration next, then has every migration and nothing pending', async () => {
    const { db } = database;
    const { [COMMENTS]: _comments, ...branchMigrations } = migrations;
    const branch = new Migrator({ db, provider: { getMigrations: async () => branchMigrations } });
    const { error } = await branch.migrateToLatest();
    expect(error).toBeUndefined();
    expect(await listAppliedMigrations(db)).toContain(READING_PROGRESS);

    expect(await migrateToLatest(db)).toEqual([COMMENTS]);
    expect(await listAppliedMigrations(db)).toEqual(Object.keys(migrations));
    expect(await migrateToLatest(db)).toEqual([]);
    expect(await db.selectFrom('ng_word').select('word').limit(1).execute()).toHaveLength(1);
    expect(await db.selectFrom('episode_view').select('last_page').execute()).toEqual([]);
  });

  it('reverts in the order the migrations were applied: comments first', async () => {
    const { db } = database;
    const takenOnTheBranch = Object.keys(migrations).filter((name) => name > CATALOGUE && name !== COMMENTS);
    expect(await migrateDown(db, { to: CATALOGUE })).toEqual([COMMENTS, ...takenOnTheBranch.reverse()]);
    expect(await migrateToLatest(db)).toEqual(Object.keys(migrations).filter((name) => name > CATALOGUE));
  });
});
