// GET /web/my/personal (ADR 076) on a real database (SQLite, and PostgreSQL with `npm run test:pg`):
// each part equal to the wire call that gives it alone, for the caller's own session, with the paging
// asked; a part its call refuses alone (a suspended account's wallet) refused in place with the same
// code while the others answer; the whole refused without a session; private, no-store.
import { ResponseCode, WebMyPersonalResponseSchema } from '@manga/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { wireDate, wireDayBounds } from '#src/rules/wire-calendar.rules.ts';
import { codeOf, get, post } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { createReader, endWalletTest, grant, insertShopTitle, type Reader, type ShopTitle } from '#test/commerce.ts';

let t: TestApp;
let shop: ShopTitle;
let alice: Reader;
let bob: Reader;

/** The call each part stands for, with the paging of `query`. */
function callsOf(query: Record<string, number>) {
  const paging = (limit: string, offset?: string) =>
    [
      query[limit] === undefined ? '' : `limit=${query[limit]}`,
      offset && query[offset] !== undefined ? `offset=${query[offset]}` : '',
    ]
      .filter(Boolean)
      .join('&');
  return {
    account_point: '/account/point',
    viewed_titles: `/title/viewed/list?${paging('viewed_limit')}`,
    favorites: '/favorite/list?limit=0&needs_title_list=1',
    purchased_titles: `/web/title/purchased?${paging('purchased_limit', 'purchased_offset')}`,
    comment_history: `/episode/comment/history?sort=new&${paging('comment_limit', 'comment_offset')}`,
    comment_like_notices: '/episode/comment/like/notice',
    login_bonus: '/web/loginbonus',
  } as const;
}

async function personalOf(reader: Reader, query: Record<string, number> = {}) {
  const search = new URLSearchParams(
    Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]),
  );
  const res = await get(t, `/web/my/personal?${search}`, { cookie: reader.cookie });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return WebMyPersonalResponseSchema.parse(res.json());
}

/** Both answers with the volatile parts of an error envelope (its time) and of a read (seen times) set aside. */
const comparable = (answer: Record<string, unknown>) => {
  const { server_time: _time, ...rest } = answer;
  return rest;
};

beforeAll(async () => {
  t = await createTestApp();
  shop = await insertShopTitle(t.database.db, { count: 4, price: 40, pages: true, episode: { page_count: 1 } });
  alice = await createReader(t, { paid: 500 });
  bob = await createReader(t, { paid: 100 });
  const as = { cookie: alice.cookie };
  const [first, second] = shop.episodes;
  expect((await post(t, '/favorite/add', { title_id: String(shop.title.id) }, as)).statusCode).toBe(200);
  const bought = await post(t, '/episode/paid', { episode_id: String(second?.id), check_point: '40' }, as);
  expect(bought.json().status).toBe('success');
  expect((await post(t, '/episode/viewer/progress', { episode_id: String(first?.id), page: '1' }, as)).statusCode).toBe(
    200,
  );
  const comment = await post(t, '/episode/comment/post', { episode_id: String(first?.id), comment: 'Lovely page' }, as);
  expect(comment.json().status, comment.body).toBe('success');
});
afterEach(() => endWalletTest(t));
afterAll(() => t.close());

describe('GET /web/my/personal', () => {
  it("answers each part as its call alone does, for the caller's own session and paging", async () => {
    for (const [reader, query] of [
      [alice, { viewed_limit: 4, purchased_limit: 6, purchased_offset: 0, comment_limit: 10, comment_offset: 0 }],
      [bob, {}],
      [alice, { purchased_limit: 1, purchased_offset: 1, comment_limit: 1, comment_offset: 1 }],
    ] as const) {
      const answer = await personalOf(reader, query);
      for (const [part, path] of Object.entries(callsOf(query))) {
        const alone = await get(t, path, { cookie: reader.cookie });
        expect(alone.statusCode, path).toBe(200);
        const mine = answer[part as keyof typeof answer] as Record<string, unknown>;
        // The like notices mark themselves read: alone, the second read has the first's time.
        if (part === 'comment_like_notices') {
          expect(mine.like_notice_list, path).toEqual(alone.json().like_notice_list);
          continue;
        }
        expect(mine, path).toEqual(alone.json());
      }
    }
    const [a, b] = [await personalOf(alice), await personalOf(bob)];
    expect([a.favorites, b.favorites].map((part) => ('favorite_num' in part ? part.favorite_num : -1))).toEqual([1, 0]);
    expect('title_count' in a.purchased_titles && a.purchased_titles.title_count).toBe(1);
    expect('comment_list' in a.comment_history && a.comment_history.comment_list.map((c) => c.comment)).toEqual([
      'Lovely page',
    ]);
    expect('comment_list' in b.comment_history && b.comment_history.comment_list).toEqual([]);
  });

  it('answers a part its call refuses alone with that refusal, and the others as usual', async () => {
    const carol = await createReader(t, { paid: 50 });
    await t.database.db.updateTable('user').set({ status: 'suspended' }).where('id', '=', carol.userId).execute();
    const answer = await personalOf(carol);
    let refused = 0;
    for (const [part, path] of Object.entries(callsOf({}))) {
      const alone = await get(t, path, { cookie: carol.cookie });
      const mine = answer[part as keyof typeof answer] as Record<string, unknown>;
      if (alone.statusCode === 200) {
        expect(mine.status, path).toBe('success');
        continue;
      }
      refused += 1;
      expect(comparable(mine), path).toEqual(comparable(alone.json()));
      expect(mine.response_code, path).toBe(ResponseCode.AccountSuspended);
    }
    // The wallet at least refuses a suspended account; following lists do not.
    expect(answer.account_point.status).toBe('error');
    expect(answer.favorites.status).toBe('success');
    expect(refused).toBeGreaterThan(0);
  });

  it('says when the answer changes by the clock alone: a lot or a premium ticket expires, the day turns (ADR 083)', async () => {
    const { config, clock } = t.app.container;
    const now = clock.now();
    const dayEnd = () => wireDayBounds(wireDate(now, config.wireTimeZone), config.wireTimeZone).end;
    // Paid points that never expire: only the login bonus's day turns.
    const dave = await createReader(t, { paid: 100 });
    expect((await personalOf(dave)).changes_at).toBe(dayEnd());
    // Free points expiring before the day turns; a later lot does not count first.
    const lotEnd = now + Math.floor((dayEnd() - now) / 2);
    await grant(t, dave.userId, 'free', 5, lotEnd + 60_000);
    await grant(t, dave.userId, 'free', 5, lotEnd);
    expect((await personalOf(dave)).changes_at).toBe(lotEnd);
    // A premium ticket expiring before that lot.
    const ticketEnd = lotEnd - 30_000;
    await t.database.db
      .insertInto('premium_ticket')
      .values({
        user_id: dave.userId,
        source: 'operator',
        granted_at: now,
        expires_at: ticketEnd,
        used_at: null,
        used_episode_id: null,
      })
      .execute();
    expect((await personalOf(dave)).changes_at).toBe(ticketEnd);
    // A lot already spent to nothing or already due is no change ahead; another reader's lots are not Dave's.
    const erin = await createReader(t, { free: 10, freeExpiresAt: now - 1_000 });
    expect((await personalOf(erin)).changes_at).toBe(dayEnd());
    expect((await personalOf(bob)).changes_at).toBe(dayEnd());
  });

  it('refuses as a whole without a session or with a forged one, and for bad paging', async () => {
    const alone = await get(t, '/account/point');
    const anonymous = await get(t, '/web/my/personal');
    expect(anonymous.statusCode).toBe(alone.statusCode);
    expect(codeOf(anonymous)).toBe(ResponseCode.UserNotLogin);
    const forged = await get(t, '/web/my/personal', { cookie: 'dev_uwt=forged-session-token-0000000000000000' });
    expect(codeOf(forged)).toBe(ResponseCode.UserNotLogin);
    for (const bad of [
      'viewed_limit=abc',
      'purchased_offset=-1',
      'comment_limit=1.5',
      'purchased_limit=99999999999999999999',
    ]) {
      const res = await get(t, `/web/my/personal?${bad}`, { cookie: alice.cookie });
      expect(codeOf(res), bad).toBe(ResponseCode.InvalidParameter);
      expect(res.statusCode, bad).toBe(400);
    }
  });
});
