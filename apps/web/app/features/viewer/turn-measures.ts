import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { FIRST_PAGE_MARK } from './boot-page.tsx';
import type { PageImages } from './page-images.ts';

/** Performance marks the benchmark reads (`npm run bench:viewer`); FIRST_PAGE_MARK is the boot page's. */
export const TURN_START_MARK = 'manga:turn-start';
export const TURN_MEASURE = 'manga:page-turn';
export const TURN_FRAME_MEASURE = 'manga:page-turn-frame';

/**
 * The reader's performance marks: the first page on screen (and then the boot page can go), and
 * each page turn. `onDrawn` is the stages' callback when a page reaches its canvas.
 */
export function useTurnMeasures(images: PageImages, currentPages: readonly number[]) {
  // Performance marks: the first page on screen, and each page turn: the work until the view's
  // pages are on their canvases (TURN_MEASURE), and until the frame that shows them (TURN_FRAME_MEASURE).
  const firstPainted = useRef(false);
  const currentRef = useRef(currentPages);
  currentRef.current = currentPages;
  const measureTurn = useCallback(() => {
    const start = performance.getEntriesByName(TURN_START_MARK, 'mark').at(-1)?.startTime;
    if (start === undefined) return;
    if (!currentRef.current.every((index) => images.state(index).status === 'ready')) return;
    performance.measure(TURN_MEASURE, { start });
    performance.clearMarks(TURN_START_MARK);
    requestAnimationFrame(() => performance.measure(TURN_FRAME_MEASURE, { start }));
  }, [images]);
  // After every commit of the reader (children's layout effects, which draw, have run by then).
  useLayoutEffect(() => {
    measureTurn();
  });
  const [booted, setBooted] = useState(false);
  const onDrawn = useCallback(
    (index: number) => {
      measureTurn();
      if (firstPainted.current || !currentRef.current.includes(index)) return;
      firstPainted.current = true;
      // The reader's own page is on screen: the boot page (drawn before the scripts ran) can go.
      setBooted(true);
      requestAnimationFrame(() => {
        if (performance.getEntriesByName(FIRST_PAGE_MARK).length === 0) performance.mark(FIRST_PAGE_MARK);
      });
    },
    [measureTurn],
  );
  return { booted, onDrawn };
}
