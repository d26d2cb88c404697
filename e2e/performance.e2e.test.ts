// The running service's caches and compression over HTTP (ADR 020): the page cache answers crawlers
// and anonymous visitors with a fresh CSP nonce every time and never a visitor with a session or an
// unknown cookie; text answers and hashed assets go compressed; the API's catalogue answers carry an
// ETag and answer 304.
import { describe, expect, it } from 'vitest';
import { VISITOR_USER_AGENT } from './browser.ts';
import { apiUrl, cookiePrefix, webUrl } from './e2e-env.ts';
import { CRAWLER_USER_AGENT } from './visitors.ts';

const nonceInHeader = (response: Response) =>
  /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];

async function page(path: string, headers: Record<string, string>) {
  const response = await fetch(`${webUrl}${path}`, { headers, redirect: 'manual' });
  const html = await response.text(); // fetch decodes gzip and brotli
  return { response, html };
}

describe('page cache (ADR 020)', () => {
  it('answers a crawler from the cache, each time with a fresh nonce in the page and its CSP', async () => {
    const headers = { 'user-agent': CRAWLER_USER_AGENT, 'accept-encoding': 'gzip' };
    await page('/', headers);
    const first = await page('/', headers);
    const second = await page('/', headers);
    expect(first.response.status).toBe(200);
    expect(second.response.headers.get('x-page-cache')).toBe('hit');
    expect(second.response.headers.get('content-encoding')).toBe('gzip');
    const nonces = [first, second].map(({ response, html }) => {
      const nonce = nonceInHeader(response);
      expect(nonce).toBeDefined();
      const inPage = new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
      expect([...inPage]).toEqual([nonce]);
      return nonce;
    });
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(second.html.length).toBeGreaterThan(10_000);
  });

  it('never answers a visitor with a session or an unknown cookie from the cache', async () => {
    for (const cookie of [`${cookiePrefix}uwt=not-a-real-session`, 'someone_elses=1']) {
      for (let n = 0; n < 2; n++) {
        const { response } = await page('/', { 'user-agent': CRAWLER_USER_AGENT, cookie });
        expect(response.headers.get('x-page-cache')).toBeNull();
      }
    }
    const reader = await page('/title/10001/episode/100001', { 'user-agent': VISITOR_USER_AGENT });
    expect(reader.response.headers.get('x-page-cache')).toBeNull();
  });
});

describe('compression and HTTP caching (ADR 020)', () => {
  it('sends hashed scripts compressed and immutable, and pages compressed', async () => {
    const { html } = await page('/', { 'user-agent': CRAWLER_USER_AGENT });
    const script = /\/assets\/[A-Za-z0-9_-]+\.js/.exec(html)?.[0];
    expect(script).toBeDefined();
    const asset = await fetch(`${webUrl}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const raw = await fetch(`${webUrl}/`, {
      headers: { 'user-agent': CRAWLER_USER_AGENT, 'accept-encoding': 'gzip' },
    });
    expect(raw.headers.get('content-encoding')).toBe('gzip');
    // fetch hands the page decoded; the size on the wire is the header's (a cached page's gzip).
    const decoded = Buffer.byteLength(await raw.text());
    expect(Number(raw.headers.get('content-length'))).toBeGreaterThan(0);
    expect(Number(raw.headers.get('content-length'))).toBeLessThan(decoded / 4);
  });

  it('compresses the API through the web origin and answers its catalogue calls with an ETag and 304', async () => {
    const proxied = await fetch(`${webUrl}/api/web/top`, { headers: { 'accept-encoding': 'gzip' } });
    expect(proxied.status).toBe(200);
    expect(proxied.headers.get('content-encoding')).toBe('gzip');
    await fetch(`${apiUrl}/web/top`);
    const first = await fetch(`${apiUrl}/web/top`);
    const etag = first.headers.get('etag');
    expect(first.headers.get('x-manga-cache')).toBe('hit');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    const again = await fetch(`${apiUrl}/web/top`, { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
  });
});
