import { descramblePlan, drawDescrambled, type ScrambledEpisode } from './descramble.ts';
import type { ViewerPage } from './viewer.ts';

// The reader's pages as drawable bitmaps (ADR 016). Each page is fetched (CORS, so its canvas can
// be read back), decoded off the main thread (`img.decode()`), unscrambled once into a bitmap, and
// kept while it is near the reader: a page turn then only draws a ready bitmap, never a half-drawn
// page. Signed URLs that expired are refreshed silently (the viewer call again, as a prefetch); a
// page that still fails is `failed` until the reader retries.

export type Drawable = ImageBitmap | HTMLCanvasElement;

export type PageImageState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; image: Drawable; width: number; height: number }
  | { status: 'failed' };

const IDLE: PageImageState = Object.freeze({ status: 'idle' });
/** Pages fetched at once: the next ones queue behind, most urgent first. */
const CONCURRENT_LOADS = 3;
/** A signed URL this close to its expiry is refreshed before use. */
const EXPIRY_MARGIN_MS = 30_000;

/** Epoch milliseconds when a signed page URL expires (its `expires` parameter, seconds), if it says. */
export function urlExpiresAt(url: string): number | undefined {
  const match = /[?&]expires=(\d{1,12})(?:&|$)/.exec(url);
  return match ? Number(match[1]) * 1000 : undefined;
}

export function isUrlStale(url: string, now: number): boolean {
  const expires = urlExpiresAt(url);
  return expires !== undefined && expires - EXPIRY_MARGIN_MS <= now;
}

async function loadImage(url: string, priority: 'high' | 'low'): Promise<HTMLImageElement> {
  const image = new Image();
  image.crossOrigin = 'anonymous';
  image.decoding = 'async';
  image.fetchPriority = priority;
  image.src = url;
  await image.decode();
  return image;
}

function newCanvas(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/** The page with its tiles put back, as a bitmap when the browser makes them (a canvas otherwise). */
async function unscramble(image: HTMLImageElement, episode: ScrambledEpisode): Promise<Drawable> {
  const { naturalWidth: width, naturalHeight: height } = image;
  const canvas = newCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  drawDescrambled(context, image, width, height, descramblePlan(episode, width, height));
  if (typeof createImageBitmap !== 'function') return canvas;
  const bitmap = await createImageBitmap(canvas);
  canvas.width = 0; // let the copy go at once
  return bitmap;
}

function release(state: PageImageState): void {
  if (state.status === 'ready' && 'close' in state.image) state.image.close();
}

export interface PageImagesOptions {
  episode: ScrambledEpisode;
  pages: readonly ViewerPage[];
  /** Fresh signed URLs of the same pages (GET /web/episode/viewer as a prefetch). */
  refreshUrls: () => Promise<string[]>;
  now?: () => number;
}

export class PageImages {
  private readonly states: PageImageState[];
  private urls: string[];
  private readonly listeners = new Set<() => void>();
  private queue: number[] = [];
  private running = 0;
  private refreshing: Promise<void> | undefined;
  private wanted = new Set<number>();
  private order: readonly number[] = [];
  /** Bumped when the URLs change tier: loads started before then are dropped when they finish. */
  private generation = 0;
  private disposed = false;

  constructor(private readonly options: PageImagesOptions) {
    this.states = options.pages.map(() => IDLE);
    this.urls = options.pages.map((page) => page.url);
  }

  get pageCount(): number {
    return this.states.length;
  }

  state(index: number): PageImageState {
    return this.states[index] ?? IDLE;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The pages to have ready, most urgent first: missing ones are queued in that order (ahead of
   * older requests), and ready pages outside `keep` are released.
   */
  prepare(indexes: readonly number[], keep: ReadonlySet<number> = new Set(indexes)): void {
    if (this.disposed) return;
    this.order = [...indexes];
    this.wanted = new Set([...keep, ...indexes]);
    const missing = indexes.filter((index) => this.state(index).status === 'idle');
    this.queue = [...missing, ...this.queue.filter((index) => !missing.includes(index) && this.wanted.has(index))];
    this.states.forEach((state, index) => {
      if (state.status === 'ready' && !this.wanted.has(index)) {
        release(state);
        this.states[index] = IDLE;
      }
    });
    this.pump();
  }

  /** Loads a failed page again. */
  retry(index: number): void {
    if (this.state(index).status !== 'failed') return;
    this.set(index, IDLE);
    this.queue.unshift(index);
    this.wanted.add(index);
    this.pump();
  }

  /**
   * The same pages at other URLs (the other image tier, ADR 055): every page goes back to idle and
   * the pages wanted load again from the new URLs, most urgent first.
   */
  replaceUrls(urls: readonly string[]): void {
    if (this.disposed || urls.length !== this.urls.length) return;
    this.urls = [...urls];
    this.generation++;
    this.queue = [];
    this.states.forEach((state, index) => {
      release(state);
      this.states[index] = IDLE;
    });
    for (const listener of this.listeners) listener();
    this.prepare(this.order, this.wanted);
  }

  dispose(): void {
    this.disposed = true;
    this.queue = [];
    for (const state of this.states) release(state);
    this.listeners.clear();
  }

  private set(index: number, state: PageImageState): void {
    this.states[index] = state;
    for (const listener of this.listeners) listener();
  }

  private pump(): void {
    while (this.running < CONCURRENT_LOADS && this.queue.length > 0) {
      const index = this.queue.shift() as number;
      if (this.state(index).status !== 'idle') continue;
      this.running++;
      // The first pages queued are the ones on screen: fetch them first.
      const priority = this.running === 1 ? 'high' : 'low';
      void this.load(index, priority).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }

  private async load(index: number, priority: 'high' | 'low'): Promise<void> {
    this.set(index, { status: 'loading' });
    const generation = this.generation;
    const now = this.options.now ?? Date.now;
    try {
      if (isUrlStale(this.urls[index] ?? '', now())) await this.refresh();
      let image: HTMLImageElement;
      try {
        image = await loadImage(this.urls[index] ?? '', priority);
      } catch {
        // Most often an expired signature: ask for fresh URLs once, then try again.
        await this.refresh();
        image = await loadImage(this.urls[index] ?? '', priority);
      }
      const drawable = await unscramble(image, this.options.episode);
      if (generation !== this.generation) {
        if ('close' in drawable) drawable.close();
        return;
      }
      if (this.disposed || !this.wanted.has(index)) {
        if ('close' in drawable) drawable.close();
        if (!this.disposed) this.set(index, IDLE);
        return;
      }
      this.set(index, { status: 'ready', image: drawable, width: image.naturalWidth, height: image.naturalHeight });
    } catch {
      if (!this.disposed && generation === this.generation) this.set(index, { status: 'failed' });
    }
  }

  private refresh(): Promise<void> {
    this.refreshing ??= this.options
      .refreshUrls()
      .then((urls) => {
        if (urls.length === this.urls.length) this.urls = urls;
      })
      .finally(() => {
        this.refreshing = undefined;
      });
    return this.refreshing;
  }
}
