import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PageCache, pageCacheKeyOf, type RenderedPage } from './page-cache.server.ts';

const settings = {
  cookiePrefix: 'dev_',
  viewerCountryHeader: 'cloudfront-viewer-country',
  defaultRegion: 'JP' as const,
};
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const consent = (birthday = '1990-01') =>
  [
    `dev_birthday=${encodeURIComponent(JSON.stringify({ value: birthday, expires: 4102372799 }))}`,
    `dev_terms_of_service_adult=${encodeURIComponent(JSON.stringify({ value: 1, expires: 4102372799 }))}`,
    `dev_privacy_policy=${encodeURIComponent(JSON.stringify({ value: 1, expires: 4102372799 }))}`,
  ].join('; ');
const keyOf = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  pageCacheKeyOf(method, path, new Headers({ 'user-agent': BROWSER, ...headers }), settings)?.key;

describe('pageCacheKeyOf', () => {
  it('keys catalogue pages of anonymous visitors by path, region, locale, crawler and consents', () => {
    const base = keyOf('/', { cookie: consent() });
    expect(base).toBeDefined();
    expect(keyOf('/', { cookie: consent() })).toBe(base);
    const variants = [
      keyOf('/?x=1', { cookie: consent() }),
      keyOf('/', { cookie: consent(), 'cloudfront-viewer-country': 'US' }),
      keyOf('/', { cookie: consent(), 'accept-language': 'en-US' }),
      keyOf('/', { cookie: consent('2012-01') }),
      keyOf('/', {}),
      pageCacheKeyOf('GET', '/', new Headers({ 'user-agent': GOOGLEBOT }), settings)?.key,
    ];
    expect(new Set([base, ...variants]).size).toBe(variants.length + 1);
    for (const path of ['/ranking', '/ranking/12', '/series', '/search', '/search/love', '/title/10001']) {
      expect(keyOf(path, { cookie: consent() })).toBeDefined();
    }
  });

  it('never keys a logged-in visitor, unknown cookies, other methods or personal pages', () => {
    expect(keyOf('/', { cookie: `${consent()}; dev_uwt=session` })).toBeUndefined();
    expect(keyOf('/', { cookie: `${consent()}; cart=1` })).toBeUndefined();
    expect(keyOf('/', { cookie: consent() }, 'POST')).toBeUndefined();
    for (const path of [
      '/my',
      '/my/history',
      '/my?tab=shop',
      '/account/login',
      '/account/logout',
      '/episode/2/comments',
      '/ops',
      '/title/1/episode/2',
      '/dev/outbox',
      '/law/age',
      '/x',
    ]) {
      expect(keyOf(path, { cookie: consent() })).toBeUndefined();
    }
    expect(keyOf(`/search/${'a'.repeat(2_000)}`)).toBeUndefined();
  });
});

function cacheWith(revisions: number[] = [1], maxBytes = 2_000_000) {
  let now = 0;
  let reads = 0;
  let nonces = 0;
  const cache = new PageCache({
    maxBytes,
    ttlMs: 60_000,
    revisionCheckMs: 0,
    now: () => now,
    newNonce: () => `fresh${++nonces}AAAAAAAAAAAAAAAA`,
    fetchRevision: async () => ({
      revision: revisions[Math.min(reads++, revisions.length - 1)] as number,
      validForMs: 30_000,
    }),
    cookiePrefix: 'dev_',
  });
  return { cache, advance: (ms: number) => (now += ms) };
}

const NONCE = 'cgsULFARutuGFMs9edjfgQ==';
const page = (overrides: Partial<RenderedPage> = {}): RenderedPage => ({
  status: 200,
  headers: [
    ['content-type', 'text/html'],
    ['content-security-policy', `script-src 'self' 'nonce-${NONCE}'`],
  ],
  html: `<html><script nonce="${NONCE}">a</script><script nonce="${NONCE}">b</script></html>`,
  ...overrides,
});

describe('PageCache', () => {
  it('gives every answer from the cache a fresh nonce, in the page and its CSP alike', async () => {
    const { cache } = cacheWith();
    const revision = await cache.refresh();
    cache.store('k', revision, page());
    const first = cache.lookup('k');
    const second = cache.lookup('k');
    const firstZipped = cache.lookup('k', 'gzip');
    const secondZipped = cache.lookup('k', 'gzip');
    expect(first?.html).not.toContain(NONCE);
    expect(first?.html).toBe(
      '<html><script nonce="fresh1AAAAAAAAAAAAAAAA">a</script><script nonce="fresh1AAAAAAAAAAAAAAAA">b</script></html>',
    );
    expect(first?.headers).toContainEqual([
      'content-security-policy',
      "script-src 'self' 'nonce-fresh1AAAAAAAAAAAAAAAA'",
    ]);
    expect(second?.html).toContain('fresh2AAAAAAAAAAAAAAAA');
    // The gzip form is the same page, with a fresh nonce of its own, in the page and the CSP alike.
    const unzipped = gunzipSync(firstZipped?.gzip ?? Buffer.alloc(0)).toString('utf8');
    expect(unzipped).toBe(first?.html.replaceAll('fresh1', 'fresh3'));
    expect(firstZipped?.headers).toContainEqual([
      'content-security-policy',
      "script-src 'self' 'nonce-fresh3AAAAAAAAAAAAAAAA'",
    ]);
    expect(gunzipSync(secondZipped?.gzip ?? Buffer.alloc(0)).toString('utf8')).toContain('fresh4AAAAAAAAAAAAAAAA');
    expect(firstZipped?.html).toBe('');
  });

  it('gzips long pages with non-ASCII text and nonces at either end', async () => {
    const { cache } = cacheWith();
    const revision = await cache.refresh();
    const html = `${NONCE}<p>すべての作品 ${'漫画 manga '.repeat(5_000)}</p><i nonce="${NONCE}"></i>${NONCE}`;
    cache.store('long', revision, page({ html }));
    const hit = cache.lookup('long', 'gzip');
    const unzipped = gunzipSync(hit?.gzip ?? Buffer.alloc(0)).toString('utf8');
    const nonce = /nonce-([^']+)'/.exec(hit?.headers[1]?.[1] ?? '')?.[1] ?? '';
    expect(unzipped).toBe(html.replaceAll(NONCE, nonce));
    expect(hit?.gzip?.length ?? 0).toBeLessThan(Buffer.byteLength(unzipped) / 10);
  });

  it('gzips exactly whatever the lengths of the nonce and of the parts between (CRC combined per answer)', async () => {
    let length = 0;
    const cache = new PageCache({
      maxBytes: 50_000_000,
      ttlMs: 60_000,
      revisionCheckMs: 0,
      now: () => 0,
      newNonce: () => 'n'.repeat(length),
      fetchRevision: async () => ({ revision: 1, validForMs: 30_000 }),
      cookiePrefix: 'dev_',
    });
    const revision = await cache.refresh();
    const sizes = [0, 1, 2, 3, 7, 8, 255, 256, 4_095, 65_537];
    const html = sizes.map((size, i) => `${'x'.repeat(size)}${i % 2 ? 'é' : ''}`).join(NONCE);
    cache.store('sizes', revision, page({ html }));
    for (const nonceLength of [1, 2, 24, 100, 1_000]) {
      length = nonceLength;
      const hit = cache.lookup('sizes', 'gzip');
      expect(gunzipSync(hit?.gzip ?? Buffer.alloc(0)).toString('utf8')).toBe(
        html.replaceAll(NONCE, 'n'.repeat(nonceLength)),
      );
    }
  });

  it('drops every page when the catalogue revision moves, and at the end of their validity', async () => {
    const { cache, advance } = cacheWith([1, 1, 2]);
    cache.store('k', await cache.refresh(), page());
    expect(await cache.refresh()).toBe(1);
    expect(cache.lookup('k')).toBeDefined();
    expect(await cache.refresh()).toBe(2);
    expect(cache.lookup('k')).toBeUndefined();
    cache.store('k', 1, page()); // built at the old revision: not kept
    expect(cache.lookup('k')).toBeUndefined();
    cache.store('k', 2, page());
    advance(30_000); // the API said answers stay true for 30 s
    await cache.refresh();
    expect(cache.lookup('k')).toBeUndefined();
  });

  it('keeps only plain HTML answers: no cookies (but a crawler’s default consent), not private, with a nonce', () => {
    const { cache } = cacheWith();
    expect(cache.isStorable(page(), false)).toBe(true);
    expect(cache.isStorable(page({ status: 302 }), false)).toBe(false);
    expect(cache.isStorable(page({ headers: [['content-type', 'application/json']] }), false)).toBe(false);
    const withHeader = (header: [string, string]) => page({ headers: [...page().headers, header] });
    expect(cache.isStorable(withHeader(['cache-control', 'private, no-store']), false)).toBe(false);
    expect(cache.isStorable(withHeader(['set-cookie', 'dev_uwt=abc']), false)).toBe(false);
    const consent = withHeader(['set-cookie', 'dev_privacy_policy=%7B%7D; Path=/']);
    expect(cache.isStorable(consent, false)).toBe(false);
    expect(cache.isStorable(consent, true)).toBe(true);
    expect(cache.isStorable(withHeader(['set-cookie', 'dev_uwt=abc']), true)).toBe(false);
    expect(cache.isStorable(page({ headers: [['content-type', 'text/html']] }), false)).toBe(false); // no nonce
  });

  it('stays within its byte budget, oldest used first', async () => {
    const { cache } = cacheWith([1], 10_000);
    const revision = await cache.refresh();
    const big = page({ html: `<p nonce="${NONCE}">${'x'.repeat(500)}</p>` });
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) cache.store(key, revision, big);
    expect(cache.size.entries).toBeGreaterThan(1);
    expect(cache.size.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.lookup('a')).toBeUndefined();
    expect(cache.lookup('h')).toBeDefined();
  });
});
