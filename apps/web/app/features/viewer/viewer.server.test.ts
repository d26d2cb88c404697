import type { PremiumTicketInfo, TitleTicket, TitleTicketInfo } from '@manga/contracts';
import { makeTitleTicket } from '@manga/contracts/testing';
import { describe, expect, it, vi } from 'vitest';
import { apiAnswering, wireEpisode, wireTitle } from '#app/features/catalogue/wire-fixtures.test-support.ts';
import { adjacentChapter, loadViewer, lockedTicketsOf } from './viewer.server.ts';
import { titleEpisodeAnchor, viewerPath } from './viewer.ts';

const url = new URL('http://web.test/title/10003/episode/7');

const viewer = {
  episode_id: 7,
  title_id: 10003,
  page_list: ['http://cdn.test/p/001.jpg?sig=a', 'http://cdn.test/p/002.jpg?sig=b'],
  page_size_list: [
    { width: 768, height: 1088 },
    { width: 1536, height: 1088 },
  ],
  scramble_seed: 'q6jtf',
  scramble_ver: 1,
  bonus_point: 0,
  page_start_position: 0,
  direction: 2,
  page_slider: 1,
  previous_episode: {},
  next_episode: { episode_id: 8, index: 2, point: 70, badge: 1 },
  post_advertisement_list: [],
  last_page: 0,
  image_quality: 'light',
};

const catalogue = {
  '/episode/list': {
    episode_list: [
      wireEpisode({
        episode_id: 7,
        title_id: 10003,
        point: 80,
        bonus_point: 8,
        episode_name: 'Ch. 7',
        ticket_rental_enabled: 1,
      }),
    ],
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
  it('hands the pages with their sizes, the seed, the direction and the neighbours to the reader', async () => {
    const { api } = apiAnswering({ ...catalogue, '/web/episode/viewer': viewer });
    const data = await loadViewer(api, url, 10003, 7);
    expect(data).toMatchObject({
      state: 'ready',
      titleName: 'Shrine',
      episodeName: 'Ch. 7',
      pages: [
        { url: viewer.page_list[0], width: 768, height: 1088 },
        { url: viewer.page_list[1], width: 1536, height: 1088 },
      ],
      scrambleSeed: 'q6jtf',
      direction: 'ltr',
      previous: undefined,
      next: { episodeId: 8, href: '/title/10003/episode/8', access: 'paid', point: 70 },
      startPage: 1,
    });
  });

  it('asks for the tier the data saver setting and Save-Data choose, and tells the reader the tier served (ADR 055)', async () => {
    const cases = [
      [{ setting: 'auto', saveData: false }, 'standard'],
      [{ setting: 'auto', saveData: true }, 'light'],
      [{ setting: 'on', saveData: false }, 'light'],
      [{ setting: 'off', saveData: true }, 'standard'],
    ] as const;
    for (const [dataSaver, asked] of cases) {
      const { api, asked: urls } = apiAnswering({ ...catalogue, '/web/episode/viewer': viewer });
      const data = await loadViewer(api, url, 10003, 7, { mode: 'normal', isLoggedIn: false, dataSaver });
      const call = urls.find((u) => u.pathname === '/web/episode/viewer');
      expect(call?.searchParams.get('image_quality'), JSON.stringify(dataSaver)).toBe(asked);
      expect(data).toMatchObject({
        imageQuality: 'light',
        dataSaver: dataSaver.setting,
        saveDataRequested: dataSaver.saveData,
      });
    }
  });

  it('opens on ?page=N inside the chapter, and on page 1 otherwise', async () => {
    const { api } = apiAnswering({ ...catalogue, '/web/episode/viewer': viewer });
    const at = async (query: string) =>
      (await loadViewer(api, new URL(`${url}${query}`), 10003, 7)) as { startPage: number };
    expect((await at('?page=2')).startPage).toBe(2);
    expect((await at('?page=3')).startPage).toBe(1);
    expect((await at('?page=abc')).startPage).toBe(1);
  });

  it('resumes where a logged-in reader stopped unless the URL names a page, and starts over after the last page', async () => {
    const opened = async (lastPage: number, query = '') => {
      const { api } = apiAnswering({ ...catalogue, '/web/episode/viewer': { ...viewer, last_page: lastPage } });
      const data = (await loadViewer(api, new URL(`${url}${query}`), 10003, 7)) as {
        startPage: number;
        startFrom: string;
      };
      return [data.startPage, data.startFrom];
    };
    const threePages = { ...viewer, page_list: [...viewer.page_list, viewer.page_list[0]] };
    threePages.page_size_list = [...viewer.page_size_list, { width: 768, height: 1088 }];
    const { api } = apiAnswering({ ...catalogue, '/web/episode/viewer': { ...threePages, last_page: 2 } });
    expect(await loadViewer(api, url, 10003, 7)).toMatchObject({ startPage: 2, startFrom: 'resumed' });
    expect(await loadViewer(api, new URL(`${url}?page=1`), 10003, 7)).toMatchObject({ startPage: 1, startFrom: 'url' });
    // Two pages: the reader's place was the last page, so the chapter opens at the start.
    expect(await opened(2)).toEqual([1, 'first']);
    expect(await opened(0)).toEqual([1, 'first']);
    expect(await opened(2, '?page=2')).toEqual([2, 'url']);
  });

  it('links the neighbours inside the minfunction viewer it was opened in', async () => {
    const { api } = apiAnswering({ ...catalogue, '/web/episode/viewer': viewer });
    const data = await loadViewer(api, url, 10003, 7, { mode: 'embed', isLoggedIn: false });
    expect(data).toMatchObject({ next: { href: '/minfunction/title/10003/episode/8/embedviewer' } });
  });

  describe('an age-rated chapter the API refuses (2016): the age rule says what to show (ADR 026)', () => {
    const restricted = (ageGate?: object) =>
      apiAnswering({
        ...catalogue,
        '/web/episode/viewer': { httpStatus: 400, code: 2016, message: 'Enter your birthday to read this title.' },
        ...(ageGate ? { '/web/title/age_gate': { age_gate: { title_id: 10003, ...ageGate } } } : {}),
      });
    const returnTo = '/title/10003/episode/7?page=2';

    it('asks a reader whose birthday is unknown (none, or the JP default) for it, coming back here', async () => {
      const { api, asked } = restricted({ age_rating: 18, is_admitted: 0, is_birthday_known: 0 });
      await expect(loadViewer(api, new URL(`${url}?page=2`), 10003, 7)).resolves.toMatchObject({
        state: 'restricted',
        titleName: 'Shrine',
        restriction: { rating: 18, birthdayKnown: false, ask: true, returnTo },
      });
      expect(asked.find((call) => call.pathname === '/web/title/age_gate')?.searchParams.get('title_id')).toBe('10003');
    });

    it('tells a reader known to be too young, without asking again', async () => {
      const { api } = restricted({ age_rating: 18, is_admitted: 0, is_birthday_known: 1 });
      await expect(loadViewer(api, url, 10003, 7)).resolves.toMatchObject({
        restriction: { rating: 18, birthdayKnown: true, ask: false },
      });
    });

    it('never asks a crawler, and still asks a person when the age rule could not be read', async () => {
      const crawler = restricted({ age_rating: 18, is_admitted: 0, is_birthday_known: 0 });
      await expect(
        loadViewer(crawler.api, url, 10003, 7, { mode: 'normal', isLoggedIn: false, isCrawler: true }),
      ).resolves.toMatchObject({ restriction: { ask: false, birthdayKnown: false } });
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const failed = restricted();
      await expect(loadViewer(failed.api, url, 10003, 7)).resolves.toMatchObject({
        state: 'restricted',
        restriction: { rating: 0, ask: true },
      });
      warn.mockRestore();
    });
  });

  /** GET /title/ticket/list's entry for title 10003: `own` title tickets, episode 7 rentable. */
  const ticketEntry = (own: number, nextSeconds: number, premium = 0, targets = [7]) =>
    makeTitleTicket({
      title_id: 10003,
      ticket_info: {
        premium_ticket_info: {
          ...(makeTitleTicket().ticket_info.premium_ticket_info as PremiumTicketInfo),
          own_ticket_num: premium,
        },
        title_ticket_info: {
          ...(makeTitleTicket().ticket_info.title_ticket_info as TitleTicketInfo),
          own_ticket_num: own,
          next_ticket_recover_second: nextSeconds,
        },
        target_episode_id_list: targets,
      },
    });
  const lockedAnswering = (entry?: TitleTicket, status?: Record<string, number>) =>
    apiAnswering({
      ...catalogue,
      '/web/episode/viewer': { httpStatus: 400, code: 3105 },
      ...(entry ? { '/title/ticket/list': { title_ticket_list: [entry] } } : {}),
      ...(status
        ? {
            '/episode/status': {
              episode_id: 7,
              title_id: 10003,
              badge: 1,
              point: 80,
              is_point_changed: 0,
              rental_finish_time: null,
              is_purchasable: 0,
              is_title_ticket_rentable: 0,
              is_premium_ticket_rentable: 0,
              account_point: 0,
              paid_point: 0,
              free_point: 0,
              ...status,
            },
          }
        : {}),
    });

  it('gives a logged-in reader their points and the buy, rent and top-up of the locked screen (issue 24 item 7)', async () => {
    const loggedIn = { mode: 'normal', isLoggedIn: true } as const;
    const funded = lockedAnswering(ticketEntry(1, 0), {
      is_purchasable: 1,
      is_title_ticket_rentable: 1,
      paid_point: 50,
      free_point: 40,
    });
    await expect(loadViewer(funded.api, new URL(`${url}?page=2`), 10003, 7, loggedIn)).resolves.toMatchObject({
      wallet: {
        balance: 90,
        price: 80,
        purchasable: true,
        shortBy: 0,
        rent: { kind: 'title', own: 1 },
        shopHref: '/my/shop?return=%2Ftitle%2F10003%2Fepisode%2F7%3Fpage%3D2',
      },
    });
    // Short of points but sold on its own: how many are missing, no ticket in hand.
    const short = lockedAnswering(ticketEntry(0, 3600), { paid_point: 30 });
    await expect(loadViewer(short.api, url, 10003, 7, loggedIn)).resolves.toMatchObject({
      wallet: { balance: 30, purchasable: true, shortBy: 50, rent: undefined },
    });
    // A premium ticket when the title's own are used up.
    const premium = lockedAnswering(ticketEntry(0, 3600, 2), { is_premium_ticket_rentable: 1 });
    await expect(loadViewer(premium.api, url, 10003, 7, loggedIn)).resolves.toMatchObject({
      wallet: { rent: { kind: 'premium', own: 2, ticketVersion: 0 } },
    });
  });

  it("turns 400 / 3105 into the locked screen: price, the title's tickets, where to unlock, log in first", async () => {
    // The API answers a visitor a full stock: the screen says what logging in gives, never "you have".
    const { api } = lockedAnswering(ticketEntry(1, 0));
    await expect(loadViewer(api, new URL(`${url}?page=3`), 10003, 7)).resolves.toMatchObject({
      state: 'locked',
      point: 80,
      tickets: { title: { max: 1, recoverSeconds: 82800, rentalSeconds: 259200 }, held: undefined },
      bonusPoint: 8,
      unlockHref: '/title/10003#episode-7',
      loginHref: '/?dialog=login&redirect=%2Ftitle%2F10003%2Fepisode%2F7%3Fpage%3D3',
      // Buying and renting log in and come back to this chapter, where they happen (issue 24 item 7).
      buyHref: '/?dialog=login&redirect=%2Ftitle%2F10003%2Fepisode%2F7%3Fpage%3D3',
      rentHref: '/?dialog=login&redirect=%2Ftitle%2F10003%2Fepisode%2F7%3Fpage%3D3',
      wallet: undefined,
      firstEpisodeHref: '/title/10003/episode/1',
    });
  });

  it('offers a logged-in reader to rent only with a ticket in hand, and to buy always', async () => {
    const holding = lockedAnswering(ticketEntry(1, 0));
    await expect(loadViewer(holding.api, url, 10003, 7, { mode: 'normal', isLoggedIn: true })).resolves.toMatchObject({
      buyHref: '/title/10003?buy=7',
      rentHref: '/title/10003?rent=7',
    });
    const waiting = lockedAnswering(ticketEntry(0, 3600, 0));
    await expect(loadViewer(waiting.api, url, 10003, 7, { mode: 'normal', isLoggedIn: true })).resolves.toMatchObject({
      buyHref: '/title/10003?buy=7',
      rentHref: undefined,
    });
  });

  it('tells a logged-in reader the tickets they hold and when the next one comes', async () => {
    const { api } = lockedAnswering(ticketEntry(0, 3600, 2));
    await expect(loadViewer(api, url, 10003, 7, { mode: 'normal', isLoggedIn: true })).resolves.toMatchObject({
      loginHref: undefined,
      tickets: { held: { title: 0, premium: 2, nextTitleTicketInSeconds: 3600 } },
    });
  });

  it('shows no ticket when the API says no ticket rents the chapter now, and no claim when the call fails', async () => {
    const notTarget = lockedAnswering(ticketEntry(1, 0, 0, [8]));
    expect(await loadViewer(notTarget.api, url, 10003, 7)).toMatchObject({ state: 'locked', tickets: undefined });
    const failed = lockedAnswering();
    await expect(loadViewer(failed.api, url, 10003, 7, { mode: 'normal', isLoggedIn: true })).resolves.toMatchObject({
      state: 'locked',
      loginHref: undefined,
      tickets: { title: undefined, held: undefined },
    });
  });

  it('reads a title without tickets of its own (premium tickets only)', () => {
    const entry = ticketEntry(0, 0, 0);
    entry.ticket_info.title_ticket_info = null;
    expect(lockedTicketsOf(entry, 7, true)).toEqual({
      title: undefined,
      held: { title: 0, premium: 0, nextTitleTicketInSeconds: 0 },
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
      episodeId: 6,
      href: '/title/10003/episode/6',
      access: 'free',
      point: 0,
    });
    expect(adjacentChapter(10003, { episode_id: 9, point: 80, badge: 3 })).toMatchObject({
      access: 'purchased',
      point: 0,
    });
    // The price alone opens nothing: a must-buy neighbour priced 0 is still locked.
    expect(adjacentChapter(10003, { episode_id: 9, point: 0, badge: 1 })?.access).toBe('paid');
  });
});

describe('viewer paths (product §2, §4)', () => {
  it('pads title ids to 5 digits in every mode', () => {
    expect(viewerPath(3, 12, 'normal')).toBe('/title/00003/episode/12');
    expect(viewerPath(3, 12, 'embed')).toBe('/minfunction/title/00003/episode/12/embedviewer');
    expect(viewerPath(3, 12, 'full')).toBe('/minfunction/title/00003/episode/12/fullviewer');
    expect(titleEpisodeAnchor(3, 12)).toBe('/title/00003#episode-12');
  });
});
