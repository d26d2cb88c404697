import { describe, expect, it } from 'vitest';
import { createApiClient } from './api-client.ts';
import { addBookmark, deleteBookmark, listBookmarks, setPrivateReading } from './bookmark-operations.ts';

const envelope = { status: 'success', response_code: 0, error_message: '' };

function clientAnswering(body: unknown) {
  const sent: { url: string; init: RequestInit }[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push({ url: String(input), init });
    return Response.json(body);
  }) as typeof globalThis.fetch;
  return { api: createApiClient({ baseUrl: 'http://api.test', fetch }), sent };
}

const bookmark = {
  bookmark_id: 7,
  title_id: 10003,
  episode_id: 12,
  page: 4,
  note: 'the duel',
  created_time: '2026-11-22 10:00:00',
  updated_time: '2026-11-22 10:00:00',
};

describe('bookmark operations', () => {
  it('posts a bookmark and its deletion as forms', async () => {
    const { api, sent } = clientAnswering({ ...envelope, bookmark, bookmark_num: 1, max_bookmark_num: 500 });
    expect((await addBookmark(api, { episode_id: 12, page: 4, note: 'the duel' })).bookmark?.bookmark_id).toBe(7);
    await deleteBookmark(api, { bookmark_id: 7 });
    expect(sent.map((request) => [request.url, request.init.method])).toEqual([
      ['http://api.test/bookmark/add', 'POST'],
      ['http://api.test/bookmark/delete', 'POST'],
    ]);
    const form = new URLSearchParams(String(sent[0]?.init.body));
    expect([form.get('episode_id'), form.get('page'), form.get('note')]).toEqual(['12', '4', 'the duel']);
  });

  it('validates the list against its schema', async () => {
    const { api, sent } = clientAnswering({
      ...envelope,
      bookmark_list: [bookmark],
      title_list: [],
      episode_list: [],
      bookmark_num: 1,
      max_bookmark_num: 500,
    });
    await expect(listBookmarks(api, { title_id: 10003 })).resolves.toMatchObject({ bookmark_num: 1 });
    expect(sent[0]?.url).toContain('/bookmark/list?');
    const broken = clientAnswering({ ...envelope, bookmark_list: [{ bookmark_id: 'x' }] });
    await expect(listBookmarks(broken.api)).rejects.toThrow();
  });

  it('switches private reading with a 0/1 flag', async () => {
    const { api, sent } = clientAnswering({ ...envelope, private_reading: 1, device_name: 'Chrome on macOS' });
    expect((await setPrivateReading(api, { private_reading: 1 })).private_reading).toBe(1);
    expect(new URLSearchParams(String(sent[0]?.init.body)).get('private_reading')).toBe('1');
  });
});
