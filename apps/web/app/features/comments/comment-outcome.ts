import { ResponseCode } from '@manga/contracts';
import {
  appendComments,
  type CommentActionResult,
  type CommentIntent,
  type CommentRefusal,
  type CommentView,
  type EpisodeCommentsData,
  withLike,
} from './comments.ts';

// What the reader sees after each answer of the comments section (ADR 013): a post, a like or unlike,
// a mute, a report, refused or done; and after the section's own loads. Pure: the components and
// the section's hook (use-episode-comments.ts) only apply these.

/** What one answer changes besides the section's data (`withCommentResult`). */
export interface CommentOutcome {
  /** Said by the section's polite status line (an i18n key). */
  notice: 'comments.posted' | 'comments.muted' | undefined;
  /** Load the list again, in the order shown (a mute hides the commenter's other comments too). */
  reloadList: boolean;
  /** Shown by the form or the comment that sent it; undefined clears what it showed. */
  refusal: CommentRefusal | undefined;
  /** The post box empties (the comment is on the list). */
  clearDraft: boolean;
  /** The comment shows "Reported" in place of its Report button. */
  reported: boolean;
}

export function commentOutcome(result: CommentActionResult): CommentOutcome {
  if (result.status === 'failed') {
    return { notice: undefined, reloadList: false, refusal: result.refusal, clearDraft: false, reported: false };
  }
  return {
    notice: result.intent === 'post' ? 'comments.posted' : result.intent === 'mute' ? 'comments.muted' : undefined,
    reloadList: result.intent === 'mute',
    refusal: undefined,
    clearDraft: result.intent === 'post',
    reported: result.intent === 'report',
  };
}

/**
 * The section's data after an answer: a new comment on top (counted once), a like's count and mark
 * as the API answered them, and after a refused post the post box's state when the API told it.
 * Mutes and reports change nothing here (a mute reloads the list, `commentOutcome`).
 */
export function withCommentResult(
  current: EpisodeCommentsData | undefined,
  result: CommentActionResult,
): EpisodeCommentsData | undefined {
  if (current?.status !== 'ready') return current;
  if (result.status === 'failed') return result.post ? { ...current, post: result.post } : current;
  switch (result.intent) {
    case 'post':
      return {
        ...current,
        comments: [result.comment, ...current.comments.filter((comment) => comment.id !== result.comment.id)],
        total: current.total + 1,
        nextOffset: current.nextOffset + 1,
        post: result.post,
      };
    case 'like':
    case 'unlike':
      return { ...current, comments: withLike(current.comments, result.commentId, result.likeCount, result.isLiked) };
    default:
      return current;
  }
}

/** The section after "show more" answered: the page appended, unless the order changed meanwhile. */
export function withMoreComments(
  current: EpisodeCommentsData | undefined,
  more: EpisodeCommentsData,
): EpisodeCommentsData | undefined {
  if (current?.status !== 'ready' || more.status !== 'ready' || more.sort !== current.sort) return current;
  return {
    ...current,
    comments: appendComments(current.comments, more.comments),
    hasNext: more.hasNext,
    nextOffset: more.nextOffset,
    total: more.total,
  };
}

/** A like on its way shows as done (the answer then sets the real count). */
export function shownLike(
  comment: Pick<CommentView, 'isLiked' | 'likeCount'>,
  pending: CommentIntent | undefined,
): { liked: boolean; likeCount: number } {
  const liked = pending === 'like' ? true : pending === 'unlike' ? false : comment.isLiked;
  return { liked, likeCount: comment.likeCount + (liked === comment.isLiked ? 0 : liked ? 1 : -1) };
}

/**
 * Why the section could not load, in words, and whether trying again can help: an episode the
 * reader may not see (age) or that does not exist will not come back by retrying.
 */
export function loadFailureOf(code: number): { messageKey: string; retryable: boolean } {
  switch (code) {
    case ResponseCode.AccountAccessDenied:
      return { messageKey: 'comments.failed_restricted', retryable: false };
    case ResponseCode.EpisodeNotFound:
      return { messageKey: 'comments.failed_missing', retryable: false };
    default:
      return { messageKey: 'comments.failed', retryable: true };
  }
}
