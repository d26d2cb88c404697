import type { Kysely } from 'kysely';
import type { Database, Millis } from '#src/db/schema.ts';

/** One title of a reader's history: the chapter read last and how far into it (ADR 016). */
export interface ViewedTitleRow {
  title_id: number;
  episode_id: number;
  viewed_at: Millis;
  /** 1-based page reached; 0 when none was recorded. */
  last_page: number;
  page_count: number;
  finished_at: Millis | null;
  /** The device the place was left on ('' unknown) and when (ADR 044). */
  last_device: string;
  page_left_at: Millis | null;
}

/** An episode the reader opened, and when they finished it. */
export interface EpisodeViewRow {
  episode_id: number;
  finished_at: Millis | null;
}

/** Ids per `in (…)` list of a read-mark query. */
const VIEW_CHUNK = 500;

/** An episode a reader reached a page in (or finished). */
export interface EpisodeProgress {
  userId: number;
  titleId: number;
  episodeId: number;
  page: number;
  /** The device it was left on (ADR 044); unknown when absent. */
  device?: string;
}

// The reading history (view_history: one row per title) and the reader's place in each episode
// (episode_view.last_page, finished_at). view_history and episode_view rows are written when an
// episode opens (TitleActivityRepository); this repository reads them, records pages and forgets.
export class ReadingHistoryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private viewedTitles(userId: number) {
    return this.db
      .selectFrom('view_history as h')
      .innerJoin('episode as e', 'e.id', 'h.last_episode_id')
      .leftJoin('episode_view as v', (join) =>
        join.onRef('v.user_id', '=', 'h.user_id').onRef('v.episode_id', '=', 'h.last_episode_id'),
      )
      .select((eb) => [
        'h.title_id',
        'h.last_episode_id as episode_id',
        'h.viewed_at',
        eb.fn.coalesce('v.last_page', eb.lit(0)).as('last_page'),
        'e.page_count',
        'v.finished_at',
        eb.fn.coalesce('v.last_device', eb.val('')).as('last_device'),
        'v.last_viewed_at as page_left_at',
      ])
      .where('h.user_id', '=', userId);
  }

  /** The reader's titles, most recently read first. */
  listViewedTitles(userId: number, limit: number, offset: number): Promise<ViewedTitleRow[]> {
    return this.viewedTitles(userId)
      .orderBy('h.viewed_at', 'desc')
      .orderBy('h.title_id')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  findViewedTitle(userId: number, titleId: number): Promise<ViewedTitleRow | undefined> {
    return this.viewedTitles(userId).where('h.title_id', '=', titleId).executeTakeFirst();
  }

  /** Records the page reached in an episode (the row exists once the episode opened; made if not). */
  upsertLastPage(progress: EpisodeProgress, now: Millis): Promise<void> {
    return this.upsertProgress(progress, now, false);
  }

  /** Records that the reader finished an episode: on its last page, at `now`. */
  upsertFinished(progress: EpisodeProgress, now: Millis): Promise<void> {
    return this.upsertProgress(progress, now, true);
  }

  private async upsertProgress(
    { userId, titleId, episodeId, page, device = '' }: EpisodeProgress,
    now: Millis,
    finished: boolean,
  ): Promise<void> {
    const finishedAt = finished ? { finished_at: now } : {};
    await this.db
      .insertInto('episode_view')
      .values({
        user_id: userId,
        episode_id: episodeId,
        title_id: titleId,
        first_viewed_at: now,
        last_viewed_at: now,
        last_page: page,
        last_device: device,
        ...finishedAt,
      })
      .onConflict((conflict) =>
        conflict
          .columns(['user_id', 'episode_id'])
          .doUpdateSet({ last_page: page, last_device: device, last_viewed_at: now, ...finishedAt }),
      )
      .execute();
  }

  /** The 1-based page the reader reached in an episode; undefined when they never opened it (0: no page recorded). */
  async findLastPage(userId: number, episodeId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('episode_view')
      .select('last_page')
      .where('user_id', '=', userId)
      .where('episode_id', '=', episodeId)
      .executeTakeFirst();
    return row?.last_page;
  }

  /** Which of `episodeIds` the reader has opened, and whether they finished each (read marks, docs/reference/wire.md `is_viewed`). */
  async listEpisodeViews(userId: number, episodeIds: readonly number[]): Promise<EpisodeViewRow[]> {
    if (episodeIds.length === 0) return [];
    const rows: EpisodeViewRow[] = [];
    for (let start = 0; start < episodeIds.length; start += VIEW_CHUNK) {
      rows.push(
        ...(await this.db
          .selectFrom('episode_view')
          .select(['episode_id', 'finished_at'])
          .where('user_id', '=', userId)
          .where('episode_id', 'in', episodeIds.slice(start, start + VIEW_CHUNK))
          .execute()),
      );
    }
    return rows;
  }

  /** Episodes of a title the reader has finished. */
  async countFinishedEpisodes(userId: number, titleId: number): Promise<number> {
    const row = await this.db
      .selectFrom('episode_view')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('user_id', '=', userId)
      .where('title_id', '=', titleId)
      .where('finished_at', 'is not', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * Forgets one title of the reader's history and the pages reached in it. The episode_view rows
   * stay (commenting needs "viewed first"), without their page.
   */
  async deleteViewedTitle(userId: number, titleId: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('view_history').where('user_id', '=', userId).where('title_id', '=', titleId).execute();
      await trx
        .updateTable('episode_view')
        .set({ last_page: 0 })
        .where('user_id', '=', userId)
        .where('title_id', '=', titleId)
        .execute();
    });
  }

  /** Forgets the reader's whole history and every page reached (episode_view rows stay, as above). */
  async deleteAllViewedTitles(userId: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('view_history').where('user_id', '=', userId).execute();
      await trx.updateTable('episode_view').set({ last_page: 0 }).where('user_id', '=', userId).execute();
    });
  }
}
