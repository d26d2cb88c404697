// Issue 9, finding 1: the development outbox must never hand mail content to another host. The
// attack: POST /web/account/password/prereset with the victim's address and a password of the
// attacker's choice, then read the reset link from GET /dev/outbox over the network.
import { DevOutboxListResponseSchema, ResponseCode } from '@manga/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#src/config.ts';
import { codeOf, createAccount, OTHER_GOOD_PASSWORD, post } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';

let t: TestApp;
/** The secrets a production start requires, so each test sees the one refusal it is about. */
const PRODUCTION_WITH_SECRETS = {
  MANGA_ENV: 'production',
  MANGA_IMAGE_URL_SECRET: 'x'.repeat(32),
  MANGA_COMMENTER_TAG_SECRET: 'y'.repeat(32),
};

beforeAll(async () => {
  t = await createTestApp({ devOutbox: true, trustProxy: 1 });
});
afterAll(() => t.close());

function outbox(path: string, remoteAddress: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: path, remoteAddress, headers });
}

describe('the outbox takeover (prereset, then read the link from /dev/outbox)', () => {
  it('answers a loopback client (the developer on this machine)', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await outbox('/dev/outbox', address);
      expect(res.statusCode, address).toBe(200);
    }
  });

  it('gives another host nothing: the same 404 as an unknown path, for the list and for a message', async () => {
    const victim = await createAccount(t);
    const reset = await post(
      t,
      '/web/account/password/prereset',
      { email: victim.email as string, new_password: OTHER_GOOD_PASSWORD },
      { remoteAddress: '203.0.113.66' },
    );
    expect(codeOf(reset)).toBe(0);
    const mine = DevOutboxListResponseSchema.parse((await outbox('/dev/outbox', '127.0.0.1')).json());
    const mail = mine.message_list.find((m) => m.to === victim.email);
    expect(mail).toBeDefined();

    for (const address of ['203.0.113.66', '10.0.0.8', '192.168.1.20', 'fe80::1', '2001:db8::1']) {
      for (const path of ['/dev/outbox', `/dev/outbox/${mail?.id}`]) {
        const res = await outbox(path, address);
        expect(res.statusCode, `${address} ${path}`).toBe(404);
        expect(codeOf(res)).toBe(ResponseCode.ApiNotFound);
        expect(res.body).not.toContain(victim.email as string);
        expect(res.body).not.toContain('token');
      }
    }
  });

  it('judges the socket address, never a forwarded header (even with MANGA_TRUST_PROXY)', async () => {
    const spoofed = { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1', forwarded: 'for=127.0.0.1' };
    const res = await outbox('/dev/outbox', '203.0.113.66', spoofed);
    expect(res.statusCode).toBe(404);
    // A remote visitor relayed by a local proxy that says where it came from is still remote.
    const relayed = await outbox('/dev/outbox', '127.0.0.1', { 'x-forwarded-for': '203.0.113.66' });
    expect(relayed.statusCode).toBe(404);
  });

  it("serves the web server's own outbox page for a loopback visitor, proved by the proxy secret", async () => {
    const hop = (address: string, secret: string) => ({
      'x-forwarded-for': address,
      'x-manga-client-ip': address,
      'x-manga-proxy-secret': secret,
    });
    const secret = t.config.proxySecret as string;
    expect((await outbox('/dev/outbox', '127.0.0.1', hop('127.0.0.1', secret))).statusCode).toBe(200);
    expect((await outbox('/dev/outbox', '127.0.0.1', hop('203.0.113.66', secret))).statusCode).toBe(404);
    expect((await outbox('/dev/outbox', '127.0.0.1', hop('127.0.0.1', `${secret}x`))).statusCode).toBe(404);
    expect((await outbox('/dev/outbox', '127.0.0.1', { 'x-manga-client-ip': '127.0.0.1' })).statusCode).toBe(404);
    expect((await outbox('/dev/outbox', '203.0.113.66', hop('127.0.0.1', secret))).statusCode).toBe(404);
  });

  it('is off unless MANGA_DEV_OUTBOX says otherwise, and never in production', async () => {
    const off = await createTestApp({ devOutbox: false }, t.database);
    try {
      expect((await off.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
    expect(loadConfig({ MANGA_ENV: 'development' }).devOutbox).toBe(true);
    expect(loadConfig({ MANGA_ENV: 'test' }).devOutbox).toBe(false);
    expect(loadConfig({ MANGA_ENV: 'development', MANGA_DEV_OUTBOX: 'false' }).devOutbox).toBe(false);
    expect(loadConfig({ MANGA_ENV: 'test', MANGA_DEV_OUTBOX: 'true' }).devOutbox).toBe(true);
    expect(() => loadConfig({ ...PRODUCTION_WITH_SECRETS, MANGA_DEV_OUTBOX: 'true' })).toThrow(/MANGA_DEV_OUTBOX/);
  });
});

describe('listen address', () => {
  it('is loopback outside production unless MANGA_API_HOST says otherwise', () => {
    expect(loadConfig({ MANGA_ENV: 'development' }).host).toBe('127.0.0.1');
    expect(loadConfig({ MANGA_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ MANGA_ENV: 'development', MANGA_API_HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig(PRODUCTION_WITH_SECRETS).host).toBe('0.0.0.0');
  });
});
