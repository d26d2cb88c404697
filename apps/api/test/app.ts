// An API on a real, migrated test database with a clock that only moves when told to.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#src/app.ts';
import { type Config, testConfig } from '#src/config.ts';
import { FixedClock } from '#src/repositories/clock.repository.ts';
import { createTestDatabase, type TestDatabase } from '#test/db.ts';
import { TEST_NOW } from '#test/factories.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  clock: FixedClock;
  config: Config;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<Config> = {}, database?: TestDatabase): Promise<TestApp> {
  const storageDir = mkdtempSync(join(tmpdir(), 'manga-storage-'));
  const config = testConfig({ storageDir, publicApiUrl: 'http://api.test', ...overrides });
  const db = database ?? (await createTestDatabase());
  const clock = new FixedClock(TEST_NOW);
  const app = await buildApp({ config, database: db, clock, logger: false });
  return {
    app,
    database: db,
    clock,
    config,
    async close() {
      await app.close();
      if (!database) await db.close();
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
}
