import {
  deriveScrambleSeed,
  type ScrambleFormula,
  type ScrambleSeed,
  type SeedFamily,
  type TileRect,
  tileRects,
} from '@manga/contracts';

// Unscrambling a viewer page on a canvas (wire §4, architecture §6): draw the scrambled image, then
// copy each of the 16 tiles back to where it belongs. The API writes string seeds in the alphabet
// of the family whose signature header the client sent; the web client sends `x-manga-hash`, which
// the API answers with Magapoke alphabets.

export const WEB_SEED_FAMILY: SeedFamily = 'magapoke';

/** Tile formula: scramble_ver 1 → V1, 2 → V2; without one, the family's own (K MANGA V1, Magapoke V2). */
export function scrambleFormulaOf(scrambleVer: number | null, family: SeedFamily): ScrambleFormula {
  if (scrambleVer === 1) return 'v1';
  if (scrambleVer === 2) return 'v2';
  return family === 'kmanga' ? 'v1' : 'v2';
}

export interface ScrambledEpisode {
  titleId: number;
  episodeId: number;
  scrambleSeed: ScrambleSeed;
  scrambleVer: number | null;
  family?: SeedFamily;
}

/** The copies that unscramble one page of the episode, for its natural size. */
export function descramblePlan(episode: ScrambledEpisode, width: number, height: number): TileRect[] {
  const family = episode.family ?? WEB_SEED_FAMILY;
  const seed32 = deriveScrambleSeed(episode.scrambleSeed, episode.titleId, episode.episodeId, family);
  // Seed 0 draws an all-zero stream, the identity: nothing to move.
  if (seed32 === 0) return [];
  return tileRects(width, height, seed32, scrambleFormulaOf(episode.scrambleVer, family));
}

/** What drawing needs of a 2D context (a CanvasRenderingContext2D, or a fake in tests). */
export interface TileCanvas<I> {
  drawImage(
    image: I,
    sx: number,
    sy: number,
    sw: number,
    sh: number,
    dx: number,
    dy: number,
    dw: number,
    dh: number,
  ): void;
}

/**
 * Draws the page unscrambled onto a canvas of the image's size: the whole image first (the strips
 * right of and below the grid stay where they are), then every tile from its scrambled place.
 */
export function drawDescrambled<I>(
  canvas: TileCanvas<I>,
  image: I,
  width: number,
  height: number,
  rects: readonly TileRect[],
): void {
  canvas.drawImage(image, 0, 0, width, height, 0, 0, width, height);
  for (const r of rects) canvas.drawImage(image, r.sx, r.sy, r.w, r.h, r.dx, r.dy, r.w, r.h);
}
