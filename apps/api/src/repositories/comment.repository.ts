// Comments as readers use them (ADR 013): pages of an episode's visible comments without the ones of
// commenters the reader muted, likes, mutes, reports, the hourly count, the viewed-first check, like
// notices, and the episode's comment counter. One query per method, no policy.
import { type Kysely, sql } from 'kysely';
import type { CommentRow, Database } from '#src/db/schema.ts';

/** What readers see: visible comments only. */
export const VISIBLE = 'visible';

export type CommentOrder = 'new' | 'old' | 'popular';

/** A comment with what a list shows beside it. */
export interface CommentListRow {
  id: number;
  episode_id: number;
  title_id: number;
  user_id: number;
  body: string;
  like_count: number;
  created_at: number;
  nickname: string | null;
  /** 1 when the reader (if any) liked it. */
  is_liked: number;
}

export interface EpisodeCommentsQuery {
  episodeId: number;
  /** The reader: their mutes are left out and their likes flagged; null for a guest. */
  readerId: number | null;
  order: CommentOrder;
  limit: number;
  offset: number;
}

export interface LikeNoticeRow {
  id: number;
  episode_id: number;
  title_id: number;
  body: string;
  like_count: number;
  new_like_num: number;
  latest_like_at: number;
}

export class CommentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findCommentById(id: number): Promise<CommentRow | undefined> {
    return this.db.selectFrom('comment').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A page of an episode's visible comments, muted commenters left out. */
  listEpisodeComments(query: EpisodeCommentsQuery): Promise<CommentListRow[]> {
    return this.selectPage(query.readerId, query.order, query.limit, query.offset)
      .where('comment.episode_id', '=', query.episodeId)
      .execute();
  }

  /** The episode's visible comments among `ids` (muted commenters left out), in any order. */
  async listEpisodeCommentsByIds(
    episodeId: number,
    ids: readonly number[],
    readerId: number | null,
  ): Promise<CommentListRow[]> {
    if (ids.length === 0) return [];
    return this.selectVisible(readerId)
      .where('comment.episode_id', '=', episodeId)
      .where('comment.id', 'in', [...ids])
      .execute();
  }

  /** The episode's visible comments with an id above `afterId` (muted commenters left out), newest first. */
  listEpisodeCommentsAfter(
    episodeId: number,
    afterId: number,
    readerId: number | null,
    limit: number,
  ): Promise<CommentListRow[]> {
    return this.selectVisible(readerId)
      .where('comment.episode_id', '=', episodeId)
      .where('comment.id', '>', afterId)
      .orderBy('comment.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** A page of one reader's own visible comments. */
  listUserComments(userId: number, order: CommentOrder, limit: number, offset: number): Promise<CommentListRow[]> {
    return this.selectPage(userId, order, limit, offset).where('comment.user_id', '=', userId).execute();
  }

  /** How many comments (any status) a reader posted after `since`, and when the oldest of them was. */
  async countUserCommentsSince(userId: number, since: number): Promise<{ count: number; oldestAt: number | null }> {
    const row = await this.db
      .selectFrom('comment')
      .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min('created_at').as('oldest_at')])
      .where('user_id', '=', userId)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), oldestAt: row.oldest_at === null ? null : Number(row.oldest_at) };
  }

  /** Whether the viewer recorded that this reader opened the episode. */
  async hasViewedEpisode(userId: number, episodeId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('episode_view')
      .select('episode_id')
      .where('user_id', '=', userId)
      .where('episode_id', '=', episodeId)
      .executeTakeFirst();
    return row !== undefined;
  }

  insertComment(comment: { episode_id: number; user_id: number; body: string; created_at: number }) {
    return this.db.insertInto('comment').values(comment).returningAll().executeTakeFirstOrThrow();
  }

  /** Moves the episode's `comment_num` (visible comments) by `delta`, never below 0. */
  async adjustEpisodeCommentNum(episodeId: number, delta: 1 | -1): Promise<void> {
    await this.db
      .updateTable('episode')
      .set({ comment_num: counterStep('comment_num', delta) })
      .where('id', '=', episodeId)
      .execute();
  }

  /** Records a like; false when this reader already liked the comment (the unique key decides). */
  async insertLike(commentId: number, userId: number, now: number): Promise<boolean> {
    const result = await this.db
      .insertInto('comment_like')
      .values({ comment_id: commentId, user_id: userId, created_at: now })
      .onConflict((conflict) => conflict.columns(['comment_id', 'user_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Removes a like; false when there was none. */
  async deleteLike(commentId: number, userId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('comment_like')
      .where('comment_id', '=', commentId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Moves a comment's `like_count` by `delta`, never below 0; answers the new count. */
  async adjustLikeCount(commentId: number, delta: 1 | -1): Promise<number> {
    const row = await this.db
      .updateTable('comment')
      .set({ like_count: counterStep('like_count', delta) })
      .where('id', '=', commentId)
      .returning('like_count')
      .executeTakeFirstOrThrow();
    return row.like_count;
  }

  /** Ids of the episode's comments this reader liked, oldest like first. */
  async listLikedCommentIds(userId: number, episodeId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('comment_like')
      .innerJoin('comment', 'comment.id', 'comment_like.comment_id')
      .select('comment_like.comment_id')
      .where('comment_like.user_id', '=', userId)
      .where('comment.episode_id', '=', episodeId)
      .where('comment.status', '=', VISIBLE)
      .orderBy('comment_like.created_at')
      .orderBy('comment_like.comment_id')
      .execute();
    return rows.map((row) => row.comment_id);
  }

  /** Mutes the comment's author for `userId` (once per comment). */
  async insertMute(mute: { user_id: number; muted_user_id: number; comment_id: number; created_at: number }) {
    await this.db
      .insertInto('comment_mute')
      .values(mute)
      .onConflict((conflict) => conflict.columns(['user_id', 'comment_id']).doNothing())
      .execute();
  }

  /** Records a report; false when this reader already reported the comment. */
  async insertReport(
    commentId: number,
    userId: number,
    now: number,
    { reason, note }: { reason: string; note: string } = { reason: '', note: '' },
  ): Promise<boolean> {
    const result = await this.db
      .insertInto('comment_report')
      .values({ comment_id: commentId, user_id: userId, reason, note, created_at: now })
      .onConflict((conflict) => conflict.columns(['comment_id', 'user_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** The end of a reader's suspension from posting, if one was ever set (it may have passed). */
  async findSuspensionEnd(userId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('comment_suspension')
      .select('until_at')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.until_at;
  }

  /** When the reader last read their like notices. */
  async findLikeSeenAt(userId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('comment_notice')
      .select('like_seen_at')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.like_seen_at;
  }

  async upsertLikeSeenAt(userId: number, at: number): Promise<void> {
    await this.db
      .insertInto('comment_notice')
      .values({ user_id: userId, like_seen_at: at })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ like_seen_at: at }))
      .execute();
  }

  /** Likes on the reader's visible comments made in (after, until]. */
  async countLikesReceived(userId: number, after: number, until: number): Promise<number> {
    const row = await this.db
      .selectFrom('comment_like')
      .innerJoin('comment', 'comment.id', 'comment_like.comment_id')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('comment.user_id', '=', userId)
      .where('comment.status', '=', VISIBLE)
      .where('comment_like.created_at', '>', after)
      .where('comment_like.created_at', '<=', until)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** The reader's visible comments liked in (after, until], most recently liked first. */
  async listLikeNotices(userId: number, after: number, until: number, limit: number): Promise<LikeNoticeRow[]> {
    const rows = await this.db
      .selectFrom('comment_like')
      .innerJoin('comment', 'comment.id', 'comment_like.comment_id')
      .innerJoin('episode', 'episode.id', 'comment.episode_id')
      .select((eb) => [
        'comment.id',
        'comment.episode_id',
        'episode.title_id',
        'comment.body',
        'comment.like_count',
        eb.fn.countAll<number | string>().as('new_like_num'),
        eb.fn.max('comment_like.created_at').as('latest_like_at'),
      ])
      .where('comment.user_id', '=', userId)
      .where('comment.status', '=', VISIBLE)
      .where('comment_like.created_at', '>', after)
      .where('comment_like.created_at', '<=', until)
      .groupBy(['comment.id', 'comment.episode_id', 'episode.title_id', 'comment.body', 'comment.like_count'])
      .orderBy('latest_like_at', 'desc')
      .orderBy('comment.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      ...row,
      new_like_num: Number(row.new_like_num),
      latest_like_at: Number(row.latest_like_at),
    }));
  }

  /** Visible comments with the commenter's nickname and the reader's like; muted commenters left out. */
  private selectVisible(readerId: number | null) {
    return this.db
      .selectFrom('comment')
      .innerJoin('episode', 'episode.id', 'comment.episode_id')
      .innerJoin('user', 'user.id', 'comment.user_id')
      .select((eb) => [
        'comment.id',
        'comment.episode_id',
        'episode.title_id',
        'comment.user_id',
        'comment.body',
        'comment.like_count',
        'comment.created_at',
        'user.nickname',
        // Guests ask for user 0, which never exists (product §3: account id 0 is invalid).
        eb
          .case()
          .when(
            eb.exists(
              eb
                .selectFrom('comment_like')
                .select('comment_like.comment_id')
                .whereRef('comment_like.comment_id', '=', 'comment.id')
                .where('comment_like.user_id', '=', readerId ?? 0),
            ),
          )
          .then(sql.lit(1))
          .else(sql.lit(0))
          .end()
          .as('is_liked'),
      ])
      .where('comment.status', '=', VISIBLE)
      .$if(readerId !== null, (qb) =>
        qb.where((eb) =>
          eb(
            'comment.user_id',
            'not in',
            eb
              .selectFrom('comment_mute')
              .select('comment_mute.muted_user_id')
              .where('comment_mute.user_id', '=', readerId),
          ),
        ),
      );
  }

  /** `new`: newest first; `old`: oldest first; `popular`: most liked first, then newest. */
  private selectPage(readerId: number | null, order: CommentOrder, limit: number, offset: number) {
    const direction = order === 'old' ? 'asc' : 'desc';
    return this.selectVisible(readerId)
      .$if(order === 'popular', (qb) => qb.orderBy('comment.like_count', 'desc'))
      .orderBy('comment.created_at', direction)
      .orderBy('comment.id', direction)
      .limit(limit)
      .offset(offset);
  }
}

/** A counter column moved by one: up, or down but never below 0 (concurrent changes each count). */
function counterStep(column: 'comment_num' | 'like_count', delta: 1 | -1) {
  const counter = sql.ref(column);
  return delta > 0 ? sql<number>`${counter} + 1` : sql<number>`case when ${counter} > 0 then ${counter} - 1 else 0 end`;
}
