// The two stores of rate-limit events (ADR 015): the database table on both dialects, and Redis when
// REDIS_URL points at a server (CI starts one; without it the Redis half is skipped); and the service
// harness's in-memory store, held to the same contract (ADR 035).
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisThrottleEventRepository } from '#src/repositories/redis-throttle-event.repository.ts';
import { ThrottleEventRepository } from '#src/repositories/throttle-event.repository.ts';
import { createTestDatabase, type TestDatabase, testDialect } from '#test/db.ts';
import { InMemoryThrottleEventStore } from '#test/services/in-memory-repositories.ts';

const WINDOW = 15 * 60_000;
const NOW = Date.UTC(2026, 0, 1);

type Store = Pick<ThrottleEventRepository, 'recordEvent' | 'summarizeEvents' | 'clearEvents'>;

function behavesAsAThrottleEventStore(name: string, open: () => Promise<{ store: Store; close(): Promise<void> }>) {
  describe(name, () => {
    let store: Store;
    let close: () => Promise<void>;
    const key = () => `k${Math.random().toString(16).slice(2)}`;

    beforeAll(async () => {
      ({ store, close } = await open());
    });
    afterAll(() => close());

    it('counts events inside the window and reports the oldest and the latest', async () => {
      const k = key();
      await store.recordEvent('login_account_client', k, NOW - 20 * 60_000, NOW - 20 * 60_000 - WINDOW);
      await store.recordEvent('login_account_client', k, NOW - 10 * 60_000, NOW - 10 * 60_000 - WINDOW);
      await store.recordEvent('login_account_client', k, NOW - 60_000, NOW - 60_000 - WINDOW);
      expect(await store.summarizeEvents('login_account_client', k, NOW - WINDOW)).toEqual({
        count: 2,
        oldestAt: NOW - 10 * 60_000,
        latestAt: NOW - 60_000,
      });
      expect(await store.summarizeEvents('login_client', k, NOW - WINDOW)).toEqual({
        count: 0,
        oldestAt: null,
        latestAt: null,
      });
    });

    it('keeps scopes and keys apart and clears one key', async () => {
      const a = key();
      const b = key();
      await store.recordEvent('mail_address', a, NOW, NOW - WINDOW);
      await store.recordEvent('mail_address', b, NOW, NOW - WINDOW);
      await store.recordEvent('mail_client', a, NOW, NOW - WINDOW);
      await store.clearEvents('mail_address', a);
      expect((await store.summarizeEvents('mail_address', a, NOW - WINDOW)).count).toBe(0);
      expect((await store.summarizeEvents('mail_address', b, NOW - WINDOW)).count).toBe(1);
      expect((await store.summarizeEvents('mail_client', a, NOW - WINDOW)).count).toBe(1);
    });

    it('counts concurrent events exactly', async () => {
      const k = key();
      await Promise.all(Array.from({ length: 10 }, () => store.recordEvent('login_client', k, NOW, NOW - WINDOW)));
      expect((await store.summarizeEvents('login_client', k, NOW - WINDOW)).count).toBe(10);
    });
  });
}

behavesAsAThrottleEventStore(`ThrottleEventRepository (${testDialect()})`, async () => {
  const database: TestDatabase = await createTestDatabase();
  return { store: new ThrottleEventRepository(database.db), close: () => database.close() };
});

behavesAsAThrottleEventStore('InMemoryThrottleEventStore (the service harness fake)', async () => ({
  store: new InMemoryThrottleEventStore(),
  close: async () => {},
}));

const redisUrl = process.env.REDIS_URL;
describe.skipIf(!redisUrl)('with Redis (needs REDIS_URL)', () => {
  behavesAsAThrottleEventStore('RedisThrottleEventRepository', async () => {
    const redis = new Redis(redisUrl as string, { maxRetriesPerRequest: 1 });
    return {
      store: new RedisThrottleEventRepository(redis),
      close: async () => {
        redis.disconnect();
      },
    };
  });
});
