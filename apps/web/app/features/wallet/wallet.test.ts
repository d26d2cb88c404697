import { type PointMovement, PointReason, type TicketMovement } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import en from '#app/i18n/en.json' with { type: 'json' };
import ja from '#app/i18n/ja.json' with { type: 'json' };
import { beforeParam } from './point-page.ts';
import { listPageCountOf, toPurchasedTitles } from './purchased-page.ts';
import { pagedList } from './ticket-page.ts';
import {
  collectLots,
  pointReasonKey,
  ticketSourceKey,
  toPointMovement,
  toPremiumTickets,
  toTicketMovement,
} from './wallet.ts';

const TZ = 'Asia/Tokyo';
const envelope = { status: 'success', response_code: 0, error_message: '' } as const;

function movement(overrides: Partial<PointMovement>): PointMovement {
  return {
    point_history_id: 1,
    point_kind: 'free',
    point: 100,
    reason: 'operator_grant',
    title_id: null,
    title_name: '',
    episode_id: null,
    episode_name: '',
    magazine_id: null,
    magazine_name: '',
    purchase_time: '2026-11-20 09:00:00',
    expire_time: '2027-02-18 09:00:00',
    remaining_point: 100,
    ...overrides,
  };
}

describe('point movements', () => {
  it('has words for every reason the API sends, in both languages, and "other" for any it may add', () => {
    for (const reason of [...Object.values(PointReason), 'other']) {
      expect(en.wallet.reason, reason).toHaveProperty(reason);
      expect(ja.wallet.reason, reason).toHaveProperty(reason);
    }
    expect(pointReasonKey('episode_paid')).toBe('episode_paid');
    expect(pointReasonKey('lottery_win')).toBe('other');
    expect(pointReasonKey('__proto__')).toBe('other');
  });

  it('places wire times in the site zone and links the title and chapter of a purchase', () => {
    const view = toPointMovement(
      movement({
        point: -30,
        point_kind: 'paid',
        reason: 'episode_paid',
        title_id: 10003,
        title_name: 'Lazy Days',
        episode_id: 200012,
        episode_name: 'Chapter 12',
        expire_time: null,
        remaining_point: 0,
      }),
      TZ,
    );
    expect(view).toMatchObject({
      amount: -30,
      kind: 'paid',
      reason: 'episode_paid',
      at: '2026-11-20T00:00:00.000Z',
      expiresAt: undefined,
      remaining: 0,
      title: { name: 'Lazy Days', href: '/title/10003' },
      episode: { name: 'Chapter 12', href: '/title/10003/episode/200012' },
    });
  });

  it('tells a credit that never expires (null) from a debit (no expiry at all)', () => {
    expect(toPointMovement(movement({ point_kind: 'paid', expire_time: null }), TZ).expiresAt).toBeNull();
    expect(toPointMovement(movement({}), TZ).expiresAt).toBe('2027-02-18T00:00:00.000Z');
    expect(toPointMovement(movement({ point: -5, expire_time: null }), TZ).expiresAt).toBeUndefined();
  });
});

describe('collectLots', () => {
  const now = new Date('2026-11-25T00:00:00Z');
  const views = (list: Partial<PointMovement>[]) =>
    list.map((entry, index) => toPointMovement(movement({ point_history_id: index + 1, ...entry }), TZ));

  it('lists the credits with points left, first to expire first and never-expiring last, complete when they add up', () => {
    const lots = collectLots(
      views([
        { point: -20, remaining_point: 0, expire_time: null },
        { point_kind: 'paid', point: 500, remaining_point: 480, expire_time: null },
        { point: 50, remaining_point: 50, expire_time: '2027-01-01 00:00:00' },
        { point: 10, remaining_point: 10, expire_time: '2026-12-01 00:00:00' },
        { point: 30, remaining_point: 0, expire_time: '2026-12-05 00:00:00' },
        { point: 5, remaining_point: 5, expire_time: '2027-01-01 00:00:00' },
      ]),
      { paidPoints: 480, freePoints: 65 },
      now,
    );
    expect(lots.complete).toBe(true);
    expect(lots.lots.map((lot) => [lot.kind, lot.remaining, lot.expiresAt?.slice(0, 10) ?? null])).toEqual([
      ['free', 10, '2026-11-30'],
      ['free', 55, '2026-12-31'],
      ['paid', 480, null],
    ]);
  });

  it('leaves out lots already due and is incomplete while points are unaccounted for', () => {
    const lots = collectLots(
      views([
        { point: 40, remaining_point: 40, expire_time: '2026-11-24 00:00:00' },
        { point: 10, remaining_point: 10, expire_time: '2026-12-24 00:00:00' },
      ]),
      { paidPoints: 0, freePoints: 30 },
      now,
    );
    expect(lots.lots).toHaveLength(1);
    expect(lots.complete).toBe(false);
    expect(collectLots([], { paidPoints: 0, freePoints: 0 }, now)).toEqual({ lots: [], complete: true });
  });
});

describe('tickets', () => {
  it('reads each premium ticket expiry as an instant', () => {
    const tickets = toPremiumTickets(
      {
        ...envelope,
        point: { paid_point: 0, free_point: 0, point_sale_text: null, point_sale_finish_datetime: null },
        ticket: {
          total_num: 3,
          detail_list: [
            { expired: '2026-12-01 12:00:00', expire_second: 99 },
            { expired: '2026-12-01 12:00:00', expire_second: 99 },
            { expired: '2026-12-08 12:00:00', expire_second: 999 },
          ],
        },
      },
      TZ,
    );
    expect(tickets).toEqual({
      count: 3,
      expiries: [
        { at: '2026-12-01T03:00:00.000Z', count: 2 },
        { at: '2026-12-08T03:00:00.000Z', count: 1 },
      ],
    });
  });

  it('names who gave a ticket and links the rented chapter', () => {
    const used: TicketMovement = {
      event: 'used',
      ticket_kind: 'premium',
      ticket_num: -1,
      source: '',
      title_id: 10001,
      title_name: 'Blue Harbor',
      episode_id: 200001,
      episode_name: 'Chapter 1',
      event_time: '2026-11-20 10:00:00',
      expire_time: null,
      rental_finish_time: '2026-11-23 10:00:00',
    };
    expect(toTicketMovement(used, 0, TZ)).toMatchObject({
      event: 'used',
      kind: 'premium',
      count: -1,
      source: 'other',
      rentalEndsAt: '2026-11-23T01:00:00.000Z',
      episode: { href: '/title/10001/episode/200001' },
    });
    expect([ticketSourceKey('login_bonus'), ticketSourceKey('operator'), ticketSourceKey('x')]).toEqual([
      'login_bonus',
      'operator',
      'other',
    ]);
  });
});

describe('paging', () => {
  it('counts pages of purchased titles, one for none', () => {
    expect([listPageCountOf(0, 24), listPageCountOf(24, 24), listPageCountOf(25, 24)]).toEqual([1, 1, 2]);
  });

  it('links a purchased title and its latest purchase', () => {
    const [title] = toPurchasedTitles(
      {
        ...envelope,
        title_list: [
          {
            title_id: 7,
            title_name: 'Seven',
            thumbnail_image_url: '/c.png',
            first_episode_id: 1,
            recently_purchased_episode_id: 9,
          },
        ],
        title_count: 1,
      },
      (url) => `https://img.test${url}`,
    );
    expect(title).toMatchObject({ href: '/title/00007', lastPurchasedHref: '/title/00007/episode/9' });
  });

  it('learns of a next page from the one extra item', () => {
    expect(pagedList([1, 2, 3], 1, 2)).toEqual({ items: [1, 2], page: 1, hasNext: true });
    expect(pagedList([1, 2], 2, 2)).toEqual({ items: [1, 2], page: 2, hasNext: false });
  });

  it('takes ?before= only as a wire time', () => {
    expect(beforeParam('2026-11-20 09:00:00')).toBe('2026-11-20 09:00:00');
    expect(beforeParam('2026-13-40 99:00:00')).toBeUndefined();
    expect(beforeParam("1' or 1=1")).toBeUndefined();
    expect(beforeParam(null)).toBeUndefined();
  });
});
