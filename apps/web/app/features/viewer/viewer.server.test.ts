import { describe, expect, it } from 'vitest';
import { apiAnswering, wireEpisode, wireTitle } from '#app/features/catalogue/wire-fixtures.test-support.ts';
import { adjacentChapter, loadViewer } from './viewer.server.ts';

const url = new URL('http://web.test/title/10003/episode/7');

const viewer = {
  episode_id: 7,
  title_id: 10003,
  page_list: ['http://cdn.test/p/001.jpg?sig=a', 'http://cdn.test/p/002.jpg?sig=b'],
  scramble_seed: 'q6jtf',
  scramble_ver: 1,
  bonus_point: 0,
  page_start_position: 0,
  direction: 2,
  page_slider: 1,
  previous_episode: {},
  next_episode: { episode_id: 8, index: 2, point: 70, badge: 1 },
  post_advertisement_list: [],
};

const catalogue = {
  '/episode/list': {
    episode_list: [wireEpisode({ episode_id: 7, title_id: 10003, point: 80, episode_name: 'Ch. 7' })],
  },
  '/title/list': { title_list: [wireTitle({ title_id: 10003, title_name: 'Shrine', first_episode_id: 1 })] },
};

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('loadViewer', () => {
  it('hands the pages, seed and neighbours of a readable episode to the reader', async () => {
    const { api } = apiAnswering({ ...catalogue, '/web/episode/viewer': viewer });
    const data = await loadViewer(api, url, 10003, 7);
    expect(data).toMatchObject({
      state: 'ready',
      titleName: 'Shrine',
      episodeName: 'Ch. 7',
      pages: viewer.page_list,
      scrambleSeed: 'q6jtf',
      previous: undefined,
      next: { href: '/title/10003/episode/8', access: 'paid' },
    });
  });

  it('turns 400 / 3105 into the locked screen with the price', async () => {
    const { api } = apiAnswering({ ...catalogue, '/web/episode/viewer': { httpStatus: 400, code: 3105 } });
    await expect(loadViewer(api, url, 10003, 7)).resolves.toMatchObject({
      state: 'locked',
      point: 80,
      firstEpisodeHref: '/title/10003/episode/1',
    });
  });

  it('answers 404 for an episode of another title', async () => {
    const { api } = apiAnswering({ ...catalogue, '/web/episode/viewer': viewer });
    const error = await thrown(loadViewer(api, url, 10004, 7));
    expect(error).toMatchObject({ init: { status: 404 } });
  });

  it('reads neighbours from their int maps, open or not as their badge says', () => {
    expect(adjacentChapter(10003, {})).toBeUndefined();
    expect(adjacentChapter(10003, { episode_id: 6, point: 0, badge: 2 })).toEqual({
      href: '/title/10003/episode/6',
      access: 'free',
    });
    expect(adjacentChapter(10003, { episode_id: 9, point: 80, badge: 3 })?.access).toBe('purchased');
    // The price alone opens nothing: a must-buy neighbour priced 0 is still locked.
    expect(adjacentChapter(10003, { episode_id: 9, point: 0, badge: 1 })?.access).toBe('paid');
  });
});
