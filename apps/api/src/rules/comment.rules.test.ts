import { COMMENTS_PER_HOUR, ResponseCode, responseCodeMessage } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import {
  COMMENT_WINDOW_MS,
  commentAllowance,
  commentAllowanceAfterPost,
  commentLimitMessage,
  commentWindowStart,
} from '#src/rules/comment.rules.ts';

const NOW = Date.UTC(2026, 0, 1, 9, 0, 0);
const MINUTE = 60_000;

describe('the comment allowance', () => {
  it('counts the last 60 minutes before now', () => {
    expect(COMMENTS_PER_HOUR).toBe(10);
    expect(commentWindowStart(NOW)).toBe(NOW - 60 * MINUTE);
    expect(COMMENT_WINDOW_MS).toBe(60 * MINUTE);
  });

  it.each([
    [0, null, { limit: 10, remaining: 10, nextPostAt: null }],
    [3, NOW - 10 * MINUTE, { limit: 10, remaining: 7, nextPostAt: null }],
    [9, NOW - 50 * MINUTE, { limit: 10, remaining: 1, nextPostAt: null }],
    // Used up: posting is possible again when the oldest post leaves the window.
    [10, NOW - 50 * MINUTE, { limit: 10, remaining: 0, nextPostAt: NOW + 10 * MINUTE }],
    [12, NOW - 59 * MINUTE, { limit: 10, remaining: 0, nextPostAt: NOW + MINUTE }],
  ])('after %i posts, the oldest at %s, leaves %j', (count, oldestAt, expected) => {
    expect(commentAllowance({ count, oldestAt })).toEqual(expected);
  });

  it('counts a post being made now, which is the oldest when it is the first', () => {
    expect(commentAllowanceAfterPost({ count: 0, oldestAt: null }, NOW)).toEqual({
      limit: 10,
      remaining: 9,
      nextPostAt: null,
    });
    expect(commentAllowanceAfterPost({ count: 9, oldestAt: NOW - 30 * MINUTE }, NOW)).toEqual({
      limit: 10,
      remaining: 0,
      nextPostAt: NOW + 30 * MINUTE,
    });
  });

  it("states the limit as 6301's own text does, with the time of the next post", () => {
    expect(commentLimitMessage('2026-01-01 10:00:00')).toBe(
      'You can post up to 10 comments per hour. You can post again at 2026-01-01 10:00:00.',
    );
    expect(responseCodeMessage(ResponseCode.PostCommentLimitOver)).toBe(
      'You can post up to 10 comments per hour. Please try again later.',
    );
  });
});
