// SessionService's rules on in-memory repositories: login order and limits, the device limit, who a
// `uwt` belongs to, and ending sessions. The SQL behind them is tested in api-sessions.test.ts.
import { ResponseCode } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError } from '#src/rules/domain.error.ts';
import { SESSION_TOUCH_INTERVAL_MS } from '#src/services/session.service.ts';
import { TEST_NOW } from '#test/factories.ts';
import { codeOf, newSessionService, TEST_LOGIN_LIMITS, TEST_SESSION_OPTIONS } from '#test/services/harness.ts';
import { authStub, birthdayCookie, rowFactory } from '#test/services/stubs.ts';

const PASSWORD = 'Correct-Horse-9';
const client = { platform: 3 as const, userAgent: 'Mozilla/5.0 (Macintosh; Mac OS X 14_0) Chrome/140.0 Safari/537.36' };

function setup() {
  const { sut, world } = newSessionService();
  const user = world.addUser();
  const login = (overrides: Partial<Parameters<typeof sut.login>[0]> = {}) =>
    sut.login({
      email: user.email as string,
      password: PASSWORD,
      clientAddress: '203.0.113.7',
      cookies: {},
      client,
      ...overrides,
    });
  return { sut, world, user, login };
}

describe('SessionService.login', () => {
  it('opens a session stored by the hash of its token, until the configured lifetime', async () => {
    const { world, user, login } = setup();
    const session = await login({ email: ` ${(user.email as string).toUpperCase()} ` });
    expect(session).toEqual({ token: 'token-1', userId: user.id, expiresAt: TEST_NOW + TEST_SESSION_OPTIONS.ttlMs });
    expect(world.tables.sessions).toMatchObject([
      {
        user_id: user.id,
        token_hash: world.crypto.sha256('token-1'),
        device_name: 'Chrome on macOS',
        created_at: TEST_NOW,
        expires_at: TEST_NOW + TEST_SESSION_OPTIONS.ttlMs,
        revoked_at: null,
      },
    ]);
  });

  it('answers 2002 for a wrong password or an unknown address, and counts the failure', async () => {
    const { world, login } = setup();
    expect(await codeOf(login({ password: 'Wrong-Horse-9' }))).toBe(ResponseCode.UserLoginFailed);
    expect(await codeOf(login({ email: 'nobody@example.test' }))).toBe(ResponseCode.UserLoginFailed);
    expect(world.tables.sessions).toEqual([]);
    expect(world.throttleEvents.rows.filter((r) => r.scope === 'login_client')).toHaveLength(2);
  });

  it('slows the same client down past its free failures (HTTP 429, Retry-After), never another client', async () => {
    const { world, login } = setup();
    for (let i = 0; i <= TEST_LOGIN_LIMITS.failuresBeforeDelay; i++) await codeOf(login({ password: 'Wrong-Horse-9' }));
    const refusal = await login().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ code: ResponseCode.UserLoginFailed, httpStatus: 429, retryAfterSeconds: 1 });
    await login({ clientAddress: '198.51.100.1' });
    world.clock.advance(1000);
    await login();
  });

  it("forgives the pair's failures after a successful login, never the client's", async () => {
    const { world, login } = setup();
    await codeOf(login({ password: 'Wrong-Horse-9' }));
    await login();
    expect(world.throttleEvents.rows.filter((r) => r.scope === 'login_account_client')).toEqual([]);
    expect(world.throttleEvents.rows.filter((r) => r.scope === 'login_client')).toHaveLength(1);
  });

  it('refuses someone under 13 by the birthday cookie before looking at the password (2016)', async () => {
    const { world, login } = setup();
    expect(await codeOf(login({ password: 'Wrong', cookies: { birthday: birthdayCookie('2015-03') } }))).toBe(
      ResponseCode.AccountAccessDenied,
    );
    expect(world.throttleEvents.rows).toEqual([]);
  });

  it("answers the account's state after a correct password (suspended 2019, resigned 2013)", async () => {
    const { world, user, login } = setup();
    world.tables.users[0]!.status = 'suspended';
    expect(await codeOf(login())).toBe(ResponseCode.AccountSuspended);
    const resigned = world.addUser({ status: 'resigned' });
    expect(await codeOf(login({ email: resigned.email as string }))).toBe(ResponseCode.AccountResigned);
    expect(world.tables.sessions.filter((s) => s.user_id === user.id)).toEqual([]);
  });

  it('refuses a login beyond the device limit (2003) and opens nothing', async () => {
    const { world, login } = setup();
    for (let i = 0; i < TEST_SESSION_OPTIONS.deviceLimit; i++) await login();
    expect(await codeOf(login())).toBe(ResponseCode.UserConnectDeviceOver);
    expect(world.tables.sessions).toHaveLength(TEST_SESSION_OPTIONS.deviceLimit);
  });

  it('counts only live sessions against the limit', async () => {
    const { world, login } = setup();
    await login();
    await login();
    world.tables.sessions[0]!.revoked_at = TEST_NOW;
    await expect(login()).resolves.toMatchObject({ token: 'token-3' });
  });
});

describe('SessionService.resolveAuth', () => {
  it("names the session's user, and marks a dead token", async () => {
    const { sut, world, user, login } = setup();
    const { token } = await login();
    expect(await sut.resolveAuth({ webToken: token })).toEqual({
      user: {
        userId: user.id,
        sessionId: 1,
        status: 'active',
        via: 'web',
        privateReading: false,
        deviceName: 'Chrome on macOS',
        sessionExpiresAt: TEST_NOW + TEST_SESSION_OPTIONS.ttlMs,
      },
      tokenInvalid: false,
    });
    world.clock.advance(TEST_SESSION_OPTIONS.ttlMs);
    expect(await sut.resolveAuth({ webToken: token })).toEqual({ user: null, tokenInvalid: true });
    expect(await sut.resolveAuth({ webToken: 'forged' })).toEqual({ user: null, tokenInvalid: true });
    expect(await sut.resolveAuth({})).toEqual({ user: null, tokenInvalid: false });
  });

  it('writes last_seen_at at most once per interval', async () => {
    const { sut, world, login } = setup();
    const { token } = await login();
    world.clock.advance(SESSION_TOUCH_INTERVAL_MS - 1);
    await sut.resolveAuth({ webToken: token });
    expect(world.tables.sessions[0]!.last_seen_at).toBe(TEST_NOW);
    world.clock.advance(2);
    await sut.resolveAuth({ webToken: token });
    expect(world.tables.sessions[0]!.last_seen_at).toBe(TEST_NOW + SESSION_TOUCH_INTERVAL_MS + 1);
  });
});

describe('SessionService: ending sessions', () => {
  it("revokes a session of the caller's own account, and says whether it was the current one", async () => {
    const { sut, world, user } = setup();
    world.tables.sessions.push(
      rowFactory.session({ id: 11, user_id: user.id }),
      rowFactory.session({ id: 12, user_id: user.id }),
    );
    expect(await sut.revokeSession(authStub.web(user, 11), 12)).toEqual({ endedCurrent: false });
    expect(await sut.revokeSession(authStub.web(user, 11), 11)).toEqual({ endedCurrent: true });
    expect(world.tables.sessions.map((s) => s.revoked_at)).toEqual([TEST_NOW, TEST_NOW]);
  });

  it("answers 1001 for another account's session or an unknown id, and changes nothing", async () => {
    const { sut, world, user } = setup();
    const other = world.addUser();
    world.tables.sessions.push(rowFactory.session({ id: 21, user_id: other.id }));
    expect(await codeOf(sut.revokeSession(authStub.web(user), 21))).toBe(ResponseCode.InvalidParameter);
    expect(await codeOf(sut.revokeSession(authStub.web(user), 999))).toBe(ResponseCode.InvalidParameter);
    expect(world.tables.sessions[0]!.revoked_at).toBeNull();
  });

  it("ends every other session of the account, and logout ends only the caller's", async () => {
    const { sut, world, user } = setup();
    const other = world.addUser();
    world.tables.sessions.push(
      rowFactory.session({ id: 31, user_id: user.id }),
      rowFactory.session({ id: 32, user_id: user.id }),
      rowFactory.session({ id: 33, user_id: other.id }),
    );
    await sut.revokeOtherSessions(authStub.web(user, 31));
    expect(world.tables.sessions.map((s) => [s.id, s.revoked_at])).toEqual([
      [31, null],
      [32, TEST_NOW],
      [33, null],
    ]);
    await sut.logout(authStub.web(user, 31));
    expect(world.tables.sessions.map((s) => s.revoked_at)).toEqual([TEST_NOW, TEST_NOW, null]);
  });

  it('needs a login to revoke (2011), and names a dead cookie (1101)', async () => {
    const { sut } = setup();
    expect(await codeOf(sut.revokeOtherSessions(authStub.anonymous))).toBe(ResponseCode.UserNotLogin);
    expect(await codeOf(sut.revokeOtherSessions(authStub.deadToken))).toBe(ResponseCode.WebTokenInvalid);
  });
});
