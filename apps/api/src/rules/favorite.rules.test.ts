import { describe, expect, it } from 'vitest';
import { isReleasedSince, newSince } from '#src/rules/favorite.rules.ts';

describe('the "new chapter" rule of a followed title', () => {
  it('counts from the follow when the reader never opened the title', () => {
    expect(newSince({ followedAt: 100, lastViewedAt: null })).toBe(100);
    expect(isReleasedSince(101, { followedAt: 100, lastViewedAt: null })).toBe(true);
    expect(isReleasedSince(100, { followedAt: 100, lastViewedAt: null })).toBe(false);
    expect(isReleasedSince(50, { followedAt: 100, lastViewedAt: null })).toBe(false);
  });

  it('counts from the later of the follow and the last opening', () => {
    expect(newSince({ followedAt: 100, lastViewedAt: 200 })).toBe(200);
    expect(newSince({ followedAt: 300, lastViewedAt: 200 })).toBe(300);
    expect(isReleasedSince(150, { followedAt: 100, lastViewedAt: 200 })).toBe(false);
    expect(isReleasedSince(250, { followedAt: 100, lastViewedAt: 200 })).toBe(true);
  });

  it('is never new when nothing is released', () => {
    expect(isReleasedSince(null, { followedAt: 0, lastViewedAt: null })).toBe(false);
  });
});
