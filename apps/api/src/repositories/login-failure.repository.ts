// Failed logins in the database (ADR 007): shared by every API process when Redis is not configured.
import type { Kysely } from 'kysely';
import type { Database, LoginFailureScope } from '#src/db/schema.ts';

export interface LoginFailureSummary {
  count: number;
  /** The oldest failure counted, or null when none. */
  oldestAt: number | null;
}

export class LoginFailureRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Adds a failure and deletes the key's failures older than `windowStart`. */
  async recordFailure(scope: LoginFailureScope, keyHash: string, now: number, windowStart: number): Promise<void> {
    await this.db.insertInto('login_failure').values({ scope, key_hash: keyHash, created_at: now }).execute();
    await this.db
      .deleteFrom('login_failure')
      .where('scope', '=', scope)
      .where('key_hash', '=', keyHash)
      .where('created_at', '<=', windowStart)
      .execute();
  }

  async summarizeFailures(scope: LoginFailureScope, keyHash: string, since: number): Promise<LoginFailureSummary> {
    const row = await this.db
      .selectFrom('login_failure')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min<number | null>('created_at').as('oldest_at')])
      .where('scope', '=', scope)
      .where('key_hash', '=', keyHash)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), oldestAt: row.oldest_at === null ? null : Number(row.oldest_at) };
  }

  async clearFailures(scope: LoginFailureScope, keyHash: string): Promise<void> {
    await this.db.deleteFrom('login_failure').where('scope', '=', scope).where('key_hash', '=', keyHash).execute();
  }
}
