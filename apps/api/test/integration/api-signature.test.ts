// Request-signature modes (architecture §4, wire §2): enforce rejects, report serves, off skips.
import { serializeBirthdayCookie, signAppRequest, signCiaoRequest, signWebRequest } from '@manga/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { insertTitle, insertUser } from '#test/factories.ts';

let enforce: TestApp;
let report: TestApp;
let off: TestApp;
let titleId: number;
let userId: number;

beforeAll(async () => {
  enforce = await createTestApp({ signatureMode: 'enforce', cookiePrefix: 'test_' });
  report = await createTestApp({ signatureMode: 'report' }, enforce.database);
  off = await createTestApp({ signatureMode: 'off' }, enforce.database);
  titleId = (await insertTitle(enforce.database.db)).id;
  userId = (await insertUser(enforce.database.db, { hash_key: 'abcxyz' })).id;
});
afterAll(async () => {
  await off.close();
  await report.close();
  await enforce.close();
});

const url = () => `/title/list?title_id_list=${titleId}&platform=3&version=6.0.0`;
const params = () => ({ title_id_list: String(titleId), platform: '3', version: '6.0.0' });

describe('enforce mode', () => {
  it('serves a browser signed without a birthday cookie (empty strings)', async () => {
    const res = await enforce.app.inject({
      method: 'GET',
      url: url(),
      headers: { 'x-manga-hash': signWebRequest(params(), '', '') },
    });
    expect(res.statusCode).toBe(200);
  });

  it('uses the birthday cookie value and expiry, prefixed or not, encoded or raw', async () => {
    const hash = signWebRequest(params(), '2000-01', '4102444800');
    const encoded = serializeBirthdayCookie('2000-01', 4102444800);
    const cases = [
      { 'x-manga-hash': hash, cookie: `test_birthday=${encoded}` },
      { 'x-kmanga-hash': hash, cookie: `birthday=${encoded}` },
      // PYKAPI sends the JSON raw, with spaces and a string expiry (wire §1.5).
      { 'X-Kmanga-Hash': hash.toUpperCase(), cookie: 'birthday={"value": "2000-01", "expires": "4102444800"}' },
    ];
    for (const headers of cases) {
      const res = await enforce.app.inject({ method: 'GET', url: url(), headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it('signs form parameters of POST requests', async () => {
    const body = { episode_id_list: '1,2' };
    const res = await enforce.app.inject({
      method: 'POST',
      url: '/episode/list',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-manga-hash': signWebRequest(body, '', '') },
      payload: 'episode_id_list=1%2C2',
    });
    expect(res.statusCode).toBe(200);
  });

  it('rejects a mismatch, a missing signature and a cookie the hash did not use', async () => {
    const wrongParams = await enforce.app.inject({
      method: 'GET',
      url: url(),
      headers: { 'x-manga-hash': signWebRequest({ ...params(), version: '6.0.1' }, '', '') },
    });
    const missing = await enforce.app.inject({ method: 'GET', url: url() });
    const wrongCookie = await enforce.app.inject({
      method: 'GET',
      url: url(),
      headers: {
        'x-manga-hash': signWebRequest(params(), '', ''),
        cookie: `birthday=${serializeBirthdayCookie('2000-01', 1)}`,
      },
    });
    for (const res of [wrongParams, missing, wrongCookie]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', response_code: 1001 });
    }
    expect(missing.json().error_message).toBe('request signature missing');
    expect(wrongParams.json().error_message).toBe('request signature mismatch');
  });

  it('checks the Ciao variant (no cookie part) and the app variant (user hash_key)', async () => {
    const ciao = await enforce.app.inject({
      method: 'GET',
      url: url(),
      headers: { 'x-bambi-hash': signCiaoRequest(params()) },
    });
    expect(ciao.statusCode).toBe(200);
    const appParams = { ...params(), user_id: String(userId) };
    const appUrl = `${url()}&user_id=${userId}`;
    const good = await enforce.app.inject({
      method: 'GET',
      url: appUrl,
      headers: { 'x-mgpk-hash': signAppRequest(appParams, 'abcxyz') },
    });
    expect(good.statusCode).toBe(200);
    const wrongKey = await enforce.app.inject({
      method: 'GET',
      url: appUrl,
      headers: { 'x-mgpk-hash': signAppRequest(appParams, 'other') },
    });
    expect(wrongKey.statusCode).toBe(400);
    const noUser = await enforce.app.inject({
      method: 'GET',
      url: url(),
      headers: { 'x-mgpk-hash': signAppRequest(params(), 'abcxyz') },
    });
    expect(noUser.statusCode).toBe(400);
  });

  it('exempts health checks', async () => {
    expect((await enforce.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('report and off modes', () => {
  it('serve mismatched and unsigned requests (clients that sign with a made-up expiry, wire §2.4)', async () => {
    const madeUp = { 'x-kmanga-hash': signWebRequest(params(), '2000-01', '1893456000') };
    for (const t of [report, off]) {
      expect((await t.app.inject({ method: 'GET', url: url(), headers: madeUp })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: url() })).statusCode).toBe(200);
    }
  });
});
