import { describe, expect, it } from 'vitest';
import { createApiClient } from './api-client.ts';
import { addFavoriteTitle, deleteFavoriteTitle, listFavoriteTitles } from './favorite-operations.ts';

const envelope = { status: 'success', response_code: 0, error_message: '' };

function clientAnswering(body: unknown) {
  const sent: { url: string; init: RequestInit }[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push({ url: String(input), init });
    return Response.json(body);
  }) as typeof globalThis.fetch;
  return { api: createApiClient({ baseUrl: 'http://api.test', fetch }), sent };
}

describe('favorite operations', () => {
  it('posts follow and unfollow as forms with the title id', async () => {
    const { api, sent } = clientAnswering({ ...envelope, title_id: 10003, favorite_status: 1, favorite_num: 1 });
    expect((await addFavoriteTitle(api, { title_id: 10003 })).favorite_status).toBe(1);
    await deleteFavoriteTitle(api, { title_id: 10003 });
    expect(sent.map((request) => [request.url, request.init.method])).toEqual([
      ['http://api.test/favorite/add', 'POST'],
      ['http://api.test/favorite/delete', 'POST'],
    ]);
    expect(new URLSearchParams(String(sent[1]?.init.body)).get('title_id')).toBe('10003');
  });

  it('validates the list against its schema', async () => {
    const { api, sent } = clientAnswering({
      ...envelope,
      favorite_title_list: [],
      title_list: [],
      favorite_num: 0,
      max_favorite_num: 100,
    });
    await expect(listFavoriteTitles(api, { limit: 0, needs_title_list: 1 })).resolves.toMatchObject({
      max_favorite_num: 100,
    });
    expect(sent[0]?.url).toContain('/favorite/list?');
    const broken = clientAnswering({ ...envelope, favorite_title_list: [{ title_id: 'x' }] });
    await expect(listFavoriteTitles(broken.api)).rejects.toMatchObject({ responseCode: 1099 });
  });
});
