import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseHealthRepository } from '#src/repositories/database-health.repository.ts';
import { createTestDatabase, type TestDatabase, testDialect } from '#test/db.ts';

describe(`DatabaseHealthRepository (${testDialect()})`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('ping resolves while the database answers', async () => {
    await expect(new DatabaseHealthRepository(database.db).ping()).resolves.toBeUndefined();
  });

  it('ping rejects once the database is closed', async () => {
    const other = await createTestDatabase();
    await other.close();
    await expect(new DatabaseHealthRepository(other.db).ping()).rejects.toThrow();
  });
});
