import { type PointerEvent, type ReactNode, type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { PageCanvas } from './page-canvas.tsx';
import type { PageImages } from './page-images.ts';
import { fitView, type PageHalf, type SpreadView } from './spread-layout.ts';
import type { ViewerPage } from './viewer.ts';
import {
  type Box,
  clampPan,
  DOUBLE_TAP_ZOOM,
  isZoomed,
  NO_ZOOM,
  wheelZoomFactor,
  type ZoomState,
  zoomAt,
} from './zoom.ts';

/** What zoom buttons and keys need to zoom around the centre: the stage and the fitted view. */
export interface StageGeometry {
  stage: Box;
  view: Box;
}

/** Share of the stage's width that each side's tap zone takes (the centre toggles the menu). */
const SIDE_ZONE = 0.3;
/** A tap moves less than this many pixels… */
const TAP_SLOP = 10;
/** …and lasts less than this. */
const TAP_MS = 500;
const DOUBLE_TAP_MS = 280;
const SWIPE_PX = 50;
/** Wheel page turns need this much travel, then rest this long. */
const WHEEL_TURN_DELTA = 40;
const WHEEL_TURN_REST_MS = 350;

interface Pointer {
  x: number;
  y: number;
  startX: number;
  startY: number;
  at: number;
}

interface Pinch {
  distance: number;
  scale: number;
}

/**
 * The turn a finger's drag asks for, or undefined when it is no horizontal swipe: the finger drags
 * the page, so towards the reading direction's "next" side turns forward.
 */
export function swipeStep(dx: number, dy: number, rtl: boolean): 1 | -1 | undefined {
  if (Math.abs(dx) <= SWIPE_PX || Math.abs(dx) <= 1.5 * Math.abs(dy)) return undefined;
  return dx > 0 === rtl ? 1 : -1;
}

function isInteractive(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('button, a, input, select, textarea, [data-no-gestures]') !== null;
}

export interface PagedStageProps {
  images: PageImages;
  pages: readonly ViewerPage[];
  views: readonly SpreadView[];
  /** Beside each view, the half of a wide page it shows on a phone (issue 28); absent: whole views. */
  halves?: readonly (PageHalf | undefined)[];
  /** The view on screen. */
  viewIndex: number;
  atEnd: boolean;
  rtl: boolean;
  zoom: ZoomState;
  onZoom: (zoom: ZoomState) => void;
  /** +1 the next view in reading order, -1 the previous one. */
  onTurn: (step: 1 | -1) => void;
  onToggleMenu: () => void;
  onDrawn: (index: number) => void;
  geometry: RefObject<StageGeometry | undefined>;
  endPanel: ReactNode;
}

/**
 * The paged reader's stage: the current view fitted to the window, in the reading direction, with
 * tap zones (left and right turn pages, the centre shows the menu), swipes, wheel turns, and zoom
 * by pinch, double tap and ctrl+wheel; a drag pans while zoomed. The zones keep their size zoomed.
 */
export function PagedStage(props: PagedStageProps) {
  const { images, pages, views, viewIndex, atEnd, rtl, zoom, onZoom, onTurn, onDrawn, geometry, endPanel } = props;
  const view = views[viewIndex];
  const stageRef = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState<Box | undefined>(undefined);
  const pointers = useRef(new Map<number, Pointer>());
  const pinch = useRef<Pinch | undefined>(undefined);
  const lastTap = useRef<{ x: number; y: number; at: number } | undefined>(undefined);
  const pendingTap = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const wheel = useRef({ travel: 0, restUntil: 0 });
  const endSwipe = useRef<Pointer | undefined>(undefined);
  // Handlers read the latest props without re-binding listeners.
  const latest = useRef(props);
  latest.current = props;

  useLayoutEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const measure = () => setBox({ width: stage.clientWidth, height: stage.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(stage);
    return () => observer.disconnect();
  }, []);

  const halfOf = (index: number) => props.halves?.[index];
  // A half is laid out as a page half as wide as the whole.
  const fitOf = (shown: SpreadView, half?: PageHalf) =>
    box
      ? fitView(
          shown.map((index) => {
            const size = pages[index] ?? { width: 1, height: 1 };
            return half ? { width: size.width / 2, height: size.height } : size;
          }),
          box,
        )
      : undefined;
  const fitted = view ? fitOf(view, halfOf(viewIndex)) : undefined;
  geometry.current = box && fitted ? { stage: box, view: { width: fitted.width, height: fitted.height } } : undefined;
  // The views either side are drawn too, hidden: a page turn only shows a view that is ready.
  const rendered = [viewIndex - 1, viewIndex, viewIndex + 1].filter((index) => index >= 0 && index < views.length);

  const stepOf = (zone: 'left' | 'right'): 1 | -1 => ((zone === 'left') === rtl ? 1 : -1);

  // ctrl+wheel (and trackpad pinches, which arrive as ctrl+wheel) zooms at the cursor; a plain
  // wheel pans while zoomed and turns pages otherwise. Not passive: the page must not zoom itself.
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const onWheel = (event: WheelEvent) => {
      const current = latest.current;
      if (current.atEnd || isInteractive(event.target)) return;
      const shape = geometry.current;
      if (!shape) return;
      event.preventDefault();
      const rect = stage.getBoundingClientRect();
      if (event.ctrlKey) {
        const focus = { x: event.clientX - rect.left - rect.width / 2, y: event.clientY - rect.top - rect.height / 2 };
        current.onZoom(
          zoomAt(current.zoom, current.zoom.scale * wheelZoomFactor(event.deltaY), focus, shape.view, shape.stage),
        );
        return;
      }
      if (isZoomed(current.zoom)) {
        const moved = { ...current.zoom, x: current.zoom.x - event.deltaX, y: current.zoom.y - event.deltaY };
        current.onZoom(clampPan(moved, shape.view, shape.stage));
        return;
      }
      const now = performance.now();
      if (now < wheel.current.restUntil) return;
      const delta =
        Math.abs(event.deltaY) >= Math.abs(event.deltaX) ? event.deltaY : rtl ? -event.deltaX : event.deltaX;
      wheel.current.travel += delta;
      if (Math.abs(wheel.current.travel) >= WHEEL_TURN_DELTA) {
        current.onTurn(wheel.current.travel > 0 ? 1 : -1);
        wheel.current = { travel: 0, restUntil: now + WHEEL_TURN_REST_MS };
      }
    };
    stage.addEventListener('wheel', onWheel, { passive: false });
    return () => stage.removeEventListener('wheel', onWheel);
  }, [geometry, rtl]);

  useEffect(() => () => clearTimeout(pendingTap.current), []);

  const offsetFromCentre = (x: number, y: number) => {
    const rect = stageRef.current?.getBoundingClientRect();
    return rect ? { x: x - rect.left - rect.width / 2, y: y - rect.top - rect.height / 2 } : { x: 0, y: 0 };
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    const { clientX: x, clientY: y } = event;
    if (atEnd) {
      // The end card: its links stay links (no capture), and a swipe is still the reader's own.
      if (event.pointerType !== 'mouse') endSwipe.current = { x, y, startX: x, startY: y, at: performance.now() };
      return;
    }
    if (isInteractive(event.target)) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, { x, y, startX: x, startY: y, at: performance.now() });
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()] as [Pointer, Pointer];
      pinch.current = { distance: Math.hypot(a.x - b.x, a.y - b.y) || 1, scale: zoom.scale };
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const pointer = pointers.current.get(event.pointerId);
    const shape = geometry.current;
    if (!pointer || !shape) return;
    const dx = event.clientX - pointer.x;
    const dy = event.clientY - pointer.y;
    pointer.x = event.clientX;
    pointer.y = event.clientY;
    if (pinch.current && pointers.current.size >= 2) {
      const [a, b] = [...pointers.current.values()] as [Pointer, Pointer];
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      const focus = offsetFromCentre((a.x + b.x) / 2, (a.y + b.y) / 2);
      onZoom(zoomAt(zoom, (pinch.current.scale * distance) / pinch.current.distance, focus, shape.view, shape.stage));
      return;
    }
    if (isZoomed(zoom)) onZoom(clampPan({ ...zoom, x: zoom.x + dx, y: zoom.y + dy }, shape.view, shape.stage));
  };

  const tapAt = (x: number, y: number) => {
    const rect = stageRef.current?.getBoundingClientRect();
    if (!rect) return;
    const share = (x - rect.left) / rect.width;
    if (share < SIDE_ZONE || share > 1 - SIDE_ZONE) {
      // The sides turn at once, however fast they are tapped.
      lastTap.current = undefined;
      onTurn(stepOf(share < SIDE_ZONE ? 'left' : 'right'));
      return;
    }
    const now = performance.now();
    const previous = lastTap.current;
    const isDouble = previous && now - previous.at < DOUBLE_TAP_MS && Math.hypot(x - previous.x, y - previous.y) < 40;
    lastTap.current = isDouble ? undefined : { x, y, at: now };
    // The centre: wait a moment for a second tap (zoom) before toggling the menu.
    clearTimeout(pendingTap.current);
    if (isDouble) {
      const shape = geometry.current;
      if (!shape) return;
      onZoom(isZoomed(zoom) ? NO_ZOOM : zoomAt(zoom, DOUBLE_TAP_ZOOM, offsetFromCentre(x, y), shape.view, shape.stage));
      return;
    }
    pendingTap.current = setTimeout(() => latest.current.onToggleMenu(), DOUBLE_TAP_MS);
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const started = endSwipe.current;
    endSwipe.current = undefined;
    if (atEnd) {
      // Past the last page only a swipe back does something (back to the pages); a swipe on is
      // the end of the chapter, and never the browser's history.
      const step = started ? swipeStep(event.clientX - started.startX, event.clientY - started.startY, rtl) : undefined;
      if (step === -1) onTurn(-1);
      return;
    }
    const pointer = pointers.current.get(event.pointerId);
    pointers.current.delete(event.pointerId);
    if (!pointer) return;
    if (pinch.current) {
      if (pointers.current.size < 2) pinch.current = pointers.current.size === 0 ? undefined : pinch.current;
      return;
    }
    const dx = event.clientX - pointer.startX;
    const dy = event.clientY - pointer.startY;
    const moved = Math.hypot(dx, dy);
    if (moved < TAP_SLOP && performance.now() - pointer.at < TAP_MS) {
      tapAt(event.clientX, event.clientY);
      return;
    }
    const step = isZoomed(zoom) ? undefined : swipeStep(dx, dy, rtl);
    if (step !== undefined) onTurn(step);
  };

  const onPointerCancel = (event: PointerEvent<HTMLDivElement>) => {
    endSwipe.current = undefined;
    pointers.current.delete(event.pointerId);
    if (pointers.current.size === 0) pinch.current = undefined;
  };

  return (
    <div
      ref={stageRef}
      // The reader owns horizontal gestures: pages take none of the browser's (no panning, no
      // overscroll navigation back in history); the end card scrolls up and down only.
      className={`absolute inset-0 overflow-hidden overscroll-none select-none ${atEnd ? 'touch-pan-y' : 'touch-none'}`}
      data-testid="reader-stage"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
    >
      {atEnd ? (
        <div className="absolute inset-0 touch-pan-y overflow-y-auto overscroll-none pt-14" data-testid="reader-end">
          {endPanel}
        </div>
      ) : (
        rendered.map((index) => {
          const shown = views[index] as SpreadView;
          const half = halfOf(index);
          const fit = fitOf(shown, half);
          if (!fit) return null;
          const current = index === viewIndex;
          const scale = current ? zoom : NO_ZOOM;
          return (
            <div
              key={half ? `${shown.join('-')}-${half}` : shown.join('-')}
              data-half={current ? half : undefined}
              className="absolute top-1/2 left-1/2"
              data-testid={current ? 'reader-view' : undefined}
              data-zoom={current ? zoom.scale.toFixed(2) : undefined}
              aria-hidden={current ? undefined : true}
              inert={!current}
              style={{
                width: fit.width,
                height: fit.height,
                visibility: current ? 'visible' : 'hidden',
                transform: `translate(-50%, -50%) translate(${scale.x}px, ${scale.y}px) scale(${scale.scale})`,
              }}
            >
              <div className={`flex size-full ${rtl ? 'flex-row-reverse' : 'flex-row'}`}>
                {shown.map((page, position) => (
                  <div
                    key={page}
                    className={half ? 'overflow-hidden' : undefined}
                    style={{ width: fit.pages[position]?.width, height: fit.height }}
                  >
                    {/* A half: the whole page at twice the width, the other half outside the clip. */}
                    <div
                      className="h-full"
                      style={half ? { width: '200%', marginLeft: half === 'right' ? '-100%' : 0 } : { width: '100%' }}
                    >
                      <PageCanvas
                        images={images}
                        index={page}
                        total={pages.length}
                        onDrawn={onDrawn}
                        className="size-full"
                      />
                    </div>
                  </div>
                ))}
              </div>
            </div>
          );
        })
      )}
    </div>
  );
}
