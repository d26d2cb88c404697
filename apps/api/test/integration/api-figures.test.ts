// Figures in the console (issue 26, ADR 072) through app.inject on a real database (SQLite, and
// PostgreSQL under `npm run test:pg`): a card payment through the webhook, a purchase, a rental, a
// read to the last page, a follow and a new reader, all made through the real services, counted on
// their day in the wire time zone and on their title; the CSV with the same figures; each role allowed
// or refused (404 / 1002 like an unknown path); bad ranges answered 1001.
import { type FiguresResponse, FiguresResponseSchema, ResponseCode, STAFF_ROLES, StaffRole } from '@manga/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, GOOD_PASSWORD, get, post, sessionCookieOf } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { createStaff, type Reader as Staff } from '#test/comments.ts';
import {
  createReader,
  deliverWebhook,
  insertShopTitle,
  ledgerAnomalies,
  type Reader,
  type ShopTitle,
  shopProduct,
} from '#test/commerce.ts';
import { TEST_NOW } from '#test/factories.ts';
import { linkOf, startSmtpServer, type TestSmtpServer } from '#test/smtp.ts';
import { StripeDouble } from '#test/stripe-double.ts';

const stripe = new StripeDouble();
let smtp: TestSmtpServer;
let t: TestApp;
let shop: ShopTitle;
const staffOf: Partial<Record<StaffRole, Staff>> = {};

// The sales day: 2026-03-10 in the wire time zone (Asia/Tokyo, UTC+9), which begins at 15:00 UTC the day before.
const DAY = '2026-03-10';
const DAY_START = Date.UTC(2026, 2, 9, 15, 0);

beforeAll(async () => {
  const apiUrl = await stripe.start();
  smtp = await startSmtpServer();
  t = await createTestApp({
    stripe: { secretKey: 'sk_test_double_key_123', webhookSecret: stripe.webhookSecret, apiUrl },
    smtpUrl: smtp.url,
    webPublicUrl: 'http://web.test',
  });
  expect(t.app.container.config.wireTimeZone).toBe('Asia/Tokyo');
  for (const role of STAFF_ROLES) staffOf[role] = await createStaff(t, role);
  shop = await insertShopTitle(t.database.db, {
    count: 3,
    price: 40,
    pages: true,
    title: { name_en: 'Tom, "Jerry"\nand co', name_ja: 'トムとジェリー' },
  });
});
afterAll(async () => {
  expect(await ledgerAnomalies(t.database.db)).toEqual([]);
  await t.close();
  await stripe.stop();
  await smtp.close();
});

const STAFF_IP = '10.42.0.1';
const as = (role: StaffRole) => staffOf[role] as Staff;
const opsGet = (path: string, who: { cookie: string } | null) =>
  t.app.inject({ method: 'GET', url: path, headers: { cookie: who?.cookie ?? '' }, remoteAddress: STAFF_IP });

async function figures(from: string, to: string, role: StaffRole = StaffRole.Analyst): Promise<FiguresResponse> {
  const res = await opsGet(`/ops/figures?from=${from}&to=${to}`, as(role));
  expect(res.statusCode, res.body).toBe(200);
  return FiguresResponseSchema.parse(res.json());
}

function expectHidden(res: LightMyRequestResponse, path: string) {
  expect(res.statusCode, `${path}: ${res.body}`).toBe(404);
  expect(res.json()).toMatchObject({
    response_code: ResponseCode.ApiNotFound,
    error_message: `no such API path: GET ${path}`,
  });
}

function expectInvalid(res: LightMyRequestResponse, pattern: RegExp) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().response_code).toBe(ResponseCode.InvalidParameter);
  expect(res.json().error_message).toMatch(pattern);
}

let signUps = 0;
/** A new reader, signed up as on the web: the address, the mailed link, a password. */
async function signUp(): Promise<Reader> {
  const email = `figures-reader-${++signUps}@example.test`;
  expect(codeOf(await post(t, '/web/account/presave', { email }))).toBe(0);
  const { token } = linkOf(await smtp.takeMail(email));
  const saved = await post(t, '/web/account/save', { password: GOOD_PASSWORD, token });
  expect(saved.statusCode, saved.body).toBe(200);
  const user = await t.database.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { userId: user.id, email, cookie: sessionCookieOf(saved) };
}

/** A checkout of the JP 3rd point pack, completed by the provider's webhook. */
async function payByCard(reader: Reader) {
  const pack = await shopProduct(t.database.db, 'JP', 'point_pack', 1);
  const started = await post(
    t,
    '/web/stp/outright',
    { asset_id: String(pack.id), path: '/title/1' },
    {
      cookie: reader.cookie,
    },
  );
  expect(codeOf(started), started.body).toBe(0);
  const payment = await t.database.db
    .selectFrom('payment')
    .select('id')
    .where('user_id', '=', reader.userId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const session = {
    id: `cs_test_${payment.id}`,
    object: 'checkout.session',
    mode: 'payment',
    payment_status: 'paid',
    status: 'complete',
    client_reference_id: String(reader.userId),
    metadata: { payment_id: String(payment.id), user_id: String(reader.userId), product_id: String(pack.id) },
    payment_intent: `pi_${payment.id}`,
  };
  const res = await deliverWebhook(t, stripe.event('checkout.session.completed', session));
  expect(res.json().result, res.body).toBe('processed');
  return pack;
}

describe('the figures of a day', () => {
  it('count a card sale, a purchase, a rental, a read to the last page, a follow and a new reader on their day and title', async () => {
    const before = await figures('2026-03-09', '2026-03-11');
    expect(before.day_list.map((d) => d.date)).toEqual(['2026-03-09', DAY, '2026-03-11']);
    expect(before.day_list.every((d) => d.purchases === 0 && d.new_readers === 0)).toBe(true);
    expect(before.time_zone).toBe('Asia/Tokyo');

    // 00:30 on the sales day in Tokyo, still the day before in UTC: counts for the sales day.
    t.clock.set(DAY_START + 30 * 60_000);
    const reader = await signUp();
    const pack = await payByCard(reader);
    const episode = shop.episodes[1]!;
    const bought = await post(
      t,
      '/episode/paid',
      { episode_id: String(episode.id), check_point: '40' },
      {
        cookie: reader.cookie,
      },
    );
    expect(codeOf(bought), bought.body).toBe(0);
    const rented = await post(
      t,
      '/episode/rental/ticket',
      { episode_id: String(shop.episodes[2]!.id), ticket_type: '1', ticket_version: '1' },
      { cookie: reader.cookie },
    );
    expect(codeOf(rented), rented.body).toBe(0);
    expect((await get(t, `/web/episode/viewer?episode_id=${episode.id}`, { cookie: reader.cookie })).statusCode).toBe(
      200,
    );
    expect(codeOf(await get(t, `/episode/viewer/finish?episode_id=${episode.id}`, { cookie: reader.cookie }))).toBe(0);
    // A second reader opens the free first chapter and stops before its end.
    const browser = await signUp();
    expect(
      (await get(t, `/web/episode/viewer?episode_id=${shop.episodes[0]!.id}`, { cookie: browser.cookie })).statusCode,
    ).toBe(200);
    expect(codeOf(await post(t, '/favorite/add', { title_id: String(shop.title.id) }, { cookie: reader.cookie }))).toBe(
      0,
    );
    // 23:59 the day before in Tokyo: a reader who counts for the day before only.
    t.clock.set(DAY_START - 60_000);
    await signUp();
    t.clock.set(TEST_NOW);

    for (const role of [StaffRole.Analyst, StaffRole.Editor, StaffRole.Admin]) {
      const after = await figures('2026-03-09', '2026-03-11', role);
      const [dayBefore, day, dayAfter] = after.day_list;
      expect(day).toEqual({
        date: DAY,
        points_sold: pack.paid_point + pack.bonus_point,
        points_spent: 40,
        purchases: 1,
        rentals: 1,
        new_readers: 2,
        follows: 1,
      });
      expect(dayBefore).toMatchObject({ date: '2026-03-09', new_readers: 1, purchases: 0, points_sold: 0 });
      expect(dayAfter).toMatchObject({ date: '2026-03-11', new_readers: 0, purchases: 0 });
      expect(after.sale_list).toEqual([
        {
          date: DAY,
          region: 'JP',
          currency: pack.currency,
          payments: 1,
          amount_minor: pack.price_minor,
          points: pack.paid_point + pack.bonus_point,
        },
      ]);
      expect(after.title_list).toEqual([
        {
          title_id: shop.title.id,
          name_en: 'Tom, "Jerry"\nand co',
          name_ja: 'トムとジェリー',
          purchases: 1,
          rentals: 1,
          reads: 2,
          reads_finished: 1,
        },
      ]);
    }
    // A range without the sales day shows none of it.
    const later = await figures('2026-03-11', '2026-03-11');
    expect(later.sale_list).toEqual([]);
    expect(later.title_list).toEqual([]);

    const csv = await opsGet(`/ops/figures.csv?from=2026-03-09&to=2026-03-11`, as(StaffRole.Analyst));
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="figures-2026-03-09-2026-03-11.csv"');
    expect(csv.body).toContain(`${DAY},${pack.paid_point + pack.bonus_point},40,1,1,2,1\r\n`);
    expect(csv.body).toContain(
      `${DAY},JP,${pack.currency},1,${pack.price_minor},${pack.paid_point + pack.bonus_point}\r\n`,
    );
    // The title's comma, quotes and line break stay inside one quoted field.
    expect(csv.body).toContain(`${shop.title.id},"Tom, ""Jerry""\nand co",トムとジェリー,1,1,2,1\r\n`);
  });
});

describe('who may see the figures', () => {
  it.each(STAFF_ROLES)('answers a %s by their role', async (role) => {
    const may = role === StaffRole.Admin || role === StaffRole.Editor || role === StaffRole.Analyst;
    for (const path of ['/ops/figures', '/ops/figures.csv']) {
      const res = await opsGet(`${path}?from=2026-01-01&to=2026-01-02`, as(role));
      if (may) expect(res.statusCode, `${role} ${path}: ${res.body}`).toBe(200);
      else expectHidden(res, path);
    }
  });

  it('answers guests and readers as an unknown path, even with a bad range', async () => {
    const reader = await createReader(t);
    for (const who of [null, { cookie: reader.cookie }]) {
      for (const path of ['/ops/figures', '/ops/figures.csv']) {
        expectHidden(await opsGet(`${path}?from=2026-01-01&to=2026-01-02`, who), path);
        expectHidden(await opsGet(`${path}?from=nonsense`, who), path);
      }
    }
  });
});

describe('bad ranges', () => {
  it.each([
    ['', /from/],
    ['?from=2026-01-01', /to/],
    ['?from=2026-1-1&to=2026-01-02', /YYYY-MM-DD/],
    ['?from=2026-02-30&to=2026-03-01', /not a calendar date/],
    ['?from=2026-01-01&to=tomorrow', /YYYY-MM-DD/],
    ['?from=2026-01-01%27%20or%201=1&to=2026-01-02', /YYYY-MM-DD/],
    ['?from=2026-01-02&to=2026-01-01', /from \(2026-01-02\) is after to \(2026-01-01\)/],
    ['?from=2025-01-01&to=2026-01-02', /367 days; at most 366 days/],
  ])('refuses %s with 1001, on the JSON and the CSV', async (query, pattern) => {
    for (const path of ['/ops/figures', '/ops/figures.csv']) {
      expectInvalid(await opsGet(`${path}${query}`, as(StaffRole.Analyst)), pattern);
    }
  });

  it('answers the longest range, 366 days, one entry a day', async () => {
    const year = await figures('2025-01-02', '2026-01-02');
    expect(year.day_list).toHaveLength(366);
    expect(year.day_list[0]?.date).toBe('2025-01-02');
    expect(year.day_list.at(-1)?.date).toBe('2026-01-02');
  });
});
