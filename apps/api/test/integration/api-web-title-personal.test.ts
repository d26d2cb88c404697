// GET /web/title/personal (ADR 076) on a real database (SQLite, and PostgreSQL with `npm run
// test:pg`): each part equal to the wire call that gives it alone, for the caller's session only;
// refused as those calls are without a session, with a forged one, for an unknown title and for bad
// parameters; private, no-store.
import { ResponseCode, WebTitlePersonalResponseSchema } from '@manga/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, get, post } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { createReader, endWalletTest, insertShopTitle, type Reader, type ShopTitle } from '#test/commerce.ts';
import { insertTitle } from '#test/factories.ts';

let t: TestApp;
let shop: ShopTitle;
let alice: Reader;
let bob: Reader;

const personal = (titleId: number | string, cookie?: string) =>
  get(t, `/web/title/personal?title_id=${titleId}`, cookie ? { cookie } : {});

async function personalOf(reader: Reader, titleId = shop.title.id) {
  const res = await personal(titleId, reader.cookie);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return WebTitlePersonalResponseSchema.parse(res.json());
}

/** What the five wire calls answer alone for the same reader and title. */
async function callsAlone(reader: Reader, titleId = shop.title.id) {
  const alone = async (path: string) => {
    const res = await get(t, path, { cookie: reader.cookie });
    expect(res.statusCode, path).toBe(200);
    return res.json();
  };
  const titles = await alone(`/title/list?title_id_list=${titleId}`);
  const episodeIds: number[] = titles.title_list[0].episode_id_list;
  return {
    favorite_status: titles.title_list[0].favorite_status,
    episode_list: (await alone(`/episode/list?episode_id_list=${episodeIds.join(',')}`)).episode_list,
    title_ticket: (await alone(`/title/ticket/list?title_id_list=${titleId}`)).title_ticket_list[0] ?? null,
    viewed_title: (await alone(`/title/viewed/progress?title_id=${titleId}`)).viewed_title,
    alerts: await alone('/user/chapter_alert_setting'),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  shop = await insertShopTitle(t.database.db, { count: 4, price: 40, pages: true, episode: { page_count: 1 } });
  alice = await createReader(t, { paid: 500 });
  bob = await createReader(t, { paid: 500 });
  const [first, second, third] = shop.episodes;
  const as = { cookie: alice.cookie };
  // Alice follows the title with its mail off, bought the second chapter, rents the third with her
  // title ticket and read the first to its page 1.
  expect((await post(t, '/favorite/add', { title_id: String(shop.title.id) }, as)).statusCode).toBe(200);
  await post(t, '/favorite/alert', { title_id: String(shop.title.id), alert_mail: '0' }, as);
  const bought = await post(t, '/episode/paid', { episode_id: String(second?.id), check_point: '40' }, as);
  expect(bought.json().status).toBe('success');
  const rented = await post(
    t,
    '/episode/rental/ticket',
    { episode_id: String(third?.id), ticket_type: '1', ticket_version: '1' },
    as,
  );
  expect(rented.json().status).toBe('success');
  const read = await post(t, '/episode/viewer/progress', { episode_id: String(first?.id), page: '1' }, as);
  expect(read.statusCode).toBe(200);
});
afterEach(() => endWalletTest(t));
afterAll(() => t.close());

describe('GET /web/title/personal', () => {
  it("answers each part as the wire call alone does, for the caller's own session", async () => {
    for (const reader of [alice, bob]) {
      const answer = await personalOf(reader);
      const alone = await callsAlone(reader);
      expect(answer.favorite_status).toBe(alone.favorite_status);
      expect(answer.episode_list).toEqual(alone.episode_list);
      expect(answer.title_ticket).toEqual(alone.title_ticket);
      expect(answer.viewed_title).toEqual(alone.viewed_title);
      expect(answer.chapter_alert_mail).toBe(alone.alerts.chapter_alert_mail);
      expect(answer.alert_off_title_list).toEqual(alone.alerts.alert_off_title_list);
    }
    // Alice's state is hers: Bob follows nothing, owns nothing, read nothing.
    const [a, b] = [await personalOf(alice), await personalOf(bob)];
    expect(a.episode_list).toHaveLength(shop.episodes.length);
    expect([a.favorite_status, b.favorite_status]).toEqual([1, 0]);
    expect(a.alert_off_title_list).toEqual([shop.title.id]);
    expect(b.alert_off_title_list).toEqual([]);
    expect(a.viewed_title?.episode_id).toBe(shop.episodes[0]?.id);
    expect(b.viewed_title).toBeNull();
    expect(a.episode_list.map((episode) => episode.badge)).not.toEqual(b.episode_list.map((episode) => episode.badge));
    expect(a.title_ticket?.ticket_info.title_ticket_info?.own_ticket_num).toBe(0);
    expect(b.title_ticket?.ticket_info.title_ticket_info?.own_ticket_num).toBe(1);
  });

  it('says when the answer changes by the clock alone: a rental ends, a ticket recovers, a premium ticket expires (ADR 082)', async () => {
    const db = t.database.db;
    const rental = await db
      .selectFrom('rental')
      .select('expires_at')
      .where('user_id', '=', alice.userId)
      .executeTakeFirstOrThrow();
    const ticket = await db
      .selectFrom('title_ticket')
      .select('last_recovered_at')
      .where('user_id', '=', alice.userId)
      .executeTakeFirstOrThrow();
    const title = await db
      .selectFrom('title')
      .select('ticket_recover_seconds')
      .where('id', '=', shop.title.id)
      .executeTakeFirstOrThrow();
    const recovery = Number(ticket.last_recovered_at) + title.ticket_recover_seconds * 1000;
    expect((await personalOf(alice)).changes_at).toBe(Math.min(Number(rental.expires_at), recovery));
    // A new reader holds a full stock, rents nothing and has no premium ticket: nothing ends by the clock.
    const carol = await createReader(t, { paid: 0 });
    expect((await personalOf(carol)).changes_at).toBeNull();
    const expiresAt = Date.now() + 3 * 86_400_000;
    await db
      .insertInto('premium_ticket')
      .values([
        {
          user_id: carol.userId,
          source: 'operator',
          granted_at: Date.now(),
          expires_at: expiresAt + 1_000,
          used_at: null,
          used_episode_id: null,
        },
        {
          user_id: carol.userId,
          source: 'operator',
          granted_at: Date.now(),
          expires_at: expiresAt,
          used_at: null,
          used_episode_id: null,
        },
      ])
      .execute();
    expect((await personalOf(carol)).changes_at).toBe(expiresAt);
    // Renting with the first to expire: the next change is the rental's end (before the other's expiry).
    const rented = await post(
      t,
      '/episode/rental/ticket',
      { episode_id: String(shop.episodes[3]?.id), ticket_type: '99', ticket_version: '1' },
      { cookie: carol.cookie },
    );
    expect(rented.json().status).toBe('success');
    const carolRental = await db
      .selectFrom('rental')
      .select('expires_at')
      .where('user_id', '=', carol.userId)
      .executeTakeFirstOrThrow();
    expect(Number(carolRental.expires_at)).toBeLessThan(expiresAt);
    expect((await personalOf(carol)).changes_at).toBe(Number(carolRental.expires_at));
    // Carol's premium tickets are not Bob's.
    expect((await personalOf(bob)).changes_at).toBeNull();
  });

  it('shows what the reader does next at the next call', async () => {
    const before = await personalOf(bob);
    const fourth = shop.episodes[3]?.id as number;
    const bought = await post(
      t,
      '/episode/paid',
      { episode_id: String(fourth), check_point: '40' },
      { cookie: bob.cookie },
    );
    expect(bought.json().status).toBe('success');
    const after = await personalOf(bob);
    const badge = (answer: typeof before) =>
      answer.episode_list.find((episode) => episode.episode_id === fourth)?.badge;
    expect(badge(after)).not.toBe(badge(before));
    expect(after.episode_list).toEqual((await callsAlone(bob)).episode_list);
  });

  it('refuses as the calls alone do: no session, a forged one, an unknown title, bad parameters', async () => {
    const settingAlone = await get(t, '/user/chapter_alert_setting');
    const anonymous = await personal(shop.title.id);
    expect(anonymous.statusCode).toBe(settingAlone.statusCode);
    expect(codeOf(anonymous)).toBe(ResponseCode.UserNotLogin);

    const forged = 'dev_uwt=forged-session-token-0000000000000000';
    const forgedAlone = await get(t, '/user/chapter_alert_setting', { cookie: forged });
    const forgedAnswer = await personal(shop.title.id, forged);
    expect(forgedAnswer.statusCode).toBe(forgedAlone.statusCode);
    expect(codeOf(forgedAnswer)).toBe(codeOf(forgedAlone));
    expect(codeOf(forgedAnswer)).toBe(ResponseCode.UserNotLogin);

    const unpublished = await insertTitle(t.database.db, { published_at: Date.now() + 365 * 86_400_000 });
    for (const id of [999_999, unpublished.id]) {
      const res = await personal(id, alice.cookie);
      expect(codeOf(res), String(id)).toBe(ResponseCode.TitleNotFound);
      expect(codeOf(res)).toBe(codeOf(await get(t, `/web/title/detail?title_id=${id}`)));
    }
    for (const bad of ['abc', '-1', '1.5', '99999999999999999999', '']) {
      const res = await personal(bad, alice.cookie);
      expect(codeOf(res), bad).toBe(ResponseCode.InvalidParameter);
      expect(res.statusCode).toBe((await get(t, `/web/title/detail?title_id=${bad}`)).statusCode);
    }
    const missing = await get(t, '/web/title/personal', { cookie: alice.cookie });
    expect(codeOf(missing)).toBe(ResponseCode.InvalidParameter);
  });

  it('answers another title with what the reader has of that one only', async () => {
    const other = await insertShopTitle(t.database.db, { count: 2, price: 30 });
    const first = await personalOf(alice, other.title.id);
    expect(first.favorite_status).toBe(0);
    expect(first.viewed_title).toBeNull();
    expect(first.episode_list).toEqual((await callsAlone(alice, other.title.id)).episode_list);
  });
});
