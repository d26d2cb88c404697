import { describe, expect, it } from 'vitest';
import { isUrlStale, urlExpiresAt } from './page-images.ts';

describe('signed page URLs', () => {
  const url = 'http://api.test/images/episodes/7/1-ab.jpg?expires=1767225600&sig=abc';

  it('reads the expiry of a signed URL', () => {
    expect(urlExpiresAt(url)).toBe(1_767_225_600_000);
    expect(urlExpiresAt('http://api.test/images/titles/1/cover.webp')).toBeUndefined();
  });

  it('refreshes a URL shortly before it expires, never one without an expiry', () => {
    expect(isUrlStale(url, 1_767_225_600_000 - 60_000)).toBe(false);
    expect(isUrlStale(url, 1_767_225_600_000 - 10_000)).toBe(true);
    expect(isUrlStale(url, 1_767_225_600_000 + 1)).toBe(true);
    expect(isUrlStale('http://api.test/x.jpg', Number.MAX_SAFE_INTEGER)).toBe(false);
  });
});
