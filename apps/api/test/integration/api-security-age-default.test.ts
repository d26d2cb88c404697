// Issue 22, item 1: the birthday the web records by default for JP visitors whose age is unknown
// (and for crawlers) is no declared age (ADR 026). Before, a visitor with no cookies in the default
// region JP got `birthday=2000-01` for a year, the API took it as declared, and an 18+ episode
// answered its signed pages; a logged-in account without a birthday got 2000-01 stored by browsing,
// and a sign-up kept it. Now the default says it is one (`"default":1`), the age rule never counts
// it, nothing but the reader's own declaration writes an account birthday, and third-party clients
// that send a birthday cookie (wire §1.5) read as before.
import { ResponseCode, serializeBirthdayCookie, serializeConsentCookie } from '@manga/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeOf,
  createAccount,
  GOOD_PASSWORD,
  get,
  login,
  post,
  sessionCookieOf,
  storedBirthdayOf,
} from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { insertEpisode, insertPage, insertTitle, TEST_NOW } from '#test/factories.ts';
import { linkOf, startSmtpServer, type TestSmtpServer } from '#test/smtp.ts';

const DAY = 86_400_000;
const YEAR_SECONDS = 365 * 86_400;
const PAGES = 3;
const yearAhead = Math.floor(TEST_NOW / 1000) + YEAR_SECONDS;

let t: TestApp;
let smtp: TestSmtpServer;
let ratedTitleId = 0;
let unratedTitleId = 0;
let episodeId = 0;
let ip = 0;
const nextIp = () => `10.22.1.${++ip}`;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ smtpUrl: smtp.url });
  const rated = await insertTitle(t.database.db, { age_rating: 18, published_at: TEST_NOW - 30 * DAY });
  ratedTitleId = rated.id;
  const episode = await insertEpisode(t.database.db, { title_id: rated.id, point: 0, start_at: TEST_NOW - DAY });
  episodeId = episode.id;
  for (let page = 1; page <= PAGES; page++)
    await insertPage(t.database.db, { episode_id: episode.id, page_number: page });
  unratedTitleId = (await insertTitle(t.database.db, { age_rating: 0, published_at: TEST_NOW - 30 * DAY })).id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** The cookies the web writes for a JP visitor whose age is unknown: birthday 2000-01 marked as the default, adult consent, a year. */
const jpDefault = (prefix = 'test_') =>
  [
    `${prefix}birthday=${serializeBirthdayCookie('2000-01', yearAhead, 'default')}`,
    `${prefix}terms_of_service_adult=${serializeConsentCookie(1, yearAhead)}`,
    `${prefix}privacy_policy=${serializeConsentCookie(1, yearAhead)}`,
  ].join('; ');
/** A birthday the reader declared (the age gate's cookie, or a third-party client's, wire §1.5). */
const declared = (value: string, name = 'test_birthday') => `${name}=${serializeBirthdayCookie(value, yearAhead)}`;

const viewer = (headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/web/episode/viewer?episode_id=${episodeId}`,
    headers: { 'accept-language': 'en', ...headers },
  });
const ageGate = async (titleId: number, cookie?: string) => {
  const res = await get(t, `/web/title/age_gate?title_id=${titleId}`, cookie ? { cookie } : {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json().age_gate;
};

function expectNoPages(res: LightMyRequestResponse, label: string) {
  expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
  expect(codeOf(res), label).toBe(ResponseCode.AccountAccessDenied);
  expect(res.body, label).not.toContain('/images/');
  expect(res.json().page_list, label).toBeUndefined();
}

function expectPages(res: LightMyRequestResponse, label: string) {
  expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
  const pages: string[] = res.json().page_list;
  expect(pages, label).toHaveLength(PAGES);
  for (const page of pages) expect(page, label).toMatch(/\/images\/.+[?&]expires=\d+&sig=[\w-]+$/);
}

describe('a JP visitor the web gave the default birthday', () => {
  it.each([
    ['the default cookies', {}],
    ['the default cookies and the country header JP', { 'cloudfront-viewer-country': 'JP' }],
    [
      'the default cookies, a JP country header and Japanese',
      { 'cloudfront-viewer-country': 'JP', 'accept-language': 'ja' },
    ],
  ])('gets no pages of an 18+ episode: %s', async (label, headers) => {
    const res = await viewer({ cookie: jpDefault(), ...headers });
    expectNoPages(res, label);
    expect(res.json().error_message).toBe('Enter your birthday to read this title.');
  });

  it('is told the rating and that their birthday is unknown (the web asks for it), not that they are too young', async () => {
    expect(await ageGate(ratedTitleId, jpDefault())).toEqual({
      title_id: ratedTitleId,
      age_rating: 18,
      is_admitted: 0,
      is_birthday_known: 0,
    });
    expect(await ageGate(unratedTitleId, jpDefault())).toEqual({
      title_id: unratedTitleId,
      age_rating: 0,
      is_admitted: 1,
      is_birthday_known: 0,
    });
    expect(codeOf(await get(t, '/web/title/age_gate?title_id=99999'))).toBe(ResponseCode.TitleNotFound);
  });
});

describe('a forged default does not unlock', () => {
  const marked = (fields: Record<string, unknown>) => encodeURIComponent(JSON.stringify(fields));
  it.each([
    ['the exact cookie the default writes, sent by hand', jpDefault()],
    ['the same under the bare name', jpDefault('')],
    ['the marker set to 0', `test_birthday=${marked({ value: '2000-01', expires: yearAhead, default: 0 })}`],
    ['the marker set to null', `test_birthday=${marked({ value: '2000-01', expires: yearAhead, default: null })}`],
    [
      'the marker with an older birthday',
      `test_birthday=${marked({ value: '1970-01', expires: yearAhead, default: 1 })}`,
    ],
    [
      'unencoded, with spaces and a string expiry',
      `test_birthday={"value": "1990-01", "expires": "${yearAhead}", "default": 1}`,
    ],
    [
      'the crawler default with the marker',
      `test_birthday=${serializeBirthdayCookie('2000-01', 4102372799, 'default')}`,
    ],
  ])('%s', async (label, cookie) => {
    expectNoPages(await viewer({ cookie }), label);
    expect((await ageGate(ratedTitleId, cookie)).is_birthday_known, label).toBe(0);
  });
});

describe('a declared birthday', () => {
  it('opens the 18+ episode to an adult: the age gate cookie, and a third-party client sending it bare (wire §1.5)', async () => {
    expectPages(await viewer({ cookie: declared('1990-01') }), 'gate cookie');
    expectPages(await viewer({ cookie: declared('1998-01', 'birthday') }), 'TOSHO-style bare cookie');
    expectPages(
      await viewer({ cookie: `test_birthday={"value": "1990-01", "expires": "${yearAhead}"}` }),
      'PYKAPI-style raw JSON within a year',
    );
    expect(await ageGate(ratedTitleId, declared('1990-01'))).toMatchObject({ is_admitted: 1, is_birthday_known: 1 });
  });

  it('keeps it closed to a minor, saying why', async () => {
    const minor = `${declared('2011-01')}; test_terms_of_service_minor=${serializeConsentCookie(1, yearAhead)}`;
    const res = await viewer({ cookie: minor, 'cloudfront-viewer-country': 'JP' });
    expectNoPages(res, 'declared minor');
    expect(res.json().error_message).toBe('This title is for readers aged 18 or older.');
    expect(await ageGate(ratedTitleId, minor)).toMatchObject({ is_admitted: 0, is_birthday_known: 1 });
  });
});

describe('an account birthday: only the reader declares it', () => {
  it('is not written by browsing with the default cookies; the reader’s own declaration fills it once', async () => {
    const account = await createAccount(t, { birthday: null });
    const session = await login(t, account.email as string, account.password, { remoteAddress: nextIp() });
    const cookie = `${session}; ${jpDefault()}`;
    const headers = { cookie, 'cloudfront-viewer-country': 'JP' };
    for (const url of [
      `/web/episode/viewer?episode_id=${episodeId}`,
      `/web/episode?episode_id=${episodeId}`,
      `/web/title/age_gate?title_id=${ratedTitleId}`,
      `/title/list?title_id_list=${ratedTitleId}`,
      '/web/law',
      '/web/status',
      '/account',
    ]) {
      await t.app.inject({ method: 'GET', url, headers });
    }
    expect(await storedBirthdayOf(t, account.id)).toBeNull();
    expect(await t.database.db.selectFrom('consent').selectAll().where('user_id', '=', account.id).execute()).toEqual(
      [],
    );
    expectNoPages(await viewer({ cookie }), 'logged in, no birthday, the default');
    expect((await get(t, '/account', { cookie: session })).json().account.birthyear).not.toBe(2000);

    // The reader declares: the account keeps it, and from then on it decides (cookies or not).
    expect(codeOf(await post(t, '/web/law', { birthday: '1990-03', is_consent: '1' }, { cookie }))).toBe(0);
    expect(await storedBirthdayOf(t, account.id)).toBe('1990-03');
    expectPages(await viewer({ cookie: session }), 'logged in, declared adult');
  });

  it('is not kept by a sign-up that carries the default cookies; a declared one is', async () => {
    const signUp = async (email: string, cookie: string) => {
      expect(codeOf(await post(t, '/web/account/presave', { email }, { cookie }))).toBe(0);
      const { token } = linkOf(await smtp.takeMail(email));
      const saved = await post(t, '/web/account/save', { password: GOOD_PASSWORD, token });
      expect(saved.statusCode, saved.body).toBe(200);
      return sessionCookieOf(saved);
    };
    const byDefault = `default-${Date.now().toString(36)}@example.test`;
    const session = await signUp(byDefault, jpDefault());
    const user = await t.database.db.selectFrom('user').selectAll().where('email', '=', byDefault).executeTakeFirst();
    expect(user?.birthday).toBeNull();
    expectNoPages(await viewer({ cookie: `${session}; ${jpDefault()}` }), 'signed up with the default');

    const byDeclaration = `declared-${Date.now().toString(36)}@example.test`;
    await signUp(byDeclaration, declared('1991-06'));
    const declaredUser = await t.database.db
      .selectFrom('user')
      .selectAll()
      .where('email', '=', byDeclaration)
      .executeTakeFirst();
    expect(declaredUser?.birthday).toBe('1991-06');
  });
});
