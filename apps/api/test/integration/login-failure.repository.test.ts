// The two stores of the login rate limit (ADR 007): the database table on both dialects, and Redis
// when REDIS_URL points at a server (CI starts one; without it the Redis half is skipped).
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginFailureRepository } from '#src/repositories/login-failure.repository.ts';
import { RedisLoginFailureRepository } from '#src/repositories/redis-login-failure.repository.ts';
import { createTestDatabase, type TestDatabase, testDialect } from '#test/db.ts';

const WINDOW = 15 * 60_000;
const NOW = Date.UTC(2026, 0, 1);

type Store = Pick<LoginFailureRepository, 'recordFailure' | 'summarizeFailures' | 'clearFailures'>;

function behavesAsALoginFailureStore(name: string, open: () => Promise<{ store: Store; close(): Promise<void> }>) {
  describe(name, () => {
    let store: Store;
    let close: () => Promise<void>;
    const key = () => `k${Math.random().toString(16).slice(2)}`;

    beforeAll(async () => {
      ({ store, close } = await open());
    });
    afterAll(() => close());

    it('counts failures inside the window and reports the oldest', async () => {
      const k = key();
      await store.recordFailure('account', k, NOW - 20 * 60_000, NOW - 20 * 60_000 - WINDOW);
      await store.recordFailure('account', k, NOW - 10 * 60_000, NOW - 10 * 60_000 - WINDOW);
      await store.recordFailure('account', k, NOW - 60_000, NOW - 60_000 - WINDOW);
      expect(await store.summarizeFailures('account', k, NOW - WINDOW)).toEqual({
        count: 2,
        oldestAt: NOW - 10 * 60_000,
      });
      expect(await store.summarizeFailures('ip', k, NOW - WINDOW)).toEqual({ count: 0, oldestAt: null });
    });

    it('keeps scopes and keys apart and clears one key', async () => {
      const a = key();
      const b = key();
      await store.recordFailure('ip', a, NOW, NOW - WINDOW);
      await store.recordFailure('ip', b, NOW, NOW - WINDOW);
      await store.clearFailures('ip', a);
      expect((await store.summarizeFailures('ip', a, NOW - WINDOW)).count).toBe(0);
      expect((await store.summarizeFailures('ip', b, NOW - WINDOW)).count).toBe(1);
    });

    it('counts concurrent failures exactly', async () => {
      const k = key();
      await Promise.all(Array.from({ length: 10 }, () => store.recordFailure('account', k, NOW, NOW - WINDOW)));
      expect((await store.summarizeFailures('account', k, NOW - WINDOW)).count).toBe(10);
    });
  });
}

behavesAsALoginFailureStore(`LoginFailureRepository (${testDialect()})`, async () => {
  const database: TestDatabase = await createTestDatabase();
  return { store: new LoginFailureRepository(database.db), close: () => database.close() };
});

const redisUrl = process.env.REDIS_URL;
describe.skipIf(!redisUrl)('with Redis (needs REDIS_URL)', () => {
  behavesAsALoginFailureStore('RedisLoginFailureRepository', async () => {
    const redis = new Redis(redisUrl as string, { maxRetriesPerRequest: 1 });
    return {
      store: new RedisLoginFailureRepository(redis, WINDOW),
      close: async () => {
        redis.disconnect();
      },
    };
  });
});
