import { ResponseCode } from '@manga/contracts';
import { makeTitleTicket } from '@manga/contracts/testing';
import { describe, expect, it, vi } from 'vitest';
import { catchUpOf } from '#app/features/catalogue/purchase.ts';
import { submitPurchase } from '#app/features/catalogue/purchase-submit.server.ts';
import { apiAnswering } from '#app/features/catalogue/wire-fixtures.test-support.ts';
import { loadPurchaseDialog } from './purchase.server.ts';
import type { EpisodeRowView } from './title-page.ts';

// The title page's buy, rent and catch-up: what the confirmation loads and what its form sends,
// over a fake API. The rules (price, balance, ownership) are the API's; these check that the web
// app asks with what the reader was shown, refuses malformed forms before any call, and turns the
// answers into the next screen.

const TITLE = 10003;
const now = new Date('2026-11-26T03:00:00Z');

function row(id: number, index: number, access: EpisodeRowView['access']): EpisodeRowView {
  return {
    id,
    index,
    href: `/title/10003/episode/${id}`,
    name: `Chapter ${index}`,
    releasedAt: undefined,
    access,
    bonusPoint: 0,
    commentCount: 0,
    isViewed: false,
    isViewedLastPage: false,
    singleSale: true,
    thumbnailUrl: '',
  };
}

const rows = [
  row(1, 1, { kind: 'free' }),
  row(2, 2, { kind: 'paid', point: 40, ticket: true }),
  row(3, 3, { kind: 'paid', point: 35, ticket: true }),
];

const status = (overrides: Record<string, number> = {}) => ({
  episode_id: 2,
  rental_finish_time: null,
  title_id: TITLE,
  badge: 1,
  point: 40,
  is_point_changed: 0,
  is_purchasable: 1,
  is_title_ticket_rentable: 1,
  is_premium_ticket_rentable: 0,
  account_point: 100,
  paid_point: 70,
  free_point: 30,
  ...overrides,
});

const signedIn = { isLoggedIn: true, now, forgetSession: () => {} };
const at = (query: string) => new URL(`http://web.test/title/10003${query}`);

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error('nothing was thrown');
}

describe('loadPurchaseDialog', () => {
  it('opens nothing without a confirmation parameter, or for an episode of another title', async () => {
    const { api, asked } = apiAnswering({});
    expect(await loadPurchaseDialog(api, at(''), TITLE, rows, catchUpOf(rows), signedIn)).toBeUndefined();
    expect(await loadPurchaseDialog(api, at('?buy=999'), TITLE, rows, catchUpOf(rows), signedIn)).toBeUndefined();
    expect(await loadPurchaseDialog(api, at('?buy=2x'), TITLE, rows, catchUpOf(rows), signedIn)).toBeUndefined();
    expect(asked).toEqual([]);
  });

  it('sends a visitor to log in, coming back to the same confirmation', async () => {
    const { api } = apiAnswering({});
    const response = await thrown(
      loadPurchaseDialog(api, at('?buy=2'), TITLE, rows, catchUpOf(rows), { ...signedIn, isLoggedIn: false }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/?dialog=login&redirect=%2Ftitle%2F10003%3Fbuy%3D2');
  });

  it('quotes the current price against the balance, free points first, with the shop coming back here', async () => {
    const { api } = apiAnswering({ '/episode/status': status() });
    expect(await loadPurchaseDialog(api, at('?buy=2'), TITLE, rows, catchUpOf(rows), signedIn)).toMatchObject({
      kind: 'buy',
      purchasable: true,
      quote: {
        price: 40,
        spend: { free_point: 30, paid_point: 10 },
        after: { paid_point: 60, free_point: 0 },
      },
      shopHref: '/my/shop?return=%2Ftitle%2F10003%3Fbuy%3D2',
    });
  });

  it('tells a short wallet (the API says not purchasable) from an episode not for sale', async () => {
    const short = apiAnswering({ '/episode/status': status({ is_purchasable: 0, paid_point: 0, free_point: 10 }) });
    expect(await loadPurchaseDialog(short.api, at('?buy=2'), TITLE, rows, catchUpOf(rows), signedIn)).toMatchObject({
      kind: 'buy',
      purchasable: true,
      quote: { spend: undefined, shortBy: 30 },
    });
    const notSold = apiAnswering({ '/episode/status': status({ is_purchasable: 0 }) });
    expect(await loadPurchaseDialog(notSold.api, at('?buy=2'), TITLE, rows, catchUpOf(rows), signedIn)).toMatchObject({
      kind: 'buy',
      purchasable: false,
    });
  });

  it('says the episode is open when the API says it is held or free now', async () => {
    const { api } = apiAnswering({ '/episode/status': status({ badge: 3 }) });
    expect(await loadPurchaseDialog(api, at('?buy=2'), TITLE, rows, catchUpOf(rows), signedIn)).toMatchObject({
      kind: 'open',
      episode: { id: 2 },
    });
  });

  it('offers the tickets the reader holds, and when the next title ticket comes while none is left', async () => {
    const notTarget = apiAnswering({
      '/episode/status': status({ is_title_ticket_rentable: 0 }),
      '/title/ticket/list': {
        title_ticket_list: [
          { title_id: TITLE, ticket_info: { ...makeTitleTicket().ticket_info, target_episode_id_list: [3] } },
        ],
      },
    });
    expect(
      await loadPurchaseDialog(notTarget.api, at('?rent=2'), TITLE, rows, catchUpOf(rows), signedIn),
    ).toMatchObject({
      kind: 'rent',
      title: undefined,
      premium: undefined,
    });
    const ticket = makeTitleTicket({ title_id: TITLE });
    const info = ticket.ticket_info;
    const empty = {
      title_ticket_list: [
        {
          title_id: TITLE,
          ticket_info: {
            ...info,
            title_ticket_info: info.title_ticket_info && {
              ...info.title_ticket_info,
              own_ticket_num: 0,
              next_ticket_recover_second: 3600,
            },
            premium_ticket_info: { own_ticket_num: 2, ticket_type: 99, rental_second: 259200 },
            target_episode_id_list: [2, 3],
          },
        },
      ],
    };
    const { api } = apiAnswering({
      // No title ticket in hand: not rentable with it now, but the episode is one tickets rent.
      '/episode/status': status({ is_premium_ticket_rentable: 1, is_title_ticket_rentable: 0 }),
      '/title/ticket/list': empty,
    });
    expect(await loadPurchaseDialog(api, at('?rent=2'), TITLE, rows, catchUpOf(rows), signedIn)).toMatchObject({
      kind: 'rent',
      title: { own: 0, nextAt: '2026-11-26T04:00:00.000Z' },
      premium: { own: 2, ticketType: 99 },
    });
  });

  it('totals the catch-up with its point back against the wallet', async () => {
    const { api } = apiAnswering({
      '/account/point': {
        point: { paid_point: 0, free_point: 50, point_sale_text: null, point_sale_finish_datetime: null },
        ticket: { total_num: 0, detail_list: [] },
      },
    });
    const dialog = await loadPurchaseDialog(api, at('?bulk=1'), TITLE, rows, catchUpOf(rows), signedIn);
    expect(dialog).toMatchObject({ kind: 'bulk', catchUp: { total: 75, pointBack: 0 }, quote: { shortBy: 25 } });
  });

  it('quotes the range the reader chose, and says which range that is', async () => {
    const { api } = apiAnswering({
      '/account/point': {
        point: { paid_point: 0, free_point: 50, point_sale_text: null, point_sale_finish_datetime: null },
        ticket: { total_num: 0, detail_list: [] },
      },
    });
    const dialog = await loadPurchaseDialog(api, at('?bulk=1&from=3&to=3'), TITLE, rows, catchUpOf(rows), signedIn);
    expect(dialog).toMatchObject({
      kind: 'bulk',
      all: { total: 75 },
      catchUp: { total: 35, episodes: [{ id: 3 }] },
      range: { from: 3, to: 3 },
      quote: { shortBy: 0, price: 35 },
    });
  });

  it('forgets a session the API no longer knows and logs in again, coming back', async () => {
    const forgetSession = vi.fn();
    const { api } = apiAnswering({
      '/episode/status': { httpStatus: 401, code: ResponseCode.UserNotLogin },
    });
    const response = await thrown(
      loadPurchaseDialog(api, at('?buy=2'), TITLE, rows, catchUpOf(rows), { ...signedIn, forgetSession }),
    );
    expect(forgetSession).toHaveBeenCalledOnce();
    expect(response.headers.get('Location')).toContain('redirect=%2Ftitle%2F10003%3Fbuy%3D2');
  });

  it('shows any other failure as its code', async () => {
    const { api } = apiAnswering({ '/episode/status': { httpStatus: 400, code: ResponseCode.InvalidParameter } });
    expect(await loadPurchaseDialog(api, at('?buy=2'), TITLE, rows, catchUpOf(rows), signedIn)).toEqual({
      kind: 'failed',
      code: ResponseCode.InvalidParameter,
    });
  });
});

function form(fields: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
}

describe('submitPurchase', () => {
  it('buys at the price shown and opens the episode', async () => {
    const { api, asked } = apiAnswering({ '/episode/paid': { account_point: 60, paid_point: 40 } });
    const response = await thrown(
      submitPurchase(
        form([
          ['intent', 'buy'],
          ['episode_id', '2'],
          ['check_point', '40'],
        ]),
        api,
        TITLE,
        () => {},
      ),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/title/10003/episode/2');
    expect(asked.map((url) => [url.pathname, url.searchParams.get('check_point')])).toEqual([['/episode/paid', '40']]);
  });

  it('rents with the ticket type and version the server advertised (99: premium)', async () => {
    const { api, asked } = apiAnswering({ '/episode/rental/ticket': { rental_finish_time: '2026-11-29 12:00:00' } });
    await thrown(
      submitPurchase(
        form([
          ['intent', 'rent'],
          ['episode_id', '3'],
          ['ticket_type', '99'],
          ['ticket_version', '0'],
        ]),
        api,
        TITLE,
        () => {},
      ),
    );
    expect(Object.fromEntries(asked[0]?.searchParams ?? [])).toMatchObject({
      episode_id: '3',
      ticket_type: '99',
      ticket_version: '0',
    });
  });

  it('buys the catch-up as one call and opens its first episode', async () => {
    const { api, asked } = apiAnswering({
      '/episode/paid/bulk': { account_point: 0, paid_point: 75, earned_point_back: 0 },
    });
    const response = await thrown(
      submitPurchase(
        form([
          ['intent', 'bulk'],
          ['episode_id', '2'],
          ['episode_id', '3'],
          ['paid_point', '75'],
          ['point_back', '0'],
        ]),
        api,
        TITLE,
        () => {},
      ),
    );
    expect(response.headers.get('Location')).toBe('/title/10003/episode/2');
    expect(asked[0]?.searchParams.getAll('episode_id_list').join(',')).toBe('2,3');
  });

  it('refuses malformed forms before any call', async () => {
    const { api, asked } = apiAnswering({});
    const cases: [string, string][][] = [
      [['intent', 'steal']],
      [
        ['intent', 'buy'],
        ['episode_id', '2'],
      ],
      [
        ['intent', 'buy'],
        ['episode_id', '-2'],
        ['check_point', '40'],
      ],
      [
        ['intent', 'buy'],
        ['episode_id', '2'],
        ['check_point', '4e1'],
      ],
      [
        ['intent', 'rent'],
        ['episode_id', '2'],
        ['ticket_type', '1'],
      ],
      [
        ['intent', 'bulk'],
        ['paid_point', '75'],
        ['point_back', '0'],
      ],
      [
        ['intent', 'bulk'],
        ['episode_id', '2'],
        ['episode_id', 'x'],
        ['paid_point', '75'],
        ['point_back', '0'],
      ],
      [
        ['intent', 'bulk'],
        ...Array.from({ length: 501 }, (_, i): [string, string] => ['episode_id', String(i + 1)]),
        ['paid_point', '1'],
        ['point_back', '0'],
      ],
    ];
    for (const fields of cases) {
      expect(await submitPurchase(form(fields), api, TITLE, () => {})).toMatchObject({
        status: 'failed',
        code: ResponseCode.InvalidParameter,
      });
    }
    expect(asked).toEqual([]);
  });

  it('answers the API code in place for a replay, a stale price or a short wallet, and nothing else happens', async () => {
    for (const code of [ResponseCode.EpisodeAlreadyPurchased, ResponseCode.PriceMismatch, ResponseCode.PointShortage]) {
      const { api } = apiAnswering({ '/episode/paid': { httpStatus: 400, code } });
      expect(
        await submitPurchase(
          form([
            ['intent', 'buy'],
            ['episode_id', '2'],
            ['check_point', '40'],
          ]),
          api,
          TITLE,
          () => {},
        ),
      ).toEqual({ status: 'failed', intent: 'buy', code });
    }
  });

  it('logs in again when the session is gone, coming back to the same confirmation', async () => {
    const forgetSession = vi.fn();
    const { api } = apiAnswering({ '/episode/rental/ticket': { httpStatus: 401, code: ResponseCode.UserNotLogin } });
    const response = await thrown(
      submitPurchase(
        form([
          ['intent', 'rent'],
          ['episode_id', '3'],
          ['ticket_type', '1'],
          ['ticket_version', '1'],
        ]),
        api,
        TITLE,
        forgetSession,
      ),
    );
    expect(forgetSession).toHaveBeenCalledOnce();
    expect(response.headers.get('Location')).toBe('/?dialog=login&redirect=%2Ftitle%2F10003%3Frent%3D3');
  });
});
