// Rate-limit events in the database (ADR 015): shared by every API process when Redis is not configured.
import type { Kysely } from 'kysely';
import type { Database, ThrottleScope } from '#src/db/schema.ts';

export interface ThrottleEventSummary {
  count: number;
  /** The oldest event counted, or null when none. */
  oldestAt: number | null;
  /** The latest event counted, or null when none. */
  latestAt: number | null;
}

export class ThrottleEventRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Adds an event and deletes the key's events older than `windowStart`. */
  async recordEvent(scope: ThrottleScope, keyHash: string, now: number, windowStart: number): Promise<void> {
    await this.db.insertInto('throttle_event').values({ scope, key_hash: keyHash, created_at: now }).execute();
    await this.db
      .deleteFrom('throttle_event')
      .where('scope', '=', scope)
      .where('key_hash', '=', keyHash)
      .where('created_at', '<=', windowStart)
      .execute();
  }

  async summarizeEvents(scope: ThrottleScope, keyHash: string, since: number): Promise<ThrottleEventSummary> {
    const row = await this.db
      .selectFrom('throttle_event')
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.min<number | null>('created_at').as('oldest_at'),
        eb.fn.max<number | null>('created_at').as('latest_at'),
      ])
      .where('scope', '=', scope)
      .where('key_hash', '=', keyHash)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    const at = (value: number | null) => (value === null ? null : Number(value));
    return { count: Number(row.count), oldestAt: at(row.oldest_at), latestAt: at(row.latest_at) };
  }

  async clearEvents(scope: ThrottleScope, keyHash: string): Promise<void> {
    await this.db.deleteFrom('throttle_event').where('scope', '=', scope).where('key_hash', '=', keyHash).execute();
  }
}
