import { describe, expect, it } from 'vitest';
import { type HotImage, HotImageCache } from '#src/services/hot-image-cache.service.ts';

const image = (bytes: number, fill = 'x'): HotImage => ({
  bytes: Buffer.alloc(bytes, fill),
  etag: `"${fill}${bytes}"`,
  contentType: 'image/webp',
});

describe('HotImageCache', () => {
  it('keeps images up to its byte budget, dropping the least recently used first', () => {
    const cache = new HotImageCache(800);
    for (const key of ['a', 'b', 'c', 'd']) cache.keep(key, image(100, key));
    expect(cache.size).toEqual({ entries: 4, bytes: 400 });
    expect(cache.find('a')?.etag).toBe('"a100"'); // a is now the most recent
    for (const key of ['e', 'f', 'g', 'h', 'i']) cache.keep(key, image(100, key));
    expect(cache.find('b')).toBeUndefined();
    expect(cache.find('a')).toBeDefined();
    expect(cache.size.bytes).toBeLessThanOrEqual(800);
  });

  it('replaces an entry kept again under the same key without counting it twice', () => {
    const cache = new HotImageCache(800);
    cache.keep('a', image(100));
    cache.keep('a', image(60));
    expect(cache.size).toEqual({ entries: 1, bytes: 60 });
  });

  it('refuses an image larger than an eighth of the budget, and keeps nothing with a budget of 0', () => {
    const cache = new HotImageCache(800);
    cache.keep('big', image(101));
    expect(cache.find('big')).toBeUndefined();
    cache.keep('fits', image(100));
    expect(cache.find('fits')).toBeDefined();
    const off = new HotImageCache(0);
    off.keep('a', image(1));
    expect(off.find('a')).toBeUndefined();
    expect(off.size).toEqual({ entries: 0, bytes: 0 });
    expect([off.hits, off.misses]).toEqual([0, 0]);
  });

  it('counts hits and misses for the metrics', () => {
    const cache = new HotImageCache(800);
    cache.keep('a', image(100));
    cache.find('a');
    cache.find('a');
    cache.find('b');
    expect([cache.hits, cache.misses]).toEqual([2, 1]);
  });
});
