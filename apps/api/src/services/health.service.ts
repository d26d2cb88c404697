// Readiness (GET /readyz, ADR 022, ADR 038): the database answers and takes a write, Redis answers when
// it is configured, and the image store answers (the directory, or the bucket within its timeout).
// What failed is logged by the caller, never sent.
export interface DatabaseProbe {
  probeWrite(now: number): Promise<void>;
}

export interface RedisProbe {
  ping(): Promise<unknown>;
}

/** The object store's reachability: resolves, or throws with the reason. */
export interface StorageProbe {
  checkReachable(): Promise<void>;
}

export type ReadinessFailure = 'database' | 'redis' | 'image storage';

export type Readiness = { ready: true } | { ready: false; failed: ReadinessFailure; error: unknown };

export class HealthService {
  constructor(
    private readonly deps: {
      database: DatabaseProbe;
      redis: RedisProbe | null;
      storage: StorageProbe;
      now: () => number;
    },
  ) {}

  async checkReadiness(): Promise<Readiness> {
    const [database, redis, storage] = await Promise.allSettled([
      this.deps.database.probeWrite(this.deps.now()),
      this.deps.redis?.ping(),
      this.deps.storage.checkReachable(),
    ]);
    if (database.status === 'rejected') return { ready: false, failed: 'database', error: database.reason };
    if (redis.status === 'rejected') return { ready: false, failed: 'redis', error: redis.reason };
    if (storage.status === 'rejected') return { ready: false, failed: 'image storage', error: storage.reason };
    return { ready: true };
  }
}
