import { describe, expect, it } from 'vitest';
import {
  downloadsToRemove,
  formatBytes,
  isKept,
  isPageCacheName,
  msUntilRemoval,
  offlineNow,
  pageCacheName,
} from './offline-rules.ts';

describe('offline rules', () => {
  it('keeps a bought chapter for good and a rental until its end, not a millisecond after', () => {
    expect(isKept({ keepUntil: null }, Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(isKept({ keepUntil: 1_000 }, 999)).toBe(true);
    expect(isKept({ keepUntil: 1_000 }, 1_000)).toBe(false);
    expect(msUntilRemoval({ keepUntil: 1_000 }, 400)).toBe(600);
    expect(msUntilRemoval({ keepUntil: 1_000 }, 4_000)).toBe(0);
    expect(msUntilRemoval({ keepUntil: null }, 4_000)).toBeUndefined();
  });

  it('never lets a clock turned back reopen a rental', () => {
    expect(offlineNow(500, 2_000)).toBe(2_000);
    expect(offlineNow(3_000, 2_000)).toBe(3_000);
    expect(offlineNow(3_000, undefined)).toBe(3_000);
  });

  it('removes everything when logged out and another account’s downloads when logged in', () => {
    const mine = [{ userId: 7 }];
    expect(downloadsToRemove(mine, { isLoggedIn: false })).toBe('all');
    expect(downloadsToRemove(mine, { isLoggedIn: true, userId: 7 })).toBe('none');
    expect(downloadsToRemove(mine, { isLoggedIn: true, userId: 8 })).toBe('others');
    expect(downloadsToRemove(mine, { isLoggedIn: true, userId: undefined })).toBe('none');
    expect(downloadsToRemove([], { isLoggedIn: false })).toBe('none');
  });

  it('names one cache per account and recognises only those', () => {
    expect(pageCacheName(12)).toBe('manga-offline-pages-12');
    expect(isPageCacheName(pageCacheName(12))).toBe(true);
    expect(isPageCacheName('workbox-precache-v2-http://x/')).toBe(false);
  });
});

describe('formatBytes', () => {
  it('reads as people read sizes', () => {
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(250 * 1024 * 1024, 'en')).toBe('250 MB');
    expect(formatBytes(3 * 1024 ** 3, 'ja')).toBe('3 GB');
  });
});
