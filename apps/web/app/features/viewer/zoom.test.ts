import { describe, expect, it } from 'vitest';
import { clampPan, isZoomed, NO_ZOOM, wheelZoomFactor, zoomAt, zoomStep } from './zoom.ts';

const view = { width: 600, height: 850 };
const stage = { width: 800, height: 850 };

describe('zoom', () => {
  it('keeps the point under the fingers in place while zooming in', () => {
    const zoomed = zoomAt(NO_ZOOM, 2, { x: 100, y: -200 }, view, stage);
    expect(zoomed.scale).toBe(2);
    // The focus was 100 px right of the centre at scale 1; after doubling it stays at 100 px.
    expect(zoomed.x).toBe(-100);
    expect(zoomed.y).toBe(200);
  });

  it('never lets the view leave the stage, and centres it back at scale 1', () => {
    const far = clampPan({ scale: 2, x: 5000, y: -5000 }, view, stage);
    expect(far).toEqual({ scale: 2, x: 200, y: -425 });
    expect(clampPan({ scale: 1, x: 40, y: 40 }, view, stage)).toEqual(NO_ZOOM);
    expect(zoomAt({ scale: 2, x: 200, y: 100 }, 0.5, { x: 0, y: 0 }, view, stage)).toEqual(NO_ZOOM);
    expect(zoomAt(NO_ZOOM, 40, { x: 0, y: 0 }, view, stage).scale).toBe(4);
  });

  it('steps through the +/- levels and stops at the ends', () => {
    expect(zoomStep(1, 1)).toBe(1.5);
    expect(zoomStep(1.5, 1)).toBe(2);
    expect(zoomStep(4, 1)).toBe(4);
    expect(zoomStep(2, -1)).toBe(1.5);
    expect(zoomStep(1.2, -1)).toBe(1);
    expect(zoomStep(1, -1)).toBe(1);
  });

  it('turns wheel deltas into symmetric factors', () => {
    expect(wheelZoomFactor(-100) * wheelZoomFactor(100)).toBeCloseTo(1);
    expect(wheelZoomFactor(-100)).toBeGreaterThan(1);
    expect(isZoomed(NO_ZOOM)).toBe(false);
    expect(isZoomed({ scale: 1.2, x: 0, y: 0 })).toBe(true);
  });
});
