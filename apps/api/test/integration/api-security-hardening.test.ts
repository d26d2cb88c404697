// Issue 9, medium and low findings on the API: image paths that answered 500 with a stack in the
// log, personalised answers without Cache-Control, a logout that needed a body, secrets in the logs,
// and a bare HTTP 431 for long URLs.
import { type AddressInfo, connect } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '#src/app.ts';
import { storageKeys } from '#src/services/ingest.service.ts';
import { codeOf, createAccount, get, login, post, sessionCookieOf } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { insertTitle } from '#test/factories.ts';

let t: TestApp;
const lines: string[] = [];
let counter = 0;
const freshIp = () => `10.66.0.${++counter}`;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  t = await createTestApp({}, undefined, { logger: { ...(loggerOptions({ level: 'trace' }) as object), stream } });
  await t.app.container.repositories.storage.put('titles/10001/thumbnail.webp', Buffer.from('cover'), 'image/webp');
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * A request written byte for byte on a socket: the target exactly as given (`/./`, `\`, a space as
 * %20…), which app.inject would normalise as a URL first, and through Node's own HTTP parser.
 */
function raw(target: string): Promise<RawAnswer> {
  const { port } = t.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: api.test\r\nConnection: close\r\n\r\n`);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      const body = rest.join('\r\n\r\n');
      const chunked = headers['transfer-encoding'] === 'chunked';
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers,
        body: chunked ? body.replace(/^[0-9a-f]+\r\n|\r\n[0-9a-f]+\r\n|\r\n0\r\n\r\n$/gi, '') : body,
      });
    });
  });
}

/** Log lines written while `work` runs. */
async function logOf(work: () => Promise<unknown>): Promise<string> {
  const from = lines.length;
  await work();
  return lines.slice(from).join('');
}

describe('image paths', () => {
  it.each([
    '/images/titles//10001/thumbnail.webp',
    '/images/titles/./10001/thumbnail.webp',
    '/images/titles/10001%5Cthumbnail.webp',
    '/images/titles\\10001/thumbnail.webp',
    '/images/titles/10001/thumb%20nail.webp',
    '/images/titles/10001/thumbnail%C3%A9.webp',
    '/images/titles/10001/%C3%A9.webp',
    '/images/titles/10001/thumbnail%00.webp',
    '/images/titles/10001/thumbnail.webp%00.png',
    `/images/${storageKeys.page(1, 2, 3).replace('/', '//')}?expires=1&sig=x`,
  ])('%s answers 400 or 404 in the envelope, with no stack in the log', async (url) => {
    let res: RawAnswer | undefined;
    const log = await logOf(async () => {
      res = await raw(url);
    });
    const answer = res as RawAnswer;
    expect([400, 403, 404], `${answer.status} ${answer.body}`).toContain(answer.status);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 'error' });
    expect(log).not.toMatch(/"stack"|Unhandled error|"level":50/);
  });

  it('still serves the image itself', async () => {
    expect((await raw('/images/titles/10001/thumbnail.webp')).status).toBe(200);
  });
});

describe('Cache-Control on answers that depend on the session', () => {
  it('is private, no-store for a logged-in reader, on every route', async () => {
    const user = await createAccount(t);
    const cookie = await login(t, user.email as string, user.password, { remoteAddress: freshIp() });
    for (const url of [
      '/account',
      `/user?user_id=${user.id}`,
      '/web/status',
      '/web/law',
      '/title/list?title_id_list=1',
    ]) {
      const res = await get(t, url, { cookie });
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
  });

  it('is private, no-store when cookies are set or an app signature or a birthday decides', async () => {
    const user = await createAccount(t);
    const res = await post(
      t,
      '/web/user/login',
      { email: user.email as string, password: user.password },
      {
        remoteAddress: freshIp(),
      },
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect((await get(t, '/web/law', { cookie: 'test_birthday=x' })).headers['cache-control']).toBe(
      'private, no-store',
    );
    expect((await get(t, '/account', { headers: { 'x-mgpk-hash': 'a'.repeat(64) } })).headers['cache-control']).toBe(
      'private, no-store',
    );
  });

  it('leaves anonymous catalogue answers and public images their own caching', async () => {
    const title = await insertTitle(t.database.db);
    const list = await get(t, `/title/list?title_id_list=${title.id}`);
    expect(list.headers['cache-control']).not.toBe('private, no-store');
    const image = await t.app.inject({ method: 'GET', url: '/images/titles/10001/thumbnail.webp' });
    expect(image.headers['cache-control']).toContain('public');
  });
});

describe('POST /web/user/logout', () => {
  it('ends the current session with no body at all (product §4)', async () => {
    const user = await createAccount(t);
    for (const headers of [{}, { 'content-type': 'application/x-www-form-urlencoded' }]) {
      const cookie = await login(t, user.email as string, user.password, { remoteAddress: freshIp() });
      const res = await t.app.inject({ method: 'POST', url: '/web/user/logout', headers: { cookie, ...headers } });
      expect(codeOf(res), res.body).toBe(0);
      expect(res.cookies.some((c) => c.name === 'test_uwt' && c.value === '')).toBe(true);
      expect(codeOf(await get(t, '/account', { cookie }))).toBe(1101);
    }
  });
});

describe('logs', () => {
  it('redact uwt, hash_key, sig, email, password and token wherever they appear', async () => {
    const user = await createAccount(t, { email: 'log-secret-address@example.test' });
    const secrets = {
      uwt: 'uwt-Secret-1111',
      hash_key: 'hashkey-Secret-2222',
      sig: 'sig-Secret-3333',
      email: 'query-secret-address@example.test',
      password: 'Password-Secret-4444',
      token: 'token-Secret-5555',
    };
    const log = await logOf(async () => {
      const query = new URLSearchParams({ ...secrets, new_password: 'New-Secret-6666', Token: 'Upper-Secret-7777' });
      await get(t, `/web/status?${query}`);
      await get(t, `/no/such/path?${query}`);
      await get(t, `/images/titles/none.webp?expires=1&sig=${secrets.sig}`);
      await get(t, `/web/status?%74oken=Encoded-Secret-8888`);
      await post(
        t,
        '/web/user/login',
        { email: user.email as string, password: 'Body-Secret-9999' },
        {
          remoteAddress: freshIp(),
          headers: {
            'x-mgpk-hash': 'Header-Secret-1010',
            'x-manga-proxy-secret': 'Proxy-Secret-1212-0123456789012345',
            authorization: 'Bearer Auth-Secret-1313',
          },
          cookie: `test_uwt=Cookie-Secret-1414; test_birthday=x`,
        },
      );
      const session = sessionCookieOf(
        await post(
          t,
          '/web/user/login',
          { email: user.email as string, password: user.password },
          {
            remoteAddress: freshIp(),
          },
        ),
      );
      await get(t, `/account?email=${encodeURIComponent(user.email as string)}`, { cookie: session });
    });
    expect(log.length).toBeGreaterThan(0);
    for (const secret of [
      ...Object.values(secrets),
      'New-Secret-6666',
      'Upper-Secret-7777',
      'Encoded-Secret-8888',
      'Body-Secret-9999',
      'Header-Secret-1010',
      'Proxy-Secret-1212',
      'Auth-Secret-1313',
      'Cookie-Secret-1414',
      'log-secret-address',
      user.password,
    ]) {
      expect(log, secret).not.toContain(secret);
    }
    expect(log).toContain('[redacted]');
  });
});

describe('URLs over 16 KB', () => {
  it('answer in the envelope (1001), not a bare 431', async () => {
    const answer = await raw(`/title/list?title_id_list=${'1,'.repeat(9000)}1`);
    expect([414, 431]).toContain(answer.status);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(JSON.parse(answer.body)).toMatchObject({ status: 'error', response_code: 1001 });
    expect(JSON.parse(answer.body).server_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });
});
