// The comment allowance (product §5: 10 comments an hour; ADR 013): a rolling window of the last 60
// minutes before each post, not the clock hour (which would let 20 posts through in two minutes
// around it). CommentService counts a reader's posts since `commentWindowStart` and applies these.
import { COMMENT_LIMIT_TEXT, COMMENTS_PER_HOUR } from '@manga/contracts';

/** How far back posts count against the allowance. */
export const COMMENT_WINDOW_MS = 60 * 60 * 1000;

/** A reader's posts inside the window, as the repository counts them. */
export interface RecentComments {
  count: number;
  /** When the oldest of them was posted; null when there is none. */
  oldestAt: number | null;
}

/** How much of the hourly allowance is left. */
export interface CommentAllowance {
  limit: number;
  remaining: number;
  /** When posting is possible again: the oldest post leaves the window (allowance used up), or a suspension ends. */
  nextPostAt: number | null;
}

/** What a caller who may not post at all is shown (no session, no access to the episode). */
export const NO_COMMENT_ALLOWANCE: CommentAllowance = { limit: COMMENTS_PER_HOUR, remaining: 0, nextPostAt: null };

/** The earliest post time that still counts at `now` (posts after it count; the window is open at this end). */
export function commentWindowStart(now: number): number {
  return now - COMMENT_WINDOW_MS;
}

/** The allowance left after `recent`. */
export function commentAllowance(recent: RecentComments): CommentAllowance {
  const remaining = Math.max(COMMENTS_PER_HOUR - recent.count, 0);
  const nextPostAt = remaining === 0 && recent.oldestAt !== null ? recent.oldestAt + COMMENT_WINDOW_MS : null;
  return { limit: COMMENTS_PER_HOUR, remaining, nextPostAt };
}

/** The allowance left once one more comment is posted at `now` after `recent`. */
export function commentAllowanceAfterPost(recent: RecentComments, now: number): CommentAllowance {
  return commentAllowance({ count: recent.count + 1, oldestAt: recent.oldestAt ?? now });
}

/** 6301's message when the time the reader may post again is known (a wire time); else the code's own text. */
export function commentLimitMessage(nextPostTime: string): string {
  return `${COMMENT_LIMIT_TEXT} You can post again at ${nextPostTime}.`;
}
