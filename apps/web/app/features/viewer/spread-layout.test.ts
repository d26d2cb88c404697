import { describe, expect, it } from 'vitest';
import {
  fitsTwoPages,
  fitView,
  isPhonePortrait,
  isWidePage,
  layoutViews,
  splitWidePages,
  viewIndexOfPage,
} from './spread-layout.ts';

const tall = { width: 768, height: 1088 };
const wide = { width: 1536, height: 1088 };
/** 1-based page numbers per view, as a reader counts them. */
const numbered = (views: readonly (readonly number[])[]) => views.map((view) => view.map((index) => index + 1));

describe('layoutViews', () => {
  // The demo's chapters: 16 pages, page 6 a double-page spread.
  const chapter = Array.from({ length: 16 }, (_, i) => (i === 5 ? wide : tall));

  it('shows one page per view without spreads (portrait, phones)', () => {
    expect(numbered(layoutViews(chapter, { spreads: false, shifted: false }))).toEqual(
      Array.from({ length: 16 }, (_, i) => [i + 1]),
    );
  });

  it('keeps the cover alone, pairs the rest, and shows a wide page alone', () => {
    expect(numbered(layoutViews(chapter, { spreads: true, shifted: false }))).toEqual([
      [1],
      [2, 3],
      [4, 5],
      [6],
      [7, 8],
      [9, 10],
      [11, 12],
      [13, 14],
      [15, 16],
    ]);
  });

  it('shifts the pairing by one page in every run when asked; the wide page stays alone', () => {
    expect(numbered(layoutViews(chapter, { spreads: true, shifted: true }))).toEqual([
      [1, 2],
      [3, 4],
      [5],
      [6],
      [7],
      [8, 9],
      [10, 11],
      [12, 13],
      [14, 15],
      [16],
    ]);
  });

  it('lays out every page exactly once, whatever the sizes', () => {
    const sizes = [wide, tall, wide, wide, tall, tall, tall, wide];
    for (const shifted of [false, true]) {
      const views = layoutViews(sizes, { spreads: true, shifted });
      expect(views.flat()).toEqual(sizes.map((_, i) => i));
      for (const view of views) {
        if (view.length === 2) expect(view.every((i) => !isWidePage(sizes[i]!))).toBe(true);
      }
    }
    // A chapter opening on a wide page pairs the tall pages after it from the first one.
    expect(numbered(layoutViews(sizes, { spreads: true, shifted: false }))).toEqual([
      [1],
      [2],
      [3],
      [4],
      [5, 6],
      [7],
      [8],
    ]);
    expect(layoutViews([], { spreads: true, shifted: false })).toEqual([]);
  });

  it('finds the view of a page', () => {
    const views = layoutViews(chapter, { spreads: true, shifted: false });
    expect(viewIndexOfPage(views, 0)).toBe(0);
    expect(viewIndexOfPage(views, 2)).toBe(1);
    expect(viewIndexOfPage(views, 5)).toBe(3);
    expect(viewIndexOfPage(views, 99)).toBe(views.length - 1);
  });
});

describe('fitsTwoPages', () => {
  it('shows spreads on landscape windows wide enough, never in portrait or on phones', () => {
    expect(fitsTwoPages(1280, 900)).toBe(true);
    expect(fitsTwoPages(900, 1280)).toBe(false);
    expect(fitsTwoPages(390, 844)).toBe(false);
    expect(fitsTwoPages(844, 390)).toBe(false);
    expect(fitsTwoPages(700, 500)).toBe(false);
  });
});

describe('fitView', () => {
  it('fits two facing pages at one height inside the box', () => {
    const fitted = fitView([tall, tall], { width: 1280, height: 800 });
    expect(fitted.height).toBeCloseTo(800);
    expect(fitted.width).toBeCloseTo((1536 * 800) / 1088);
    expect(fitted.pages[0]!.width).toBeCloseTo(fitted.width / 2);
  });

  it('fits a wide page to the width when the box is narrow', () => {
    const fitted = fitView([wide], { width: 390, height: 700 });
    expect(fitted.width).toBeCloseTo(390);
    expect(fitted.height).toBeCloseTo((390 * 1088) / 1536);
  });
});

describe('the phone split (issue 28)', () => {
  const tall = { width: 768, height: 1088 };
  const wide = { width: 1536, height: 1088 };
  const sizes = [tall, tall, wide, tall];
  const views = layoutViews(sizes, { spreads: false, shifted: false });

  it('shows a wide page as its two halves, the right one first for right-to-left', () => {
    expect(splitWidePages(views, sizes, true)).toEqual({
      views: [[0], [1], [2], [2], [3]],
      halves: [undefined, undefined, 'right', 'left', undefined],
    });
  });

  it('reads the left half first for left-to-right', () => {
    expect(splitWidePages(views, sizes, false).halves).toEqual([undefined, undefined, 'left', 'right', undefined]);
  });

  it('never splits a pair of tall pages, and knows a phone held upright', () => {
    const paired = layoutViews([tall, tall, tall], { spreads: true, shifted: false });
    expect(splitWidePages(paired, [tall, tall, tall], true).views).toEqual(paired);
    expect([isPhonePortrait(390, 844), isPhonePortrait(844, 390), isPhonePortrait(820, 1180)]).toEqual([
      true,
      false,
      false,
    ]);
  });
});
