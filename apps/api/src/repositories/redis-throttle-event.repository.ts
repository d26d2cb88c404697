// Rate-limit events in Redis (ADR 015), when MANGA_REDIS_URL is set: one sorted set per key, scored by time.
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { ThrottleScope } from '#src/db/schema.ts';
import type { ThrottleEventSummary } from '#src/repositories/throttle-event.repository.ts';

const PREFIX = 'manga:throttle';

export class RedisThrottleEventRepository {
  constructor(private readonly redis: Redis) {}

  private key(scope: ThrottleScope, keyHash: string): string {
    return `${PREFIX}:${scope}:${keyHash}`;
  }

  /** Adds an event; the key expires one window after its latest event. */
  async recordEvent(scope: ThrottleScope, keyHash: string, now: number, windowStart: number): Promise<void> {
    const key = this.key(scope, keyHash);
    await this.redis
      .multi()
      .zadd(key, now, `${now}:${randomBytes(6).toString('hex')}`)
      .zremrangebyscore(key, '-inf', windowStart)
      .pexpire(key, Math.max(1, now - windowStart))
      .exec();
  }

  async summarizeEvents(scope: ThrottleScope, keyHash: string, since: number): Promise<ThrottleEventSummary> {
    const key = this.key(scope, keyHash);
    const [count, oldest, latest] = await Promise.all([
      this.redis.zcount(key, `(${since}`, '+inf'),
      this.redis.zrangebyscore(key, `(${since}`, '+inf', 'WITHSCORES', 'LIMIT', 0, 1),
      this.redis.zrevrangebyscore(key, '+inf', `(${since}`, 'WITHSCORES', 'LIMIT', 0, 1),
    ]);
    const at = (pair: string[]) => (pair[1] === undefined ? null : Number(pair[1]));
    return { count, oldestAt: at(oldest), latestAt: at(latest) };
  }

  async clearEvents(scope: ThrottleScope, keyHash: string): Promise<void> {
    await this.redis.del(this.key(scope, keyHash));
  }
}
