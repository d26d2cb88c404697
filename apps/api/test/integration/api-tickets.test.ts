// Tickets and the login bonus over HTTP (ADR 014): /title/ticket/list, /episode/rental/ticket with
// title and premium tickets, recovery and rental end with a moved clock, /account/ticket/flow, and
// GET /loginbonus once per local day.
import {
  AccountPointResponseSchema,
  AccountTicketFlowResponseSchema,
  EpisodeListResponseSchema,
  LoginBonusResponseSchema,
  RentalTicketResponseSchema,
  ResponseCode,
  TitleTicketListResponseSchema,
} from '@manga/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, get, post } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import {
  balanceOf,
  createReader,
  DAY_MS,
  endWalletTest,
  HOUR_MS,
  insertShopTitle,
  type Reader,
  type ShopTitle,
} from '#test/commerce.ts';
import { insertEpisode, TEST_NOW } from '#test/factories.ts';

let t: TestApp;
let shop: ShopTitle;
let noTickets: ShopTitle;

beforeAll(async () => {
  t = await createTestApp();
  shop = await insertShopTitle(t.database.db, { count: 5, price: 50, pages: true });
  noTickets = await insertShopTitle(t.database.db, { count: 3, price: 50, title: { ticket_enabled: 0 } });
});
afterEach(() => endWalletTest(t));
afterAll(() => t.close());

const rent = (reader: Reader | null, episodeId: number, type = 1, version = 1) =>
  post(
    t,
    '/episode/rental/ticket',
    { episode_id: String(episodeId), ticket_type: String(type), ticket_version: String(version) },
    reader ? { cookie: reader.cookie } : {},
  );

async function ticketsOf(reader: Reader | null, titleIds: number[]) {
  const res = await get(
    t,
    `/title/ticket/list?title_id_list=${titleIds.join(',')}`,
    reader ? { cookie: reader.cookie } : {},
  );
  // A reader's tickets are theirs (the auth plugin's hook, ADR 015); a visitor's full stock is anyone's.
  expect(res.headers['cache-control']).toBe(reader ? 'private, no-store' : undefined);
  return TitleTicketListResponseSchema.parse(res.json()).title_ticket_list;
}

const grantPremium = (reader: Reader, count: number, expiresAt: number) =>
  t.app.container.services.tickets.grantPremiumTickets({ userId: reader.userId, count, expiresAt });

describe('GET /title/ticket/list', () => {
  it('shows a logged-out visitor a full stock, no premium tickets and every rentable episode', async () => {
    const [entry, plain] = await ticketsOf(null, [shop.title.id, noTickets.title.id, 99_999]);
    expect(entry).toEqual({
      title_id: shop.title.id,
      ticket_info: {
        premium_ticket_info: { own_ticket_num: 0, ticket_type: 99, rental_second: 259_200 },
        title_ticket_info: {
          own_ticket_num: 1,
          rental_second: 259_200,
          ticket_type: 1,
          ticket_version: 1,
          max_ticket_num: 1,
          recover_second: 82_800,
          finish_time: null,
          next_ticket_recover_second: 0,
        },
        target_episode_id_list: shop.episodes.slice(1).map((e) => e.id),
      },
    });
    expect(plain?.ticket_info.title_ticket_info).toBeNull();
  });
});

describe('renting with the title ticket', () => {
  it('rents, opens the viewer, counts the recovery down, refuses a second rental until it recovers', async () => {
    const reader = await createReader(t);
    const [first, second] = [shop.episodes[1]!, shop.episodes[2]!];
    const res = await rent(reader, first.id);
    expect(res.statusCode).toBe(200);
    expect(RentalTicketResponseSchema.parse(res.json()).rental_finish_time).toBe('2026-01-04 09:00:00');
    expect((await get(t, `/web/episode/viewer?episode_id=${first.id}`, { cookie: reader.cookie })).statusCode).toBe(
      200,
    );
    const listed = EpisodeListResponseSchema.parse(
      (await post(t, '/episode/list', { episode_id_list: String(first.id) }, { cookie: reader.cookie })).json(),
    ).episode_list[0];
    expect(listed).toMatchObject({ badge: 4, rental_finish_time: '2026-01-04 09:00:00' });

    const [afterUse] = await ticketsOf(reader, [shop.title.id]);
    expect(afterUse?.ticket_info.title_ticket_info).toMatchObject({
      own_ticket_num: 0,
      next_ticket_recover_second: 82_800,
    });
    expect(afterUse?.ticket_info.target_episode_id_list).not.toContain(first.id);
    t.clock.set(TEST_NOW + HOUR_MS);
    const [anHourLater] = await ticketsOf(reader, [shop.title.id]);
    expect(anHourLater?.ticket_info.title_ticket_info?.next_ticket_recover_second).toBe(82_800 - 3600);
    const refused = await rent(reader, second.id);
    expect([refused.statusCode, codeOf(refused)]).toEqual([400, ResponseCode.TicketShortage]);

    t.clock.set(TEST_NOW + 23 * HOUR_MS);
    const [recovered] = await ticketsOf(reader, [shop.title.id]);
    expect(recovered?.ticket_info.title_ticket_info).toMatchObject({
      own_ticket_num: 1,
      next_ticket_recover_second: 0,
    });
    expect((await rent(reader, second.id)).statusCode).toBe(200);

    t.clock.set(TEST_NOW + 72 * HOUR_MS);
    const ended = await get(t, `/web/episode/viewer?episode_id=${first.id}`, { cookie: reader.cookie });
    expect(codeOf(ended)).toBe(ResponseCode.EpisodeUnpurchased);
    const relisted = EpisodeListResponseSchema.parse(
      (
        await post(t, '/episode/list', { episode_id_list: `${first.id},${second.id}` }, { cookie: reader.cookie })
      ).json(),
    ).episode_list;
    expect(relisted.map((e) => [e.badge, e.rental_finish_time])).toEqual([
      [1, null],
      [4, '2026-01-05 08:00:00'],
    ]);
  });

  it('refuses what a ticket cannot rent, with the code that says why', async () => {
    const reader = await createReader(t, { paid: 100 });
    const scheduled = await insertEpisode(t.database.db, {
      title_id: shop.title.id,
      sort_index: 40,
      point: 50,
      ticket_rental_enabled: 1,
      start_at: TEST_NOW + DAY_MS,
    });
    const notRentable = await insertEpisode(t.database.db, { title_id: shop.title.id, sort_index: 41, point: 50 });
    const cases: [string, Promise<{ statusCode: number; json(): unknown }>, number][] = [
      ['free', rent(reader, shop.episodes[0]!.id), ResponseCode.EpisodeCannotRent],
      ['scheduled', rent(reader, scheduled.id), ResponseCode.EpisodeCannotRent],
      ['not rentable', rent(reader, notRentable.id), ResponseCode.EpisodeCannotRent],
      ['stale version', rent(reader, shop.episodes[3]!.id, 1, 2), ResponseCode.EpisodeCannotRent],
      ['unknown type', rent(reader, shop.episodes[3]!.id, 7, 1), ResponseCode.EpisodeCannotRent],
      ['no title tickets', rent(reader, noTickets.episodes[1]!.id), ResponseCode.EpisodeCannotRent],
      ['unknown episode', rent(reader, 987_654), ResponseCode.EpisodeNotFound],
      ['no premium ticket', rent(reader, shop.episodes[3]!.id, 99, 1), ResponseCode.TicketShortage],
      ['logged out', rent(null, shop.episodes[3]!.id), ResponseCode.UserNotLogin],
    ];
    for (const [name, answer, code] of cases) {
      const res = await answer;
      expect([name, res.statusCode, (res.json() as { response_code: number }).response_code]).toEqual([
        name,
        400,
        code,
      ]);
    }
    const bought = await post(
      t,
      '/episode/paid',
      { episode_id: String(shop.episodes[4]!.id), check_point: '50' },
      { cookie: reader.cookie },
    );
    expect(bought.statusCode).toBe(200);
    expect(codeOf(await rent(reader, shop.episodes[4]!.id))).toBe(ResponseCode.EpisodeAlreadyPurchased);
    const rentals = await t.database.db
      .selectFrom('rental')
      .select('id')
      .where('user_id', '=', reader.userId)
      .execute();
    expect(rentals).toEqual([]);
  });

  it('answers 3102 for an episode rented already', async () => {
    const reader = await createReader(t);
    expect((await rent(reader, shop.episodes[3]!.id)).statusCode).toBe(200);
    await grantPremium(reader, 1, TEST_NOW + DAY_MS);
    expect(codeOf(await rent(reader, shop.episodes[3]!.id, 99, 1))).toBe(ResponseCode.EpisodeAlreadyPurchased);
    const [entry] = await ticketsOf(reader, [shop.title.id]);
    expect(entry?.ticket_info.premium_ticket_info?.own_ticket_num).toBe(1);
  });
});

describe('premium tickets', () => {
  it('rents with the ticket that expires first; expired tickets are gone; the flow tells every movement', async () => {
    const reader = await createReader(t);
    await grantPremium(reader, 1, TEST_NOW + 5 * DAY_MS);
    await grantPremium(reader, 2, TEST_NOW + 2 * DAY_MS);
    const point = AccountPointResponseSchema.parse((await get(t, '/account/point', { cookie: reader.cookie })).json());
    expect(point.ticket).toEqual({
      total_num: 3,
      detail_list: [
        { expired: '2026-01-03 09:00:00', expire_second: 2 * 86_400 },
        { expired: '2026-01-03 09:00:00', expire_second: 2 * 86_400 },
        { expired: '2026-01-06 09:00:00', expire_second: 5 * 86_400 },
      ],
    });
    t.clock.set(TEST_NOW + HOUR_MS);
    const res = await rent(reader, shop.episodes[1]!.id, 99, 1);
    expect(RentalTicketResponseSchema.parse(res.json()).rental_finish_time).toBe('2026-01-04 10:00:00');
    const used = await t.database.db
      .selectFrom('premium_ticket')
      .select(['expires_at', 'used_episode_id'])
      .where('user_id', '=', reader.userId)
      .where('used_at', 'is not', null)
      .execute();
    expect(used).toEqual([{ expires_at: TEST_NOW + 2 * DAY_MS, used_episode_id: shop.episodes[1]!.id }]);

    t.clock.set(TEST_NOW + 3 * DAY_MS);
    const [entry] = await ticketsOf(reader, [shop.title.id]);
    expect(entry?.ticket_info.premium_ticket_info?.own_ticket_num).toBe(1);
    const flow = AccountTicketFlowResponseSchema.parse(
      (await get(t, '/account/ticket/flow?limit=10', { cookie: reader.cookie })).json(),
    ).ticket_flow_list;
    expect(flow.map((m) => [m.event, m.ticket_kind, m.ticket_num, m.episode_id])).toEqual([
      ['expired', 'premium', -1, null],
      ['used', 'premium', -1, shop.episodes[1]!.id],
      ['granted', 'premium', 1, null],
      ['granted', 'premium', 1, null],
      ['granted', 'premium', 1, null],
    ]);
    expect(flow[1]).toMatchObject({ title_id: shop.title.id, rental_finish_time: '2026-01-04 10:00:00', source: '' });
    expect(flow[2]).toMatchObject({ source: 'operator', expire_time: '2026-01-03 09:00:00' });
    expect(codeOf(await get(t, '/account/ticket/flow'))).toBe(ResponseCode.UserNotLogin);
  });
});

describe('GET /loginbonus', () => {
  const claim = (reader: Reader) => get(t, '/loginbonus?loginbonus_ab=1', { cookie: reader.cookie });

  it('claims once per local day, goes on the next day, starts again after a missed day', async () => {
    const reader = await createReader(t);
    const first = LoginBonusResponseSchema.parse((await claim(reader)).json());
    expect(first.account_point).toBe(10);
    expect(first.loginbonus_list[0]).toMatchObject({
      days_in_a_row: 1,
      today_day_index: 1,
      is_received_now: 1,
      received_point: 10,
    });
    // 23:59 in Tokyo is still the same day.
    t.clock.set(Date.UTC(2026, 0, 1, 14, 59));
    const again = LoginBonusResponseSchema.parse((await claim(reader)).json());
    expect(again.loginbonus_list[0]).toMatchObject({ is_received_now: 0, received_point: 0, days_in_a_row: 1 });
    expect(again.account_point).toBe(10);
    t.clock.set(Date.UTC(2026, 0, 1, 15, 0));
    const nextDay = LoginBonusResponseSchema.parse((await claim(reader)).json());
    expect(nextDay.loginbonus_list[0]).toMatchObject({ days_in_a_row: 2, today_day_index: 2, is_received_now: 1 });
    expect(nextDay.loginbonus_list[0]?.day_list.map((d) => d.is_received)).toEqual([1, 1, 0, 0, 0, 0, 0]);
    t.clock.set(Date.UTC(2026, 0, 3, 15, 0));
    const afterGap = LoginBonusResponseSchema.parse((await claim(reader)).json());
    expect(afterGap.loginbonus_list[0]).toMatchObject({ days_in_a_row: 1, today_day_index: 1 });
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 0, free: 30 });
  });

  it('gives a premium ticket on day 7 and claims once under concurrent calls', async () => {
    const reader = await createReader(t);
    for (let day = 0; day < 6; day++) {
      t.clock.set(TEST_NOW + day * DAY_MS);
      expect((await claim(reader)).statusCode).toBe(200);
    }
    t.clock.set(TEST_NOW + 6 * DAY_MS);
    const answers = await Promise.all(Array.from({ length: 10 }, () => claim(reader)));
    const bodies = answers.map((a) => LoginBonusResponseSchema.parse(a.json()).loginbonus_list[0]);
    expect(bodies.filter((b) => b?.is_received_now === 1)).toHaveLength(1);
    expect(bodies.every((b) => b?.today_day_index === 7)).toBe(true);
    const tickets = await t.database.db
      .selectFrom('premium_ticket')
      .select(['source', 'expires_at'])
      .where('user_id', '=', reader.userId)
      .execute();
    expect(tickets).toEqual([{ source: 'login_bonus', expires_at: TEST_NOW + 13 * DAY_MS }]);
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 0, free: 130 });
    expect(codeOf(await get(t, '/loginbonus'))).toBe(ResponseCode.UserNotLogin);
  });
});

describe('GET /web/loginbonus', () => {
  const view = async (reader: Reader) =>
    LoginBonusResponseSchema.parse((await get(t, '/web/loginbonus', { cookie: reader.cookie })).json());
  const claim = (reader: Reader) => get(t, '/loginbonus', { cookie: reader.cookie });

  it('shows the day a claim today would be without claiming it, then the claimed day', async () => {
    const reader = await createReader(t);
    const before = await view(reader);
    expect(before.loginbonus_list[0]).toMatchObject({
      days_in_a_row: 0,
      today_day_index: 1,
      is_received_now: 0,
      received_point: 0,
    });
    expect(before.loginbonus_list[0]?.day_list.map((d) => [d.is_today, d.is_received])).toEqual([
      [1, 0],
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
    // Looking twice claims nothing.
    await view(reader);
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 0, free: 0 });
    expect(before.account_point).toBe(0);

    expect((await claim(reader)).statusCode).toBe(200);
    const after = await view(reader);
    expect(after.account_point).toBe(10);
    expect(after.loginbonus_list[0]).toMatchObject({ days_in_a_row: 1, today_day_index: 1, is_received_now: 0 });
    expect(after.loginbonus_list[0]?.day_list[0]).toMatchObject({ is_today: 1, is_received: 1 });

    // The next day: day 2 is offered, day 1 stays received.
    t.clock.set(TEST_NOW + DAY_MS);
    const nextDay = await view(reader);
    expect(nextDay.loginbonus_list[0]).toMatchObject({ days_in_a_row: 1, today_day_index: 2 });
    expect(nextDay.loginbonus_list[0]?.day_list.map((d) => d.is_received)).toEqual([1, 0, 0, 0, 0, 0, 0]);
    // A missed day starts again at day 1.
    t.clock.set(TEST_NOW + 3 * DAY_MS);
    expect((await view(reader)).loginbonus_list[0]).toMatchObject({ days_in_a_row: 0, today_day_index: 1 });
  });

  it('is for a logged-in reader only', async () => {
    expect(codeOf(await get(t, '/web/loginbonus'))).toBe(ResponseCode.UserNotLogin);
  });
});
