import { requiredParameterMessage } from '@manga/contracts';
import { makeComment, makeCommentPostInfo } from '@manga/contracts/testing';
import { describe, expect, it } from 'vitest';
import { createApiClient } from './api-client.ts';
import { ApiError, RequiredError } from './api-error.ts';
import { commentOperations, moderationOperations } from './comment-operations.ts';

interface Sent {
  url: URL;
  method: string;
  body: URLSearchParams;
}

function recordingFetch(answer: unknown, status = 200) {
  const sent: Sent[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push({
      url: new URL(String(input)),
      method: init.method ?? 'GET',
      body: new URLSearchParams(typeof init.body === 'string' ? init.body : ''),
    });
    return Response.json(answer, { status });
  }) as typeof globalThis.fetch;
  return { fetch, sent };
}

const success = { status: 'success', response_code: 0, error_message: '' };
const comment = makeComment({ episode_id: 500001, title_id: 10001, is_mine: 1 });

describe('commentOperations', () => {
  it('posts a comment as a form and validates the answer', async () => {
    const postInfo = makeCommentPostInfo({ episode_id: 500001 });
    const { fetch, sent } = recordingFetch({ ...success, comment, post_info: postInfo });
    const ops = commentOperations(createApiClient({ baseUrl: 'http://api.test', fetch }));
    await expect(ops.postComment({ episode_id: 500001, comment: 'What a chapter!' })).resolves.toMatchObject({
      comment: { comment_id: 7 },
    });
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.url.pathname).toBe('/episode/comment/post');
    expect(sent[0]?.body.get('comment')).toBe('What a chapter!');
  });

  it('refuses to post without the parameters product §5 requires, before sending anything', async () => {
    const { fetch, sent } = recordingFetch(success);
    const ops = commentOperations(createApiClient({ baseUrl: 'http://api.test', fetch }));
    const missing = ops.postComment({ episode_id: 500001, comment: undefined as unknown as string });
    await expect(missing).rejects.toBeInstanceOf(RequiredError);
    await expect(missing).rejects.toThrow(requiredParameterMessage('comment', 'commentPost'));
    expect(sent).toEqual([]);
  });

  it('sends list queries with comma-joined ids', async () => {
    const { fetch, sent } = recordingFetch({ ...success, comment_list: [comment], comment_num: 1, has_next: 0 });
    const ops = commentOperations(createApiClient({ baseUrl: 'http://api.test', fetch }));
    await ops.listComments({ episode_id: 500001, comment_id_list: [7, 8], sort: 'popular', limit: 20 });
    expect(sent[0]?.url.pathname).toBe('/episode/comment/list');
    expect(Object.fromEntries(sent[0]?.url.searchParams ?? [])).toMatchObject({
      episode_id: '500001',
      comment_id_list: '7,8',
      sort: 'popular',
      limit: '20',
    });
  });
});

describe('moderationOperations', () => {
  it('turns the 404 of a non-operator into an ApiError with code 1002', async () => {
    const { fetch } = recordingFetch(
      { status: 'error', response_code: 1002, error_message: 'no such API path', server_time: '2026-01-01 09:00:00' },
      404,
    );
    const ops = moderationOperations(createApiClient({ baseUrl: 'http://api.test', fetch }));
    const error = await ops.getOperator().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ responseCode: 1002, httpStatus: 404 });
  });

  it('posts moderation actions as forms, with their reason', async () => {
    const { fetch, sent } = recordingFetch(success);
    const ops = moderationOperations(createApiClient({ baseUrl: 'http://api.test', fetch }));
    await ops.unsuspendCommenter({ user_id: 3, reason: 'appeal accepted' });
    expect(sent[0]?.url.pathname).toBe('/ops/user/unsuspend');
    expect(sent[0]?.body.get('reason')).toBe('appeal accepted');
  });

  it('removes a nickname with its reason, and checks the answer', async () => {
    const { fetch, sent } = recordingFetch({ ...success, user_id: 3, reset: 1 });
    const ops = moderationOperations(createApiClient({ baseUrl: 'http://api.test', fetch }));
    expect(await ops.resetNickname({ user_id: 3, reason: 'offensive' })).toMatchObject({ user_id: 3, reset: 1 });
    expect(sent[0]?.url.pathname).toBe('/ops/user/nickname/reset');
    expect(Object.fromEntries(sent[0]?.body ?? [])).toMatchObject({ user_id: '3', reason: 'offensive' });
    const wrong = moderationOperations(
      createApiClient({
        baseUrl: 'http://api.test',
        fetch: recordingFetch({ ...success, user_id: 3, reset: 2 }).fetch,
      }),
    );
    await expect(wrong.resetNickname({ user_id: 3, reason: 'x' })).rejects.toThrow();
  });
});
