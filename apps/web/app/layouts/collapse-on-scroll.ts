import { useEffect, useState } from 'react';

/** Below this many pixels from the top the header is always whole. */
export const COLLAPSE_AFTER_PX = 96;
/** Scrolling back up this far shows it again. */
export const EXPAND_ON_UP_PX = 12;

/**
 * Whether the header's second rows (search, tabs) should fold away for a scroll position: folded
 * after scrolling down past COLLAPSE_AFTER_PX, unfolded near the top or after scrolling up a bit.
 */
export function nextCollapsed(collapsed: boolean, previousY: number, y: number): boolean {
  if (y <= COLLAPSE_AFTER_PX) return false;
  if (y > previousY) return true;
  if (previousY - y >= EXPAND_ON_UP_PX) return false;
  return collapsed;
}

/** The header's folded state, following the window's scroll (one update per frame). */
export function useCollapseOnScroll(): [boolean, (collapsed: boolean) => void] {
  const [collapsed, setCollapsed] = useState(false);
  useEffect(() => {
    let previousY = window.scrollY;
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        const y = window.scrollY;
        const before = previousY; // read now: React runs the updater later, after previousY moves on
        setCollapsed((current) => nextCollapsed(current, before, y));
        // Small moves up accumulate until they reach EXPAND_ON_UP_PX.
        if (y > previousY || Math.abs(y - previousY) >= EXPAND_ON_UP_PX) previousY = y;
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);
  return [collapsed, setCollapsed];
}
