import { describe, expect, it } from 'vitest';
import { TtlCache } from '#src/services/ttl-cache.service.ts';

function cacheAt(ttlMs = 1_000, maxEntries = 10) {
  const clock = { now: 0 };
  const cache = new TtlCache({ ttlMs, maxEntries, now: () => clock.now });
  return { cache, clock };
}

describe('TtlCache', () => {
  it('serves a value until its TTL passes, then reloads', async () => {
    const { cache, clock } = cacheAt();
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.getOrLoad('k', load)).toBe(1);
    clock.now = 999;
    expect(await cache.getOrLoad('k', load)).toBe(1);
    clock.now = 1_000;
    expect(await cache.getOrLoad('k', load)).toBe(2);
  });

  it('shares one load between concurrent misses and forgets failures', async () => {
    const { cache } = cacheAt();
    let loads = 0;
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 5));
    expect(await Promise.all([cache.getOrLoad('k', slow), cache.getOrLoad('k', slow)])).toEqual([1, 1]);
    await expect(cache.getOrLoad('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.getOrLoad('bad', async () => 7)).toBe(7);
  });

  it('answers rows by id in the order asked, repeats dropped, loading only the ids it does not hold', async () => {
    const { cache } = cacheAt();
    const asked: number[][] = [];
    const load = async (ids: number[]) => {
      asked.push(ids);
      return ids.filter((id) => id !== 9).map((id) => ({ id, name: `row ${id}` }));
    };
    const names = async (ids: number[]) =>
      (await cache.rowsByIds('row', ids, load, (row) => row.id)).map((row) => row.name);
    expect(await names([3, 1, 3, 9])).toEqual(['row 3', 'row 1']);
    expect(await names([1, 2, 9, 3])).toEqual(['row 1', 'row 2', 'row 3']);
    // 9 has no row: asked each time, never kept as absent.
    expect(asked).toEqual([
      [3, 1, 9],
      [2, 9],
    ]);
  });

  it('loads only the missing keys of a batch, and drops the oldest entries beyond the limit', async () => {
    const { cache } = cacheAt(1_000, 3);
    const asked: number[][] = [];
    const loadMany = async (keys: number[]) => {
      asked.push(keys);
      return new Map(keys.filter((k) => k !== 9).map((k) => [k, k * 10]));
    };
    expect([...(await cache.getOrLoadMany([1, 2, 9], String, loadMany))]).toEqual([
      [1, 10],
      [2, 20],
    ]);
    await cache.getOrLoadMany([2, 3], String, loadMany);
    expect(asked).toEqual([[1, 2, 9], [3]]);
    await cache.getOrLoadMany([4], String, loadMany); // 1 is the oldest of four entries
    await cache.getOrLoadMany([1, 4], String, loadMany);
    expect(asked.at(-1)).toEqual([1]);
  });

  it('forgets everything on clear (the container clears it when the catalogue changes)', async () => {
    const { cache } = cacheAt();
    let loads = 0;
    const load = async () => ++loads;
    await cache.getOrLoad('k', load);
    cache.clear();
    expect(await cache.getOrLoad('k', load)).toBe(2);
  });

  it('is off with a TTL of 0', async () => {
    const { cache } = cacheAt(0);
    let loads = 0;
    await cache.getOrLoad('k', async () => ++loads);
    expect(await cache.getOrLoad('k', async () => ++loads)).toBe(2);
  });
});
