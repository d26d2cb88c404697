import { type ApiClient, createApiClient } from '@manga/api-client';
import type { Episode, Title } from '@manga/contracts';

// Wire objects with defaults plus overrides, and an API client whose fetch answers by path (tests only).

export const ENVELOPE = { status: 'success', response_code: 0, error_message: '' } as const;

export function wireTitle(overrides: Partial<Title> = {}): Title {
  return {
    title_id: 10001,
    title_name: 'Blade of the Tidewalker',
    thumbnail_image_url: 'http://localhost:3001/images/titles/10001/thumbnail.webp',
    thumbnail_rect_image_url: '',
    banner_image_url: '',
    feature_image_url: '',
    campaign_text: '',
    notice_text: '',
    first_episode_id: 1,
    next_updated_text: null,
    author_text: 'Aoi Tanaka',
    author_list: ['Aoi Tanaka'],
    introduction_text: 'Long introduction.',
    short_introduction_text: '',
    new_episode_update_cycle_text: 'Every Tuesday',
    free_episode_update_cycle_text: '',
    episode_order: 1,
    episode_id_list: [1],
    latest_paid_episode_id: [],
    latest_free_episode_id: null,
    genre_id_list: [],
    favorite_status: 0,
    support_status: 0,
    publish_category: 1,
    magazine_category: 1,
    title_ticket_enabled: 0,
    episode_free_updated: null,
    free_episode_count: 1,
    total_episode_count: 12,
    ...overrides,
  };
}

export function wireEpisode(overrides: Partial<Episode> = {}): Episode {
  return {
    episode_id: 1,
    episode_name: 'Chapter 1',
    index: 1,
    badge: 2,
    point: 0,
    bonus_point: 0,
    use_status: null,
    ticket_rental_enabled: 0,
    title_id: 10001,
    start_time: '2026-11-01 10:00:00',
    rental_rest_time: null,
    rental_finish_time: null,
    magazine_id: null,
    magazine_name: null,
    is_viewed: 0,
    is_viewed_last_page: 0,
    thumbnail_image_url: '',
    web_thumbnail_image_url: '',
    first_page_image_url: '',
    featured_text: '',
    short_introduction_text: '',
    viewing_direction: 0,
    comic_volume: null,
    view_bulk_buy: 0,
    comment_num: 0,
    single_sale_enabled: 1,
    ...overrides,
  };
}

/** Answers per API path: a body (sent with the envelope) or an HTTP status with an error code. */
export type Route = Record<string, unknown> | { httpStatus: number; code: number };

export function apiAnswering(routes: Readonly<Record<string, Route>>): { api: ApiClient; asked: URL[] } {
  const asked: URL[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    asked.push(url);
    const route = routes[url.pathname];
    if (!route)
      return Response.json({ status: 'error', response_code: 404, error_message: 'Not Found' }, { status: 404 });
    if ('httpStatus' in route && typeof route.httpStatus === 'number') {
      return Response.json(
        { status: 'error', response_code: route.code, error_message: '' },
        { status: route.httpStatus },
      );
    }
    return Response.json({ ...ENVELOPE, ...route });
  }) as typeof globalThis.fetch;
  return { api: createApiClient({ baseUrl: 'http://api.test', fetch }), asked };
}
