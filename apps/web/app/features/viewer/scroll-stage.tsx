import { type MouseEvent, type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { PageCanvas } from './page-canvas.tsx';
import type { PageImages } from './page-images.ts';
import type { ViewerPage } from './viewer.ts';

/** Pages this far from the current one keep their pixels; farther ones are cleared to spare memory. */
const DRAW_WINDOW = 4;
/** Widest reading column outside "expand" (CSS pixels). */
const COLUMN_WIDTH = 720;

export interface ScrollStageProps {
  images: PageImages;
  pages: readonly ViewerPage[];
  /** The page the reader is on (0-based). */
  current: number;
  /** 0-based page to scroll to when the stage opens. */
  startPage: number;
  expand: boolean;
  onPageChange: (index: number) => void;
  onEndVisible: () => void;
  onToggleMenu: () => void;
  onDrawn: (index: number) => void;
  endPanel: ReactNode;
}

/**
 * Vertical (scroll) reading: the pages one under the other, each holding its place from its stored
 * size before it loads (no layout shift), the page crossing the middle of the window counted as
 * the current one, then the end of the chapter. The browser's own zoom and scrolling apply.
 */
export function ScrollStage(props: ScrollStageProps) {
  const { images, pages, current, startPage, expand, onToggleMenu, onDrawn, endPanel } = props;
  const pageRefs = useRef<(HTMLDivElement | null)[]>([]);
  const endRef = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  latest.current = props;

  useLayoutEffect(() => {
    // Open on the start page (continue reading), without animation.
    if (startPage > 0) pageRefs.current[startPage]?.scrollIntoView({ block: 'start', behavior: 'instant' });
  }, [startPage]);

  useEffect(() => {
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          const index = Number((entry.target as HTMLElement).dataset.index);
          if (Number.isInteger(index)) latest.current.onPageChange(index);
        }
      },
      // The page crossing the middle of the window.
      { rootMargin: '-50% 0px -50% 0px' },
    );
    for (const element of pageRefs.current) if (element) observer.observe(element);
    const end = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current.onEndVisible();
    });
    if (endRef.current) end.observe(endRef.current);
    return () => {
      observer.disconnect();
      end.disconnect();
    };
  }, []);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as Element;
    if (target.closest('button, a, input, select, textarea, [data-no-gestures]')) return;
    if (window.getSelection()?.toString()) return;
    onToggleMenu();
  };

  return (
    <div className="pt-14 pb-2" data-testid="reader-scroll">
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the menu has its own button; a click on the pages only shows or hides it. */}
      <div
        className="mx-auto flex w-full flex-col"
        style={{ maxWidth: expand ? undefined : COLUMN_WIDTH }}
        onClick={onClick}
      >
        {pages.map((page, index) => (
          <div
            key={page.url}
            ref={(element) => {
              pageRefs.current[index] = element;
            }}
            data-index={index}
            className="w-full"
            style={{ aspectRatio: `${page.width} / ${page.height}` }}
          >
            <PageCanvas
              images={images}
              index={index}
              total={pages.length}
              draw={Math.abs(index - current) <= DRAW_WINDOW}
              onDrawn={onDrawn}
              className="size-full"
            />
          </div>
        ))}
      </div>
      <div ref={endRef}>{endPanel}</div>
    </div>
  );
}
