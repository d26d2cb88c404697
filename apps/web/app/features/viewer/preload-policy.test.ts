import { describe, expect, it } from 'vitest';
import { nearsTheEnd, nextChapterPagesAhead, pagesAhead, pagesToPrepare } from './preload-policy.ts';

describe('pagesAhead', () => {
  it('loads further on fast connections and less with Save-Data or slow ones', () => {
    expect(pagesAhead(undefined)).toBe(4);
    expect(pagesAhead({ effectiveType: '4g', downlink: 9 })).toBe(4);
    expect(pagesAhead({ effectiveType: '4g', downlink: 10 })).toBe(8);
    expect(pagesAhead({ effectiveType: '4g', downlink: 50, saveData: true })).toBe(2);
    expect(pagesAhead({ effectiveType: '2g' })).toBe(2);
    expect(pagesAhead({ effectiveType: '3g' })).toBe(3);
    expect(nextChapterPagesAhead({ saveData: true })).toBe(1);
    expect(nextChapterPagesAhead(undefined)).toBe(2);
  });
});

describe('pagesToPrepare', () => {
  it('prepares the shown pages first, then those ahead, then the ones behind', () => {
    expect(pagesToPrepare([4, 5], 16, 4)).toEqual([4, 5, 6, 7, 8, 9, 3, 2]);
    expect(pagesToPrepare([0], 16, 2)).toEqual([0, 1, 2]);
    expect(pagesToPrepare([14, 15], 16, 4)).toEqual([14, 15, 13, 12]);
    expect(pagesToPrepare([], 16, 4)).toEqual([]);
  });

  it('knows when the end is near', () => {
    expect(nearsTheEnd(11, 16, 4)).toBe(true);
    expect(nearsTheEnd(10, 16, 4)).toBe(false);
  });
});
