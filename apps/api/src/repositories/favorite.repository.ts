import type { Kysely } from 'kysely';
import type { Database, Millis } from '#src/db/schema.ts';

/** A followed title with the times the "new chapter" rule compares (ADR 017). */
export interface FavoriteTitleRow {
  title_id: number;
  /** When the reader followed the title. */
  created_at: Millis;
  /** When the reader last opened a chapter of it (the reading history), null when never. */
  viewed_at: Millis | null;
  /** Release time of its latest chapter released by `now`, null when none is. */
  latest_released_at: Millis | null;
}

// The titles each reader follows (favorite_title). Reads and writes only; the limit and the "new
// chapter" rule belong to FavoriteService and favorite.rules.ts.
export class FavoriteRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The reader's followed titles, most recently followed first. */
  listFavoriteTitles(userId: number, limit: number, offset: number, now: Millis): Promise<FavoriteTitleRow[]> {
    return this.db
      .selectFrom('favorite_title as f')
      .leftJoin('view_history as h', (join) =>
        join.onRef('h.user_id', '=', 'f.user_id').onRef('h.title_id', '=', 'f.title_id'),
      )
      .select((eb) => [
        'f.title_id',
        'f.created_at',
        'h.viewed_at',
        eb
          .selectFrom('episode as e')
          .select((inner) => inner.fn.max('e.start_at').as('latest'))
          .whereRef('e.title_id', '=', 'f.title_id')
          .where('e.start_at', '<=', now)
          .as('latest_released_at'),
      ])
      .where('f.user_id', '=', userId)
      .orderBy('f.created_at', 'desc')
      .orderBy('f.title_id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute() as Promise<FavoriteTitleRow[]>;
  }

  async countFavoriteTitles(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('favorite_title')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Which of `titleIds` the reader follows. */
  async listFavoriteTitleIds(userId: number, titleIds: readonly number[]): Promise<number[]> {
    if (titleIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('favorite_title')
      .select('title_id')
      .where('user_id', '=', userId)
      .where('title_id', 'in', [...titleIds])
      .execute();
    return rows.map((row) => row.title_id);
  }

  /**
   * Follows a title unless the reader already follows it or already follows `max` titles. The
   * user's row lock (a no-op write) makes concurrent follows of one reader count one after the
   * other, so the limit holds exactly on PostgreSQL too. Returns whether a row was added.
   */
  insertFavoriteTitle(userId: number, titleId: number, now: Millis, max: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('user')
        .set((eb) => ({ updated_at: eb.ref('updated_at') }))
        .where('id', '=', userId)
        .execute();
      const result = await trx
        .insertInto('favorite_title')
        .columns(['user_id', 'title_id', 'created_at'])
        .expression(
          trx
            .selectNoFrom((eb) => [
              // Typed, so that PostgreSQL does not read the parameters of a FROM-less SELECT as text.
              eb.cast<number>(eb.val(userId), 'integer').as('user_id'),
              eb.cast<number>(eb.val(titleId), 'integer').as('title_id'),
              eb.cast<number>(eb.val(now), 'bigint').as('created_at'),
            ])
            .where(
              (eb) =>
                eb
                  .selectFrom('favorite_title')
                  .select((inner) => inner.fn.countAll().as('count'))
                  .where('user_id', '=', userId),
              '<',
              max,
            ),
        )
        .onConflict((conflict) => conflict.columns(['user_id', 'title_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    });
  }

  /** Unfollows a title (nothing when the reader does not follow it). */
  async deleteFavoriteTitle(userId: number, titleId: number): Promise<void> {
    await this.db.deleteFrom('favorite_title').where('user_id', '=', userId).where('title_id', '=', titleId).execute();
  }
}
