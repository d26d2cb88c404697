import { deriveScrambleSeed, tileRects, WebViewerResponseSchema } from '@manga/contracts';
import type { Locator } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import { apiUrl } from './e2e-env.ts';

// The reader's pixels against the page unscrambled in Node (wire §4): what a canvas shows must be
// the original page, tile for tile, and differ from the scrambled image where tiles moved.

/** GET on the API as the web client calls it (the `x-manga-hash` header picks the Magapoke seed alphabets). */
export async function apiGet(path: string, locale: 'en' | 'ja' = 'en'): Promise<unknown> {
  const response = await fetch(`${apiUrl}${path}`, {
    headers: { 'x-manga-hash': 'e2e', 'accept-language': locale, cookie: `dev_locale=${locale}` },
  });
  return response.json();
}

export type Raw = { data: Buffer; width: number; height: number };

export async function rgb(image: Buffer): Promise<Raw> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Mean absolute difference of one rectangle of two same-sized RGB images. */
export function regionDifference(a: Raw, b: Raw, x0: number, y0: number, w: number, h: number): number {
  let sum = 0;
  for (let y = y0; y < y0 + h; y++) {
    for (let x = x0; x < x0 + w; x++) {
      for (let c = 0; c < 3; c++) {
        const i = (y * a.width + x) * 3 + c;
        sum += Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0));
      }
    }
  }
  return sum / (w * h * 3);
}

/** A page as the API serves it (scrambled), and what it looks like with its tiles put back in Node. */
export async function expectedPage(
  titleId: number,
  episodeId: number,
  pageIndex = 0,
): Promise<{ scrambled: Raw; unscrambled: Raw }> {
  const viewer = WebViewerResponseSchema.parse(await apiGet(`/web/episode/viewer?episode_id=${episodeId}&prefetch=1`));
  const url = new URL(viewer.page_list[pageIndex] ?? '');
  const bytes = Buffer.from(await (await fetch(new URL(`${url.pathname}${url.search}`, apiUrl))).arrayBuffer());
  const scrambled = await rgb(bytes);
  const unscrambled = { ...scrambled, data: Buffer.from(scrambled.data) };
  const seed = deriveScrambleSeed(viewer.scramble_seed, titleId, episodeId, 'magapoke');
  for (const r of tileRects(scrambled.width, scrambled.height, seed, viewer.scramble_ver === 2 ? 'v2' : 'v1')) {
    for (let y = 0; y < r.h; y++) {
      const from = ((r.sy + y) * scrambled.width + r.sx) * 3;
      scrambled.data.copy(unscrambled.data, ((r.dy + y) * scrambled.width + r.dx) * 3, from, from + r.w * 3);
    }
  }
  return { scrambled, unscrambled };
}

/** The pixels of a drawn page's canvas, at its own resolution (the canvas is CORS-clean). */
export async function canvasPixels(page: Locator): Promise<Raw> {
  const dataUrl = await page.locator('canvas').evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL('image/png'));
  return rgb(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
}

/**
 * Each of the 16 tiles of the canvas matches the page unscrambled in Node (JPEG decoders may differ
 * by a little), and tiles that moved do not match the scrambled image.
 */
export function expectUnscrambled(shown: Raw, expected: { scrambled: Raw; unscrambled: Raw }): void {
  const { scrambled, unscrambled } = expected;
  expect([shown.width, shown.height]).toEqual([unscrambled.width, unscrambled.height]);
  const tileW = unscrambled.width / 4;
  const tileH = unscrambled.height / 4;
  let moved = 0;
  for (let tile = 0; tile < 16; tile++) {
    const [x, y] = [(tile % 4) * tileW, Math.floor(tile / 4) * tileH];
    const toExpected = regionDifference(shown, unscrambled, x, y, tileW, tileH);
    expect(toExpected).toBeLessThan(3);
    if (regionDifference(unscrambled, scrambled, x, y, tileW, tileH) > 10) {
      moved++;
      expect(regionDifference(shown, scrambled, x, y, tileW, tileH)).toBeGreaterThan(toExpected + 5);
    }
  }
  expect(moved).toBeGreaterThanOrEqual(4);
}
