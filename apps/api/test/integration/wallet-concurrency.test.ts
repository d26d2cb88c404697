// The wallet under concurrency and time (ADR 014), on real databases. On PostgreSQL two API instances,
// each with its own pool, take the requests at once; on SQLite one instance takes them all at once and
// its single connection is the one writer (ADR 004: a second in-process handle would block the event
// loop in better-sqlite3's busy wait). 50 concurrent purchases on one wallet, rentals racing for one
// ticket, the spending order of lots, and the ExpirePoints job with a moved clock.
import { ResponseCode } from '@manga/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '#src/db/database.ts';
import { codeOf, post } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import {
  balanceOf,
  createReader,
  DAY_MS,
  databaseUrlOf,
  grant,
  insertShopTitle,
  ledgerAnomalies,
  type Reader,
} from '#test/commerce.ts';
import { TEST_NOW } from '#test/factories.ts';

let t: TestApp;
let second: TestApp;
let secondHandle: DatabaseHandle | undefined;

beforeAll(async () => {
  t = await createTestApp();
  secondHandle =
    t.database.dialect === 'postgres'
      ? createDatabase({ url: (await databaseUrlOf(t.database)).url, poolSize: 4 })
      : undefined;
  second = secondHandle ? await createTestApp({}, secondHandle) : t;
});
afterEach(async () => {
  t.clock.set(TEST_NOW);
  second.clock.set(TEST_NOW);
  expect(await ledgerAnomalies(t.database.db)).toEqual([]);
});
afterAll(async () => {
  if (second !== t) await second.close();
  await secondHandle?.close();
  await t.close();
});

/** Sends each request to one of the two instances in turn, all at once. */
function race<T>(count: number, send: (app: TestApp, index: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, (_, index) => send(index % 2 === 0 ? t : second, index)));
}

const buy = (app: TestApp, reader: Reader, episodeId: number, price: number) =>
  post(app, '/episode/paid', { episode_id: String(episodeId), check_point: String(price) }, { cookie: reader.cookie });

async function purchasesOf(reader: Reader) {
  return t.database.db.selectFrom('purchase').select(['episode_id']).where('user_id', '=', reader.userId).execute();
}

describe('50 concurrent purchases on one wallet', () => {
  it('spends exactly, never below zero, and refuses what the balance cannot pay', async () => {
    const shop = await insertShopTitle(t.database.db, { count: 51, price: 30 });
    const reader = await createReader(t, { paid: 700, free: 300 });
    const answers = await race(50, (app, i) => buy(app, reader, shop.episodes[i + 1]!.id, 30));
    const bought = answers.filter((a) => a.statusCode === 200).length;
    expect(bought).toBe(33);
    expect(answers.filter((a) => codeOf(a) === ResponseCode.PointShortage)).toHaveLength(17);
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 10, free: 0 });
    expect(await purchasesOf(reader)).toHaveLength(33);
  });

  it('buys each of 25 episodes once when every one is submitted twice at once', async () => {
    const shop = await insertShopTitle(t.database.db, { count: 26, price: 30 });
    const reader = await createReader(t, { paid: 25 * 30 + 5 });
    const answers = await race(50, (app, i) => buy(app, reader, shop.episodes[(i % 25) + 1]!.id, 30));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(25);
    expect(answers.filter((a) => codeOf(a) === ResponseCode.EpisodeAlreadyPurchased)).toHaveLength(25);
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 5, free: 0 });
    const episodes = (await purchasesOf(reader)).map((p) => p.episode_id);
    expect(new Set(episodes).size).toBe(25);
  });
});

describe('rentals racing for tickets', () => {
  it('makes one rental of two episodes with one title ticket', async () => {
    const shop = await insertShopTitle(t.database.db, { count: 3 });
    const reader = await createReader(t);
    const answers = await race(2, (app, i) =>
      post(
        app,
        '/episode/rental/ticket',
        { episode_id: String(shop.episodes[i + 1]!.id), ticket_type: '1', ticket_version: '1' },
        { cookie: reader.cookie },
      ),
    );
    expect(answers.map((a) => codeOf(a)).sort()).toEqual([0, ResponseCode.TicketShortage]);
    const rentals = await t.database.db
      .selectFrom('rental')
      .select('id')
      .where('user_id', '=', reader.userId)
      .execute();
    expect(rentals).toHaveLength(1);
  });

  it('makes one rental per premium ticket when three race for one', async () => {
    const shop = await insertShopTitle(t.database.db, { count: 4 });
    const reader = await createReader(t);
    await t.app.container.services.tickets.grantPremiumTickets({
      userId: reader.userId,
      count: 1,
      expiresAt: TEST_NOW + DAY_MS,
    });
    const answers = await race(3, (app, i) =>
      post(
        app,
        '/episode/rental/ticket',
        { episode_id: String(shop.episodes[i + 1]!.id), ticket_type: '99', ticket_version: '1' },
        { cookie: reader.cookie },
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => codeOf(a) === ResponseCode.TicketShortage)).toHaveLength(2);
  });
});

describe('spending order', () => {
  it('takes free points before paid, the earliest expiry first, never-expiring free last', async () => {
    const shop = await insertShopTitle(t.database.db, { count: 4, price: 40 });
    const reader = await createReader(t);
    await grant(t, reader.userId, 'paid', 100, null);
    await grant(t, reader.userId, 'free', 30, TEST_NOW + 5 * DAY_MS);
    await grant(t, reader.userId, 'free', 20, null);
    await grant(t, reader.userId, 'free', 25, TEST_NOW + 2 * DAY_MS);
    const lots = async () =>
      (
        await t.database.db
          .selectFrom('point_ledger')
          .select(['kind', 'remaining', 'expires_at'])
          .where('user_id', '=', reader.userId)
          .where('delta', '>', 0)
          .orderBy('id')
          .execute()
      ).map(
        (l) => `${l.kind}:${l.expires_at === null ? 'never' : `${(l.expires_at - TEST_NOW) / DAY_MS}d`}=${l.remaining}`,
      );
    expect((await buy(t, reader, shop.episodes[1]!.id, 40)).statusCode).toBe(200);
    expect(await lots()).toEqual(['paid:never=100', 'free:5d=15', 'free:never=20', 'free:2d=0']);
    expect((await buy(t, reader, shop.episodes[2]!.id, 40)).statusCode).toBe(200);
    expect(await lots()).toEqual(['paid:never=95', 'free:5d=0', 'free:never=0', 'free:2d=0']);
    const purchases = await t.database.db
      .selectFrom('purchase')
      .select(['free_point', 'paid_point'])
      .where('user_id', '=', reader.userId)
      .orderBy('id')
      .execute();
    expect(purchases).toEqual([
      { free_point: 40, paid_point: 0 },
      { free_point: 35, paid_point: 5 },
    ]);
  });
});

describe('ExpirePoints', () => {
  it('writes an expired entry per due lot when the clock passes the expiry, once', async () => {
    const reader = await createReader(t);
    const other = await createReader(t);
    await grant(t, reader.userId, 'free', 40, TEST_NOW + DAY_MS);
    await grant(t, reader.userId, 'free', 15, TEST_NOW + 3 * DAY_MS);
    await grant(t, reader.userId, 'paid', 60, TEST_NOW + DAY_MS);
    await grant(t, other.userId, 'free', 5, TEST_NOW + DAY_MS);
    const wallet = t.app.container.services.wallet;
    expect(await wallet.handleExpirePoints()).toBe('skipped');

    t.clock.set(TEST_NOW + DAY_MS);
    expect(await wallet.hasDueLots()).toBe(true);
    expect(await wallet.handleExpirePoints()).toBe('success');
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 0, free: 15 });
    expect(await balanceOf(t.database.db, other.userId)).toEqual({ paid: 0, free: 0 });
    const expired = await t.database.db
      .selectFrom('point_ledger')
      .select(['user_id', 'kind', 'delta', 'reason', 'reference_type'])
      .where('reason', '=', 'expired')
      .where('user_id', 'in', [reader.userId, other.userId])
      .orderBy('user_id')
      .orderBy('id')
      .execute();
    expect(expired).toEqual([
      { user_id: reader.userId, kind: 'free', delta: -40, reason: 'expired', reference_type: 'point_lot' },
      { user_id: reader.userId, kind: 'paid', delta: -60, reason: 'expired', reference_type: 'point_lot' },
      { user_id: other.userId, kind: 'free', delta: -5, reason: 'expired', reference_type: 'point_lot' },
    ]);

    expect(await wallet.handleExpirePoints()).toBe('skipped');
    const again = await t.database.db.selectFrom('point_ledger').select('id').where('reason', '=', 'expired').execute();
    expect(again).toHaveLength(expired.length);

    t.clock.set(TEST_NOW + 3 * DAY_MS);
    second.clock.set(TEST_NOW + 3 * DAY_MS);
    await Promise.all([wallet.handleExpirePoints(), second.app.container.services.wallet.handleExpirePoints()]);
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 0, free: 0 });
  });
});
