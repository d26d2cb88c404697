// Comments and their moderation: likes, mutes, reports, NG words, suspensions, notices (ADR 013).
import type { Selectable } from 'kysely';
import type { Default, Id, Millis } from './columns.ts';

export interface CommentTable {
  id: Id;
  episode_id: number;
  user_id: number;
  body: string;
  like_count: Default<number>;
  status: Default<string>; // 'visible' | 'hidden' | 'deleted'
  created_at: Millis;
  reviewed_at: Millis | null; // a moderator last hid, restored or dismissed it (ADR 013)
}

export interface CommentLikeTable {
  comment_id: number;
  user_id: number;
  created_at: Millis;
}

export interface CommentMuteTable {
  user_id: number;
  muted_user_id: number;
  comment_id: number;
  created_at: Millis;
}

export interface CommentReportTable {
  id: Id;
  comment_id: number;
  user_id: number;
  /** CommentReportReason, '' when the report gave none. */
  reason: Default<string>;
  /** The reader's note, '' when none. */
  note: Default<string>;
  created_at: Millis;
}

/**
 * An NG word (ADR 013, ADR 030); `normalized_word` is the word as matched (normaliseNgWord), unique.
 * The seeded words were stored with normalizeSearchText, which gives the same for them.
 */
export interface NgWordTable {
  id: Id;
  word: string;
  normalized_word: string;
  match_type: Default<string>; // 'part' | 'word'
  created_by: number | null; // null: seeded by the migration
  created_at: Millis;
}

/** A reader who may not post comments until `until_at` (ADR 013). */
export interface CommentSuspensionTable {
  user_id: number;
  until_at: Millis;
  reason: string;
  created_by: number | null;
  created_at: Millis;
}

/** When a reader last read their like notices (ADR 013). */
export interface CommentNoticeTable {
  user_id: number;
  like_seen_at: Millis;
}

export type CommentRow = Selectable<CommentTable>;
export type NgWordRow = Selectable<NgWordTable>;
