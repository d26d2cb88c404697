import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;
const STORAGE_KEY = 'scrollPositions';

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function hashTarget(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // keep it raw
  }
  return document.getElementById(id);
}

/**
 * Scrolling on navigation (product §2): a new page starts at the top, a link to `#id` scrolls
 * smoothly to that element, and back/forward returns to where the visitor was.
 */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Record<string, number>>({});
  const first = useRef(true);
  const previousPathname = useRef(location.pathname);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    positions.current = readPositions();
  }, []);

  useEffect(() => {
    const key = location.key;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        positions.current[key] = window.scrollY;
        try {
          window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current));
        } catch {
          // private mode: positions live in memory only
        }
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [location.key]);

  useIsomorphicLayoutEffect(() => {
    const pageChanged = location.pathname !== previousPathname.current;
    previousPathname.current = location.pathname;
    if (first.current) {
      first.current = false;
      return;
    }
    if (navigationType === 'POP') {
      const saved = positions.current[location.key];
      if (saved !== undefined) {
        window.scrollTo({ top: saved, left: 0, behavior: 'instant' });
        return;
      }
    }
    const target = hashTarget(location.hash);
    if (target) {
      target.scrollIntoView({ behavior: 'smooth', block: 'start' });
      return;
    }
    // A new page starts at the top; a changed query on the same page (a dialog, a tab) keeps its place.
    if (pageChanged) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [location.key]);

  return null;
}
