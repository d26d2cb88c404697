import { commentOperations } from '@manga/api-client';
import { CommentRefusalMessage } from '@manga/contracts';
import { makeComment, makeCommentPostInfo } from '@manga/contracts/testing';
import { describe, expect, it, vi } from 'vitest';
import { apiAnswering } from '#app/features/catalogue/wire-fixtures.test-support.ts';
import { loadEpisodeComments, runCommentIntent } from './comments.server.ts';

const TOKYO = 'Asia/Tokyo';

const comment = (id: number, overrides: Record<string, unknown> = {}) =>
  makeComment({ comment_id: id, comment: `comment ${id}`, ...overrides });
const postInfo = (overrides: Record<string, unknown> = {}) => makeCommentPostInfo(overrides);

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
};

describe('loadEpisodeComments', () => {
  it('loads a page and, on the first page only, whether the visitor may post', async () => {
    const { api, asked } = apiAnswering({
      '/episode/comment/list': { comment_list: [comment(9), comment(8)], comment_num: 25, has_next: 1 },
      '/episode/comment/post/info': { post_info: postInfo() },
    });
    const first = await loadEpisodeComments(commentOperations(api), 100061, { sort: 'popular', offset: 0 }, TOKYO);
    expect(first).toMatchObject({
      status: 'ready',
      episodeId: 100061,
      sort: 'popular',
      total: 25,
      hasNext: true,
      nextOffset: 2,
      post: { canPost: true, remaining: 9, maxLength: 500 },
    });
    expect(first.status === 'ready' && first.comments.map((c) => c.id)).toEqual([9, 8]);
    const list = asked.find((url) => url.pathname === '/episode/comment/list');
    expect(Object.fromEntries(list?.searchParams ?? [])).toMatchObject({
      episode_id: '100061',
      sort: 'popular',
      limit: '20',
      offset: '0',
    });

    asked.length = 0;
    const more = await loadEpisodeComments(commentOperations(api), 100061, { sort: 'new', offset: 20 }, TOKYO);
    expect(more).toMatchObject({ status: 'ready', nextOffset: 22, post: undefined });
    expect(asked.map((url) => url.pathname)).toEqual(['/episode/comment/list']);
  });

  it('answers the failed state with the code when the list is refused (age rating, unknown episode)', async () => {
    const { api } = apiAnswering({
      '/episode/comment/list': { httpStatus: 400, code: 2016 },
      '/episode/comment/post/info': { httpStatus: 400, code: 2016 },
    });
    expect(await loadEpisodeComments(commentOperations(api), 100061, { sort: 'new', offset: 0 }, TOKYO)).toEqual({
      status: 'failed',
      episodeId: 100061,
      code: 2016,
    });
  });

  it('shows the comments without a post box state when only post/info fails, and logs the failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { api } = apiAnswering({
      '/episode/comment/list': { comment_list: [comment(1)], comment_num: 1, has_next: 0 },
      '/episode/comment/post/info': { httpStatus: 500, code: 1099 },
    });
    const data = await loadEpisodeComments(commentOperations(api), 100061, { sort: 'new', offset: 0 }, TOKYO);
    expect(data).toMatchObject({ status: 'ready', post: { canPost: false, refusal: { kind: 'code', code: 1099 } } });
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });
});

describe('runCommentIntent', () => {
  it('posts and answers the stored comment with what is left this hour', async () => {
    const { api, asked } = apiAnswering({
      '/episode/comment/post': { comment: comment(30, { is_mine: 1 }), post_info: postInfo({ remaining_num: 8 }) },
    });
    const result = await runCommentIntent(commentOperations(api), 'post', 100061, form({ comment: 'hi there' }));
    expect(result).toMatchObject({
      status: 'done',
      intent: 'post',
      comment: { id: 30, isMine: true },
      post: { remaining: 8 },
    });
    expect(asked[0]?.pathname).toBe('/episode/comment/post');
  });

  it('turns a refused post into its refusal and the post box as it is now', async () => {
    const { api } = apiAnswering({
      '/episode/comment/post': { httpStatus: 400, code: 6301, message: 'You can post up to 10 comments per hour.' },
      '/episode/comment/post/info': {
        post_info: postInfo({
          can_post: 0,
          reason_code: 6301,
          remaining_num: 0,
          next_post_time: '2026-11-23 10:00:00',
        }),
      },
    });
    const result = await runCommentIntent(commentOperations(api), 'post', 100061, form({ comment: 'one more' }));
    expect(result).toMatchObject({
      status: 'failed',
      intent: 'post',
      refusal: { kind: 'limit', code: 6301, until: '2026-11-23T01:00:00.000Z' },
      post: { canPost: false, remaining: 0 },
    });
  });

  it('names the NG word refusal and the 6500 reasons the contracts list', async () => {
    const ngword = apiAnswering({
      '/episode/comment/post': { httpStatus: 400, code: 6100 },
      '/episode/comment/post/info': { post_info: postInfo() },
    });
    const refused = await runCommentIntent(commentOperations(ngword.api), 'post', 1, form({ comment: 'bad' }));
    expect(refused).toMatchObject({ status: 'failed', refusal: { kind: 'code', code: 6100 } });
    const notViewed = apiAnswering({
      '/episode/comment/post': { httpStatus: 400, code: 6500, message: CommentRefusalMessage.NotViewed },
    });
    const result = await runCommentIntent(commentOperations(notViewed.api), 'post', 1, form({ comment: 'hi' }));
    expect(result).toMatchObject({ status: 'failed', refusal: { kind: 'not_viewed', code: 6500 }, post: undefined });
  });

  it('likes, unlikes, mutes and reports by comment id, and refuses a missing or malformed id before calling', async () => {
    const { api, asked } = apiAnswering({
      '/episode/comment/like/add': { comment_id: 5, like_count: 3, is_liked: 1 },
      '/episode/comment/like/cancel': { comment_id: 5, like_count: 2, is_liked: 0 },
      '/episode/comment/mute': {},
      '/episode/comment/report': {},
    });
    const ops = commentOperations(api);
    expect(await runCommentIntent(ops, 'like', 1, form({ comment_id: '5' }))).toEqual({
      status: 'done',
      intent: 'like',
      commentId: 5,
      likeCount: 3,
      isLiked: true,
    });
    expect(await runCommentIntent(ops, 'unlike', 1, form({ comment_id: '5' }))).toMatchObject({ likeCount: 2 });
    expect(await runCommentIntent(ops, 'mute', 1, form({ comment_id: '5' }))).toMatchObject({ status: 'done' });
    expect(await runCommentIntent(ops, 'report', 1, form({ comment_id: '5' }))).toMatchObject({ status: 'done' });
    expect(asked.map((url) => url.pathname)).toEqual([
      '/episode/comment/like/add',
      '/episode/comment/like/cancel',
      '/episode/comment/mute',
      '/episode/comment/report',
    ]);
    for (const bad of ['', '0', '-3', '5; drop', '1e9']) {
      expect(await runCommentIntent(ops, 'report', 1, form({ comment_id: bad }))).toMatchObject({
        status: 'failed',
        refusal: { kind: 'code', code: 1001 },
      });
    }
    expect(asked).toHaveLength(4);
  });
});
