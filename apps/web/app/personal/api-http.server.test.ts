import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHttpFetch } from './api-http.server.ts';

// Against a real HTTP server on loopback: what the API client reads of an answer is what fetch gives.
let server: http.Server;
let base = '';
const seen: { method?: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({ method: req.method, headers: req.headers, body: Buffer.concat(chunks).toString() });
      if (req.url === '/empty') {
        res.writeHead(204).end();
      } else if (req.url === '/slow') {
        setTimeout(() => res.end('late'), 2_000);
      } else {
        res.writeHead(req.url === '/refused' ? 429 : 200, [
          ['content-type', 'application/json; charset=utf-8'],
          ['set-cookie', 'a=1; Path=/'],
          ['set-cookie', 'b=2; Path=/'],
          ['retry-after', '30'],
        ]);
        res.end(JSON.stringify({ status: 'success', text: 'こんにちは' }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('apiHttpFetch', () => {
  it('answers as fetch does: status, every header, every Set-Cookie and the body as UTF-8 text', async () => {
    for (const path of ['/ok', '/refused']) {
      const [mine, theirs] = await Promise.all([apiHttpFetch(`${base}${path}`), fetch(`${base}${path}`)]);
      expect(mine.status).toBe(theirs.status);
      expect(mine.ok).toBe(theirs.ok);
      expect(mine.headers.get('retry-after')).toBe('30');
      expect(mine.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
      expect(await mine.text()).toBe(await theirs.text());
    }
    const empty = await apiHttpFetch(`${base}/empty`);
    expect(empty.status).toBe(204);
    expect(await empty.text()).toBe('');
  });

  it('sends the method, the headers and a text body as given', async () => {
    seen.length = 0;
    await apiHttpFetch(`${base}/form`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'uwt=x', 'x-manga-hash': 'h' },
      body: 'episode_id=1&check_point=40',
    });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      body: 'episode_id=1&check_point=40',
      headers: { cookie: 'uwt=x', 'x-manga-hash': 'h', 'content-type': 'application/x-www-form-urlencoded' },
    });
  });

  it('fails as fetch does when nobody answers or the call is aborted, and hands other bodies to fetch', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(apiHttpFetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
    await expect(apiHttpFetch(`${base}/slow`, { signal: AbortSignal.timeout(50) })).rejects.toThrow();
    seen.length = 0;
    const answer = await apiHttpFetch(`${base}/form`, { method: 'POST', body: new URLSearchParams({ a: '1' }) });
    expect(answer.status).toBe(200);
    expect(seen[0]?.body).toBe('a=1');
  });
});
