import { describe, expect, it } from 'vitest';
import { apiAnswering, wireEpisode, wireTitle } from '#app/features/catalogue/wire-fixtures.test-support.ts';
import { ALL_TITLES_LIMIT, loadTopPage } from './top-page.server.ts';

const titles = [
  wireTitle({}),
  wireTitle({ title_id: 553, publish_category: 2, thumbnail_image_url: '/images/titles/553/thumbnail.webp' }),
  wireTitle({ title_id: 10003, title_name: 'Third' }),
];

const webTop = {
  banner_list: [],
  bonus_episode_list: [wireEpisode({ episode_id: 77, title_id: 10003, bonus_point: 5, episode_name: 'Ch. 4' })],
  ranking_title_id_list: [553, 10001],
  today_choice_title_id_list: [10003],
  today_title_list: [titles[0]],
  genre_ranking_list: [{ ranking_id: 3, genre_id: 8, genre_name: 'Action', title_id_list: [10001, 999] }],
  title_list: titles,
};

describe('loadTopPage', () => {
  it('resolves every section of /web/top to cards in the order of their ids', async () => {
    const { api } = apiAnswering({
      '/web/top': webTop,
      '/search/title': { title_list: titles, title_id_list: titles.map((t) => t.title_id) },
    });
    const page = await loadTopPage(api);
    if (page.state !== 'ready') throw new Error('expected the ready state');
    expect(page.featured).toMatchObject({ id: 10003, introduction: 'Long introduction.', chapterCount: 12 });
    expect(page.ranking.map((t) => t.href)).toEqual(['/title/00553', '/title/10001']);
    expect(page.ranking[0]).toMatchObject({ badge: 'completed', coverUrl: '/api/images/titles/553/thumbnail.webp' });
    expect(page.todayUpdates.map((t) => t.id)).toEqual([10001]);
    expect(page.genreRankings).toEqual([
      expect.objectContaining({ rankingId: 3, name: 'Action', titles: [expect.objectContaining({ id: 10001 })] }),
    ]);
    expect(page.bonusEpisodes).toEqual([
      expect.objectContaining({ href: '/title/10003#episode-77', titleName: 'Third', bonusPoint: 5 }),
    ]);
    expect(page.allTitles).toHaveLength(3);
    expect(page.allTitleCount).toBe(3);
  });

  it('leaves out a bonus episode whose title the answer does not hold, instead of a blank card', async () => {
    const orphan = wireEpisode({
      episode_id: 78,
      title_id: 10040,
      bonus_point: 5,
      episode_name: 'Chapter 41: Old Friends',
    });
    const { api } = apiAnswering({
      '/web/top': { ...webTop, bonus_episode_list: [...webTop.bonus_episode_list, orphan] },
      '/search/title': { title_list: titles, title_id_list: titles.map((t) => t.title_id) },
    });
    const page = await loadTopPage(api);
    if (page.state !== 'ready') throw new Error('expected the ready state');
    expect(page.bonusEpisodes.map((episode) => [episode.id, episode.titleName])).toEqual([[77, 'Third']]);
    expect(page.bonusEpisodes.every((episode) => episode.imageUrl !== '')).toBe(true);
  });

  it('shows the first titles only, with how many there are in all (ADR 020)', async () => {
    const { api, asked } = apiAnswering({
      '/web/top': webTop,
      '/search/title': { title_list: titles, title_id_list: [...titles.map((t) => t.title_id), 1, 2, 3, 4] },
    });
    const page = await loadTopPage(api);
    if (page.state !== 'ready') throw new Error('expected the ready state');
    expect(page.allTitleCount).toBe(7);
    expect(page.allTitles).toHaveLength(3);
    const search = asked.find((url) => url.pathname === '/search/title');
    expect(Number(search?.searchParams.get('limit'))).toBe(ALL_TITLES_LIMIT);
    expect(ALL_TITLES_LIMIT).toBeLessThanOrEqual(24);
  });

  it('keeps the title grid when /web/top fails, listing the demo titles when search fails too', async () => {
    const { api, asked } = apiAnswering({ '/title/list': { title_list: titles } });
    const page = await loadTopPage(api);
    expect(page).toMatchObject({ state: 'ready', ranking: [], bonusEpisodes: [] });
    if (page.state !== 'ready') throw new Error('expected the ready state');
    expect(page.allTitles.map((t) => t.id)).toEqual([10001, 553, 10003]);
    const list = asked.find((url) => url.pathname === '/title/list');
    // The demo catalogue's ids run from 10001 to 10040.
    const ids = list?.searchParams.get('title_id_list')?.split(',').map(Number) ?? [];
    expect([ids.length, ids[0], ids.at(-1)]).toEqual([40, 10001, 10040]);
    expect(ids.every((id, index) => index === 0 || id === (ids[index - 1] ?? 0) + 1)).toBe(true);
  });

  it("adds a logged-in reader's latest titles, asking for no more than it shows, and never for guests", async () => {
    const routes = {
      '/web/top': webTop,
      '/search/title': { title_list: titles, title_id_list: titles.map((t) => t.title_id) },
      '/title/viewed/list': {
        viewed_title_list: [
          {
            title_id: 10003,
            episode_id: 77,
            page: 5,
            page_count: 16,
            is_finished: 0,
            viewed_time: '2026-11-22 10:00:00',
            device_name: 'Chrome on Android',
            page_time: '2026-11-22 10:00:00',
          },
        ],
        title_list: [titles[2]],
        episode_list: [wireEpisode({ episode_id: 77, title_id: 10003, episode_name: 'Ch. 4' })],
      },
    };
    const { api, asked } = apiAnswering(routes);
    const page = await loadTopPage(api, { withHistory: true });
    if (page.state !== 'ready') throw new Error('expected the ready state');
    expect(page.history).toEqual([
      expect.objectContaining({ titleId: 10003, episodeName: 'Ch. 4', continue: expect.objectContaining({ page: 5 }) }),
    ]);
    expect(asked.find((url) => url.pathname === '/title/viewed/list')?.searchParams.get('limit')).toBe('4');
    const guest = apiAnswering(routes);
    const anonymous = await loadTopPage(guest.api);
    expect(anonymous).toMatchObject({ history: [] });
    expect(guest.asked.some((url) => url.pathname === '/title/viewed/list')).toBe(false);
  });

  it('turns an API that lists nothing into the unavailable state with its response code', async () => {
    const { api } = apiAnswering({ '/title/list': { httpStatus: 503, code: 1098 } });
    await expect(loadTopPage(api)).resolves.toEqual({ state: 'unavailable', responseCode: 1098 });
  });
});
