// Which pages the paged reader shows together (ADR 016). Pages are laid out from their stored sizes
// (the API's page_size_list), before any image has loaded: a wide page (wider than tall, a double-
// page spread drawn as one image) always stands alone; the others pair up two by two when spreads
// are on. The cover stands alone, as in print; "shift by one page" moves the pairing by one page
// in each run of pages between wide ones, for chapters whose pairs come out wrong.

export interface PageSize {
  width: number;
  height: number;
}

/** One screen of the paged reader: one page, or two facing pages (0-based indexes, reading order). */
export type SpreadView = readonly [number] | readonly [number, number];

export interface SpreadOptions {
  /** Two pages side by side (a landscape window wide enough for two pages); false: one page per view. */
  spreads: boolean;
  /** The reader's per-episode "shift by one page". */
  shifted: boolean;
}

export function isWidePage(size: PageSize): boolean {
  return size.width > size.height;
}

/**
 * The views of an episode in reading order. Every page is in exactly one view. With spreads on,
 * each run of tall pages between wide pages pairs up; the first run keeps its first page (the
 * cover) alone, later runs pair from their first page, and `shifted` turns both the other way.
 */
export function layoutViews(sizes: readonly PageSize[], { spreads, shifted }: SpreadOptions): SpreadView[] {
  if (!spreads) return sizes.map((_, index) => [index] as const);
  const views: SpreadView[] = [];
  let run: number[] = [];
  let runIndex = 0;
  const closeRun = () => {
    if (run.length === 0) return;
    const leadAlone = (runIndex === 0) !== shifted;
    let at = 0;
    if (leadAlone) {
      views.push([run[0] as number]);
      at = 1;
    }
    for (; at < run.length; at += 2) {
      const first = run[at] as number;
      const second = run[at + 1];
      views.push(second === undefined ? [first] : [first, second]);
    }
    run = [];
    runIndex++;
  };
  sizes.forEach((size, index) => {
    if (isWidePage(size)) {
      closeRun();
      views.push([index]);
      // A wide page ends a run whether or not pages came before it.
      if (runIndex === 0) runIndex = 1;
    } else {
      run.push(index);
    }
  });
  closeRun();
  return views;
}

/** Which half of a wide page a view shows when a phone splits spreads (issue 28). */
export type PageHalf = 'left' | 'right';

/**
 * The phone split (issue 28): each wide page alone in a view becomes two views, its halves in
 * reading order (the right half first for right-to-left). Returns the views and, beside each, the
 * half it shows (undefined: the whole view).
 */
export function splitWidePages(
  views: readonly SpreadView[],
  sizes: readonly PageSize[],
  rtl: boolean,
): { views: SpreadView[]; halves: (PageHalf | undefined)[] } {
  const split: SpreadView[] = [];
  const halves: (PageHalf | undefined)[] = [];
  for (const view of views) {
    const size = view.length === 1 ? sizes[view[0]] : undefined;
    if (size && isWidePage(size)) {
      split.push(view, view);
      halves.push(...(rtl ? (['right', 'left'] as const) : (['left', 'right'] as const)));
    } else {
      split.push(view);
      halves.push(undefined);
    }
  }
  return { views: split, halves };
}

/** A phone held upright: where a spread's halves are easier to read one at a time. */
export function isPhonePortrait(width: number, height: number): boolean {
  return width < height && width < PHONE_SHORT_SIDE;
}

/** The view holding a page (0-based), or the last view for a page past the end. */
export function viewIndexOfPage(views: readonly SpreadView[], pageIndex: number): number {
  const found = views.findIndex((view) => view.includes(pageIndex));
  return found >= 0 ? found : Math.max(0, views.length - 1);
}

/** Below this short side a window is a phone's: one page at a time, whichever way it is held. */
const PHONE_SHORT_SIDE = 480;
/** Narrower than this, a page of a spread is too small to read. */
const MIN_SPREAD_PAGE_WIDTH = 360;

/** Whether a window shows two pages side by side: landscape, wide enough, and not a phone. */
export function fitsTwoPages(width: number, height: number): boolean {
  return width > height && width >= 2 * MIN_SPREAD_PAGE_WIDTH && height >= PHONE_SHORT_SIDE;
}

/**
 * The scale that fits a view's pages side by side (same height, as in a printed book) into a box,
 * and the size each page is drawn at.
 */
export function fitView(
  pages: readonly PageSize[],
  box: { width: number; height: number },
): { scale: number; width: number; height: number; pages: PageSize[] } {
  const height = Math.max(...pages.map((page) => page.height));
  const scaled = pages.map((page) => ({ width: page.width * (height / page.height), height }));
  const width = scaled.reduce((sum, page) => sum + page.width, 0);
  const scale = Math.min(box.width / width, box.height / height);
  return {
    scale,
    width: width * scale,
    height: height * scale,
    pages: scaled.map((page) => ({ width: page.width * scale, height: page.height * scale })),
  };
}
