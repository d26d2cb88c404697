// Login, logout, sessions as devices, the device limit, the login rate limit, account states and
// the under-13 rule (ADR 007), through app.inject on a real database.
import { Writable } from 'node:stream';
import { AccountResponseSchema, ResponseCode, UserResponseSchema } from '@manga/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '#src/app.ts';
import type { UserStatus } from '#src/db/schema.ts';
import {
  birthdayCookie,
  codeOf,
  createAccount,
  GOOD_PASSWORD,
  get,
  login,
  post,
  sessionCookieOf,
} from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';

let t: TestApp;
const MINUTE = 60_000;
let ipCounter = 0;
/** Each test logs in from its own address so that the per-IP limit of one test never leaks into another. */
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  t = await createTestApp({
    deviceLimit: 3,
    loginFailuresBeforeDelay: 5,
    loginClientFailuresBeforeDelay: 8,
    loginFailureWindowMs: 15 * MINUTE,
  });
});
afterAll(() => t.close());

describe('POST /web/user/login and /user/login', () => {
  it('sets an HttpOnly uwt cookie holding an opaque token stored only as its sha256', async () => {
    const user = await createAccount(t);
    for (const path of ['/web/user/login', '/user/login']) {
      const res = await post(
        t,
        path,
        { email: (user.email as string).toUpperCase(), password: user.password },
        { remoteAddress: freshIp() },
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: 'success', response_code: 0, error_message: '' });
      const cookie = res.cookies.find((c) => c.name === 'test_uwt');
      expect(cookie).toMatchObject({
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
        secure: true,
        maxAge: 30 * 24 * 3600,
      });
      const rows = await t.database.db
        .selectFrom('web_token')
        .select('token_hash')
        .where('user_id', '=', user.id)
        .execute();
      expect(rows.map((r) => r.token_hash)).toContain(t.app.container.crypto.sha256(cookie?.value as string));
      expect(JSON.stringify(rows)).not.toContain(cookie?.value as string);
    }
  });

  it('accepts the unprefixed uwt cookie that third-party clients send', async () => {
    const user = await createAccount(t);
    const cookie = await login(t, user.email as string, user.password, { remoteAddress: freshIp() });
    const bare = cookie.replace(/^test_uwt=/, 'uwt=');
    expect(codeOf(await get(t, '/account', { cookie: bare }))).toBe(0);
  });

  it('answers 2002 for a wrong password and for an unknown address alike', async () => {
    const user = await createAccount(t);
    const ip = freshIp();
    const wrong = await post(
      t,
      '/web/user/login',
      { email: user.email as string, password: 'Wrong-Password-1' },
      { remoteAddress: ip },
    );
    const unknown = await post(
      t,
      '/web/user/login',
      { email: 'nobody@example.test', password: GOOD_PASSWORD },
      { remoteAddress: ip },
    );
    const malformed = await post(
      t,
      '/web/user/login',
      { email: 'nobody', password: GOOD_PASSWORD },
      { remoteAddress: ip },
    );
    for (const res of [wrong, unknown, malformed]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ response_code: ResponseCode.UserLoginFailed });
      expect(res.cookies).toEqual([]);
    }
    expect(wrong.json().error_message).toBe(unknown.json().error_message);
  });

  it('answers 1001 for missing or oversized parameters and for JSON bodies', async () => {
    expect(codeOf(await post(t, '/web/user/login', { email: 'a@b.test' }))).toBe(ResponseCode.InvalidParameter);
    expect(codeOf(await post(t, '/web/user/login', { password: GOOD_PASSWORD }))).toBe(ResponseCode.InvalidParameter);
    expect(codeOf(await post(t, '/web/user/login', { email: 'a@b.test', password: 'x'.repeat(5000) }))).toBe(
      ResponseCode.InvalidParameter,
    );
    const json = await t.app.inject({
      method: 'POST',
      url: '/web/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@b.test","password":"x"}',
    });
    expect(json.statusCode).toBe(415);
  });

  it.each([
    ['not_active', ResponseCode.AccountNotActive],
    ['resigned', ResponseCode.AccountResigned],
    ['banned', ResponseCode.AccountBanned],
    ['suspended', ResponseCode.AccountSuspended],
    ['term_violation', ResponseCode.AccountTermViolation],
    ['access_denied', ResponseCode.AccountAccessDenied],
  ] as [UserStatus, number][])('answers a %s account with %i after a correct password', async (status, code) => {
    const user = await createAccount(t, { status });
    const res = await post(
      t,
      '/web/user/login',
      { email: user.email as string, password: user.password },
      { remoteAddress: freshIp() },
    );
    expect(codeOf(res)).toBe(code);
    expect(res.cookies).toEqual([]);
    // with a wrong password the state is not revealed
    const wrong = await post(
      t,
      '/web/user/login',
      { email: user.email as string, password: 'Wrong-Password-1' },
      { remoteAddress: freshIp() },
    );
    expect(codeOf(wrong)).toBe(ResponseCode.UserLoginFailed);
  });

  it('refuses under-13s with 2016, by the birthday cookie or the account birthday', async () => {
    const user = await createAccount(t);
    const byCookie = await post(
      t,
      '/web/user/login',
      { email: user.email as string, password: user.password },
      {
        cookie: birthdayCookie('2019-05'),
        remoteAddress: freshIp(),
      },
    );
    expect(byCookie.json()).toMatchObject({
      response_code: ResponseCode.AccountAccessDenied,
      error_message: 'You must be 13 or older to use this service.',
    });
    const child = await createAccount(t, { birthday: '2018-01' });
    expect(
      codeOf(
        await post(
          t,
          '/web/user/login',
          { email: child.email as string, password: child.password },
          { remoteAddress: freshIp() },
        ),
      ),
    ).toBe(ResponseCode.AccountAccessDenied);
    // 13 and over may log in (the unprefixed cookie is read too)
    const teen = await post(
      t,
      '/web/user/login',
      { email: user.email as string, password: user.password },
      {
        cookie: birthdayCookie('2012-01', ''),
        remoteAddress: freshIp(),
      },
    );
    expect(codeOf(teen)).toBe(0);
  });
});

describe('device limit (2003)', () => {
  it('refuses a login beyond the configured number of sessions until one logs out', async () => {
    const user = await createAccount(t);
    const ip = freshIp();
    const cookies = [];
    for (let i = 0; i < 3; i++)
      cookies.push(await login(t, user.email as string, user.password, { remoteAddress: ip }));
    const over = await post(
      t,
      '/web/user/login',
      { email: user.email as string, password: user.password },
      { remoteAddress: ip },
    );
    expect(over.json()).toMatchObject({ response_code: ResponseCode.UserConnectDeviceOver });
    expect(over.json().error_message).toContain('(3)');
    const account = AccountResponseSchema.parse((await get(t, '/account', { cookie: cookies[0] })).json());
    expect(account.account.device_list).toHaveLength(3);

    expect(codeOf(await post(t, '/web/user/logout', { target_user_id: String(user.id) }, { cookie: cookies[1] }))).toBe(
      0,
    );
    await login(t, user.email as string, user.password, { remoteAddress: ip });
  });

  it('holds under concurrent logins of one account', async () => {
    const user = await createAccount(t);
    const ip = freshIp();
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        post(t, '/web/user/login', { email: user.email as string, password: user.password }, { remoteAddress: ip }),
      ),
    );
    expect(results.filter((r) => codeOf(r) === 0)).toHaveLength(3);
    expect(results.filter((r) => codeOf(r) === ResponseCode.UserConnectDeviceOver)).toHaveLength(3);
  });

  /** The account's sessions that are neither revoked nor expired, as the device limit counts them. */
  const liveSessionsOf = async (userId: number) =>
    (
      await t.database.db
        .selectFrom('web_token')
        .select(['id', 'expires_at', 'revoked_at'])
        .where('user_id', '=', userId)
        .execute()
    ).filter((row) => row.revoked_at === null && row.expires_at > t.clock.now());

  it('does not count revoked sessions', async () => {
    const user = await createAccount(t);
    const ip = freshIp();
    const cookies: string[] = [];
    for (let i = 0; i < 3; i++)
      cookies.push(await login(t, user.email as string, user.password, { remoteAddress: ip }));
    const attempt = () =>
      post(t, '/web/user/login', { email: user.email as string, password: user.password }, { remoteAddress: ip });
    expect(codeOf(await attempt())).toBe(ResponseCode.UserConnectDeviceOver);

    const revoked = await post(t, '/web/account/session/revoke_others', {}, { cookie: cookies[2] });
    expect(codeOf(revoked)).toBe(0);
    expect(await liveSessionsOf(user.id)).toHaveLength(1);

    // Two revoked places are free again: two logins pass, the third is over the limit once more.
    expect(codeOf(await attempt())).toBe(0);
    expect(codeOf(await attempt())).toBe(0);
    expect(codeOf(await attempt())).toBe(ResponseCode.UserConnectDeviceOver);
    expect(await liveSessionsOf(user.id)).toHaveLength(3);
  });

  it('does not count expired sessions', async () => {
    const user = await createAccount(t);
    const ip = freshIp();
    const cookies: string[] = [];
    for (let i = 0; i < 3; i++)
      cookies.push(await login(t, user.email as string, user.password, { remoteAddress: ip }));
    // Sessions last 30 days (MANGA_SESSION_TTL_DAYS); 31 days later all three have expired.
    t.clock.advance(31 * 24 * 60 * MINUTE);
    try {
      expect(await liveSessionsOf(user.id)).toEqual([]);
      const res = await post(
        t,
        '/web/user/login',
        { email: user.email as string, password: user.password },
        { remoteAddress: ip },
      );
      expect(codeOf(res)).toBe(0);
      const account = AccountResponseSchema.parse((await get(t, '/account', { cookie: sessionCookieOf(res) })).json());
      expect(account.account.device_list).toHaveLength(1);
      expect(codeOf(await get(t, '/account', { cookie: cookies[0] }))).toBe(ResponseCode.WebTokenInvalid);
    } finally {
      t.clock.advance(-31 * 24 * 60 * MINUTE);
    }
  });
});

// The password-check throttle (delays per (account, client) and per client, never lockouts) is
// tested in api-security-lockout.test.ts (ADR 015).

describe('POST /web/user/logout and /user/logout', () => {
  it('ends the session and clears the cookie', async () => {
    const user = await createAccount(t);
    for (const path of ['/web/user/logout', '/user/logout']) {
      const cookie = await login(t, user.email as string, user.password, { remoteAddress: freshIp() });
      const res = await post(t, path, { target_user_id: String(user.id) }, { cookie });
      expect(codeOf(res)).toBe(0);
      const cleared = res.cookies.find((c) => c.name === 'test_uwt');
      expect(cleared?.value).toBe('');
      expect(codeOf(await get(t, '/account', { cookie }))).toBe(ResponseCode.WebTokenInvalid);
    }
  });

  it('always ends the local session: without a session, with a dead cookie, with another user id', async () => {
    const none = await post(t, '/web/user/logout', {});
    expect(codeOf(none)).toBe(0);
    expect(none.cookies.some((c) => c.name === 'test_uwt' && c.value === '')).toBe(true);
    const dead = await post(t, '/web/user/logout', {}, { cookie: 'test_uwt=not-a-session' });
    expect(codeOf(dead)).toBe(0);
    const user = await createAccount(t);
    const other = await createAccount(t);
    const cookie = await login(t, user.email as string, user.password, { remoteAddress: freshIp() });
    const otherCookie = await login(t, other.email as string, other.password, { remoteAddress: freshIp() });
    expect(codeOf(await post(t, '/web/user/logout', { target_user_id: String(other.id) }, { cookie }))).toBe(0);
    expect(codeOf(await get(t, '/account', { cookie }))).toBe(ResponseCode.WebTokenInvalid);
    expect(codeOf(await get(t, '/account', { cookie: otherCookie }))).toBe(0); // never someone else's session
    expect(codeOf(await post(t, '/web/user/logout', { target_user_id: 'abc' }))).toBe(ResponseCode.InvalidParameter);
  });
});

describe('sessions', () => {
  it('expire after the configured lifetime (1101)', async () => {
    const user = await createAccount(t);
    const cookie = await login(t, user.email as string, user.password, { remoteAddress: freshIp() });
    t.clock.advance(30 * 24 * 60 * MINUTE);
    try {
      expect(codeOf(await get(t, '/account', { cookie }))).toBe(ResponseCode.WebTokenInvalid);
    } finally {
      t.clock.advance(-30 * 24 * 60 * MINUTE);
    }
  });

  it('refresh last_seen_at at most every five minutes', async () => {
    const user = await createAccount(t);
    const cookie = await login(t, user.email as string, user.password, { remoteAddress: freshIp() });
    const lastSeen = async () =>
      (
        await t.database.db
          .selectFrom('web_token')
          .select('last_seen_at')
          .where('user_id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).last_seen_at;
    const start = await lastSeen();
    t.clock.advance(2 * MINUTE);
    await get(t, '/account', { cookie });
    expect(await lastSeen()).toBe(start);
    t.clock.advance(4 * MINUTE);
    await get(t, '/account', { cookie });
    expect(await lastSeen()).toBe(start + 6 * MINUTE);
    t.clock.advance(-6 * MINUTE);
  });

  it('answer the state code when the account changed after login', async () => {
    const user = await createAccount(t);
    const cookie = await login(t, user.email as string, user.password, { remoteAddress: freshIp() });
    await t.database.db.updateTable('user').set({ status: 'banned' }).where('id', '=', user.id).execute();
    expect(codeOf(await get(t, '/account', { cookie }))).toBe(ResponseCode.AccountBanned);
  });
});

describe('devices: POST /web/account/session/revoke and /web/account/session/revoke_others', () => {
  const sessionIdsOf = async (userId: number) =>
    (
      await t.database.db
        .selectFrom('web_token')
        .select(['id', 'revoked_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute()
    ).map((row) => ({ id: row.id, revoked: row.revoked_at !== null }));

  /** The device list as GET /account answers it to `cookie`. */
  const devicesOf = async (cookie: string) =>
    AccountResponseSchema.parse((await get(t, '/account', { cookie })).json()).account.device_list;

  it('lists each session with its id, marks the caller’s own, and keeps the docs/reference/wire.md fields first', async () => {
    const user = await createAccount(t);
    const ip = freshIp();
    const first = await login(t, user.email as string, user.password, { remoteAddress: ip });
    const second = await login(t, user.email as string, user.password, { remoteAddress: ip });
    const [a, b] = await sessionIdsOf(user.id);
    const devices = await devicesOf(second);
    expect(devices).toEqual([
      { user_id: user.id, device_name: 'Unknown device', platform: 3, session_id: a?.id, is_current: 0 },
      { user_id: user.id, device_name: 'Unknown device', platform: 3, session_id: b?.id, is_current: 1 },
    ]);
    expect(Object.keys(devices[0] ?? {}).slice(0, 3)).toEqual(['user_id', 'device_name', 'platform']);
    expect((await devicesOf(first)).map((d) => d.is_current)).toEqual([1, 0]);

    // An app installation is listed after the sessions, with no session to end.
    const device = { device: 'Pixel 10', locale: 'en', os_version: '16', tablet: '0', timezone: 'UTC' };
    expect(codeOf(await post(t, '/user/device/save', device, { cookie: first }))).toBe(0);
    expect((await devicesOf(first))[2]).toEqual({
      user_id: user.id,
      device_name: 'Pixel 10',
      platform: 3,
      session_id: 0,
      is_current: 0,
    });
    expect(codeOf(await post(t, '/web/account/session/revoke', { session_id: '0' }, { cookie: first }))).toBe(
      ResponseCode.InvalidParameter,
    );
  });

  it('ends another session of mine: its next request answers 1101, mine goes on', async () => {
    const user = await createAccount(t);
    const ip = freshIp();
    const mine = await login(t, user.email as string, user.password, { remoteAddress: ip });
    const other = await login(t, user.email as string, user.password, { remoteAddress: ip });
    const target = (await devicesOf(mine)).find((d) => d.is_current === 0);
    const res = await post(
      t,
      '/web/account/session/revoke',
      { session_id: String(target?.session_id) },
      { cookie: mine },
    );
    expect(res.json()).toEqual({ status: 'success', response_code: 0, error_message: '' });
    expect(res.cookies).toEqual([]);
    expect(codeOf(await get(t, '/account', { cookie: other }))).toBe(ResponseCode.WebTokenInvalid);
    expect(codeOf(await get(t, '/account', { cookie: mine }))).toBe(0);
    expect(await devicesOf(mine)).toHaveLength(1);
    const rows = await t.database.db
      .selectFrom('web_token')
      .selectAll()
      .where('id', '=', target?.session_id as number)
      .execute();
    expect(rows[0]?.revoked_at).toBe(t.clock.now());

    // A replay changes nothing and answers 0.
    const replay = await post(
      t,
      '/web/account/session/revoke',
      { session_id: String(target?.session_id) },
      { cookie: mine },
    );
    expect(codeOf(replay)).toBe(0);
    expect(
      (
        await t.database.db
          .selectFrom('web_token')
          .select('revoked_at')
          .where('id', '=', target?.session_id as number)
          .executeTakeFirstOrThrow()
      ).revoked_at,
    ).toBe(rows[0]?.revoked_at);
  });

  it('ends my current session and clears the cookie, like logout', async () => {
    const user = await createAccount(t);
    const ip = freshIp();
    const mine = await login(t, user.email as string, user.password, { remoteAddress: ip });
    const other = await login(t, user.email as string, user.password, { remoteAddress: ip });
    const current = (await devicesOf(mine)).find((d) => d.is_current === 1);
    const res = await post(
      t,
      '/web/account/session/revoke',
      { session_id: String(current?.session_id) },
      { cookie: mine },
    );
    expect(codeOf(res)).toBe(0);
    expect(res.cookies.find((c) => c.name === 'test_uwt')?.value).toBe('');
    expect(codeOf(await get(t, '/account', { cookie: mine }))).toBe(ResponseCode.WebTokenInvalid);
    expect(codeOf(await get(t, '/account', { cookie: other }))).toBe(0);
    // Replaying it with the dead cookie is refused as a dead session and ends nothing else.
    const replay = await post(
      t,
      '/web/account/session/revoke',
      { session_id: String(current?.session_id) },
      { cookie: mine },
    );
    expect(codeOf(replay)).toBe(ResponseCode.WebTokenInvalid);
    expect(codeOf(await get(t, '/account', { cookie: other }))).toBe(0);
  });

  it('refuses someone else’s session with 1001 and leaves it alive', async () => {
    const user = await createAccount(t);
    const stranger = await createAccount(t);
    const mine = await login(t, user.email as string, user.password, { remoteAddress: freshIp() });
    const theirs = await login(t, stranger.email as string, stranger.password, { remoteAddress: freshIp() });
    const [their] = await sessionIdsOf(stranger.id);
    const res = await post(t, '/web/account/session/revoke', { session_id: String(their?.id) }, { cookie: mine });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: expect.any(String),
      response_code: ResponseCode.InvalidParameter,
      error_message: 'invalid parameter session_id: no such session on this account',
      server_time: expect.any(String),
    });
    expect(res.cookies).toEqual([]);
    expect(codeOf(await get(t, '/account', { cookie: theirs }))).toBe(0);
    expect(codeOf(await get(t, '/account', { cookie: mine }))).toBe(0);
    expect(await sessionIdsOf(stranger.id)).toEqual([{ id: their?.id, revoked: false }]);
  });

  it('answers 1001 for an unknown or malformed id, 2011 without a session, 1101 with a dead one', async () => {
    const user = await createAccount(t);
    const mine = await login(t, user.email as string, user.password, { remoteAddress: freshIp() });
    const [own] = await sessionIdsOf(user.id);
    for (const sessionId of ['999999999', '0', 'abc', '-1', '1.5', '', '9'.repeat(20)]) {
      const res = await post(t, '/web/account/session/revoke', { session_id: sessionId }, { cookie: mine });
      expect(codeOf(res), sessionId).toBe(ResponseCode.InvalidParameter);
    }
    expect(codeOf(await post(t, '/web/account/session/revoke', {}, { cookie: mine }))).toBe(
      ResponseCode.InvalidParameter,
    );
    expect(codeOf(await get(t, '/account', { cookie: mine }))).toBe(0);
    expect(codeOf(await post(t, '/web/account/session/revoke', { session_id: String(own?.id) }))).toBe(
      ResponseCode.UserNotLogin,
    );
    expect(
      codeOf(
        await post(t, '/web/account/session/revoke', { session_id: String(own?.id) }, { cookie: 'test_uwt=dead' }),
      ),
    ).toBe(ResponseCode.WebTokenInvalid);
    expect(codeOf(await post(t, '/web/account/session/revoke_others', {}))).toBe(ResponseCode.UserNotLogin);
    expect(codeOf(await post(t, '/web/account/session/revoke_others', {}, { cookie: 'test_uwt=dead' }))).toBe(
      ResponseCode.WebTokenInvalid,
    );
    expect(await sessionIdsOf(user.id)).toEqual([{ id: own?.id, revoked: false }]);
  });

  it('answers both of two concurrent revokes of one session with 0, and ends it once', async () => {
    const user = await createAccount(t);
    const ip = freshIp();
    const mine = await login(t, user.email as string, user.password, { remoteAddress: ip });
    const other = await login(t, user.email as string, user.password, { remoteAddress: ip });
    const target = (await devicesOf(mine)).find((d) => d.is_current === 0);
    const body = { session_id: String(target?.session_id) };
    const results = await Promise.all([
      post(t, '/web/account/session/revoke', body, { cookie: mine }),
      post(t, '/web/account/session/revoke', body, { cookie: mine }),
    ]);
    for (const res of results) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'success', response_code: 0, error_message: '' });
      expect(res.cookies).toEqual([]);
    }
    expect(await sessionIdsOf(user.id)).toEqual([
      { id: expect.any(Number), revoked: false },
      { id: target?.session_id, revoked: true },
    ]);
    expect(codeOf(await get(t, '/account', { cookie: other }))).toBe(ResponseCode.WebTokenInvalid);
    expect(codeOf(await get(t, '/account', { cookie: mine }))).toBe(0);
  });

  it('revoke_others ends every other session of mine, keeps mine and other accounts’ sessions', async () => {
    const user = await createAccount(t);
    const stranger = await createAccount(t);
    const ip = freshIp();
    const others = [
      await login(t, user.email as string, user.password, { remoteAddress: ip }),
      await login(t, user.email as string, user.password, { remoteAddress: ip }),
    ];
    const mine = await login(t, user.email as string, user.password, { remoteAddress: ip });
    const theirs = await login(t, stranger.email as string, stranger.password, { remoteAddress: freshIp() });
    const res = await post(t, '/web/account/session/revoke_others', {}, { cookie: mine });
    expect(res.json()).toEqual({ status: 'success', response_code: 0, error_message: '' });
    expect(res.cookies).toEqual([]);
    for (const cookie of others)
      expect(codeOf(await get(t, '/account', { cookie }))).toBe(ResponseCode.WebTokenInvalid);
    const devices = await devicesOf(mine);
    expect(devices).toHaveLength(1);
    expect(devices[0]?.is_current).toBe(1);
    expect(codeOf(await get(t, '/account', { cookie: theirs }))).toBe(0);
    // Again: nothing left to end, still 0; and the freed slots take new logins.
    expect(codeOf(await post(t, '/web/account/session/revoke_others', {}, { cookie: mine }))).toBe(0);
    await login(t, user.email as string, user.password, { remoteAddress: ip });
    await login(t, user.email as string, user.password, { remoteAddress: ip });
  });
});

describe('GET /account and GET /user', () => {
  it('GET /account answers the wire §3.5 shape, 2011 without a session and 1101 with a dead one', async () => {
    const user = await createAccount(t, { nickname: null, birthday: '1990-04' });
    const cookie = await login(t, user.email as string, user.password, { remoteAddress: freshIp() });
    const res = await get(t, '/account', { cookie });
    const body = AccountResponseSchema.parse(res.json());
    expect(body.account).toMatchObject({
      account_id: user.id,
      user_id: user.id,
      nickname: '',
      email: user.email,
      gender: null,
      birthyear: 1990,
      is_registerd: 1,
      days_since_created: 30,
    });
    expect(codeOf(await get(t, '/account'))).toBe(ResponseCode.UserNotLogin);
    expect(codeOf(await get(t, '/account', { cookie: 'test_uwt=unknown' }))).toBe(ResponseCode.WebTokenInvalid);
  });

  it('GET /user gives the own user (with hash_key), 2000 for any other id', async () => {
    const user = await createAccount(t, { original_uuid: 'uuid-1' });
    const other = await createAccount(t);
    const cookie = await login(t, user.email as string, user.password, { remoteAddress: freshIp() });
    const own = UserResponseSchema.parse((await get(t, `/user?user_id=${user.id}`, { cookie })).json());
    expect(own).toMatchObject({
      user_id: user.id,
      email: user.email,
      hash_key: user.hash_key,
      original_uuid: 'uuid-1',
      gender: null,
    });
    expect(codeOf(await get(t, `/user?user_id=${other.id}`, { cookie }))).toBe(ResponseCode.UserNotExist);
    expect(codeOf(await get(t, `/user?user_id=${user.id}`))).toBe(ResponseCode.UserNotLogin);
    expect(codeOf(await get(t, '/user?user_id=x', { cookie }))).toBe(ResponseCode.InvalidParameter);
    expect(codeOf(await get(t, '/user', { cookie }))).toBe(ResponseCode.InvalidParameter);
  });
});

describe('POST /account/resign', () => {
  it('resigns the caller: sessions end, the cookie goes, login answers 2013', async () => {
    const user = await createAccount(t);
    const ip = freshIp();
    const cookie = await login(t, user.email as string, user.password, { remoteAddress: ip });
    const other = await login(t, user.email as string, user.password, { remoteAddress: ip });
    expect(codeOf(await post(t, '/account/resign', { user_id: String(user.id + 1000) }, { cookie }))).toBe(
      ResponseCode.UserNotExist,
    );
    const res = await post(t, '/account/resign', { user_id: String(user.id) }, { cookie });
    expect(codeOf(res)).toBe(0);
    expect(res.cookies.find((c) => c.name === 'test_uwt')?.value).toBe('');
    expect(codeOf(await get(t, '/account', { cookie: other }))).toBe(ResponseCode.WebTokenInvalid);
    const row = await t.database.db.selectFrom('user').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'resigned', resigned_at: t.clock.now() });
    expect(
      codeOf(
        await post(
          t,
          '/web/user/login',
          { email: user.email as string, password: user.password },
          { remoteAddress: ip },
        ),
      ),
    ).toBe(ResponseCode.AccountResigned);
    expect(codeOf(await post(t, '/account/resign', { user_id: String(user.id) }))).toBe(ResponseCode.UserNotLogin);
    expect(codeOf(await post(t, '/account/resign', {}, { cookie }))).toBe(ResponseCode.InvalidParameter);
  });

  it('answers 2013 to a second, concurrent resignation', async () => {
    const user = await createAccount(t);
    const cookie = await login(t, user.email as string, user.password, { remoteAddress: freshIp() });
    const results = await Promise.all([
      post(t, '/account/resign', { user_id: String(user.id) }, { cookie }),
      post(t, '/account/resign', { user_id: String(user.id) }, { cookie }),
    ]);
    const codes = results.map(codeOf).sort();
    expect(codes[0]).toBe(0);
    // exactly one resignation; the other finds the account resigned or its session ended
    expect([ResponseCode.WebTokenInvalid, ResponseCode.AccountResigned]).toContain(codes[1]);
  });
});

describe('logs', () => {
  it('never contain passwords, tokens or the session cookie', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const logged = await createTestApp({}, t.database, {
      logger: { ...(loggerOptions({ level: 'trace' }) as object), stream },
    });
    try {
      const user = await createAccount(logged);
      const res = await post(
        logged,
        '/web/user/login',
        { email: user.email as string, password: user.password },
        { remoteAddress: freshIp() },
      );
      const cookie = sessionCookieOf(res);
      await post(
        logged,
        '/web/user/login',
        { email: user.email as string, password: 'Wrong-Secret-77' },
        { remoteAddress: freshIp() },
      );
      await get(logged, '/account/password/reset?token=Secret-Token-Value-123', { cookie });
      await post(
        logged,
        '/web/account/password/presave',
        { current_password: user.password, new_password: 'New-Secret-Pass-9' },
        { cookie },
      );
      const text = lines.join('');
      expect(text.length).toBeGreaterThan(0);
      for (const secret of [
        user.password,
        'Wrong-Secret-77',
        'Secret-Token-Value-123',
        'New-Secret-Pass-9',
        cookie.split('=')[1] as string,
      ]) {
        expect(text).not.toContain(secret);
      }
    } finally {
      await logged.close();
    }
  });
});

describe.skipIf(!process.env.REDIS_URL)('login throttle in Redis (needs REDIS_URL)', () => {
  it('is shared by two API processes through Redis', async () => {
    const a = await createTestApp({ redisUrl: process.env.REDIS_URL, loginFailuresBeforeDelay: 3 }, t.database);
    const b = await createTestApp({ redisUrl: process.env.REDIS_URL, loginFailuresBeforeDelay: 3 }, t.database);
    try {
      const user = await createAccount(a);
      const ip = freshIp();
      for (const app of [a, b, a, b]) {
        await post(
          app,
          '/web/user/login',
          { email: user.email as string, password: 'Wrong-Password-1' },
          { remoteAddress: ip },
        );
      }
      const delayed = await post(
        b,
        '/web/user/login',
        { email: user.email as string, password: user.password },
        { remoteAddress: ip },
      );
      expect(delayed.statusCode).toBe(429);
      // the failures went to Redis, not to the database table
      const keyHash = a.app.container.crypto.sha256(`account-client:${user.email}\n${ip}`);
      expect(
        await t.database.db.selectFrom('throttle_event').select('id').where('key_hash', '=', keyHash).execute(),
      ).toEqual([]);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
