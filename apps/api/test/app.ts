// An API on a real, migrated test database with a clock that only moves when told to.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from '#src/app.ts';
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

/** argon2id at a test cost: the same algorithm and format, a fraction of the time. */
export const TEST_PASSWORD_HASH_COST = { memoryCost: 1024, timeCost: 1 };

export async function createTestApp(
  overrides: Partial<Config> = {},
  database?: TestDatabase,
  options: Pick<BuildAppOptions, 'mail' | 'logger' | 'passwordHashCost'> = {},
): Promise<TestApp> {
  const storageDir = mkdtempSync(join(tmpdir(), 'manga-storage-'));
  const config = testConfig({
    storageDir,
    outboxDir: join(storageDir, 'outbox'),
    uploadDir: join(storageDir, 'uploads'),
    publicApiUrl: 'http://api.test',
    webPublicUrl: 'http://web.test',
    // Tests mail freely from one address; api-security-mail.test.ts sets the limits it tests.
    mailMaxPerAddress: 1000,
    mailMaxPerClient: 10_000,
    ...overrides,
  });
  const db = database ?? (await createTestDatabase());
  const clock = new FixedClock(TEST_NOW);
  const app = await buildApp({
    config,
    database: db,
    clock,
    logger: false,
    passwordHashCost: TEST_PASSWORD_HASH_COST,
    crossCheckAnswers: true,
    ...options,
  });
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
