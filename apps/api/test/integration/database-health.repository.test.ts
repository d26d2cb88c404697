import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseHealthRepository } from '#src/repositories/database-health.repository.ts';
import { createTestDatabase, type TestDatabase, testDialect } from '#test/db.ts';

describe(`DatabaseHealthRepository (${testDialect()})`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('probeWrite commits its row, again and again', async () => {
    const health = new DatabaseHealthRepository(database.db);
    await health.probeWrite(1_000);
    await health.probeWrite(2_000);
    const rows = await database.db.selectFrom('readiness_probe').selectAll().execute();
    expect(rows).toEqual([{ id: 1, written_at: 2_000 }]);
  });

  it('probeWrite rejects once the database is closed', async () => {
    const other = await createTestDatabase();
    await other.close();
    await expect(new DatabaseHealthRepository(other.db).probeWrite(1)).rejects.toThrow();
  });
});
