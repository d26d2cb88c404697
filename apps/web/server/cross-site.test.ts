import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refuseCrossSite } from './cross-site.ts';

const SITE = 'http://127.0.0.1:3240';
let server: Server;
let base: string;
/** What reached the handler behind the guard (method and path), as the proxy or a form action would see it. */
const passed: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const isApiPath = (req.url ?? '').startsWith('/api/');
    if (
      refuseCrossSite(req, res, isApiPath, {
        allowedOrigins: [SITE],
        serverTime: () => 'now',
        securityHeaders: { 'x-frame-options': 'SAMEORIGIN' },
      })
    )
      return;
    passed.push(`${req.method} ${req.url}`);
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const send = (path: string, init: { method?: string; headers?: Record<string, string>; body?: string }) =>
  fetch(`${base}${path}`, {
    method: init.method ?? 'POST',
    headers: init.headers,
    body: init.body,
    redirect: 'manual',
  });

describe('the web server refuses cross-site requests that carry cookies (ADR 028)', () => {
  it('on the /api proxy, in the API envelope, before the API sees it', async () => {
    passed.length = 0;
    const res = await send('/api/episode/paid', {
      headers: {
        cookie: 'dev_uwt=session',
        origin: 'http://127.0.0.1:9999',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'episode_id=1&check_point=40',
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      status: 'error',
      response_code: 1001,
      error_message: 'cross-site request refused: Origin http://127.0.0.1:9999 is not an origin of this service',
      server_time: 'now',
    });
    expect(passed).toEqual([]);
  });

  it('on a form action, as text with the security headers', async () => {
    passed.length = 0;
    const res = await send('/title/10001', {
      headers: { cookie: 'dev_uwt=session', 'sec-fetch-site': 'same-site' },
      body: 'intent=buy',
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(await res.text()).toBe('403 Forbidden: cross-site request refused: Sec-Fetch-Site same-site\n');
    expect(passed).toEqual([]);
  });

  it('lets through the site’s own posts, reads, cookie-less calls and apps', async () => {
    passed.length = 0;
    const foreign = 'http://127.0.0.1:9999';
    expect((await send('/api/episode/paid', { headers: { cookie: 'a=1', origin: SITE } })).status).toBe(200);
    expect((await send('/title/10001', { headers: { cookie: 'a=1', 'sec-fetch-site': 'same-origin' } })).status).toBe(
      200,
    );
    expect((await send('/title/10001', { method: 'GET', headers: { cookie: 'a=1', origin: foreign } })).status).toBe(
      200,
    );
    expect((await send('/api/episode/paid', { headers: { origin: foreign } })).status).toBe(200);
    expect((await send('/api/episode/paid', { headers: { cookie: 'a=1' } })).status).toBe(200);
    expect(passed).toHaveLength(5);
  });
});
