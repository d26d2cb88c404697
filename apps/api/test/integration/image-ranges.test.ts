// Byte ranges of image answers (issue 27, byte-range.rules.ts): one satisfiable range answers that part
// (206, Content-Range) of a page held in memory, of a page read from the store and of streamed art; a
// range past the end answers 416; a malformed header, several ranges, or an If-Range that does not
// name the current ETag answer the whole image; a range never gets past the signature check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageKeys } from '#src/services/ingest.service.ts';
import { createTestApp, type TestApp } from '#test/app.ts';

const page = Buffer.from(Array.from({ length: 40 }, (_, n) => n));
const art = Buffer.from('RIFF....WEBPVP8 cover art of thirty-nine');

describe.each([
  { held: 'held in memory', imageCacheMaxBytes: 1024 * 1024 },
  { held: 'read from the store', imageCacheMaxBytes: 0 },
])('byte ranges of a page $held', ({ imageCacheMaxBytes }) => {
  let t: TestApp;
  const pageKey = storageKeys.page(100004, 0xfeed, 3);
  const coverKey = 'titles/10004/thumbnail.webp';
  const signed = () => t.app.container.mediaUrls.signedUrl(pageKey, t.clock.now()).replace('http://api.test', '');
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await createTestApp({ imageCacheMaxBytes });
    await t.app.container.repositories.storage.put(pageKey, page, 'image/jpeg');
    await t.app.container.repositories.storage.put(coverKey, art, 'image/webp');
    await get(signed()); // held from here on, when the cache is on
  });
  afterAll(() => t.close());

  it('says it takes ranges, and answers one range with that part', async () => {
    const whole = await get(signed());
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    for (const [range, start, end] of [
      ['bytes=0-3', 0, 3],
      ['bytes=10-', 10, 39],
      ['bytes=-5', 35, 39],
      ['bytes=30-500', 30, 39],
      ['bytes=0-1,2-3', 0, 3], // adjacent ranges are one range
    ] as const) {
      const part = await get(signed(), { range });
      expect(part.statusCode, range).toBe(206);
      expect(part.headers['content-range'], range).toBe(`bytes ${start}-${end}/40`);
      expect(Number(part.headers['content-length']), range).toBe(end - start + 1);
      expect(part.rawPayload.equals(page.subarray(start, end + 1)), range).toBe(true);
      expect(part.headers.etag).toBe(whole.headers.etag);
      expect(part.headers['cache-control']).toBe(whole.headers['cache-control']);
    }
  });

  it('answers 416 with the size to a range wholly past the end', async () => {
    const refused = await get(signed(), { range: 'bytes=40-' });
    expect(refused.statusCode).toBe(416);
    expect(refused.headers['content-range']).toBe('bytes */40');
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.rawPayload.length).toBe(0);
  });

  it('answers 416 to a byte range that names no byte (as nginx in front does)', async () => {
    for (const range of ['bytes=abc', 'bytes=5-2']) {
      const refused = await get(signed(), { range });
      expect(refused.statusCode, range).toBe(416);
      expect(refused.headers['content-range'], range).toBe('bytes */40');
    }
  });

  it('answers the whole image to a header without a unit, another unit or several ranges', async () => {
    for (const range of ['0-3', 'items=0-1', 'bytes=0-1,10-11']) {
      const whole = await get(signed(), { range });
      expect(whole.statusCode, range).toBe(200);
      expect(whole.rawPayload.equals(page), range).toBe(true);
      expect(whole.headers['content-range'], range).toBeUndefined();
    }
  });

  it('honours If-Range: the part while the ETag is the same, else the whole image', async () => {
    const etag = String((await get(signed())).headers.etag);
    expect((await get(signed(), { range: 'bytes=0-3', 'if-range': etag })).statusCode).toBe(206);
    for (const ifRange of ['"other"', `W/${etag}`, 'Sun, 29 Nov 2026 10:00:00 GMT']) {
      const whole = await get(signed(), { range: 'bytes=0-3', 'if-range': ifRange });
      expect(whole.statusCode, ifRange).toBe(200);
      expect(whole.rawPayload.equals(page), ifRange).toBe(true);
    }
  });

  it('answers 304 to a matching If-None-Match, whatever the range', async () => {
    const etag = String((await get(signed())).headers.etag);
    expect((await get(signed(), { range: 'bytes=0-3', 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('never answers a byte of a page without a valid signature', async () => {
    for (const url of [`/images/${pageKey}`, signed().replace('sig=', 'sig=x')]) {
      const refused = await get(url, { range: 'bytes=0-3' });
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['content-range']).toBeUndefined();
    }
  });

  it('streams a range of public art, and 416 past its end', async () => {
    const part = await get(`/images/${coverKey}`, { range: 'bytes=4-7' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-7/${art.length}`);
    expect(part.body).toBe('....');
    const refused = await get(`/images/${coverKey}`, { range: `bytes=${art.length}-` });
    expect(refused.statusCode).toBe(416);
    expect(refused.headers['content-range']).toBe(`bytes */${art.length}`);
    // One read of the size and time serves both a revalidation and the range.
    const etag = String(part.headers.etag);
    expect((await get(`/images/${coverKey}`, { range: 'bytes=4-7', 'if-none-match': etag })).statusCode).toBe(304);
    const stale = await get(`/images/${coverKey}`, { range: 'bytes=4-7', 'if-none-match': '"other"' });
    expect(stale.statusCode).toBe(206);
    expect(stale.body).toBe('....');
    const whole = await get(`/images/${coverKey}`, { range: 'bytes=0-1,9-10' });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(art)).toBe(true);
  });
});
