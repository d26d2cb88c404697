// Hot page images replayed before the framework (ADR 088), over real HTTP (app.inject never reaches
// the server's request listener): once the pipeline has answered a held derivative, the same signed
// URL is answered with the same bytes and headers (the request id its own) after the same signature
// check, per Origin the CORS rule allows (the viewer fetches pages with CORS); a forged, expired or
// too-distant signature, any other URL form, a conditional or partial request, a refused Origin,
// public art, maintenance and closing all go the whole way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageKeys } from '#src/services/ingest.service.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { listenOnLoopback, sharedHeadersOf } from '#test/http.ts';

const page = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6, 7, 8]);
const pageKey = storageKeys.page(100003, 0xcafe, 2);
const coverKey = 'titles/10003/thumbnail.webp';

describe('hot page images replayed before the framework', () => {
  let t: TestApp;
  let base: string;
  const replayed = () => t.app.hitReplayer.replayed;
  const signedPath = (key = pageKey) =>
    t.app.container.mediaUrls.signedUrl(key, t.clock.now()).replace('http://api.test', '');
  /** The pipeline's answer (the first read keeps the derivative and how it was sent). */
  const warm = async () => {
    const first = await fetch(`${base}${signedPath()}`);
    expect(first.status).toBe(200);
    return first;
  };

  beforeAll(async () => {
    t = await createTestApp({ imageCacheMaxBytes: 1024 * 1024 });
    const { storage } = t.app.container.repositories;
    await storage.put(pageKey, page, 'image/jpeg');
    await storage.put(coverKey, Buffer.from('RIFF....WEBPVP8 cover'), 'image/webp');
    base = await listenOnLoopback(t.app);
  });
  afterAll(async () => t.close());

  it('answers the same signed URL again with the same bytes and headers, its own request id', async () => {
    const first = await warm();
    const before = replayed();
    const again = await fetch(`${base}${signedPath()}`);
    expect(replayed()).toBe(before + 1);
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer())).toEqual(page);
    expect(sharedHeadersOf(again)).toEqual(sharedHeadersOf(first));
    expect(again.headers.get('cache-control')).toBe(`public, max-age=${t.config.imageUrlTtlSeconds}, immutable`);
    expect(again.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
  });

  it('answers a reader with cookies the same (images never read the caller), and sets none', async () => {
    const first = await warm();
    const before = replayed();
    const withCookies = await fetch(`${base}${signedPath()}`, { headers: { cookie: 'mgpk_session=abc; lang=ja' } });
    expect(replayed()).toBe(before + 1);
    expect(sharedHeadersOf(withCookies)).toEqual(sharedHeadersOf(first));
    expect(withCookies.headers.get('set-cookie')).toBeNull();
  });

  it('counts each replayed answer as the pipeline does, and as a hit of the image cache', async () => {
    await warm();
    const metrics = async () => {
      const text = await t.app.metrics.registry.metrics();
      const count = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? 0);
      return {
        requests: count(/manga_http_requests_total\{route="\/images\/\*",method="GET",status="200"\} (\d+)/),
        imageHits: count(/manga_image_cache_hits_total (\d+)/),
        responseCacheHits: count(/manga_response_cache_lookups_total\{outcome="hit"\} (\d+)/),
      };
    };
    const before = await metrics();
    const replays = replayed();
    for (let n = 0; n < 3; n++) await fetch(`${base}${signedPath()}`);
    expect(replayed()).toBe(replays + 3);
    expect(await metrics()).toEqual({
      requests: before.requests + 3,
      imageHits: before.imageHits + 3,
      responseCacheHits: before.responseCacheHits,
    });
  });

  it('never answers a forged, expired or too-distant signature: the pipeline refuses it', async () => {
    await warm();
    const { mediaUrls } = t.app.container;
    const valid = new URL(signedPath(), base);
    const expires = Number(valid.searchParams.get('expires'));
    const sig = String(valid.searchParams.get('sig'));
    const forged = sig.startsWith('A') ? `B${sig.slice(1)}` : `A${sig.slice(1)}`;
    const signedAt = (at: number) => {
      const url = new URL(mediaUrls.signedUrl(pageKey, at));
      return url.search;
    };
    const replays = replayed();
    for (const query of [
      `?expires=${expires}&sig=${forged}`,
      `?expires=${expires + 1}&sig=${sig}`,
      signedAt(t.clock.now() - 2 * t.config.imageUrlTtlSeconds * 1000), // expired
      signedAt(t.clock.now() + 10 * t.config.imageUrlTtlSeconds * 1000), // further ahead than the TTL
    ]) {
      const refused = await fetch(`${base}/images/${pageKey}${query}`);
      expect(refused.status, query).toBe(403);
    }
    expect(replayed()).toBe(replays);
  });

  it('leaves any other URL form to the pipeline', async () => {
    await warm();
    const valid = new URL(signedPath(), base);
    const expires = String(valid.searchParams.get('expires'));
    const sig = String(valid.searchParams.get('sig'));
    const replays = replayed();
    const answers: Record<string, number> = {};
    for (const query of [
      `?sig=${sig}&expires=${expires}`,
      `?expires=${expires}&sig=${sig}&extra=1`,
      `?expires=${expires}&sig=${sig}&sig=${sig}`,
    ]) {
      answers[query] = (await fetch(`${base}/images/${pageKey}${query}`)).status;
    }
    expect(replayed()).toBe(replays);
    // The pipeline's own answers: the same image for a reordered or longer query, 400 for a repeated one.
    expect(Object.values(answers)).toEqual([200, 200, 400]);
  });

  it('leaves conditional, partial and HEAD requests to the pipeline', async () => {
    const first = await warm();
    const etag = String(first.headers.get('etag'));
    const url = `${base}${signedPath()}`;
    const replays = replayed();
    expect((await fetch(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await fetch(url, { headers: { range: 'bytes=0-3' } })).status).toBe(206);
    expect((await fetch(url, { headers: { range: 'bytes=0-3', 'if-range': etag } })).status).toBe(206);
    expect((await fetch(url, { method: 'HEAD' })).status).toBe(200);
    expect(replayed()).toBe(replays);
    // And none of them changed what is replayed.
    const again = await fetch(url);
    expect(replayed()).toBe(replays + 1);
    expect(sharedHeadersOf(again)).toEqual(sharedHeadersOf(first));
  });

  it("keeps a replay per allowed Origin (the viewer's CORS fetch), each with its own CORS headers", async () => {
    const url = `${base}${signedPath()}`;
    const webOrigin = t.config.webOrigins[0] as string;
    const plain = await warm();
    const replays = replayed();
    const first = await fetch(url, { headers: { origin: webOrigin } });
    expect(replayed()).toBe(replays); // the pipeline's, kept for this Origin
    expect(first.headers.get('access-control-allow-origin')).toBe(webOrigin);
    const again = await fetch(url, { headers: { origin: webOrigin } });
    expect(replayed()).toBe(replays + 1);
    expect(sharedHeadersOf(again)).toEqual(sharedHeadersOf(first));
    expect(Buffer.from(await again.arrayBuffer())).toEqual(page);
    // Without an Origin: the plain answer, no CORS grant.
    const without = await fetch(url);
    expect(replayed()).toBe(replays + 2);
    expect(sharedHeadersOf(without)).toEqual(sharedHeadersOf(plain));
    expect(without.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('never keeps an answer to an Origin the CORS rule refuses, nor grants it one', async () => {
    await warm();
    const url = `${base}${signedPath()}`;
    const replays = replayed();
    for (let n = 0; n < 3; n++) {
      const answer = await fetch(url, { headers: { origin: 'https://evil.example' } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    }
    expect(replayed()).toBe(replays);
  });

  it('never replays public art, which can change under its key', async () => {
    const path = `${base}/images/${coverKey}`;
    expect((await fetch(path)).status).toBe(200);
    const replays = replayed();
    expect((await fetch(path)).status).toBe(200);
    await t.app.container.repositories.storage.put(coverKey, Buffer.from('RIFF....WEBPVP8 new cover'), 'image/webp');
    expect(Buffer.from(await (await fetch(path)).arrayBuffer()).toString()).toContain('new cover');
    expect(replayed()).toBe(replays);
  });

  it('answers 503 in maintenance, and replays again after it', async () => {
    await warm();
    const maintenance = t.app.container.services.maintenance;
    await maintenance.setMaintenance(true);
    try {
      const refused = await fetch(`${base}${signedPath()}`);
      expect(refused.status).toBe(503);
    } finally {
      await maintenance.setMaintenance(false);
    }
    await warm();
    const replays = replayed();
    expect((await fetch(`${base}${signedPath()}`)).status).toBe(200);
    expect(replayed()).toBe(replays + 1);
  });

  it('stops replaying once the app begins to close', async () => {
    await warm();
    const replays = replayed();
    t.app.hitReplayer.stop();
    expect((await fetch(`${base}${signedPath()}`)).status).toBe(200);
    expect(replayed()).toBe(replays);
  });
});

describe('no image replay with the image cache off', () => {
  it('answers every signed URL through the pipeline, from the store', async () => {
    const t = await createTestApp({ imageCacheMaxBytes: 0 });
    try {
      await t.app.container.repositories.storage.put(pageKey, page, 'image/jpeg');
      const base = await listenOnLoopback(t.app);
      const path = t.app.container.mediaUrls.signedUrl(pageKey, t.clock.now()).replace('http://api.test', '');
      for (let n = 0; n < 3; n++) expect((await fetch(`${base}${path}`)).status).toBe(200);
      expect(t.app.hitReplayer.replayed).toBe(0);
    } finally {
      await t.close();
    }
  });
});
