// Zoom and pan of the paged reader (ADR 016) as plain arithmetic: pinch, double-tap, ctrl+wheel and
// the +/- buttons all change one transform, which never lets the page leave the stage. Offsets are
// in CSS pixels from the stage's centre; the view is drawn fitted at scale 1.

export interface ZoomState {
  scale: number;
  x: number;
  y: number;
}

export interface Box {
  width: number;
  height: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;
/** The scale a double tap zooms to. */
export const DOUBLE_TAP_ZOOM = 2;
/** The steps the +/- buttons and keys move through. */
export const ZOOM_STEPS: readonly number[] = [1, 1.5, 2, 3, 4];

export const NO_ZOOM: ZoomState = Object.freeze({ scale: 1, x: 0, y: 0 });

export function clampScale(scale: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, scale));
}

/** Keeps the view covering the stage: no offset past the view's edges, none at all where it fits. */
export function clampPan(state: ZoomState, view: Box, stage: Box): ZoomState {
  const limitX = Math.max(0, (view.width * state.scale - stage.width) / 2);
  const limitY = Math.max(0, (view.height * state.scale - stage.height) / 2);
  const clamp = (value: number, limit: number) => Math.min(limit, Math.max(-limit, value)) || 0;
  return { scale: state.scale, x: clamp(state.x, limitX), y: clamp(state.y, limitY) };
}

/**
 * Zooms to `scale` keeping the point under `focus` (offset from the stage's centre) where it is,
 * as pinching and ctrl+wheel feel; back at scale 1 the view is centred again.
 */
export function zoomAt(state: ZoomState, scale: number, focus: { x: number; y: number }, view: Box, stage: Box) {
  const next = clampScale(scale);
  if (next === MIN_ZOOM) return NO_ZOOM;
  const ratio = next / state.scale;
  return clampPan(
    { scale: next, x: focus.x - (focus.x - state.x) * ratio, y: focus.y - (focus.y - state.y) * ratio },
    view,
    stage,
  );
}

/** The next step in or out from a scale (the +/- buttons). */
export function zoomStep(scale: number, direction: 1 | -1): number {
  if (direction > 0) return ZOOM_STEPS.find((step) => step > scale + 0.01) ?? MAX_ZOOM;
  return [...ZOOM_STEPS].reverse().find((step) => step < scale - 0.01) ?? MIN_ZOOM;
}

/** A ctrl+wheel (or trackpad pinch) delta as a scale factor: smooth, the same both ways. */
export function wheelZoomFactor(deltaY: number): number {
  return Math.exp(-deltaY / 300);
}

export function isZoomed(state: ZoomState): boolean {
  return state.scale > MIN_ZOOM + 0.001;
}
