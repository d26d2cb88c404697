// Comment rows → the wire shapes of the /episode/comment/* family (ADR 013).
import { type Comment, type CommentLikeNotice, formatWireDateTime } from '@manga/contracts';
import type { CommentListRow, LikeNoticeRow } from '#src/repositories/comment.repository.ts';
import type { CommenterTagger } from '#src/rules/commenter-tag.rules.ts';

const wireTime = (at: number, timeZone: string) => formatWireDateTime(new Date(at), timeZone);

/** "" when the time is unknown (never happened). */
export const optionalWireTime = (at: number | null | undefined, timeZone: string) =>
  at === null || at === undefined ? '' : wireTime(at, timeZone);

/** Who reads a comment (null for a guest), the wire time zone, and the commenters' pseudonyms. */
export interface CommentMapContext {
  readerId: number | null;
  timeZone: string;
  tagOf: CommenterTagger;
}

/** A comment as the reader of `ctx` sees it. */
export function toCommentResponse(row: CommentListRow, { readerId, timeZone, tagOf }: CommentMapContext): Comment {
  return {
    comment_id: row.id,
    episode_id: row.episode_id,
    title_id: row.title_id,
    comment: row.body,
    user_name: row.nickname ?? '',
    user_tag: tagOf(row.user_id),
    like_count: row.like_count,
    is_liked: row.is_liked ? 1 : 0,
    is_mine: readerId !== null && row.user_id === readerId ? 1 : 0,
    created_time: wireTime(row.created_at, timeZone),
  };
}

export function toLikeNoticeResponse(row: LikeNoticeRow, timeZone: string): CommentLikeNotice {
  return {
    comment_id: row.id,
    episode_id: row.episode_id,
    title_id: row.title_id,
    comment: row.body,
    new_like_num: row.new_like_num,
    like_count: row.like_count,
    latest_like_time: wireTime(row.latest_like_at, timeZone),
  };
}
