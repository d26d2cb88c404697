import type { Kysely } from 'kysely';
import { runPrepared } from '#src/db/prepared-query.ts';
import type { Database, TitleActivityDailyRow } from '#src/db/schema.ts';

type Counter = 'views' | 'purchases' | 'recommend_clicks';

export class TitleActivityRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Adds one to a title's counter for a day (insert or update in one statement). */
  async incrementActivity(titleId: number, activityDate: string, counter: Counter): Promise<void> {
    // Prepared per counter: purchases and page views write it on every call.
    await runPrepared(this.db, `title-activity.increment.${counter}`, [titleId, activityDate, 1], (title, date, one) =>
      this.db
        .insertInto('title_activity_daily')
        .values({ title_id: title, activity_date: date, [counter]: one })
        .onConflict((conflict) =>
          conflict
            .columns(['title_id', 'activity_date'])
            .doUpdateSet((eb) => ({ [counter]: eb(eb.ref(`title_activity_daily.${counter}`), '+', one) })),
        ),
    );
  }

  /** Every activity row from `fromDate` (YYYY-MM-DD, inclusive) on, by date. */
  listActivitySince(fromDate: string): Promise<TitleActivityDailyRow[]> {
    return this.db
      .selectFrom('title_activity_daily')
      .selectAll()
      .where('activity_date', '>=', fromDate)
      .orderBy('activity_date')
      .orderBy('title_id')
      .execute();
  }

  /** Remembers that a user read an episode of a title (reading history, one row per title). */
  async upsertViewHistory(userId: number, titleId: number, episodeId: number, now: number): Promise<void> {
    await this.db
      .insertInto('view_history')
      .values({ user_id: userId, title_id: titleId, last_episode_id: episodeId, viewed_at: now })
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'title_id']).doUpdateSet({ last_episode_id: episodeId, viewed_at: now }),
      )
      .execute();
  }

  /**
   * Puts a title in a user's history when it is not there yet (progress on a chapter the account never
   * opened: a guest's, carried over at login); an entry already there keeps its place and episode.
   */
  async insertViewHistoryIfAbsent(userId: number, titleId: number, episodeId: number, now: number): Promise<void> {
    await this.db
      .insertInto('view_history')
      .values({ user_id: userId, title_id: titleId, last_episode_id: episodeId, viewed_at: now })
      .onConflict((conflict) => conflict.columns(['user_id', 'title_id']).doNothing())
      .execute();
  }

  /** Remembers that a user opened an episode (first and latest time), e.g. so that they may comment on it. */
  async upsertEpisodeView(userId: number, titleId: number, episodeId: number, now: number): Promise<void> {
    await this.db
      .insertInto('episode_view')
      .values({ user_id: userId, episode_id: episodeId, title_id: titleId, first_viewed_at: now, last_viewed_at: now })
      .onConflict((conflict) => conflict.columns(['user_id', 'episode_id']).doUpdateSet({ last_viewed_at: now }))
      .execute();
  }

  /** Titles a user read lately, most recent first (reading history). */
  async listRecentlyViewedTitleIds(userId: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('view_history')
      .select('title_id')
      .where('user_id', '=', userId)
      .orderBy('viewed_at', 'desc')
      .orderBy('title_id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.title_id);
  }
}
