import { type ApiClient, ApiError } from '@manga/api-client';
import type { Title } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_TITLE_IDS, loadTopPage } from './index.server.ts';

function wireTitle(overrides: Partial<Title>): Title {
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

function apiAnswering(listTitles: ApiClient['listTitles']): ApiClient {
  return { listTitles } as ApiClient;
}

describe('loadTopPage', () => {
  it('asks for the demo catalogue and maps titles to cards', async () => {
    let asked: readonly number[] = [];
    const api = apiAnswering(async ({ title_id_list }) => {
      asked = title_id_list;
      return {
        status: 'success',
        response_code: 0,
        error_message: '',
        title_list: [
          wireTitle({}),
          wireTitle({ title_id: 553, publish_category: 2, thumbnail_image_url: '/images/titles/553/thumbnail.webp' }),
        ],
      };
    });

    const page = await loadTopPage(api);

    expect(asked).toEqual(DEMO_TITLE_IDS);
    expect(DEMO_TITLE_IDS).toHaveLength(40);
    expect(DEMO_TITLE_IDS[0]).toBe(10001);
    expect(page).toMatchObject({
      state: 'ready',
      featured: { id: 10001, introduction: 'Long introduction.', updateCycle: 'Every Tuesday', chapterCount: 12 },
    });
    if (page.state !== 'ready') throw new Error('expected titles');
    expect(page.titles[0]).toEqual({
      id: 10001,
      href: '/title/10001',
      name: 'Blade of the Tidewalker',
      author: 'Aoi Tanaka',
      coverUrl: 'http://localhost:3001/images/titles/10001/thumbnail.webp',
      badge: undefined,
    });
    expect(page.titles[1]).toMatchObject({
      href: '/title/00553',
      badge: 'completed',
      coverUrl: '/api/images/titles/553/thumbnail.webp',
    });
  });

  it('turns a failing API into the unavailable state with its response code', async () => {
    const api = apiAnswering(async () => {
      throw new ApiError({
        message: 'Unknown Error',
        responseCode: 1,
        httpStatus: undefined,
        body: undefined,
        url: '/',
      });
    });

    await expect(loadTopPage(api)).resolves.toEqual({ state: 'unavailable', responseCode: 1 });
  });
});
