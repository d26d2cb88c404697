// GET /images/<key>: public art, signed page derivatives, ETag / 304, Cache-Control (architecture §6).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageKeys } from '#src/services/ingest.service.ts';
import { createTestApp, type TestApp } from '#test/app.ts';

let t: TestApp;
const cover = Buffer.from('RIFF....WEBPVP8 cover-bytes');
const page = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
const pageKey = storageKeys.page(100001, 0xc0ffee, 1);
const thumbnailKey = storageKeys.episodeThumbnail(100001, 0xc0ffee);

beforeAll(async () => {
  t = await createTestApp({ signatureMode: 'enforce' }); // images need no API signature even then
  const { storage } = t.app.container.repositories;
  await storage.put('titles/10001/thumbnail.webp', cover, 'image/webp');
  await storage.put(pageKey, page, 'image/jpeg');
  await storage.put(thumbnailKey, cover, 'image/webp');
});
afterAll(() => t.close());

const path = (url: string) => url.replace('http://api.test', '');

describe('GET /images/*', () => {
  it('serves public art with its type, an ETag and a cache lifetime', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/images/titles/10001/thumbnail.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.equals(cover)).toBe(true);
    expect(res.headers.etag).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/);
    expect(res.headers['cache-control']).toContain('max-age=3600');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('serves episode thumbnails publicly: only page derivatives need a signed URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/images/${thumbnailKey}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/images/titles/10001/thumbnail.webp' });
    const again = await t.app.inject({
      method: 'GET',
      url: '/images/titles/10001/thumbnail.webp',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves a page only through a valid signed URL, cached as immutable', async () => {
    const url = path(signedPageUrl());
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe(`public, max-age=${t.config.imageUrlTtlSeconds}, immutable`);
    expect(res.rawPayload.equals(page)).toBe(true);
  });

  it('refuses a page without a signature, with a tampered one, and after expiry', async () => {
    const url = path(signedPageUrl());
    const unsigned = await t.app.inject({ method: 'GET', url: `/images/${pageKey}` });
    const tampered = await t.app.inject({ method: 'GET', url: url.replace('sig=', 'sig=x') });
    t.clock.advance(3 * t.config.imageUrlTtlSeconds * 1000);
    const expired = await t.app.inject({ method: 'GET', url });
    for (const res of [unsigned, tampered, expired]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: 'error', response_code: 1001 });
    }
  });

  it('answers 404 for missing images, unknown types and path tricks', async () => {
    for (const url of [
      '/images/titles/none.webp',
      '/images/titles/10001/thumbnail.exe',
      '/images/titles/%2e%2e/%2e%2e/etc/passwd.png',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().response_code).toBe(1002);
    }
  });
});

function signedPageUrl(): string {
  return mediaUrls().signedUrl(pageKey, t.clock.now());
}

function mediaUrls() {
  return t.app.container.mediaUrls;
}
