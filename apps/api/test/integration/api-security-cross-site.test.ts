// Issue 22 item 2: cross-site request forgery from a page of the same site (another port of the host,
// a sibling subdomain), which SameSite=Lax lets the visitor's cookies through to. A state-changing call
// that carries cookies must come from a configured web origin or the API's own (ADR 028); refused
// calls answer 403 / 1001 and change nothing. Apps (no Origin) and cookie-less calls are unaffected.
import { type OpsNgWordListResponse, ResponseCode } from '@manga/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#src/config.ts';
import { codeOf, post } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { bodyOf, createModerator } from '#test/comments.ts';
import {
  balanceOf,
  createReader,
  endWalletTest,
  insertShopTitle,
  type Reader,
  type ShopTitle,
} from '#test/commerce.ts';

const WEB_ORIGIN = 'http://127.0.0.1:3240';
const API_ORIGIN = 'http://127.0.0.1:3241';
const FOREIGN = 'http://127.0.0.1:9999';

let t: TestApp;
let shop: ShopTitle;

beforeAll(async () => {
  t = await createTestApp({ webOrigins: ['http://localhost:3000', WEB_ORIGIN], publicApiUrl: API_ORIGIN });
  shop = await insertShopTitle(t.database.db, { count: 8, price: 40 });
});
afterEach(() => endWalletTest(t));
afterAll(() => t.close());

const buy = (reader: Reader | null, episode: number, headers: Record<string, string>) =>
  post(
    t,
    '/episode/paid',
    { episode_id: String(shop.episodes[episode]?.id), check_point: '40' },
    { ...(reader ? { cookie: reader.cookie } : {}), headers },
  );

async function purchases(reader: Reader): Promise<number> {
  const rows = await t.database.db.selectFrom('purchase').select('id').where('user_id', '=', reader.userId).execute();
  return rows.length;
}

describe('a state-changing call with the session cookie', () => {
  it.each([
    ['another port of the same host', { origin: FOREIGN, 'sec-fetch-site': 'same-site' }],
    ['a sibling subdomain', { origin: 'http://evil.localhost:3000' }],
    ['an opaque origin (a sandboxed frame, a redirect)', { origin: 'null' }],
    ['no Origin, but Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
    ['no Origin, but Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
  ])('from %s is refused with 403 / 1001, nothing spent', async (_from, headers) => {
    const reader = await createReader(t, { paid: 100 });
    const res = await buy(reader, 0, headers);
    expect(res.statusCode).toBe(403);
    expect(codeOf(res)).toBe(ResponseCode.InvalidParameter);
    expect(res.json().error_message).toMatch(/^cross-site request refused/);
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 100, free: 0 });
    expect(await purchases(reader)).toBe(0);
  });

  it.each([
    ['a configured web origin', { origin: WEB_ORIGIN, 'sec-fetch-site': 'same-origin' }],
    ['another configured web origin', { origin: 'http://localhost:3000' }],
    ["the API's own origin", { origin: API_ORIGIN }],
    ['a page of the origin without Origin', { 'sec-fetch-site': 'same-origin' }],
    ['an app (neither header)', {}],
  ])('from %s goes through', async (_from, headers) => {
    const reader = await createReader(t, { paid: 100 });
    const res = await buy(reader, 1, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(await purchases(reader)).toBe(1);
  });

  it('refuses every unsafe method before routing, and leaves reads alone', async () => {
    const reader = await createReader(t, { paid: 100 });
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: '/episode/paid',
        headers: { cookie: reader.cookie, origin: FOREIGN },
      });
      expect(res.statusCode, method).toBe(403);
    }
    const read = await t.app.inject({
      method: 'GET',
      url: '/account/point',
      headers: { cookie: reader.cookie, origin: FOREIGN },
    });
    expect(read.statusCode).toBe(200);
  });

  it('does not touch cookie-less calls (app-signed clients, webhooks): they fail or pass on their own', async () => {
    const res = await buy(null, 2, { origin: FOREIGN });
    expect(res.statusCode).toBe(400);
    expect(codeOf(res)).toBe(ResponseCode.UserNotLogin);
  });
});

describe("an operator's moderation call", () => {
  it('from a foreign origin adds no NG word', async () => {
    const operator = await createModerator(t);
    const add = (origin: string) =>
      post(
        t,
        '/ops/ngword/add',
        { word: 'crosssiteword', reason: 'csrf test' },
        { cookie: operator.cookie, headers: { origin } },
      );
    const refused = await add(FOREIGN);
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe(ResponseCode.InvalidParameter);
    const list = async () =>
      bodyOf<OpsNgWordListResponse>(
        await t.app.inject({ method: 'GET', url: '/ops/ngword/list', headers: { cookie: operator.cookie } }),
      ).ng_word_list.map((entry) => entry.word);
    expect(await list()).not.toContain('crosssiteword');
    expect((await add(WEB_ORIGIN)).statusCode).toBe(200);
    expect(await list()).toContain('crosssiteword');
  });
});

describe('MANGA_WEB_ORIGIN (issue 24 item 13)', () => {
  it('defaults to both loopback names of the site, read by the same rule as the web server', () => {
    expect(loadConfig({}).webOrigins).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
    expect(loadConfig({ MANGA_WEB_ORIGIN: 'HTTP://192.168.1.20:3000/, http://localhost:3000' }).webOrigins).toEqual([
      'http://192.168.1.20:3000',
      'http://localhost:3000',
    ]);
  });

  it('refuses to start on an entry that is not an http(s) origin', () => {
    expect(() => loadConfig({ MANGA_WEB_ORIGIN: 'http://localhost:3000,192.168.1.20' })).toThrow(/MANGA_WEB_ORIGIN/);
  });
});
