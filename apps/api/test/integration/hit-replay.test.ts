// Cached hits replayed before the framework (ADR 077), over real HTTP (app.inject never reaches the
// server's request listener): the replay is the pipeline's hit byte for byte, headers included (the
// request id its own); it is counted and logged as the pipeline's; a catalogue write shows on the very
// next request; anything that may make the answer the caller's own, a conditional request, another
// client family, maintenance, closing or a revision that is not pushed goes the whole way.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loggerOptions } from '#src/app.ts';
import { SQLITE_SETTLE_RECHECKS_MS } from '#src/db/catalogue-revision-channel.ts';
import { CACHE_STATUS_HEADER } from '#src/plugins/response-cache.plugin.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { testDialect } from '#test/db.ts';
import { insertTitle } from '#test/factories.ts';
import { waitFor } from '#test/fault-servers.ts';
import { listenOnLoopback, sharedHeadersOf } from '#test/http.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe(`cached hits replayed before the framework (${testDialect()})`, () => {
  let t: TestApp;
  let base: string;
  let titleId: number;
  const lines: Record<string, unknown>[] = [];
  const url = () => `${base}/title/list?title_id_list=${titleId}`;
  const replayed = () => t.app.hitReplayer.replayed;
  /** A miss, then a hit through the pipeline (which the replay remembers). */
  const warm = async (path = url(), headers: Record<string, string> = {}) => {
    await fetch(path, { headers });
    const hit = await fetch(path, { headers });
    expect(hit.headers.get(CACHE_STATUS_HEADER)).toBe('hit');
    return hit;
  };

  beforeAll(async () => {
    const capture = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    t = await createTestApp({ cataloguePushRecheckMs: 60_000 }, undefined, {
      logger: { ...(loggerOptions({ level: 'info' }) as object), stream: capture },
    });
    titleId = (await insertTitle(t.database.db, { name_en: 'Replayed Ridge' })).id;
    base = await listenOnLoopback(t.app);
    const feed = t.app.container.services.catalogueRevision;
    await waitFor('the revision channel to listen', () => feed.pushed, 10_000);
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    // Echoes of earlier writes settle first: SQLite's file watch reports every commit a moment later,
    // and tells it again up to SQLITE_SETTLE_RECHECKS_MS after (each a stale mark: one request through).
    await new Promise((resolve) => setTimeout(resolve, Math.max(...SQLITE_SETTLE_RECHECKS_MS) + 100));
  });

  it('answers the same request again with the same bytes and headers, its own request id', async () => {
    const hit = await warm();
    const before = replayed();
    const again = await fetch(url());
    expect(replayed()).toBe(before + 1);
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer())).toEqual(Buffer.from(await hit.arrayBuffer()));
    expect(sharedHeadersOf(again)).toEqual(sharedHeadersOf(hit));
    expect(again.headers.get('x-request-id')).toMatch(UUID);
    expect(again.headers.get('x-request-id')).not.toBe(hit.headers.get('x-request-id'));
    // The web server's id of the page it draws is kept, as the pipeline keeps it (issue 25).
    const id = '0b7e1c7e-8a4b-4c1e-9f0a-1d2c3b4a5f60';
    const withId = await fetch(url(), { headers: { 'x-request-id': id } });
    expect(withId.headers.get('x-request-id')).toBe(id);
    expect(replayed()).toBe(before + 2);
  });

  it('counts and logs each replayed answer as the pipeline does', async () => {
    await warm();
    const metrics = async () => {
      const text = await t.app.metrics.registry.metrics();
      const count = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? 0);
      return {
        requests: count(/manga_http_requests_total\{route="\/title\/list",method="GET",status="200"\} (\d+)/),
        hits: count(/manga_response_cache_lookups_total\{outcome="hit"\} (\d+)/),
      };
    };
    const before = await metrics();
    const replays = replayed();
    lines.length = 0;
    for (let n = 0; n < 3; n++)
      await fetch(url(), { headers: { 'x-request-id': `0b7e1c7e-8a4b-4c1e-9f0a-1d2c3b4a5f6${n}` } });
    expect(replayed()).toBe(replays + 3);
    expect(await metrics()).toEqual({ requests: before.requests + 3, hits: before.hits + 3 });
    const requestLines = lines.filter((line) => line.msg === 'request');
    expect(requestLines).toHaveLength(3);
    expect(requestLines[0]).toMatchObject({
      reqId: '0b7e1c7e-8a4b-4c1e-9f0a-1d2c3b4a5f60',
      method: 'GET',
      url: `/title/list?title_id_list=${titleId}`,
      status: 200,
    });
    expect(typeof requestLines[0]?.ms).toBe('number');
  });

  it('shows a catalogue write on the very next request', async () => {
    await warm();
    const replays = replayed();
    await t.database.db
      .updateTable('title')
      .set({ name_en: 'Rewritten Ridge', name_ja: 'Rewritten Ridge' })
      .where('id', '=', titleId)
      .execute();
    const next = await fetch(url());
    expect(replayed()).toBe(replays);
    expect(next.headers.get(CACHE_STATUS_HEADER)).toBe('miss');
    expect(((await next.json()) as { title_list: { title_name: string }[] }).title_list[0]?.title_name).toBe(
      'Rewritten Ridge',
    );
  });

  it.each([
    ['a cookie', { cookie: 'uwt=forged' }],
    ['an Origin', { origin: 'http://web.test' }],
    ['a web signature', { 'x-manga-hash': 'f'.repeat(64) }],
    ['an app signature', { 'x-mgpk-hash': 'f'.repeat(64) }],
    ['an Authorization', { authorization: 'Bearer nothing' }],
    ['a Range', { range: 'bytes=0-10' }],
  ])('leaves a request with %s to the pipeline', async (_what, headers: Record<string, string>) => {
    await warm();
    const replays = replayed();
    const answer = await fetch(url(), { headers });
    expect(replayed()).toBe(replays);
    expect(answer.headers.get('x-request-id')).toMatch(UUID);
    if ('cookie' in headers || 'x-mgpk-hash' in headers) {
      // Answers that may depend on the caller are kept out of shared caches (ADR 015).
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
    }
  });

  it('leaves conditional requests and HEAD to the pipeline, which answers 304', async () => {
    const hit = await warm();
    const replays = replayed();
    const etag = hit.headers.get('etag') as string;
    const conditional = await fetch(url(), { headers: { 'if-none-match': etag } });
    expect(conditional.status).toBe(304);
    const head = await fetch(url(), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(replayed()).toBe(replays);
  });

  it('keeps each client family apart: the other language or a crawler is never answered with this one', async () => {
    await warm();
    const replays = replayed();
    const english = await fetch(url(), { headers: { 'accept-language': 'en' } });
    const crawler = await fetch(url(), { headers: { 'x-manga-is-crawler': 'true' } });
    expect(replayed()).toBe(replays);
    expect(english.headers.get(CACHE_STATUS_HEADER)).toBe('miss');
    expect(crawler.headers.get(CACHE_STATUS_HEADER)).toBe('miss');
    // Once each has had its own hit, each is replayed with its own bytes.
    const englishHit = await fetch(url(), { headers: { 'accept-language': 'en' } });
    const englishAgain = await fetch(url(), { headers: { 'accept-language': 'en' } });
    expect(replayed()).toBe(replays + 1);
    expect(await englishAgain.text()).toBe(await englishHit.text());
  });

  it('answers 503 in maintenance, at once, and replays again after it', async () => {
    await warm();
    const maintenance = t.app.container.services.maintenance;
    await maintenance.setMaintenance(true);
    try {
      const refused = await fetch(url());
      expect(refused.status).toBe(503);
      expect(((await refused.json()) as { response_code: number }).response_code).toBe(1098);
    } finally {
      await maintenance.setMaintenance(false);
    }
    await warm();
    const replays = replayed();
    expect((await fetch(url())).status).toBe(200);
    expect(replayed()).toBe(replays + 1);
  });

  it('stops replaying once the app begins to close', async () => {
    await warm();
    const replays = replayed();
    t.app.hitReplayer.stop();
    const answer = await fetch(url());
    expect(answer.status).toBe(200);
    expect(replayed()).toBe(replays);
  });
});

describe(`no replay when the revision is not pushed (${testDialect()})`, () => {
  it('answers every hit through the pipeline, which reads the revision', async () => {
    const t = await createTestApp({ cataloguePushRecheckMs: 0 });
    try {
      const { id } = await insertTitle(t.database.db, { name_en: 'Unpushed Upland' });
      const base = await listenOnLoopback(t.app);
      const path = `${base}/title/list?title_id_list=${id}`;
      for (let n = 0; n < 4; n++) await fetch(path);
      const last = await fetch(path);
      expect(last.headers.get(CACHE_STATUS_HEADER)).toBe('hit');
      expect(t.app.hitReplayer.replayed).toBe(0);
    } finally {
      await t.close();
    }
  });
});
