import { describe, expect, it } from 'vitest';
import { createApiClient } from './api-client.ts';
import { RequiredError } from './api-error.ts';
import { buyEpisode, buyEpisodes, getAccountPoint, rentEpisodeWithTicket } from './commerce-operations.ts';

const envelope = { status: 'success', response_code: 0, error_message: '' };

function clientAnswering(body: unknown) {
  const sent: { url: string; body: string }[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(input), body: String(init?.body ?? '') });
    return Response.json(body);
  }) as typeof globalThis.fetch;
  return { api: createApiClient({ baseUrl: 'http://api.test', fetch }), sent };
}

describe('commerce operations', () => {
  it('posts a purchase as a form and validates the answer', async () => {
    const { api, sent } = clientAnswering({ ...envelope, account_point: 60, paid_point: 40 });
    expect(await buyEpisode(api, { episode_id: 501, check_point: 40 })).toMatchObject({ account_point: 60 });
    expect(new URL(sent[0]?.url ?? '').pathname).toBe('/episode/paid');
    expect(new URLSearchParams(sent[0]?.body).get('check_point')).toBe('40');
  });

  it('joins a bulk list with commas', async () => {
    const { api, sent } = clientAnswering({ ...envelope, account_point: 0, paid_point: 80, earned_point_back: 0 });
    await buyEpisodes(api, { episode_id_list: [501, 502], paid_point: 80, point_back: 0 });
    expect(new URLSearchParams(sent[0]?.body).get('episode_id_list')).toBe('501,502');
  });

  it('checks product §5 required parameters before sending anything', async () => {
    const { api, sent } = clientAnswering(envelope);
    const params = { episode_id: 501, ticket_type: 99 } as unknown as Parameters<typeof rentEpisodeWithTicket>[1];
    await expect(rentEpisodeWithTicket(api, params)).rejects.toBeInstanceOf(RequiredError);
    expect(sent).toEqual([]);
  });

  it('reads the premium tickets of GET /account/point', async () => {
    const { api } = clientAnswering({
      ...envelope,
      point: { paid_point: 1, free_point: 2, point_sale_text: null, point_sale_finish_datetime: null },
      ticket: { total_num: 1, detail_list: [{ expired: '2026-01-08 00:00:00', expire_second: 60 }] },
    });
    expect((await getAccountPoint(api)).ticket.detail_list[0]?.expire_second).toBe(60);
  });
});
