import type { WebTitle } from '@manga/contracts';
import { makeTitleTicket } from '@manga/contracts/testing';
import { describe, expect, it } from 'vitest';
import { catchUpOf } from '#app/features/catalogue/purchase.ts';
import { apiAnswering, wireEpisode, wireTitle } from '#app/features/catalogue/wire-fixtures.test-support.ts';
import { loadTitlePage } from './title-page.server.ts';

const webTitle: WebTitle = {
  title_id: 10003,
  title_name: 'Lazy Days at the Shrine',
  title_in_japanese: '神社ののんびり日和',
  age_rating: 0,
  nickname: null,
  author_text: 'Kenta Hashimoto',
  introduction_text: 'A quiet café.',
  next_updated_text: 'Next update 11/25',
  free_episode_update_cycle_text: '',
  new_episode_update_cycle_text: 'Every Wednesday',
  magazine_category: 3,
  genre_id_list: [3, 99],
  banner_image_url: '/images/titles/10003/banner.webp',
  thumbnail_image_url: '/images/titles/10003/thumbnail.webp',
  thumbnail_rect_image_url: '',
  episode_id_list: [1, 2, 3],
  total_episode_count: 3,
  free_episode_count: 2,
};

const episodes = [
  wireEpisode({ episode_id: 1, index: 1, title_id: 10003, badge: 2 }),
  wireEpisode({ episode_id: 2, index: 2, title_id: 10003, badge: 2, bonus_point: 8 }),
  wireEpisode({ episode_id: 3, index: 3, title_id: 10003, badge: 1, point: 80, ticket_rental_enabled: 1 }),
];

const url = new URL('http://web.test/title/10003');

describe('loadTitlePage', () => {
  it('lists episodes newest first with their access, and finds the chapters to start with', async () => {
    const { api } = apiAnswering({
      '/web/title/detail': { web_title: webTitle },
      '/title/list': { title_list: [wireTitle({ title_id: 10003, publish_category: 2 })] },
      '/episode/list': { episode_list: episodes },
      '/genre/list': { genre_list: [{ genre_id: 3, genre_name: 'Comedy', image_url: '' }] },
    });
    const page = await loadTitlePage(api, url, 10003, {
      now: new Date('2026-11-22T00:00:00Z'),
      timeZone: 'Asia/Tokyo',
    });
    expect(page.episodes.map((e) => [e.id, e.access.kind])).toEqual([
      [3, 'paid'],
      [2, 'free'],
      [1, 'free'],
    ]);
    expect(page.firstEpisodeHref).toBe('/title/10003/episode/1');
    expect(page.latestReadableHref).toBe('/title/10003/episode/2');
    expect(page.latestReadableIndex).toBe(2);
    // The catch-up is worked out once, here: the page's figure and the bulk dialog share it (issue 24).
    expect(page.catchUp).toEqual(catchUpOf(page.episodes));
    expect(page.genres).toEqual([{ id: 3, name: 'Comedy' }]);
    expect(page).toMatchObject({
      badge: 'completed',
      nextUpdate: 'Next update 11/25',
      nameInJapanese: '神社ののんびり日和',
      shareUrl: 'http://web.test/title/10003',
      // Without /title/supplement and /title/ticket/list the ticket block still renders, from the title.
      tickets: { enabled: false, owned: undefined },
    });
  });

  it('gives every episode row a thumbnail: its own web thumbnail, its thumbnail, else the title cover', async () => {
    const { api } = apiAnswering({
      '/web/title/detail': { web_title: webTitle },
      '/episode/list': {
        episode_list: [
          wireEpisode({ episode_id: 1, index: 1, title_id: 10003, web_thumbnail_image_url: '/images/e1-web.webp' }),
          wireEpisode({ episode_id: 2, index: 2, title_id: 10003, thumbnail_image_url: '/images/e2.webp' }),
          wireEpisode({ episode_id: 3, index: 3, title_id: 10003 }),
        ],
      },
    });
    const page = await loadTitlePage(api, new URL('http://web.test/title/10003?sort=asc'), 10003);
    expect(page.episodes.map((row) => row.thumbnailUrl)).toEqual([
      expect.stringMatching(/\/images\/e1-web\.webp$/),
      expect.stringMatching(/\/images\/e2\.webp$/),
      expect.stringMatching(/\/images\/titles\/10003\/thumbnail\.webp$/),
    ]);
  });

  it('opens the comments ?comments= names when the episode is the title’s, with their first page', async () => {
    const routes = {
      '/web/title/detail': { web_title: webTitle },
      '/episode/list': { episode_list: episodes },
      '/episode/comment/list': { comment_list: [], comment_num: 0, has_next: 0 },
      '/episode/comment/post/info': {
        post_info: {
          episode_id: 2,
          can_post: 0,
          reason_code: 2011,
          reason_message: '',
          remaining_num: 0,
          limit_num: 10,
          next_post_time: '',
          max_length: 500,
        },
      },
    };
    const open = apiAnswering(routes);
    const page = await loadTitlePage(open.api, new URL('http://web.test/title/10003?comments=2'), 10003);
    expect(page.openComments).toEqual({
      episodeId: 2,
      initial: expect.objectContaining({
        status: 'ready',
        total: 0,
        post: expect.objectContaining({ canPost: false }),
      }),
    });
    // "Read the comments" leads to the newest chapter the reader can open.
    expect(page.commentsEntryEpisodeId).toBe(2);

    const other = apiAnswering(routes);
    const closed = await loadTitlePage(other.api, new URL('http://web.test/title/10003?comments=99'), 10003);
    expect(closed.openComments).toBeUndefined();
    expect(other.asked.some((url) => url.pathname.startsWith('/episode/comment/'))).toBe(false);
  });

  it('sorts oldest first on ?sort=asc and answers 404 for an unknown title', async () => {
    const { api } = apiAnswering({
      '/web/title/detail': { web_title: webTitle },
      '/episode/list': { episode_list: episodes },
    });
    const asc = await loadTitlePage(api, new URL('http://web.test/title/10003?sort=asc'), 10003);
    expect(asc.episodes.map((e) => e.id)).toEqual([1, 2, 3]);

    const missing = apiAnswering({ '/web/title/detail': { httpStatus: 404, code: 3000 } });
    await expect(loadTitlePage(missing.api, url, 10003)).rejects.toMatchObject({ init: { status: 404 } });
  });

  it('shows the tickets held to a logged-in reader only: the API answers visitors a full stock', async () => {
    const entry = makeTitleTicket({ title_id: 10003 });
    const routes = {
      '/web/title/detail': { web_title: webTitle },
      '/episode/list': { episode_list: episodes },
      '/title/ticket/list': { title_ticket_list: [entry] },
      '/title/viewed/progress': { viewed_title: null },
    };
    const guest = await loadTitlePage(apiAnswering(routes).api, url, 10003);
    expect(guest.tickets).toMatchObject({ owned: undefined, premiumOwned: undefined, max: 1, signedIn: false });
    const member = await loadTitlePage(apiAnswering(routes).api, url, 10003, undefined, { isLoggedIn: true });
    // The page reads the session: a logged-in reader is never asked to log in for tickets.
    expect(member.tickets).toMatchObject({ owned: 1, premiumOwned: 0, max: 1, signedIn: true, nextAt: undefined });
  });

  it('reads the new-chapter mail switches for a logged-in reader only (ADR 065)', async () => {
    const routes = {
      '/web/title/detail': { web_title: webTitle },
      '/episode/list': { episode_list: episodes },
      '/title/viewed/progress': { viewed_title: null },
      '/user/chapter_alert_setting': { chapter_alert_mail: 1, alert_off_title_list: [10003] },
    };
    const guest = apiAnswering(routes);
    expect((await loadTitlePage(guest.api, url, 10003)).alert).toBeUndefined();
    expect(guest.asked.map((asked) => asked.pathname)).not.toContain('/user/chapter_alert_setting');
    const member = await loadTitlePage(apiAnswering(routes).api, url, 10003, undefined, { isLoggedIn: true });
    expect(member.alert).toEqual({ accountMail: true, titleMail: false });
    // A failed call only hides the switch.
    const { '/user/chapter_alert_setting': _, ...failing } = routes;
    const without = await loadTitlePage(apiAnswering(failing).api, url, 10003, undefined, { isLoggedIn: true });
    expect(without.alert).toBeUndefined();
  });

  it('counts down to the next title ticket while a logged-in reader holds none', async () => {
    const full = makeTitleTicket({ title_id: 10003 });
    const info = full.ticket_info.title_ticket_info;
    const used = {
      ...full,
      ticket_info: {
        ...full.ticket_info,
        title_ticket_info: info && { ...info, own_ticket_num: 0, next_ticket_recover_second: 600 },
      },
    };
    const routes = {
      '/web/title/detail': { web_title: webTitle },
      '/episode/list': { episode_list: episodes },
      '/title/ticket/list': { title_ticket_list: [used] },
      '/title/viewed/progress': { viewed_title: null },
    };
    const now = new Date('2026-11-26T03:00:00Z');
    const clock = { now, timeZone: 'Asia/Tokyo' };
    const member = await loadTitlePage(apiAnswering(routes).api, url, 10003, clock, { isLoggedIn: true });
    expect(member.tickets).toMatchObject({ owned: 0, nextAt: '2026-11-26T03:10:00.000Z' });
    expect(member.renderedAt).toBe(now.toISOString());
    const guest = await loadTitlePage(apiAnswering(routes).api, url, 10003, clock);
    expect(guest.tickets.nextAt).toBeUndefined();
  });

  it('carries read marks and whether an episode is sold alone from the episode answers', async () => {
    const marked = [
      wireEpisode({ episode_id: 1, index: 1, title_id: 10003, badge: 2, is_viewed: 1, is_viewed_last_page: 1 }),
      wireEpisode({ episode_id: 2, index: 2, title_id: 10003, badge: 2, is_viewed: 1 }),
      wireEpisode({ episode_id: 3, index: 3, title_id: 10003, badge: 1, point: 80, single_sale_enabled: 0 }),
    ];
    const { api } = apiAnswering({
      '/web/title/detail': { web_title: webTitle },
      '/episode/list': { episode_list: marked },
    });
    const page = await loadTitlePage(api, new URL('http://web.test/title/10003?sort=asc'), 10003);
    expect(page.episodes.map((e) => [e.id, e.isViewed, e.isViewedLastPage, e.singleSale])).toEqual([
      [1, true, true, true],
      [2, true, false, true],
      [3, false, false, false],
    ]);
  });
});
