import { describe, expect, it } from 'vitest';
import { etagOf, ResponseCache } from '#src/services/response-cache.service.ts';

function cacheWith(options: { maxBytes?: number; revision?: number[]; nextChangeAt?: number } = {}) {
  let now = 1_000;
  const revisions = options.revision ?? [1];
  let reads = 0;
  const cache = new ResponseCache(
    {
      getRevision: async () => revisions[Math.min(reads++, revisions.length - 1)] as number,
      findNextChangeAt: async () => options.nextChangeAt,
    },
    { maxBytes: options.maxBytes ?? 1_000, ttlMs: 500, revisionCheckMs: 0, now: () => now, nextDayStartAt: () => 1e12 },
  );
  return { cache, advance: (ms: number) => (now += ms) };
}

describe('ResponseCache', () => {
  it('drops the least recently used entries beyond its byte budget', async () => {
    const { cache } = cacheWith({ maxBytes: 400 });
    const revision = await cache.refresh();
    for (const key of ['a', 'b', 'c']) cache.store(key, revision, Buffer.alloc(100, key), 'application/json');
    expect(cache.lookup('a')).toBeDefined(); // a is now the most recent
    cache.store('d', revision, Buffer.alloc(100, 'd'), 'application/json');
    cache.store('e', revision, Buffer.alloc(100, 'e'), 'application/json');
    expect(cache.lookup('b')).toBeUndefined();
    expect(cache.lookup('a')).toBeDefined();
    expect(cache.size.bytes).toBeLessThanOrEqual(400);
  });

  it('refuses a body built at an older revision, and one larger than a quarter of the budget', async () => {
    const { cache } = cacheWith({ revision: [1, 2] });
    const old = await cache.refresh();
    await cache.refresh(); // revision 2 now
    cache.store('k', old, Buffer.from('{}'), 'application/json');
    expect(cache.lookup('k')).toBeUndefined();
    cache.store('big', 2, Buffer.alloc(300), 'application/json');
    expect(cache.lookup('big')).toBeUndefined();
  });

  it('expires entries at the TTL and at the next scheduled change, whichever comes first', async () => {
    const { cache, advance } = cacheWith({ nextChangeAt: 1_200 });
    const revision = await cache.refresh();
    cache.store('k', revision, Buffer.from('{"a":1}'), 'application/json');
    advance(199);
    expect(cache.lookup('k')).toBeDefined();
    advance(1);
    await cache.refresh();
    expect(cache.lookup('k')).toBeUndefined();
  });

  it('names a body by a strong ETag that changes with it', () => {
    expect(etagOf(Buffer.from('a'))).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(etagOf(Buffer.from('a'))).not.toBe(etagOf(Buffer.from('b')));
  });

  it('knows the paths with a replayable entry, and forgets them when the catalogue moves', async () => {
    const { cache } = cacheWith({ revision: [1, 2], nextChangeAt: 1e9 });
    const revision = await cache.refresh();
    const stored = cache.store('k', revision, Buffer.from('{}'), 'application/json');
    const replay = { headers: {}, route: '/title/list', logged: true };
    cache.keepReplay('other', '/title/list', { ...replay, etag: stored.etag }); // no such entry
    cache.keepReplay('k', '/title/list', { ...replay, etag: '"stale"' }); // another body's answer
    expect(cache.mayReplay('/title/list')).toBe(false);
    cache.keepReplay('k', '/title/list', { ...replay, etag: stored.etag });
    expect(cache.mayReplay('/title/list')).toBe(true);
    expect(cache.mayReplay('/image/page')).toBe(false);
    await cache.refresh(); // revision 2: every entry goes
    expect(cache.mayReplay('/title/list')).toBe(false);
  });
});
