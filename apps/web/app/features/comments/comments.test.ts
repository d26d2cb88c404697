import { type Comment, type CommentPostInfo, CommentRefusalMessage, ResponseCode } from '@manga/contracts';
import { makeComment, makeCommentPostInfo } from '@manga/contracts/testing';
import { describe, expect, it } from 'vitest';
import { commentView } from './comment-fixtures.test-support.ts';
import {
  appendComments,
  avatarOf,
  checkDraft,
  commentIntentOf,
  commentOffsetOf,
  commentSortOf,
  noScriptRefusalOf,
  noScriptReturnPath,
  openCommentsEpisodeOf,
  openCommentsHref,
  refusalMessageKey,
  refusalOf,
  toCommentView,
  toPostStatus,
  withLike,
} from './comments.ts';

const TOKYO = 'Asia/Tokyo';

const wireComment = (overrides: Partial<Comment> = {}): Comment =>
  makeComment({ comment_id: 7, like_count: 2, is_liked: 1, created_time: '2026-11-23 09:00:00', ...overrides });

const postInfo = (overrides: Partial<CommentPostInfo> = {}): CommentPostInfo => makeCommentPostInfo(overrides);

const view = commentView;

describe('toCommentView', () => {
  it('names the commenter by nickname or pseudonym, and reads the wire time in the wire zone', () => {
    expect(toCommentView(wireComment(), TOKYO)).toEqual({
      id: 7,
      text: 'What a chapter!',
      author: { nickname: undefined, tag: '7K2QX9' },
      likeCount: 2,
      isLiked: true,
      isMine: false,
      postedAt: '2026-11-23T00:00:00.000Z',
    });
    expect(toCommentView(wireComment({ user_name: ' Mika ', is_mine: 1 }), TOKYO)).toMatchObject({
      author: { nickname: 'Mika', tag: '7K2QX9' },
      isMine: true,
    });
    expect(toCommentView(wireComment({ user_name: '   ' }), TOKYO).author.nickname).toBeUndefined();
  });
});

describe('refusals', () => {
  it('sends guests and dead sessions to the login prompt', () => {
    expect(refusalOf(ResponseCode.UserNotLogin, '', undefined)).toEqual({ kind: 'login', code: 2011 });
    expect(refusalOf(ResponseCode.WebTokenInvalid, '', undefined)).toEqual({ kind: 'login', code: 1101 });
  });

  it('tells a suspended or rate-limited reader until when, and the 6500 reasons by their contracts text', () => {
    const until = '2026-11-23T03:00:00.000Z';
    expect(refusalOf(ResponseCode.AccountSuspended, 'whatever', until)).toEqual({
      kind: 'suspended',
      code: 2019,
      until,
    });
    expect(refusalOf(ResponseCode.PostCommentLimitOver, '', until)).toEqual({ kind: 'limit', code: 6301, until });
    expect(refusalOf(6500, CommentRefusalMessage.NotViewed, undefined).kind).toBe('not_viewed');
    expect(refusalOf(6500, CommentRefusalMessage.Closed, undefined).kind).toBe('closed');
    expect(refusalOf(6500, CommentRefusalMessage.Empty, undefined).kind).toBe('empty');
    expect(refusalOf(6500, 'Something new.', undefined)).toEqual({ kind: 'code', code: 6500 });
    expect(refusalOf(ResponseCode.PostCommentNgword, '', undefined)).toEqual({ kind: 'code', code: 6100 });
  });

  it('translates each kind, falling back to the product §8 message of the code', () => {
    expect(refusalMessageKey({ kind: 'login', code: 2011 })).toBe('comments.refusal.login');
    expect(refusalMessageKey({ kind: 'suspended', code: 2019, until: 'x' })).toBe('comments.refusal.suspended_until');
    expect(refusalMessageKey({ kind: 'suspended', code: 2019, until: undefined })).toBe('comments.refusal.suspended');
    expect(refusalMessageKey({ kind: 'limit', code: 6301, until: 'x' })).toBe('comments.refusal.limit_until');
    expect(refusalMessageKey({ kind: 'not_viewed', code: 6500 })).toBe('comments.refusal.not_viewed');
    expect(refusalMessageKey({ kind: 'code', code: 6100 })).toBe('response_code_message.post_comment_ngword');
    expect(refusalMessageKey({ kind: 'code', code: 987654 })).toBe('response_code_message.server_error');
  });

  it('reads post/info into the post box state', () => {
    expect(toPostStatus(postInfo(), TOKYO)).toEqual({
      canPost: true,
      refusal: undefined,
      remaining: 9,
      limit: 10,
      maxLength: 500,
    });
    const suspended = postInfo({
      can_post: 0,
      reason_code: 2019,
      reason_message: 'You cannot post comments until 2026-11-24 12:00:00.',
      next_post_time: '2026-11-24 12:00:00',
    });
    expect(toPostStatus(suspended, TOKYO).refusal).toEqual({
      kind: 'suspended',
      code: 2019,
      until: '2026-11-24T03:00:00.000Z',
    });
  });
});

describe('checkDraft', () => {
  it('counts what the server will store: cleaned, in code points', () => {
    expect(checkDraft('  hello \r\n\r\n\r\n world  ', 500)).toEqual({ length: 13, empty: false, tooLong: false });
    expect(checkDraft('😀漫画', 500).length).toBe(3);
    expect(checkDraft(' \n\t ', 500)).toEqual({ length: 0, empty: true, tooLong: false });
    expect(checkDraft('x'.repeat(11), 10)).toEqual({ length: 11, empty: false, tooLong: true });
    expect(checkDraft(`${'x'.repeat(10)}   `, 10).tooLong).toBe(false);
  });
});

describe('lists', () => {
  it('appends a page without repeating comments already shown (new ones shift the offsets)', () => {
    expect(appendComments([view(5), view(4)], [view(4), view(3)]).map((c) => c.id)).toEqual([5, 4, 3]);
  });

  it('sets the like count and mark of one comment', () => {
    const [first, second] = withLike([view(1), view(2)], 2, 5, true);
    expect(first).toEqual(view(1));
    expect(second).toMatchObject({ id: 2, likeCount: 5, isLiked: true });
  });

  it('gives one commenter one avatar colour and initials', () => {
    expect(avatarOf({ nickname: undefined, tag: '7K2QX9' })).toEqual(avatarOf({ nickname: undefined, tag: '7K2QX9' }));
    expect(avatarOf({ nickname: undefined, tag: '7K2QX9' }).initials).toBe('7K');
    expect(avatarOf({ nickname: 'mika chan', tag: '7K2QX9' }).initials).toBe('MI');
    expect(avatarOf({ nickname: undefined, tag: 'ZZZZZZ' }).hue).not.toBe(
      avatarOf({ nickname: undefined, tag: '7K2QX9' }).hue,
    );
  });
});

describe('query values', () => {
  it('reads sort, offset and intent strictly', () => {
    expect(commentSortOf('popular')).toBe('popular');
    expect(commentSortOf('oldest')).toBe('new');
    expect(commentSortOf(null)).toBe('new');
    expect(commentOffsetOf('40')).toBe(40);
    expect(commentOffsetOf('-1')).toBe(0);
    expect(commentOffsetOf('1e3')).toBe(0);
    expect(commentIntentOf('report')).toBe('report');
    expect(commentIntentOf('delete')).toBeUndefined();
  });

  it('opens and closes an episode’s comments on the title page, keeping the episode order', () => {
    expect(openCommentsHref('?sort=asc', 12, true)).toBe('?sort=asc&comments=12#episode-12');
    expect(openCommentsHref('?sort=asc&comments=12&comment_error=6100&comment_episode=12', 12, false)).toBe(
      '?sort=asc#episode-12',
    );
    expect(openCommentsHref('', 12, false)).toBe('?#episode-12');
    expect(openCommentsEpisodeOf('12', [11, 12])).toBe(12);
    expect(openCommentsEpisodeOf('13', [11, 12])).toBeUndefined();
    expect(openCommentsEpisodeOf('12abc', [12])).toBeUndefined();
    expect(openCommentsEpisodeOf(null, [12])).toBeUndefined();
  });

  it('sends a post without JavaScript back to its page and section, with a refusal’s code', () => {
    expect(noScriptReturnPath('/title/10003?comments=12#episode-12', 12, undefined)).toBe(
      '/title/10003?comments=12#comments-12',
    );
    expect(noScriptReturnPath('/title/10003/episode/12?comment_error=6301&comment_episode=12', 12, 6100)).toBe(
      '/title/10003/episode/12?comment_error=6100&comment_episode=12#comments-12',
    );
  });

  it('reads the refusal a post without JavaScript came back with, for its own section only', () => {
    const search = '?comments=12&comment_error=6301&comment_episode=12';
    expect(noScriptRefusalOf(search, 12)).toEqual({
      kind: 'limit',
      code: ResponseCode.PostCommentLimitOver,
      until: undefined,
    });
    expect(noScriptRefusalOf(search, 13)).toBeUndefined();
    expect(noScriptRefusalOf('?comment_error=abc&comment_episode=12', 12)).toBeUndefined();
    expect(noScriptRefusalOf('', 12)).toBeUndefined();
  });
});
