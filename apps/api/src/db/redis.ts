// The shared Redis (rate limits, login and mail throttles; ADR 015), configured so that Redis being
// away costs no request more than a moment (ADR 022): commands fail at once while disconnected (no
// offline queue), or after COMMAND_TIMEOUT_MS when the connection hangs, and the callers fall back.
// The client reconnects by itself, at most RECONNECT_MAX_MS apart.
import { Redis } from 'ioredis';

export const REDIS_CONNECT_TIMEOUT_MS = 1_000;
export const REDIS_COMMAND_TIMEOUT_MS = 500;
const RECONNECT_MAX_MS = 1_000;

export interface RedisLog {
  warn(details: object, message: string): void;
  info(message: string): void;
}

export function createRedisClient(url: string, log: RedisLog): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    // A command sent just before the connection broke fails instead of waiting for the reconnection.
    maxRetriesPerRequest: 0,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 100, RECONNECT_MAX_MS),
  });
  // ioredis emits 'error' on every failed reconnection; one line per outage is enough.
  let away = false;
  redis.on('error', (error: Error) => {
    if (away) return;
    away = true;
    log.warn({ err: error }, 'Redis is unavailable: limits count in the database until it is back');
  });
  redis.on('ready', () => {
    if (!away) return;
    away = false;
    log.info('Redis is back: limits count in Redis again');
  });
  return redis;
}

/** Whether commands can be sent now (connected and ready). */
export function isRedisReady(redis: Redis): boolean {
  return redis.status === 'ready';
}
