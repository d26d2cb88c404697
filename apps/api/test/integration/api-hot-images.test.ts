// Hot page derivatives in memory (ADR 020): a derivative read once is served from memory (its key
// names its content, so it never goes stale), still only through a valid signed URL, with its ETag
// and 304; public art is not held (it can be replaced under the same key); the budget holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HotImageCache } from '#src/services/hot-image-cache.service.ts';
import { storageKeys } from '#src/services/ingest.service.ts';
import { createTestApp, type TestApp } from '#test/app.ts';

let t: TestApp;
const page = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 9, 8, 7, 6]);
const pageKey = storageKeys.page(100002, 0xbeef, 1);
const coverKey = 'titles/10002/thumbnail.webp';

beforeAll(async () => {
  t = await createTestApp({ imageCacheMaxBytes: 1024 * 1024 });
  const { storage } = t.app.container.repositories;
  await storage.put(pageKey, page, 'image/jpeg');
  await storage.put(coverKey, Buffer.from('RIFF....WEBPVP8 cover'), 'image/webp');
});
afterAll(() => t.close());

const signed = () => t.app.container.mediaUrls.signedUrl(pageKey, t.clock.now()).replace('http://api.test', '');

describe('hot page derivatives', () => {
  it('serves a derivative read once from memory, with the same ETag and 304', async () => {
    const first = await t.app.inject({ method: 'GET', url: signed() });
    expect(first.statusCode).toBe(200);
    await t.app.container.repositories.storage.delete(pageKey); // only memory can answer now
    const again = await t.app.inject({ method: 'GET', url: signed() });
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(page)).toBe(true);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['content-type']).toBe('image/jpeg');
    expect(again.headers['cache-control']).toBe(`public, max-age=${t.config.imageUrlTtlSeconds}, immutable`);
    const revalidated = await t.app.inject({
      method: 'GET',
      url: signed(),
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('still refuses a held derivative without a valid signature', async () => {
    for (const url of [`/images/${pageKey}`, signed().replace('sig=', 'sig=x')]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(403);
    }
  });

  it('never holds public art, which can change under its key', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/images/${coverKey}` })).statusCode).toBe(200);
    await t.app.container.repositories.storage.delete(coverKey);
    expect((await t.app.inject({ method: 'GET', url: `/images/${coverKey}` })).statusCode).toBe(404);
  });
});

describe('HotImageCache', () => {
  const image = (size: number) => ({ bytes: Buffer.alloc(size), etag: '"e"', contentType: 'image/webp' });

  it('keeps at most its budget, dropping the least recently used', () => {
    const cache = new HotImageCache(8_000);
    for (const key of ['a', 'b', 'c', 'd']) cache.keep(key, image(900));
    expect(cache.find('a')).toBeDefined();
    for (const key of ['e', 'f', 'g', 'h', 'i']) cache.keep(key, image(900));
    expect(cache.size.bytes).toBeLessThanOrEqual(8_000);
    expect(cache.find('b')).toBeUndefined();
    expect(cache.find('a')).toBeDefined();
    cache.keep('huge', image(1_001)); // over an eighth of the budget
    expect(cache.find('huge')).toBeUndefined();
    cache.keep('a', image(10)); // replacing counts once
    expect(cache.size.entries).toBe(8);
  });

  it('holds nothing with a budget of 0', () => {
    const cache = new HotImageCache(0);
    cache.keep('a', image(1));
    expect(cache.find('a')).toBeUndefined();
  });
});
