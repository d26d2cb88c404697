import { gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { PERSONAL_SLOT } from '../personal/personal-data.ts';
import { PageCache, pageCacheKeyOf, type RenderedPage, withoutSession } from './page-cache.server.ts';
import type { PushedRevision } from './revision-stream.server.ts';

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
  it('keys catalogue pages of anonymous visitors by path, region, locale, crawler, consents and time zone', () => {
    const base = keyOf('/', { cookie: consent() });
    expect(base).toBeDefined();
    expect(keyOf('/', { cookie: consent() })).toBe(base);
    const variants = [
      keyOf('/?x=1', { cookie: consent() }),
      keyOf('/', { cookie: consent(), 'cloudfront-viewer-country': 'US' }),
      keyOf('/', { cookie: consent(), 'accept-language': 'en-US' }),
      keyOf('/', { cookie: consent('2012-01') }),
      keyOf('/', { cookie: consent().replace('%7D', '%2C%22default%22%3A1%7D') }),
      // The time zone times are shown in (issue 24).
      keyOf('/', { cookie: `${consent()}; dev_time_zone=America%2FLos_Angeles` }),
      keyOf('/', {}),
      pageCacheKeyOf('GET', '/', new Headers({ 'user-agent': GOOGLEBOT }), settings)?.key,
    ];
    expect(new Set([base, ...variants]).size).toBe(variants.length + 1);
    for (const path of ['/ranking', '/ranking/12', '/series', '/search', '/search/love', '/title/10001']) {
      expect(keyOf(path, { cookie: consent() })).toBeDefined();
    }
  });

  it('keys a logged-in reader by the member shell of the top, title and /my pages, never by their session (ADR 048)', () => {
    const member = (path: string, session = 'session-a') =>
      pageCacheKeyOf(
        'GET',
        path,
        new Headers({ 'user-agent': BROWSER, cookie: `${consent()}; dev_uwt=${session}` }),
        settings,
      );
    expect(member('/')).toMatchObject({ member: 'top' });
    expect(member('/title/10001')).toMatchObject({ member: 'title' });
    expect(member('/title/10001?sort=asc')).toMatchObject({ member: 'title' });
    expect(member('/my')).toMatchObject({ member: 'my' });
    // Two readers share the shell; a guest's key and a member's never meet.
    expect(member('/')?.key).toBe(member('/', 'session-b')?.key);
    expect(member('/')?.key).not.toContain('session');
    expect(member('/')?.key).not.toBe(keyOf('/', { cookie: consent() }));
    expect(member('/title/10001')?.key).not.toBe(keyOf('/title/10001', { cookie: consent() }));
    // Anything else of theirs is drawn for them alone.
    for (const path of ['/?dialog=login', '/title/10001?buy=2', '/title/10001?comments=3', '/my?purchased_page=2']) {
      expect(member(path)).toBeUndefined();
    }
    for (const path of ['/ranking', '/search', '/my/history', '/title/1/episode/2', '/account/login']) {
      expect(member(path)).toBeUndefined();
    }
    expect(
      pageCacheKeyOf(
        'GET',
        '/',
        new Headers({ 'user-agent': BROWSER, cookie: `${consent()}; dev_uwt=a; cart=1` }),
        settings,
      ),
    ).toBeUndefined();
  });

  it('takes every copy of the session out of the headers a member shell is drawn from', () => {
    const headers = withoutSession(
      new Headers({ cookie: 'dev_uwt=a; dev_locale=ja;dev_uwt=b ; other=1', 'user-agent': BROWSER }),
      'dev_',
    );
    expect(headers.get('cookie')).toBe('dev_locale=ja; other=1');
    expect(withoutSession(new Headers({ cookie: 'dev_uwt=a' }), 'dev_').has('cookie')).toBe(false);
  });

  it('never keys unknown cookies, other methods or personal pages of guests', () => {
    expect(keyOf('/', { cookie: `${consent()}; cart=1` })).toBeUndefined();
    // The data saver's cookie (read by the viewer alone) is allowed; cookies of another prefix are not.
    expect(keyOf('/', { cookie: `${consent()}; dev_data_saver=1` })).toBe(keyOf('/', { cookie: consent() }));
    const otherPrefix = { ...settings, cookiePrefix: 'prod_' };
    const prodGuest = (cookie: string) =>
      pageCacheKeyOf('GET', '/', new Headers({ 'user-agent': BROWSER, cookie }), otherPrefix)?.key;
    expect(prodGuest('prod_locale=ja; prod_data_saver=1')).toBeDefined();
    expect(prodGuest('prod_locale=ja; dev_locale=ja')).toBeUndefined();
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
    const unzipped = gunzipSync(Buffer.concat(firstZipped?.gzip ?? [])).toString('utf8');
    expect(unzipped).toBe(first?.html.replaceAll('fresh1', 'fresh3'));
    expect(firstZipped?.headers).toContainEqual([
      'content-security-policy',
      "script-src 'self' 'nonce-fresh3AAAAAAAAAAAAAAAA'",
    ]);
    expect(gunzipSync(Buffer.concat(secondZipped?.gzip ?? [])).toString('utf8')).toContain('fresh4AAAAAAAAAAAAAAAA');
    expect(firstZipped?.html).toBe('');
  });

  it('gzips long pages with non-ASCII text and nonces at either end', async () => {
    const { cache } = cacheWith();
    const revision = await cache.refresh();
    const html = `${NONCE}<p>すべての作品 ${'漫画 manga '.repeat(5_000)}</p><i nonce="${NONCE}"></i>${NONCE}`;
    cache.store('long', revision, page({ html }));
    const hit = cache.lookup('long', 'gzip');
    const unzipped = gunzipSync(Buffer.concat(hit?.gzip ?? [])).toString('utf8');
    const nonce = /nonce-([^']+)'/.exec(hit?.headers[1]?.[1] ?? '')?.[1] ?? '';
    expect(unzipped).toBe(html.replaceAll(NONCE, nonce));
    expect(Buffer.concat(hit?.gzip ?? []).length).toBeLessThan(Buffer.byteLength(unzipped) / 10);
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

  it('keeps a member shell with its slot empty and fills it per answer, in the text and the gzip alike (ADR 048)', async () => {
    const { cache } = cacheWith();
    const revision = await cache.refresh();
    const html = `<html><script nonce="${NONCE}">a</script><script type="application/json">${PERSONAL_SLOT}</script>${'漫画'.repeat(3_000)}<script nonce="${NONCE}">b</script></html>`;
    cache.store('member', revision, page({ html }), { episodeIds: [1, 2] });
    const shell = cache.find('member');
    expect(shell?.meta).toEqual({ episodeIds: [1, 2] });
    const a = shell?.page('identity', '{"reader":"a"}');
    const b = shell?.page('gzip', `{"reader":"b","long":"${'x'.repeat(70_000)}"}`);
    const nonceOfPage = (p: RenderedPage | undefined) => /nonce-([^']+)'/.exec(p?.headers[1]?.[1] ?? '')?.[1] ?? '';
    expect(a?.html).toBe(html.replaceAll(NONCE, nonceOfPage(a)).replace(PERSONAL_SLOT, '{"reader":"a"}'));
    const unzipped = gunzipSync(Buffer.concat(b?.gzip ?? [])).toString('utf8');
    expect(unzipped).toContain('{"reader":"b"');
    expect(unzipped).not.toContain('"reader":"a"');
    expect(unzipped).not.toContain(PERSONAL_SLOT);
    // A guest's lookup of the same entry never carries anyone's answer.
    expect(cache.lookup('member')?.html).toContain('<script type="application/json">null</script>');
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

describe('PageCache with the revision pushed by the API (ADR 078)', () => {
  /** A cache that asks the API at most every 10 s, and takes the pushed revision while there is one. */
  function pushedCache() {
    let now = 0;
    let pushed: PushedRevision | undefined;
    let nonces = 0;
    const fetchRevision = vi.fn(async () => ({ revision: 100, validForMs: 30_000 }));
    const cache = new PageCache({
      maxBytes: 2_000_000,
      ttlMs: 60_000,
      revisionCheckMs: 10_000,
      now: () => now,
      newNonce: () => `fresh${++nonces}AAAAAAAAAAAAAAAA`,
      fetchRevision,
      pushedRevision: () => pushed,
      cookiePrefix: 'dev_',
    });
    return {
      cache,
      fetchRevision,
      push: (revision: PushedRevision | undefined) => (pushed = revision),
      advance: (ms: number) => (now += ms),
    };
  }

  it('takes a pushed revision without asking the API', async () => {
    const { cache, fetchRevision, push, advance } = pushedCache();
    push({ revision: 4, validUntil: 30_000 });
    for (let n = 0; n < 5; n++) {
      expect(await cache.refresh()).toBe(4);
      advance(10_000); // past revisionCheckMs: the API would be asked, were nothing pushed
    }
    expect(fetchRevision).not.toHaveBeenCalled();
  });

  it('empties the cache when the pushed revision moves, and only then', async () => {
    const { cache, push, advance } = pushedCache();
    push({ revision: 4, validUntil: 30_000 });
    cache.store('k', await cache.refresh(), page());
    push({ revision: 4, validUntil: 40_000 }); // a heartbeat: the same revision
    expect(await cache.refresh()).toBe(4);
    expect(cache.lookup('k')).toBeDefined();
    push({ revision: 5, validUntil: 40_000 });
    expect(await cache.refresh()).toBe(5);
    expect(cache.size.entries).toBe(0); // emptied at once, not only skipped at lookup
    expect(cache.lookup('k')).toBeUndefined();
    cache.store('k', 4, page()); // built at the old revision: not kept
    expect(cache.lookup('k')).toBeUndefined();
    // A page kept under a pushed revision lasts no longer than the API said answers stay true.
    cache.store('k', 5, page());
    advance(39_999);
    expect(cache.lookup('k')).toBeDefined();
    advance(1);
    expect(cache.lookup('k')).toBeUndefined();
  });

  it('asks the API as before while nothing is pushed, and again once the push stops', async () => {
    const { cache, fetchRevision, push, advance } = pushedCache();
    expect(await cache.refresh()).toBe(100);
    expect(await cache.refresh()).toBe(100);
    expect(fetchRevision).toHaveBeenCalledTimes(1);
    advance(10_000);
    await cache.refresh();
    expect(fetchRevision).toHaveBeenCalledTimes(2);
    push({ revision: 101, validUntil: 60_000 });
    expect(await cache.refresh()).toBe(101);
    cache.store('k', 101, page());
    advance(10_000);
    push(undefined); // a stale line, or the stream lost: the API is asked, and its answer kept
    expect(await cache.refresh()).toBe(100);
    expect(fetchRevision).toHaveBeenCalledTimes(3);
    expect(cache.lookup('k')).toBeUndefined();
  });
});
