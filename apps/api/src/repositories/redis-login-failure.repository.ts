// Failed logins in Redis (ADR 007), when MANGA_REDIS_URL is set: one sorted set per key, scored by time.
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { LoginFailureScope } from '#src/db/schema.ts';
import type { LoginFailureSummary } from '#src/repositories/login-failure.repository.ts';

const PREFIX = 'manga:login_failure';

export class RedisLoginFailureRepository {
  constructor(
    private readonly redis: Redis,
    /** Keys expire this long after their last failure. */
    private readonly windowMs: number,
  ) {}

  private key(scope: LoginFailureScope, keyHash: string): string {
    return `${PREFIX}:${scope}:${keyHash}`;
  }

  async recordFailure(scope: LoginFailureScope, keyHash: string, now: number, windowStart: number): Promise<void> {
    const key = this.key(scope, keyHash);
    await this.redis
      .multi()
      .zadd(key, now, `${now}:${randomBytes(6).toString('hex')}`)
      .zremrangebyscore(key, '-inf', windowStart)
      .pexpire(key, this.windowMs)
      .exec();
  }

  async summarizeFailures(scope: LoginFailureScope, keyHash: string, since: number): Promise<LoginFailureSummary> {
    const key = this.key(scope, keyHash);
    const [count, oldest] = await Promise.all([
      this.redis.zcount(key, `(${since}`, '+inf'),
      this.redis.zrangebyscore(key, `(${since}`, '+inf', 'WITHSCORES', 'LIMIT', 0, 1),
    ]);
    return { count, oldestAt: oldest[1] === undefined ? null : Number(oldest[1]) };
  }

  async clearFailures(scope: LoginFailureScope, keyHash: string): Promise<void> {
    await this.redis.del(this.key(scope, keyHash));
  }
}
