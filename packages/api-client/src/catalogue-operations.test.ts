import { ResponseCode } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import { createApiClient } from './api-client.ts';
import { ApiError, responseCodeOf } from './api-error.ts';
import { getRanking, getWebViewer, listUpdatedTitles, partAnswer, searchTitles } from './catalogue-operations.ts';

const envelope = { status: 'success', response_code: 0, error_message: '' };

function clientAnswering(body: unknown, status = 200) {
  const urls: string[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    urls.push(String(input));
    return Response.json(body, { status });
  }) as typeof globalThis.fetch;
  return { api: createApiClient({ baseUrl: 'http://api.test', fetch }), urls };
}

describe('catalogue operations', () => {
  it('sends the ranking id and paging, and validates the answer', async () => {
    const { api, urls } = clientAnswering({
      ...envelope,
      tab_list: [{ ranking_id: 12, text: 'All' }],
      ranking_title_list: [{ id: 10001 }],
    });
    const answer = await getRanking(api, { ranking_id: 12, offset: 0, limit: 51 });
    expect(answer.ranking_title_list).toEqual([{ id: 10001 }]);
    const sent = new URL(urls[0] ?? '');
    expect(sent.pathname).toBe('/ranking/all');
    expect(sent.searchParams.get('ranking_id')).toBe('12');
    expect(sent.searchParams.get('limit')).toBe('51');
  });

  it('sends a Japanese keyword as UTF-8 and leaves unset filters out', async () => {
    const { api, urls } = clientAnswering({ ...envelope, title_list: [], title_id_list: [] });
    await searchTitles(api, { keyword: '恋', genre_id: undefined, sort: 'popular', limit: 24 });
    const sent = new URL(urls[0] ?? '');
    expect(sent.pathname).toBe('/search/title');
    expect(sent.searchParams.get('keyword')).toBe('恋');
    expect(sent.searchParams.has('genre_id')).toBe(false);
  });

  it('turns an answer that breaks its schema into a ServerError', async () => {
    const { api } = clientAnswering({ ...envelope, title_list: [{ title_id: 'x' }] });
    const error = await listUpdatedTitles(api, { base_date: '2026-11-22' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).responseCode).toBe(ResponseCode.ServerError);
  });

  it('reports a locked episode as its response code (HTTP 400 / 3105)', async () => {
    const { api } = clientAnswering(
      { status: 'error', response_code: ResponseCode.EpisodeUnpurchased, error_message: 'unpurchased' },
      400,
    );
    const error = await getWebViewer(api, { episode_id: 5 }).catch((e: unknown) => e);
    expect((error as ApiError).responseCode).toBe(3105);
  });
});

describe('partAnswer (a part of a composite answer, ADR 076)', () => {
  it('gives a successful part as it is, and makes a refused one the ApiError its call alone would throw', () => {
    const part = { ...envelope, status: 'success' as const, point: { paid_point: 3, free_point: 0 } };
    expect(partAnswer(part, 'GET /account/point')).toBe(part);
    const refused = {
      status: 'error' as const,
      response_code: ResponseCode.AccountSuspended,
      error_message: 'This account is suspended.',
      server_time: '2026-11-28 10:00:00',
    };
    let thrown: unknown;
    try {
      partAnswer(refused, 'GET /account/point');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect(responseCodeOf(thrown)).toBe(ResponseCode.AccountSuspended);
    expect((thrown as ApiError).message).toBe('This account is suspended.');
    expect((thrown as ApiError).url).toBe('GET /account/point');
  });
});
