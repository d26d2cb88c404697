// Comments as moderators see them (ADR 013): the report queue with each comment's episode, title,
// commenter, suspension and report count; status changes; suspensions from posting.
import type { Kysely } from 'kysely';
import type { Database } from '#src/db/schema.ts';

/** Which reported comments the queue lists (OpsReportStatus). */
export type ReportQueueFilter = 'open' | 'hidden' | 'all';

export interface ModeratedCommentRow {
  id: number;
  body: string;
  status: string;
  like_count: number;
  created_at: number;
  reviewed_at: number | null;
  episode_id: number;
  episode_name_en: string;
  episode_name_ja: string;
  title_id: number;
  title_name_en: string;
  title_name_ja: string;
  user_id: number;
  nickname: string | null;
  email: string | null;
  suspended_until_at: number | null;
  reporter_num: number;
  latest_report_at: number | null;
  /** Readers per reason given ('' for a report without one), most first. */
  report_reasons: { reason: string; reporter_num: number }[];
  /** The reports' notes, newest first, at most REPORT_NOTES_SHOWN. */
  report_notes: string[];
}

/** How many of a comment's report notes the queue carries. */
export const REPORT_NOTES_SHOWN = 5;

export class CommentModerationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Reported comments, most recently reported first. `open`: visible, with a report newer than the
   * last review (or never reviewed); `hidden`: hidden; `all`: visible or hidden.
   */
  async listReportedComments(filter: ReportQueueFilter, limit: number, offset: number): Promise<ModeratedCommentRow[]> {
    const rows = await this.selectModerated()
      .innerJoin(this.reportsByComment().as('report'), 'report.comment_id', 'comment.id')
      .select(['report.reporter_num', 'report.latest_report_at'])
      .$if(filter === 'open', (qb) =>
        qb
          .where('comment.status', '=', 'visible')
          .where((eb) =>
            eb.or([
              eb('comment.reviewed_at', 'is', null),
              eb('report.latest_report_at', '>', eb.ref('comment.reviewed_at')),
            ]),
          ),
      )
      .$if(filter === 'hidden', (qb) => qb.where('comment.status', '=', 'hidden'))
      .$if(filter === 'all', (qb) => qb.where('comment.status', 'in', ['visible', 'hidden']))
      .orderBy('report.latest_report_at', 'desc')
      .orderBy('comment.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return this.withReportDetails(rows.map(toModeratedRow));
  }

  /** One comment (any status) as the queue shows it, reported or not. */
  async findModeratedComment(commentId: number): Promise<ModeratedCommentRow | undefined> {
    const reports = this.reportsByComment().where('comment_report.comment_id', '=', commentId);
    const row = await this.selectModerated()
      .leftJoin(reports.as('report'), 'report.comment_id', 'comment.id')
      .select(['report.reporter_num', 'report.latest_report_at'])
      .where('comment.id', '=', commentId)
      .executeTakeFirst();
    return row && (await this.withReportDetails([toModeratedRow(row)]))[0];
  }

  /** The reasons and notes of the rows' reports, two queries for the whole page. */
  private async withReportDetails(rows: ModeratedCommentRow[]): Promise<ModeratedCommentRow[]> {
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) return rows;
    const [reasons, notes] = await Promise.all([
      this.db
        .selectFrom('comment_report')
        .select((eb) => ['comment_id', 'reason', eb.fn.countAll<number | string>().as('reporter_num')])
        .where('comment_id', 'in', ids)
        .groupBy(['comment_id', 'reason'])
        .execute(),
      this.db
        .selectFrom('comment_report')
        .select(['comment_id', 'note'])
        .where('comment_id', 'in', ids)
        .where('note', '<>', '')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),
    ]);
    return rows.map((row) => ({
      ...row,
      report_reasons: reasons
        .filter((entry) => entry.comment_id === row.id)
        .map((entry) => ({ reason: entry.reason, reporter_num: Number(entry.reporter_num) }))
        .sort((a, b) => b.reporter_num - a.reporter_num || a.reason.localeCompare(b.reason)),
      report_notes: notes
        .filter((entry) => entry.comment_id === row.id)
        .slice(0, REPORT_NOTES_SHOWN)
        .map((entry) => entry.note),
    }));
  }

  /**
   * Moves a comment from status `from` to `to` and marks it reviewed; false when it was not in `from`
   * (already moved, by another moderator too), so the caller changes counters only once.
   */
  async updateCommentStatus(commentId: number, from: string, to: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('comment')
      .set({ status: to, reviewed_at: now })
      .where('id', '=', commentId)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Marks a comment in `status` reviewed (its reports dealt with); false when it is not in `status`. */
  async markCommentReviewed(commentId: number, status: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('comment')
      .set({ reviewed_at: now })
      .where('id', '=', commentId)
      .where('status', '=', status)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Suspends a reader from posting until `until_at`, replacing an earlier suspension. */
  async upsertSuspension(suspension: {
    user_id: number;
    until_at: number;
    reason: string;
    created_by: number;
    created_at: number;
  }): Promise<void> {
    const { user_id: _userId, ...changes } = suspension;
    await this.db
      .insertInto('comment_suspension')
      .values(suspension)
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet(changes))
      .execute();
  }

  /** Lifts a suspension; false when there was none. */
  async deleteSuspension(userId: number): Promise<boolean> {
    const result = await this.db.deleteFrom('comment_suspension').where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Per reported comment: how many readers reported it, and when the latest did. */
  private reportsByComment() {
    return this.db
      .selectFrom('comment_report')
      .select((eb) => [
        'comment_report.comment_id',
        eb.fn.countAll<number | string>().as('reporter_num'),
        eb.fn.max('comment_report.created_at').as('latest_report_at'),
      ])
      .groupBy('comment_report.comment_id');
  }

  private selectModerated() {
    return this.db
      .selectFrom('comment')
      .innerJoin('episode', 'episode.id', 'comment.episode_id')
      .innerJoin('title', 'title.id', 'episode.title_id')
      .innerJoin('user', 'user.id', 'comment.user_id')
      .leftJoin('comment_suspension', 'comment_suspension.user_id', 'comment.user_id')
      .select([
        'comment.id',
        'comment.body',
        'comment.status',
        'comment.like_count',
        'comment.created_at',
        'comment.reviewed_at',
        'comment.episode_id',
        'episode.name_en as episode_name_en',
        'episode.name_ja as episode_name_ja',
        'episode.title_id',
        'title.name_en as title_name_en',
        'title.name_ja as title_name_ja',
        'comment.user_id',
        'user.nickname',
        'user.email',
        'comment_suspension.until_at as suspended_until_at',
      ]);
  }
}

function toModeratedRow<
  T extends Omit<ModeratedCommentRow, 'reporter_num' | 'latest_report_at' | 'report_reasons' | 'report_notes'> & {
    reporter_num: number | string | null;
    latest_report_at: number | string | null;
  },
>(row: T): ModeratedCommentRow {
  return {
    ...row,
    reporter_num: Number(row.reporter_num ?? 0),
    latest_report_at: row.latest_report_at === null ? null : Number(row.latest_report_at),
    report_reasons: [],
    report_notes: [],
  };
}
