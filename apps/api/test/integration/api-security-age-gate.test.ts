// Issue 9, finding 3: age-gate bypasses on an age-rated (18+) episode. Each case below was served
// the pages before: crawler headers, forged / expired / unencoded birthday cookies, a logged-in
// minor with an adult cookie, and a logged-in minor declaring an adult birthday on POST /web/law.
import { ResponseCode, serializeBirthdayCookie } from '@manga/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, createAccount, login, post, storedBirthdayOf } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { insertEpisode, insertPage, insertTitle, TEST_NOW } from '#test/factories.ts';

const DAY = 86_400_000;
const YEAR_SECONDS = 365 * 86_400;
const nowSeconds = Math.floor(TEST_NOW / 1000);
let t: TestApp;
let episodeId = 0;
let titleId = 0;
let ip = 0;
const nextIp = () => `10.42.0.${++ip}`;

beforeAll(async () => {
  t = await createTestApp();
  const title = await insertTitle(t.database.db, { age_rating: 18, published_at: TEST_NOW - 30 * DAY });
  titleId = title.id;
  const episode = await insertEpisode(t.database.db, { title_id: title.id, point: 0, start_at: TEST_NOW - DAY });
  episodeId = episode.id;
  await insertPage(t.database.db, { episode_id: episode.id, page_number: 1 });
});
afterAll(() => t.close());

const viewerUrl = () => `/web/episode/viewer?episode_id=${episodeId}`;
function read(headers: Record<string, string> = {}, url = viewerUrl()): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...headers } });
}
/** A birthday cookie as the web's age gate writes it: URL-encoded JSON expiring in a year. */
const declared = (value: string, expires = nowSeconds + YEAR_SECONDS, name = 'test_birthday') =>
  `${name}=${serializeBirthdayCookie(value, expires)}`;

function expectRefused(res: LightMyRequestResponse, label: string) {
  expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
  expect(codeOf(res), label).toBe(ResponseCode.AccountAccessDenied);
  expect(res.body, label).not.toContain('page_list":["');
}

describe('an 18+ episode', () => {
  it('opens for an adult who declared a birthday through the age gate, and stays closed without one', async () => {
    expect((await read({ cookie: declared('1990-01') })).statusCode).toBe(200);
    expectRefused(await read(), 'no birthday');
  });

  describe('crawlers: default consent opens browsing, never the pages of an age-rated episode', () => {
    it.each([
      [{ 'x-manga-is-crawler': 'true' }],
      [{ 'x-kmanga-is-crawler': 'true' }],
      [{ 'x-bambi-is-crawler': 'true' }],
      [{ 'X-Manga-Is-Crawler': '1' }],
      [{ 'x-manga-is-crawler': 'false', 'x-kmanga-is-crawler': 'true', cookie: declared('1990-01') }],
      [{ 'x-manga-is-crawler': 'true', cookie: declared('1990-01') }],
      [{ 'x-kmanga-is-crawler': 'true', cookie: declared('2000-01', 4102372799) }],
    ])('%o', async (headers) => {
      expectRefused(await read(headers), JSON.stringify(headers));
    });

    it('still see the episode and its title in lists (metadata)', async () => {
      const crawler = { 'x-manga-is-crawler': 'true' };
      const list = await t.app.inject({
        method: 'POST',
        url: '/episode/list',
        headers: { ...crawler, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `episode_id_list=${episodeId}`,
      });
      expect(list.statusCode).toBe(200);
      expect(list.json().episode_list.map((e: { episode_id: number }) => e.episode_id)).toEqual([episodeId]);
      const titles = await read(crawler, `/title/list?title_id_list=${titleId}`);
      expect(titles.json().title_list.map((x: { title_id: number }) => x.title_id)).toEqual([titleId]);
    });
  });

  describe('birthday cookies: only a birthday the reader declared counts', () => {
    it.each([
      ['expired', declared('1990-01', nowSeconds - 60)],
      [
        'expiring ten years out (a client default, not a declaration)',
        declared('1990-01', nowSeconds + 10 * YEAR_SECONDS),
      ],
      ['the crawler default (2000-01, 4102372799)', declared('2000-01', 4102372799)],
      ['unencoded with a string expiry far ahead', 'test_birthday={"value": "1990-01", "expires": "4102444800"}'],
      ['unencoded garbage', 'test_birthday={"value": "1990-01"'],
      ['not JSON', 'test_birthday=1990-01'],
      ['an impossible month', declared('1990-13')],
      ['a birthday in the future', declared('2099-01')],
      ['before 1900', declared('1899-12')],
      ['a number', `test_birthday=${encodeURIComponent(JSON.stringify({ value: 199001, expires: nowSeconds + 60 }))}`],
    ])('%s counts as no birthday', async (label, cookie) => {
      expectRefused(await read({ cookie }), label);
    });

    it('reads 1900-01 like any other birthday: the age rule applies to it', async () => {
      expect((await read({ cookie: declared('1900-01') })).statusCode).toBe(200);
      expectRefused(await read({ cookie: declared('2010-01') }), 'a 15-year-old');
    });
  });

  describe('a logged-in reader: the account birthday decides', () => {
    it('refuses a logged-in minor sending an adult cookie, under either cookie name', async () => {
      const minor = await createAccount(t, { birthday: '2011-04' });
      const session = await login(t, minor.email as string, minor.password, { remoteAddress: nextIp() });
      expectRefused(await read({ cookie: session }), 'minor, no cookie');
      expectRefused(await read({ cookie: `${session}; ${declared('1990-01')}` }), 'minor, adult cookie');
      expectRefused(
        await read({ cookie: `${session}; ${declared('1990-01', undefined, 'birthday')}` }),
        'minor, bare adult cookie',
      );
    });

    it('opens for a logged-in adult whatever the cookie says', async () => {
      const adult = await createAccount(t, { birthday: '1985-07' });
      const session = await login(t, adult.email as string, adult.password, { remoteAddress: nextIp() });
      expect((await read({ cookie: session })).statusCode).toBe(200);
      expect((await read({ cookie: `${session}; ${declared('2012-01')}` })).statusCode).toBe(200);
    });

    it('refuses POST /web/law making a logged-in reader older (a correction goes through support)', async () => {
      const minor = await createAccount(t, { birthday: '2011-04' });
      const session = await login(t, minor.email as string, minor.password, { remoteAddress: nextIp() });
      for (const birthday of ['1990-01', '1900-01', '2011-03']) {
        const res = await post(t, '/web/law', { birthday, is_consent: '1' }, { cookie: session });
        expect(codeOf(res), birthday).toBe(ResponseCode.AccountAccessDenied);
        expect(res.json().error_message).toMatch(/support/);
        expect(res.cookies, birthday).toEqual([]);
      }
      expect(await storedBirthdayOf(t, minor.id)).toBe('2011-04');
      const consents = await t.database.db.selectFrom('consent').selectAll().where('user_id', '=', minor.id).execute();
      expect(consents).toEqual([]);
      expectRefused(await read({ cookie: session }), 'still a minor');

      // The account's own birthday, or a later one, records the consent and changes nothing.
      expect(codeOf(await post(t, '/web/law', { birthday: '2011-04', is_consent: '1' }, { cookie: session }))).toBe(0);
      expect(codeOf(await post(t, '/web/law', { birthday: '2012-01', is_consent: '1' }, { cookie: session }))).toBe(0);
      expect(await storedBirthdayOf(t, minor.id)).toBe('2011-04');
    });

    it('fills an account without a birthday once; from then on the account decides', async () => {
      const user = await createAccount(t, { birthday: null });
      const session = await login(t, user.email as string, user.password, { remoteAddress: nextIp() });
      expect(codeOf(await post(t, '/web/law', { birthday: '2010-02', is_consent: '1' }, { cookie: session }))).toBe(0);
      expect(codeOf(await post(t, '/web/law', { birthday: '1990-01', is_consent: '1' }, { cookie: session }))).toBe(
        ResponseCode.AccountAccessDenied,
      );
      expectRefused(await read({ cookie: `${session}; ${declared('1990-01')}` }), 'filled with a minor birthday');
    });
  });
});
