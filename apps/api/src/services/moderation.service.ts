// Moderation (ADR 013): moderators work the report queue, hide and restore comments, dismiss reports,
// suspend commenters from posting for a while, remove a reader's nickname (ADR 066 addendum), edit the
// NG word list, and read the audit log. Every
// method starts by requiring its staff permission (ADR 042; 1002 for anyone else); every change is written together
// with its audit-log row (who, when, what, why) in one transaction, and only when something changed.
import {
  AuditAction,
  AuditTarget,
  type Locale,
  NgWordMatch,
  type OpsComment,
  type OpsReportStatus,
  parseWireDateTime,
  ResponseCode,
  StaffPermission,
} from '@manga/contracts';
import type { NewAuditLog } from '#src/db/schema.ts';
import { toAuditLogResponse, toNgWordResponse, toOpsCommentResponse } from '#src/mappers/moderation.mapper.ts';
import type { AuditLogRepository } from '#src/repositories/audit-log.repository.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { CommentRepository } from '#src/repositories/comment.repository.ts';
import type {
  CommentModerationRepository,
  ModeratedCommentRow,
} from '#src/repositories/comment-moderation.repository.ts';
import type { NgWordRepository } from '#src/repositories/ng-word.repository.ts';
import type { UserRepository } from '#src/repositories/user.repository.ts';
import type { RequestAuth } from '#src/rules/auth.rules.ts';
import type { CommenterTagger } from '#src/rules/commenter-tag.rules.ts';
import { NgWordTakenError } from '#src/rules/conflict.error.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import { normaliseNgWord } from '#src/rules/ng-word.rules.ts';
import { commentPage } from '#src/services/comment.service.ts';
import type { StaffService } from '#src/services/staff.service.ts';

export interface OpsCaller {
  auth: RequestAuth;
  locale: Locale;
}

export interface ModerationWrites {
  comments: Pick<CommentRepository, 'adjustEpisodeCommentNum'>;
  moderation: Pick<
    CommentModerationRepository,
    'updateCommentStatus' | 'markCommentReviewed' | 'upsertSuspension' | 'deleteSuspension'
  >;
  ngWords: Pick<NgWordRepository, 'insertNgWord' | 'deleteNgWord'>;
  auditLog: Pick<AuditLogRepository, 'insertAuditLog'>;
  users: Pick<UserRepository, 'findUserById' | 'updateNickname'>;
}

export interface ModerationTransactions {
  run<T>(work: (repositories: ModerationWrites) => Promise<T>): Promise<T>;
}

const invalid = (parameter: string, why: string) =>
  new DomainError(ResponseCode.InvalidParameter, `invalid parameter ${parameter}: ${why}`);

type Audit = Omit<NewAuditLog, 'actor_user_id' | 'created_at'>;

export interface ModerationServiceDeps {
  staff: Pick<StaffService, 'requireAccess'>;
  moderation: Pick<CommentModerationRepository, 'listReportedComments' | 'findModeratedComment'>;
  ngWords: Pick<NgWordRepository, 'listNgWords'>;
  auditLog: Pick<AuditLogRepository, 'listAuditLog'>;
  users: Pick<UserRepository, 'findUserById'>;
  transactions: ModerationTransactions;
  clock: ClockRepository;
  /** The pseudonyms readers see, so a moderator can match a reader's "Reader 7K2QX9" (ADR 013). */
  tags: CommenterTagger;
}

export class ModerationService {
  constructor(
    private readonly deps: ModerationServiceDeps,
    private readonly options: { timeZone: string },
  ) {}

  /** GET /ops/comment/report/list: reported comments, most recently reported first. */
  async listReports(caller: OpsCaller, params: { status?: OpsReportStatus; limit?: number; offset?: number }) {
    await this.deps.staff.requireAccess(caller.auth, StaffPermission.CommentModerate);
    const { limit, offset } = commentPage(params);
    const rows = await this.deps.moderation.listReportedComments(params.status ?? 'open', limit + 1, offset);
    return {
      report_list: rows.slice(0, limit).map((row) => this.toOpsComment(row, caller)),
      has_next: rows.length > limit ? 1 : 0,
    };
  }

  /** POST /ops/comment/hide: readers no longer see it, it stops counting in the episode's comment_num. */
  hideComment(caller: OpsCaller, commentId: number, reason: string) {
    return this.moveComment(caller, commentId, {
      from: 'visible',
      to: 'hidden',
      action: AuditAction.CommentHide,
      reason,
    });
  }

  /** POST /ops/comment/restore: a hidden comment is visible (and counted) again. */
  restoreComment(caller: OpsCaller, commentId: number, reason = '') {
    return this.moveComment(caller, commentId, {
      from: 'hidden',
      to: 'visible',
      action: AuditAction.CommentRestore,
      reason,
    });
  }

  /** POST /ops/comment/dismiss: the reports so far need nothing; the comment leaves the open queue. */
  async dismissReports(caller: OpsCaller, commentId: number, reason = '') {
    const operator = await this.deps.staff.requireAccess(caller.auth, StaffPermission.CommentModerate);
    const comment = await this.requireComment(commentId);
    if (comment.status !== 'visible') throw invalid('comment_id', 'only reports of a visible comment can be dismissed');
    await this.deps.transactions.run(async ({ moderation, auditLog }) => {
      const now = this.deps.clock.now();
      if (!(await moderation.markCommentReviewed(commentId, 'visible', now))) return;
      await auditLog.insertAuditLog(
        audit(operator.userId, now, { action: AuditAction.CommentDismiss, ...commentTarget(commentId), reason }),
      );
    });
    return { comment: await this.currentComment(commentId, caller) };
  }

  /** POST /ops/user/suspend: the reader cannot post (2019) until `untilTime` (wire time zone). */
  async suspendCommenter(caller: OpsCaller, userId: number, untilTime: string, reason: string) {
    const operator = await this.deps.staff.requireAccess(caller.auth, StaffPermission.CommentModerate);
    const now = this.deps.clock.now();
    const until = parseWireDateTime(untilTime, this.options.timeZone)?.getTime();
    if (until === undefined) throw invalid('until_time', 'expected YYYY-MM-DD HH:MM:SS');
    if (until <= now) throw invalid('until_time', 'must be in the future');
    if (!(await this.deps.users.findUserById(userId))) throw invalid('user_id', 'no such user');
    await this.deps.transactions.run(async ({ moderation, auditLog }) => {
      await moderation.upsertSuspension({
        user_id: userId,
        until_at: until,
        reason,
        created_by: operator.userId,
        created_at: now,
      });
      await auditLog.insertAuditLog(
        audit(operator.userId, now, {
          action: AuditAction.CommenterSuspend,
          ...userTarget(userId),
          reason,
          detail: JSON.stringify({ until_time: untilTime }),
        }),
      );
    });
    return { suspension: { user_id: userId, until_time: untilTime, reason } };
  }

  /** POST /ops/user/unsuspend: lifts a suspension; none to lift is not an error. */
  async unsuspendCommenter(caller: OpsCaller, userId: number, reason = ''): Promise<void> {
    const operator = await this.deps.staff.requireAccess(caller.auth, StaffPermission.CommentModerate);
    await this.deps.transactions.run(async ({ moderation, auditLog }) => {
      if (!(await moderation.deleteSuspension(userId))) return;
      await auditLog.insertAuditLog(
        audit(operator.userId, this.deps.clock.now(), {
          action: AuditAction.CommenterUnsuspend,
          ...userTarget(userId),
          reason,
        }),
      );
    });
  }

  /**
   * POST /ops/user/nickname/reset: the reader's nickname is removed and its region key freed; their
   * comments show their pseudonym again. The reader's week (ADR 066) keeps running as when they
   * remove it themselves, so an offensive name cannot be swapped for another at once. A reader
   * without a nickname (a repeat, or they removed it first) changes nothing and logs nothing.
   */
  async resetNickname(caller: OpsCaller, userId: number, reason: string) {
    const operator = await this.deps.staff.requireAccess(caller.auth, StaffPermission.CommentModerate);
    if (!(await this.deps.users.findUserById(userId))) throw invalid('user_id', 'no such user');
    const reset = await this.deps.transactions.run(async ({ users, auditLog }) => {
      // Read again inside the transaction: of two moderators resetting at once, one logs it.
      const nickname = (await users.findUserById(userId))?.nickname ?? null;
      if (nickname === null) return 0;
      const now = this.deps.clock.now();
      await users.updateNickname(userId, { nickname: null, nickname_key: null, updated_at: now }, null);
      await auditLog.insertAuditLog(
        audit(operator.userId, now, {
          action: AuditAction.NicknameReset,
          ...userTarget(userId),
          reason,
          detail: JSON.stringify({ nickname }),
        }),
      );
      return 1;
    });
    return { user_id: userId, reset: reset as 0 | 1 };
  }

  /** GET /ops/ngword/list */
  async listNgWords(caller: OpsCaller) {
    await this.deps.staff.requireAccess(caller.auth, StaffPermission.CommentModerate);
    const rows = await this.deps.ngWords.listNgWords();
    return { ng_word_list: rows.map((row) => toNgWordResponse(row, this.options.timeZone)) };
  }

  /** POST /ops/ngword/add: used by the next post already (the list is read on every post). */
  async addNgWord(caller: OpsCaller, word: string, matchType: string = NgWordMatch.Part, reason = '') {
    const operator = await this.deps.staff.requireAccess(caller.auth, StaffPermission.CommentModerate);
    const normalized = normaliseNgWord(word);
    if (normalized === '') throw invalid('word', 'nothing is left to match once spaces and punctuation are removed');
    const now = this.deps.clock.now();
    try {
      const row = await this.deps.transactions.run(async ({ ngWords, auditLog }) => {
        const created = await ngWords.insertNgWord({
          word,
          normalized_word: normalized,
          match_type: matchType,
          created_by: operator.userId,
          created_at: now,
        });
        await auditLog.insertAuditLog(
          audit(operator.userId, now, {
            action: AuditAction.NgWordAdd,
            target_type: AuditTarget.NgWord,
            target_id: created.id,
            reason,
            detail: JSON.stringify({ word, match_type: matchType }),
          }),
        );
        return created;
      });
      return { ng_word: toNgWordResponse(row, this.options.timeZone) };
    } catch (error) {
      if (error instanceof NgWordTakenError) throw invalid('word', 'already on the list');
      throw error;
    }
  }

  /** POST /ops/ngword/remove */
  async removeNgWord(caller: OpsCaller, ngWordId: number, reason = ''): Promise<void> {
    const operator = await this.deps.staff.requireAccess(caller.auth, StaffPermission.CommentModerate);
    await this.deps.transactions.run(async ({ ngWords, auditLog }) => {
      const removed = await ngWords.deleteNgWord(ngWordId);
      if (!removed) throw invalid('ng_word_id', 'no such NG word');
      await auditLog.insertAuditLog(
        audit(operator.userId, this.deps.clock.now(), {
          action: AuditAction.NgWordRemove,
          target_type: AuditTarget.NgWord,
          target_id: ngWordId,
          reason,
          detail: JSON.stringify({ word: removed.word, match_type: removed.match_type }),
        }),
      );
    });
  }

  /** GET /ops/audit/list: newest first. */
  async listAuditLog(caller: OpsCaller, params: { limit?: number; offset?: number }) {
    await this.deps.staff.requireAccess(caller.auth, StaffPermission.AuditRead);
    const { limit, offset } = commentPage(params);
    const rows = await this.deps.auditLog.listAuditLog(limit + 1, offset);
    return {
      audit_log_list: rows.slice(0, limit).map((row) => toAuditLogResponse(row, this.options.timeZone)),
      has_next: rows.length > limit ? 1 : 0,
    };
  }

  /**
   * Moves a comment between visible and hidden with its episode's counter and the audit row; a comment
   * already where it should go is left alone (a repeat, or another operator was first).
   */
  private async moveComment(
    caller: OpsCaller,
    commentId: number,
    move: { from: string; to: string; action: AuditAction; reason: string },
  ) {
    const operator = await this.deps.staff.requireAccess(caller.auth, StaffPermission.CommentModerate);
    const comment = await this.requireComment(commentId);
    await this.deps.transactions.run(async ({ comments, moderation, auditLog }) => {
      const now = this.deps.clock.now();
      if (!(await moderation.updateCommentStatus(commentId, move.from, move.to, now))) return;
      await comments.adjustEpisodeCommentNum(comment.episode_id, move.to === 'visible' ? 1 : -1);
      await auditLog.insertAuditLog(
        audit(operator.userId, now, { action: move.action, ...commentTarget(commentId), reason: move.reason }),
      );
    });
    return { comment: await this.currentComment(commentId, caller) };
  }

  /** A visible or hidden comment; 1001 for unknown (or deleted) ones. */
  private async requireComment(commentId: number): Promise<ModeratedCommentRow> {
    const comment = await this.deps.moderation.findModeratedComment(commentId);
    if (!comment || (comment.status !== 'visible' && comment.status !== 'hidden')) {
      throw invalid('comment_id', 'no such comment');
    }
    return comment;
  }

  private async currentComment(commentId: number, caller: OpsCaller): Promise<OpsComment> {
    return this.toOpsComment(await this.requireComment(commentId), caller);
  }

  private toOpsComment(row: ModeratedCommentRow, caller: OpsCaller): OpsComment {
    return toOpsCommentResponse(row, {
      locale: caller.locale,
      timeZone: this.options.timeZone,
      now: this.deps.clock.now(),
      tagOf: this.deps.tags,
    });
  }
}

const commentTarget = (commentId: number) => ({ target_type: AuditTarget.Comment, target_id: commentId });
const userTarget = (userId: number) => ({ target_type: AuditTarget.User, target_id: userId });

function audit(operatorId: number, now: number, entry: Audit): NewAuditLog {
  return { ...entry, actor_user_id: operatorId, created_at: now };
}
