// What GET /app/boot summarises about a user: points, purchases, reading, login bonuses.
import type { Kysely } from 'kysely';
import type { Database } from '#src/db/schema.ts';

export class AccountActivityRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** paid + free + event points, 0 without a balance row. */
  async sumPointBalance(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('point_balance')
      .select(['paid_point', 'free_point', 'event_point'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? row.paid_point + row.free_point + row.event_point : 0;
  }

  /** Completion time of the user's latest paid payment (points or plan), if any. */
  async findLastPaidPaymentAt(userId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('payment')
      .select('completed_at')
      .where('user_id', '=', userId)
      .where('status', '=', 'paid')
      .orderBy('completed_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.completed_at ?? undefined;
  }

  /** Distinct titles the user read since `since`. */
  async countViewedTitlesSince(userId: number, since: number): Promise<number> {
    const { count } = await this.db
      .selectFrom('view_history')
      .select((eb) => eb.fn.count<number>('title_id').distinct().as('count'))
      .where('user_id', '=', userId)
      .where('viewed_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  /** The latest login bonus (its date and run of days), if any. */
  findLatestLoginBonus(userId: number): Promise<{ bonus_date: string; days_in_row: number } | undefined> {
    return this.db
      .selectFrom('login_bonus')
      .select(['bonus_date', 'days_in_row'])
      .where('user_id', '=', userId)
      .orderBy('bonus_date', 'desc')
      .limit(1)
      .executeTakeFirst();
  }
}
