import { describe, expect, it } from 'vitest';
import { createApiClient } from './api-client.ts';
import { deleteViewedTitle, listViewedTitles, recordViewerProgress } from './reading-operations.ts';

const envelope = { status: 'success', response_code: 0, error_message: '' };

function clientAnswering(body: unknown) {
  const sent: { url: string; init: RequestInit }[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push({ url: String(input), init });
    return Response.json(body);
  }) as typeof globalThis.fetch;
  return { api: createApiClient({ baseUrl: 'http://api.test', fetch }), sent };
}

describe('reading operations', () => {
  it('posts the page reached as a form, kept alive when asked', async () => {
    const { api, sent } = clientAnswering({ ...envelope, episode_id: 7, page: 3, page_count: 16 });
    const answer = await recordViewerProgress(api, { episode_id: 7, page: 3 }, { keepalive: true });
    expect(answer.page).toBe(3);
    expect(sent[0]?.url).toBe('http://api.test/episode/viewer/progress');
    expect(sent[0]?.init.method).toBe('POST');
    expect(sent[0]?.init.keepalive).toBe(true);
    const body = new URLSearchParams(String(sent[0]?.init.body));
    expect([body.get('episode_id'), body.get('page')]).toEqual(['7', '3']);
  });

  it('does not keep ordinary calls alive', async () => {
    const { api, sent } = clientAnswering(envelope);
    await deleteViewedTitle(api, { title_id: 10003 });
    expect(sent[0]?.init.keepalive).toBeUndefined();
    expect(new URLSearchParams(String(sent[0]?.init.body)).get('title_id')).toBe('10003');
  });

  it('validates the history against its schema', async () => {
    const { api } = clientAnswering({ ...envelope, viewed_title_list: [], title_list: [], episode_list: [] });
    await expect(listViewedTitles(api, { limit: 20 })).resolves.toMatchObject({ viewed_title_list: [] });
    const broken = clientAnswering({ ...envelope, viewed_title_list: [{ title_id: 'x' }] });
    await expect(listViewedTitles(broken.api)).rejects.toMatchObject({ responseCode: 1099 });
  });
});
