// Throttle events in Redis, or in the database while Redis is away (ADR 022): the login and mail
// throttles keep counting, as a deployment without Redis does, instead of failing or waiting. Counts
// do not move between the two: during an outage only what was counted in the database is seen, after
// it only what is in Redis (each window is minutes long, so one outage can at most double a limit).
import type { ThrottleScope } from '#src/db/schema.ts';
import type { ThrottleEventSummary } from '#src/repositories/throttle-event.repository.ts';

export interface ThrottleEventStorage {
  recordEvent(scope: ThrottleScope, keyHash: string, now: number, windowStart: number): Promise<void>;
  summarizeEvents(scope: ThrottleScope, keyHash: string, since: number): Promise<ThrottleEventSummary>;
  clearEvents(scope: ThrottleScope, keyHash: string): Promise<void>;
}

export class FailoverThrottleEventRepository implements ThrottleEventStorage {
  constructor(
    private readonly primary: ThrottleEventStorage,
    private readonly fallback: ThrottleEventStorage,
    /** Whether the primary is reachable now; while not, calls skip it (no timeout to wait for). */
    private readonly primaryReady: () => boolean,
    /** A call the primary failed (it answers from the fallback). */
    private readonly onPrimaryError: (error: unknown) => void = () => undefined,
  ) {}

  private async either<T>(call: (storage: ThrottleEventStorage) => Promise<T>): Promise<T> {
    if (!this.primaryReady()) return call(this.fallback);
    try {
      return await call(this.primary);
    } catch (error) {
      this.onPrimaryError(error);
      return call(this.fallback);
    }
  }

  recordEvent(scope: ThrottleScope, keyHash: string, now: number, windowStart: number): Promise<void> {
    return this.either((storage) => storage.recordEvent(scope, keyHash, now, windowStart));
  }

  summarizeEvents(scope: ThrottleScope, keyHash: string, since: number): Promise<ThrottleEventSummary> {
    return this.either((storage) => storage.summarizeEvents(scope, keyHash, since));
  }

  clearEvents(scope: ThrottleScope, keyHash: string): Promise<void> {
    return this.either((storage) => storage.clearEvents(scope, keyHash));
  }
}
