// Issue 9, finding 4: anyone could lock anyone out. Five wrong passwords locked an account for 15
// minutes even for its owner; twenty failures from one address blocked every login from it, and
// every reader coming through the web app shared the web server's address. Now failures count per
// (account, client) and per client, further attempts wait a growing, capped delay (429 / 2002 with
// Retry-After), and the web server names each visitor over the trusted hop.
import { ResponseCode } from '@manga/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, createAccount, GOOD_PASSWORD, login, OTHER_GOOD_PASSWORD, post } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';

let t: TestApp;
let counter = 0;
/** Each test uses its own addresses, so that one test's counts never reach another. */
const freshIp = () => `203.0.${Math.floor(++counter / 250)}.${counter % 250}`;
const WINDOW_MS = 15 * 60_000;

beforeAll(async () => {
  t = await createTestApp({
    loginFailuresBeforeDelay: 5,
    loginClientFailuresBeforeDelay: 8,
    loginMaxDelayMs: 300_000,
    loginFailureWindowMs: WINDOW_MS,
  });
});
afterAll(() => t.close());

/** Moves the clock past every count of the previous test. */
function forgetEarlierTests() {
  t.clock.advance(WINDOW_MS + 1);
}

const attempt = (email: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  post(t, '/web/user/login', { email, password }, { remoteAddress, headers });

function expectSlowedDown(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(429);
  expect(codeOf(res)).toBe(ResponseCode.UserLoginFailed);
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(res.json().error_message).toMatch(/try again in \d+ (second|minute)/);
  return wait;
}

/** A login that went through: 200, code 0 and a session cookie. */
function expectLoggedIn(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  expect(codeOf(res)).toBe(0);
  expect(res.cookies.find((c) => c.name === 'test_uwt')?.value).toBeTruthy();
}

/** An attacker's flood: wrong passwords as fast as allowed, `count` times, from one address; each fails. */
async function flood(email: string, address: string, count: number, headers: Record<string, string> = {}) {
  for (let i = 0; i < count; i++) {
    expect(codeOf(await attempt(email, `Wrong-Password-${i}`, address, headers))).toBe(ResponseCode.UserLoginFailed);
  }
}

describe('the owner of a flooded account', () => {
  it('logs in with the right password from another client at once', async () => {
    forgetEarlierTests();
    const owner = await createAccount(t);
    await flood(owner.email as string, freshIp(), 40);
    expectLoggedIn(await attempt(owner.email as string, owner.password, freshIp()));
  });

  it('is slowed down, never refused, on the flooded client itself', async () => {
    forgetEarlierTests();
    const owner = await createAccount(t);
    const shared = freshIp();
    await flood(owner.email as string, shared, 6);
    const wait = expectSlowedDown(await attempt(owner.email as string, owner.password, shared));
    t.clock.advance(wait * 1000);
    expectLoggedIn(await attempt(owner.email as string, owner.password, shared));
  });

  it('waits a growing delay, capped, that failed attempts inside it do not extend', async () => {
    forgetEarlierTests();
    const owner = await createAccount(t);
    const attacker = freshIp();
    await flood(owner.email as string, attacker, 5);
    const waits: number[] = [];
    // Ten rounds stay inside the 15-minute window (1 + 2 + … + 256 + 300 s).
    for (let i = 0; i < 10; i++) {
      expect(codeOf(await attempt(owner.email as string, 'Wrong-Password-x', attacker))).toBe(
        ResponseCode.UserLoginFailed,
      );
      const wait = expectSlowedDown(await attempt(owner.email as string, 'Wrong-Password-y', attacker));
      waits.push(wait);
      t.clock.advance(wait * 1000);
    }
    expect(waits.slice(0, 4)).toEqual([1, 2, 4, 8]);
    expect(Math.max(...waits)).toBe(300);
    expect(waits.every((wait, i) => i === 0 || wait >= (waits[i - 1] as number))).toBe(true);
  });
});

describe('a client guessing many accounts', () => {
  it('is slowed down on every account, while other clients are not', async () => {
    forgetEarlierTests();
    const attacker = freshIp();
    // Eight free failures, then a ninth: from now on this client waits.
    for (let i = 0; i < 9; i++) await attempt(`guess${i}-${counter}@example.test`, 'Wrong-Password-1', attacker);
    const user = await createAccount(t);
    expectSlowedDown(await attempt(user.email as string, user.password, attacker));
    expectLoggedIn(await attempt(user.email as string, user.password, freshIp()));
  });
});

describe('the client address', () => {
  const hop = (address: string, secret = t.config.proxySecret as string) => ({
    'x-forwarded-for': address,
    'x-manga-client-ip': address,
    'x-manga-proxy-secret': secret,
  });

  it('comes from the web server over the trusted hop: its visitors are told apart', async () => {
    forgetEarlierTests();
    const owner = await createAccount(t);
    const webServer = '127.0.0.1';
    await flood(owner.email as string, webServer, 40, hop('198.51.100.66'));
    expectLoggedIn(await attempt(owner.email as string, owner.password, webServer, hop('198.51.100.7')));
  });

  it('is never taken from a visitor: a forged hop or X-Forwarded-For counts as the connection', async () => {
    forgetEarlierTests();
    const owner = await createAccount(t);
    const attacker = freshIp();
    for (let i = 0; i < 6; i++) {
      const rotating = `198.51.100.${100 + i}`;
      await attempt(owner.email as string, 'Wrong-Password-1', attacker, {
        ...hop(rotating, 'not-the-secret-but-long-enough-0123456789'),
        'x-real-ip': rotating,
      });
    }
    expectSlowedDown(await attempt(owner.email as string, owner.password, attacker, hop('198.51.100.250', 'x')));
  });

  it('believes a load balancer only for the hop it appended (MANGA_TRUST_PROXY=1)', async () => {
    const behindLb = await createTestApp({ trustProxy: 1, loginFailuresBeforeDelay: 3 }, t.database);
    try {
      behindLb.clock.set(t.clock.now() + WINDOW_MS + 1);
      const owner = await createAccount(behindLb);
      for (let i = 0; i < 4; i++) {
        await post(
          behindLb,
          '/web/user/login',
          { email: owner.email as string, password: 'Wrong-Password-1' },
          { remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': `6.6.6.${i}, 198.51.100.9` } },
        );
      }
      const res = await post(
        behindLb,
        '/web/user/login',
        { email: owner.email as string, password: owner.password },
        { remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': '7.7.7.7, 198.51.100.9' } },
      );
      expectSlowedDown(res);
    } finally {
      await behindLb.close();
    }
  });
});

describe('current-password checks count with login failures', () => {
  it('slows down guesses on /web/account/password/presave and /web/account/email/presave', async () => {
    forgetEarlierTests();
    const owner = await createAccount(t);
    const ip = freshIp();
    const session = await login(t, owner.email as string, owner.password, { remoteAddress: ip });
    // Five free failures, then a sixth, across both forms.
    for (let i = 0; i < 4; i++) {
      const res = await post(
        t,
        '/web/account/password/presave',
        { current_password: `Wrong-Password-${i}`, new_password: OTHER_GOOD_PASSWORD },
        { cookie: session, remoteAddress: ip },
      );
      expect(codeOf(res)).toBe(ResponseCode.AccountInvalidPassword);
    }
    for (let i = 0; i < 2; i++) {
      const res = await post(
        t,
        '/web/account/email/presave',
        { new_email: `moved-${counter}@example.test`, password: `Wrong-Password-${i}` },
        { cookie: session, remoteAddress: ip },
      );
      expect(codeOf(res)).toBe(ResponseCode.AccountInvalidPassword);
    }
    const guess = await post(
      t,
      '/web/account/password/presave',
      { current_password: GOOD_PASSWORD, new_password: OTHER_GOOD_PASSWORD },
      { cookie: session, remoteAddress: ip },
    );
    const wait = expectSlowedDown(guess);
    // The same count slows a login for the account from that client.
    expectSlowedDown(await attempt(owner.email as string, owner.password, ip));
    t.clock.advance(wait * 1000);
    const right = await post(
      t,
      '/web/account/password/presave',
      { current_password: GOOD_PASSWORD, new_password: OTHER_GOOD_PASSWORD },
      { cookie: session, remoteAddress: ip },
    );
    expect(codeOf(right)).toBe(0);
  });
});

describe('shared counts', () => {
  it('keeps its counts in the database, shared by every API process', async () => {
    forgetEarlierTests();
    const other = await createTestApp({ loginFailuresBeforeDelay: 5 }, t.database);
    try {
      other.clock.set(t.clock.now());
      const owner = await createAccount(t);
      const ip = freshIp();
      for (let i = 0; i < 6; i++) {
        const app = i % 2 === 0 ? t : other;
        await post(
          app,
          '/web/user/login',
          { email: owner.email as string, password: 'Wrong-1-Password' },
          {
            remoteAddress: ip,
          },
        );
      }
      expectSlowedDown(
        await post(
          other,
          '/web/user/login',
          { email: owner.email as string, password: owner.password },
          {
            remoteAddress: ip,
          },
        ),
      );
    } finally {
      await other.close();
    }
  });
});
