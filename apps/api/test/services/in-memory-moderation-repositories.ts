// In-memory comments as moderators see them, NG words, roles and the audit log, for the moderation
// service tests (ADR 011, ADR 013): the methods of the real repositories the moderation and operator
// services use, over InMemoryTables, with their semantics (status moves only from the expected
// status, one suspension per reader, the unique normalised NG word, newest audit rows first).
// test/integration/repository-fakes.test.ts runs the same contract against these and the real ones.

import type { AuditLogRow, NewAuditLog, NgWordRow } from '#src/db/schema.ts';
import type { AuditLogListRow, AuditLogRepository } from '#src/repositories/audit-log.repository.ts';
import type { CommentRepository } from '#src/repositories/comment.repository.ts';
import {
  type CommentModerationRepository,
  type ModeratedCommentRow,
  REPORT_NOTES_SHOWN,
  type ReportQueueFilter,
} from '#src/repositories/comment-moderation.repository.ts';
import type { NgWordRepository } from '#src/repositories/ng-word.repository.ts';
import type { RepositoryPort } from '#src/repositories/transaction.repository.ts';
import type { RoleHolder, UserRoleRepository } from '#src/repositories/user-role.repository.ts';
import { DuplicateRequestKeyError, NgWordTakenError } from '#src/rules/conflict.error.ts';
import type { InMemoryTables } from '#test/services/in-memory-repositories.ts';

/** The one CommentRepository write moderation makes. */
export class InMemoryCommentRepository implements Pick<CommentRepository, 'adjustEpisodeCommentNum'> {
  constructor(private readonly tables: InMemoryTables) {}

  async adjustEpisodeCommentNum(episodeId: number, delta: 1 | -1): Promise<void> {
    const episode = this.tables.episodes.find((e) => e.id === episodeId);
    if (episode) episode.comment_num = Math.max(0, episode.comment_num + delta);
  }
}

export class InMemoryCommentModerationRepository implements RepositoryPort<CommentModerationRepository> {
  constructor(private readonly tables: InMemoryTables) {}

  private moderated(commentId: number): ModeratedCommentRow | undefined {
    const comment = this.tables.comments.find((c) => c.id === commentId);
    const episode = comment && this.tables.episodes.find((e) => e.id === comment.episode_id);
    const title = episode && this.tables.titles.find((t) => t.id === episode.title_id);
    const user = comment && this.tables.users.find((u) => u.id === comment.user_id);
    if (!comment || !episode || !title || !user) return undefined;
    const reports = this.tables.commentReports.filter((r) => r.comment_id === commentId);
    return {
      id: comment.id,
      body: comment.body,
      status: comment.status,
      like_count: comment.like_count,
      created_at: comment.created_at,
      reviewed_at: comment.reviewed_at,
      episode_id: episode.id,
      episode_name_en: episode.name_en,
      episode_name_ja: episode.name_ja,
      title_id: title.id,
      title_name_en: title.name_en,
      title_name_ja: title.name_ja,
      user_id: user.id,
      nickname: user.nickname,
      email: user.email,
      suspended_until_at: this.tables.suspensions.find((s) => s.user_id === user.id)?.until_at ?? null,
      reporter_num: reports.length,
      latest_report_at: reports.length > 0 ? Math.max(...reports.map((r) => r.created_at)) : null,
      report_reasons: [...new Set(reports.map((r) => r.reason))]
        .map((reason) => ({ reason, reporter_num: reports.filter((r) => r.reason === reason).length }))
        .sort((a, b) => b.reporter_num - a.reporter_num || a.reason.localeCompare(b.reason)),
      report_notes: reports
        .filter((r) => r.note !== '')
        .sort((a, b) => b.created_at - a.created_at || b.id - a.id)
        .slice(0, REPORT_NOTES_SHOWN)
        .map((r) => r.note),
    };
  }

  async listReportedComments(filter: ReportQueueFilter, limit: number, offset: number): Promise<ModeratedCommentRow[]> {
    const reported = [...new Set(this.tables.commentReports.map((r) => r.comment_id))];
    return reported
      .flatMap((id) => {
        const row = this.moderated(id);
        return row ? [row] : [];
      })
      .filter((row) => {
        if (filter === 'hidden') return row.status === 'hidden';
        if (filter === 'all') return row.status === 'visible' || row.status === 'hidden';
        return row.status === 'visible' && (row.reviewed_at === null || (row.latest_report_at ?? 0) > row.reviewed_at);
      })
      .sort((a, b) => (b.latest_report_at ?? 0) - (a.latest_report_at ?? 0) || b.id - a.id)
      .slice(offset, offset + limit);
  }

  async findModeratedComment(commentId: number): Promise<ModeratedCommentRow | undefined> {
    return this.moderated(commentId);
  }

  async updateCommentStatus(commentId: number, from: string, to: string, now: number): Promise<boolean> {
    const comment = this.tables.comments.find((c) => c.id === commentId && c.status === from);
    if (!comment) return false;
    Object.assign(comment, { status: to, reviewed_at: now });
    return true;
  }

  async markCommentReviewed(commentId: number, status: string, now: number): Promise<boolean> {
    const comment = this.tables.comments.find((c) => c.id === commentId && c.status === status);
    if (!comment) return false;
    comment.reviewed_at = now;
    return true;
  }

  async upsertSuspension(suspension: {
    user_id: number;
    until_at: number;
    reason: string;
    created_by: number;
    created_at: number;
  }): Promise<void> {
    this.tables.suspensions = [
      ...this.tables.suspensions.filter((s) => s.user_id !== suspension.user_id),
      { ...suspension },
    ];
  }

  async deleteSuspension(userId: number): Promise<boolean> {
    const before = this.tables.suspensions.length;
    this.tables.suspensions = this.tables.suspensions.filter((s) => s.user_id !== userId);
    return this.tables.suspensions.length < before;
  }
}

export class InMemoryNgWordRepository implements RepositoryPort<NgWordRepository> {
  constructor(private readonly tables: InMemoryTables) {}

  async listNgWords(): Promise<NgWordRow[]> {
    return [...this.tables.ngWords].sort((a, b) => a.created_at - b.created_at || a.id - b.id);
  }

  async insertNgWord(word: {
    word: string;
    normalized_word: string;
    match_type: string;
    created_by: number | null;
    created_at: number;
  }): Promise<NgWordRow> {
    if (this.tables.ngWords.some((w) => w.normalized_word === word.normalized_word)) throw new NgWordTakenError();
    const row = { ...word, id: this.tables.nextId('ng_word') };
    this.tables.ngWords.push(row);
    return { ...row };
  }

  async deleteNgWord(id: number): Promise<NgWordRow | undefined> {
    const row = this.tables.ngWords.find((w) => w.id === id);
    if (row) this.tables.ngWords = this.tables.ngWords.filter((w) => w.id !== id);
    return row;
  }
}

export class InMemoryAuditLogRepository implements RepositoryPort<AuditLogRepository> {
  constructor(private readonly tables: InMemoryTables) {}

  async insertAuditLog(entry: NewAuditLog): Promise<void> {
    const requestKey = entry.request_key ?? null;
    if (requestKey !== null && this.tables.auditLog.some((row) => row.request_key === requestKey)) {
      throw new DuplicateRequestKeyError();
    }
    const row: AuditLogRow = {
      reason: '',
      detail: '{}',
      ...entry,
      actor_user_id: entry.actor_user_id ?? null,
      request_key: requestKey,
      id: this.tables.nextId('audit_log'),
    };
    this.tables.auditLog.push(row);
  }

  async findAuditByRequestKey(requestKey: string): Promise<AuditLogRow | undefined> {
    return this.tables.auditLog.find((row) => row.request_key === requestKey);
  }

  async listAuditLog(limit: number, offset: number): Promise<AuditLogListRow[]> {
    return [...this.tables.auditLog]
      .sort((a, b) => b.created_at - a.created_at || b.id - a.id)
      .slice(offset, offset + limit)
      .map((row) => ({
        ...row,
        actor_email: this.tables.users.find((u) => u.id === row.actor_user_id)?.email ?? null,
      }));
  }
}

export class InMemoryUserRoleRepository implements RepositoryPort<UserRoleRepository> {
  constructor(private readonly tables: InMemoryTables) {}

  private async hasRole(userId: number, role: string): Promise<boolean> {
    return this.tables.userRoles.some((r) => r.user_id === userId && r.role === role);
  }

  async listRolesOf(userId: number): Promise<{ role: string; created_at: number }[]> {
    return this.tables.userRoles
      .filter((r) => r.user_id === userId)
      .sort((a, b) => a.created_at - b.created_at || a.role.localeCompare(b.role))
      .map((r) => ({ role: r.role, created_at: r.created_at }));
  }

  async listRoleRows(): Promise<(RoleHolder & { role: string })[]> {
    return this.tables.userRoles
      .flatMap((r) => {
        const user = this.tables.users.find((u) => u.id === r.user_id);
        return user ? [{ ...r, email: user.email, status: user.status }] : [];
      })
      .sort(
        (a, b) => (a.email ?? '').localeCompare(b.email ?? '') || a.user_id - b.user_id || a.created_at - b.created_at,
      );
  }

  async lockRoleHolders(role: string): Promise<number[]> {
    return this.tables.userRoles
      .filter((r) => r.role === role)
      .map((r) => r.user_id)
      .sort((a, b) => a - b);
  }

  async insertRole(userId: number, role: string, now: number): Promise<boolean> {
    if (await this.hasRole(userId, role)) return false;
    this.tables.userRoles.push({ user_id: userId, role, created_at: now });
    return true;
  }

  async deleteRole(userId: number, role: string): Promise<boolean> {
    const had = await this.hasRole(userId, role);
    this.tables.userRoles = this.tables.userRoles.filter((r) => !(r.user_id === userId && r.role === role));
    return had;
  }

  async listRoleHolders(role: string): Promise<RoleHolder[]> {
    return this.tables.userRoles
      .filter((r) => r.role === role)
      .sort((a, b) => a.created_at - b.created_at || a.user_id - b.user_id)
      .flatMap((r) => {
        const user = this.tables.users.find((u) => u.id === r.user_id);
        return user ? [{ user_id: r.user_id, email: user.email, status: user.status, created_at: r.created_at }] : [];
      });
  }
}
