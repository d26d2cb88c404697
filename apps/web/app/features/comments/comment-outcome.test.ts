import { ResponseCode } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import { commentView } from './comment-fixtures.test-support.ts';
import { commentOutcome, loadFailureOf, shownLike, withCommentResult, withMoreComments } from './comment-outcome.ts';
import type { CommentActionResult, CommentView, EpisodeCommentsData, PostStatus } from './comments.ts';

const view = commentView;

const post = (overrides: Partial<PostStatus> = {}): PostStatus => ({
  canPost: true,
  refusal: undefined,
  remaining: 10,
  limit: 10,
  maxLength: 500,
  ...overrides,
});

const ready = (comments: CommentView[], overrides: Partial<Extract<EpisodeCommentsData, { status: 'ready' }>> = {}) =>
  ({
    status: 'ready',
    episodeId: 5,
    sort: 'new',
    comments,
    total: comments.length,
    hasNext: false,
    nextOffset: comments.length,
    post: post(),
    ...overrides,
  }) satisfies EpisodeCommentsData;

const limit = { kind: 'limit', code: ResponseCode.PostCommentLimitOver, until: undefined } as const;
const failed = (intent: CommentActionResult['intent'], postAfter?: PostStatus): CommentActionResult => ({
  status: 'failed',
  intent,
  commentId: intent === 'post' ? undefined : 1,
  refusal: limit,
  post: postAfter,
});

describe('commentOutcome: what the reader sees after each answer', () => {
  it('a post: the box empties, the status line says it is posted', () => {
    const result: CommentActionResult = { status: 'done', intent: 'post', comment: view(9), post: post() };
    expect(commentOutcome(result)).toEqual({
      notice: 'comments.posted',
      reloadList: false,
      refusal: undefined,
      clearDraft: true,
      reported: false,
    });
  });

  it('a like or unlike: nothing said, nothing reloaded (the count changes in the list)', () => {
    for (const intent of ['like', 'unlike'] as const) {
      const result: CommentActionResult = { status: 'done', intent, commentId: 1, likeCount: 1, isLiked: true };
      expect(commentOutcome(result)).toEqual({
        notice: undefined,
        reloadList: false,
        refusal: undefined,
        clearDraft: false,
        reported: false,
      });
    }
  });

  it('a mute: said, and the list loads again without the commenter', () => {
    expect(commentOutcome({ status: 'done', intent: 'mute', commentId: 1 })).toMatchObject({
      notice: 'comments.muted',
      reloadList: true,
      refusal: undefined,
      reported: false,
    });
  });

  it('a report: the comment says "Reported"', () => {
    expect(commentOutcome({ status: 'done', intent: 'report', commentId: 1 })).toMatchObject({
      notice: undefined,
      reloadList: false,
      reported: true,
    });
  });

  it('a refusal of any action: shown where it was sent, nothing else changes', () => {
    for (const intent of ['post', 'like', 'unlike', 'mute', 'report'] as const) {
      expect(commentOutcome(failed(intent))).toEqual({
        notice: undefined,
        reloadList: false,
        refusal: limit,
        clearDraft: false,
        reported: false,
      });
    }
  });
});

describe('withCommentResult: the section’s data after an answer', () => {
  it('puts a new comment on top once, counts it, and takes the post box’s new state', () => {
    const after = post({ remaining: 9 });
    const result: CommentActionResult = { status: 'done', intent: 'post', comment: view(3), post: after };
    expect(withCommentResult(ready([view(2), view(1)]), result)).toEqual(
      ready([view(3), view(2), view(1)], { total: 3, nextOffset: 3, post: after }),
    );
    // Already on the list (loaded meanwhile): moved to the top, not repeated.
    expect(withCommentResult(ready([view(2), view(3)]), result)).toMatchObject({
      comments: [view(3), view(2)],
      total: 3,
    });
  });

  it('sets a like’s count and mark as the API answered them', () => {
    const result: CommentActionResult = { status: 'done', intent: 'like', commentId: 2, likeCount: 4, isLiked: true };
    expect(withCommentResult(ready([view(1), view(2)]), result)).toEqual(
      ready([view(1), view(2, { likeCount: 4, isLiked: true })]),
    );
  });

  it('keeps the data for mutes and reports, and for refusals unless the API told the post box’s state', () => {
    const shown = ready([view(1)]);
    expect(withCommentResult(shown, { status: 'done', intent: 'mute', commentId: 1 })).toBe(shown);
    expect(withCommentResult(shown, { status: 'done', intent: 'report', commentId: 1 })).toBe(shown);
    expect(withCommentResult(shown, failed('like'))).toBe(shown);
    const closed = post({ canPost: false, refusal: limit, remaining: 0 });
    expect(withCommentResult(shown, failed('post', closed))).toEqual(ready([view(1)], { post: closed }));
  });

  it('leaves a section that is loading or failed as it is', () => {
    const result: CommentActionResult = { status: 'done', intent: 'post', comment: view(3), post: post() };
    expect(withCommentResult(undefined, result)).toBeUndefined();
    const failure: EpisodeCommentsData = { status: 'failed', episodeId: 5, code: ResponseCode.ServerError };
    expect(withCommentResult(failure, result)).toBe(failure);
  });
});

describe('withMoreComments', () => {
  it('appends the next page without repeats and takes its paging', () => {
    const more = ready([view(2), view(3)], { hasNext: true, nextOffset: 40, total: 41 });
    expect(withMoreComments(ready([view(1), view(2)], { hasNext: true }), more)).toEqual(
      ready([view(1), view(2), view(3)], { hasNext: true, nextOffset: 40, total: 41 }),
    );
  });

  it('drops a page of another order (the reader switched meanwhile)', () => {
    const shown = ready([view(1)], { sort: 'popular' });
    expect(withMoreComments(shown, ready([view(2)]))).toBe(shown);
  });
});

describe('shownLike', () => {
  it('shows a like or unlike on its way as done', () => {
    const comment = { isLiked: false, likeCount: 2 };
    expect(shownLike(comment, undefined)).toEqual({ liked: false, likeCount: 2 });
    expect(shownLike(comment, 'like')).toEqual({ liked: true, likeCount: 3 });
    expect(shownLike({ isLiked: true, likeCount: 3 }, 'unlike')).toEqual({ liked: false, likeCount: 2 });
    // Another action on its way changes nothing.
    expect(shownLike({ isLiked: true, likeCount: 3 }, 'report')).toEqual({ liked: true, likeCount: 3 });
  });
});

describe('loadFailureOf', () => {
  it('offers to try again unless the episode is age-restricted or missing', () => {
    expect(loadFailureOf(ResponseCode.AccountAccessDenied)).toEqual({
      messageKey: 'comments.failed_restricted',
      retryable: false,
    });
    expect(loadFailureOf(ResponseCode.EpisodeNotFound)).toEqual({
      messageKey: 'comments.failed_missing',
      retryable: false,
    });
    expect(loadFailureOf(ResponseCode.ServerError)).toEqual({ messageKey: 'comments.failed', retryable: true });
  });
});
