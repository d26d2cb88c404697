// Moderation rows → the wire shapes of /ops/* (ADR 013).
import { type AuditLogEntry, formatWireDateTime, type Locale, type NgWord, type OpsComment } from '@manga/contracts';
import type { NgWordRow } from '#src/db/schema.ts';
import { optionalWireTime } from '#src/mappers/comment.mapper.ts';
import { localized } from '#src/mappers/render-context.mapper.ts';
import type { AuditLogListRow } from '#src/repositories/audit-log.repository.ts';
import type { ModeratedCommentRow } from '#src/repositories/comment-moderation.repository.ts';
import type { CommenterTagger } from '#src/rules/commenter-tag.rules.ts';

/** A comment with everything a moderator decides on; a suspension that has ended shows as "". */
export function toOpsCommentResponse(
  row: ModeratedCommentRow,
  ctx: { locale: Locale; timeZone: string; now: number; tagOf: CommenterTagger },
): OpsComment {
  const suspended = row.suspended_until_at !== null && row.suspended_until_at > ctx.now;
  return {
    comment_id: row.id,
    comment: row.body,
    status: row.status,
    like_count: row.like_count,
    created_time: formatWireDateTime(new Date(row.created_at), ctx.timeZone),
    episode_id: row.episode_id,
    episode_name: localized(row.episode_name_en, row.episode_name_ja, ctx.locale),
    title_id: row.title_id,
    title_name: localized(row.title_name_en, row.title_name_ja, ctx.locale),
    user_id: row.user_id,
    user_name: row.nickname ?? '',
    user_tag: ctx.tagOf(row.user_id),
    user_email: row.email ?? '',
    user_suspended_until: suspended ? optionalWireTime(row.suspended_until_at, ctx.timeZone) : '',
    reporter_num: row.reporter_num,
    latest_report_time: optionalWireTime(row.latest_report_at, ctx.timeZone),
    report_reason_list: row.report_reasons,
    report_note_list: row.report_notes,
    reviewed_time: optionalWireTime(row.reviewed_at, ctx.timeZone),
  };
}

export function toNgWordResponse(row: NgWordRow, timeZone: string): NgWord {
  return {
    ng_word_id: row.id,
    word: row.word,
    normalized_word: row.normalized_word,
    match_type: row.match_type,
    created_time: formatWireDateTime(new Date(row.created_at), timeZone),
  };
}

export function toAuditLogResponse(row: AuditLogListRow, timeZone: string): AuditLogEntry {
  return {
    audit_log_id: row.id,
    operator_user_id: row.actor_user_id ?? 0,
    operator_email: row.actor_email ?? '',
    action: row.action,
    target_type: row.target_type,
    target_id: row.target_id,
    reason: row.reason,
    detail: row.detail,
    created_time: formatWireDateTime(new Date(row.created_at), timeZone),
  };
}
