import { describe, expect, it } from 'vitest';
import { COLLAPSE_AFTER_PX, EXPAND_ON_UP_PX, nextCollapsed } from './collapse-on-scroll.ts';

describe('the header folding on scroll', () => {
  it('stays whole near the top, whatever the direction', () => {
    expect(nextCollapsed(false, 0, COLLAPSE_AFTER_PX)).toBe(false);
    expect(nextCollapsed(true, 400, 10)).toBe(false);
  });

  it('folds when scrolling down past the threshold', () => {
    expect(nextCollapsed(false, COLLAPSE_AFTER_PX, COLLAPSE_AFTER_PX + 1)).toBe(true);
    expect(nextCollapsed(false, 300, 600)).toBe(true);
  });

  it('unfolds after scrolling up a little, not on a jitter', () => {
    expect(nextCollapsed(true, 600, 600 - EXPAND_ON_UP_PX + 1)).toBe(true);
    expect(nextCollapsed(true, 600, 600 - EXPAND_ON_UP_PX)).toBe(false);
    expect(nextCollapsed(true, 600, 600)).toBe(true);
  });
});
