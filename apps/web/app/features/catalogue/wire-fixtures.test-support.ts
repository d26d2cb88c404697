import { type ApiClient, createApiClient } from '@manga/api-client';
import type { Episode, Title } from '@manga/contracts';
import { makeEpisode, makeTitle } from '@manga/contracts/testing';

// Wire objects with defaults plus overrides, and an API client whose fetch answers by path (tests only).

export const ENVELOPE = { status: 'success', response_code: 0, error_message: '' } as const;

/** The contracts' wire factory, with this app's demo-like defaults (title 10001, episode 1). */
export function wireTitle(overrides: Partial<Title> = {}): Title {
  return makeTitle({
    title_id: 10001,
    title_name: 'Blade of the Tidewalker',
    thumbnail_image_url: 'http://localhost:3001/images/titles/10001/thumbnail.webp',
    thumbnail_rect_image_url: '',
    first_episode_id: 1,
    author_text: 'Aoi Tanaka',
    author_list: ['Aoi Tanaka'],
    introduction_text: 'Long introduction.',
    short_introduction_text: '',
    episode_id_list: [1],
    latest_paid_episode_id: [],
    latest_free_episode_id: null,
    genre_id_list: [],
    support_status: 0,
    title_ticket_enabled: 0,
    total_episode_count: 12,
    ...overrides,
  });
}

export function wireEpisode(overrides: Partial<Episode> = {}): Episode {
  return makeEpisode({ episode_id: 1, title_id: 10001, start_time: '2026-11-01 10:00:00', ...overrides });
}

export type Route = Record<string, unknown> | { httpStatus: number; code: number; message?: string };

export function apiAnswering(routes: Readonly<Record<string, Route>>): { api: ApiClient; asked: URL[] } {
  const asked: URL[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    // A form post's parameters are recorded with the URL's, so tests read both the same way.
    if (typeof init?.body === 'string') {
      for (const [name, value] of new URLSearchParams(init.body)) url.searchParams.append(name, value);
    }
    asked.push(url);
    const route = routes[url.pathname];
    if (!route)
      return Response.json({ status: 'error', response_code: 404, error_message: 'Not Found' }, { status: 404 });
    if ('httpStatus' in route && typeof route.httpStatus === 'number') {
      return Response.json(
        { status: 'error', response_code: route.code, error_message: route.message ?? '' },
        { status: route.httpStatus },
      );
    }
    return Response.json({ ...ENVELOPE, ...route });
  }) as typeof globalThis.fetch;
  return { api: createApiClient({ baseUrl: 'http://api.test', fetch }), asked };
}
