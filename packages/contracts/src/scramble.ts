// Page image scrambling (wire §4): a 4 × 4 tile grid shuffled by a xorshift32 permutation.

export const TILE_GRID = 4;
export const TILE_COUNT = TILE_GRID * TILE_GRID;
/** A string seed never has more characters than a u32 has decimal digits. */
export const SCRAMBLE_SEED_MAX_LENGTH = 10;

const U32_RANGE = 2 ** 32;

export type SeedFamily = 'kmanga' | 'magapoke';
/** How a client reads the viewer's `scramble_seed` (wire §4.2): an alphabet string of a family, or the integer. */
export type ScrambleSeedFormat = SeedFamily | 'int';
export type ScrambleFormula = 'v1' | 'v2';

/** Digit alphabets of string seeds, chosen by the parity of the title id (wire §4.2). */
export const SEED_ALPHABETS: Readonly<Record<SeedFamily, { readonly even: string; readonly odd: string }>> = {
  kmanga: { even: 'we7ru3ty8i', odd: 'h4xm9bqz1p' },
  magapoke: { even: 'svdk0m7acl', odd: 'q6jtf2xnog' },
};

/** One step of Marsaglia's xorshift32 (13/17/5) on unsigned 32 bits. */
export function xorshift32(x: number): number {
  let v = x >>> 0;
  v ^= v << 13;
  v ^= v >>> 17;
  v ^= v << 5;
  return v >>> 0;
}

/**
 * The tile order for a seed: destination tile d takes source tile order[d]. Draws 16 values
 * starting with xorshift32(seed), and sorts tile indexes by their value (stable).
 */
export function tilePermutation(seed32: number): number[] {
  const draws: { r: number; index: number }[] = [];
  let x = seed32 >>> 0;
  for (let index = 0; index < TILE_COUNT; index++) {
    x = xorshift32(x);
    draws.push({ r: x, index });
  }
  draws.sort((a, b) => a.r - b.r);
  return draws.map((draw) => draw.index);
}

function assertId(name: string, id: number): void {
  if (!Number.isSafeInteger(id) || id < 0) throw new RangeError(`${name} must be a non-negative integer, got ${id}`);
}

function idMask(titleId: number, episodeId: number): number {
  assertId('titleId', titleId);
  assertId('episodeId', episodeId);
  return (titleId + episodeId) % U32_RANGE;
}

function alphabetFor(titleId: number, family: SeedFamily): string {
  const alphabets = SEED_ALPHABETS[family];
  return titleId % 2 === 0 ? alphabets.even : alphabets.odd;
}

/**
 * Writes a seed as a string seed: N = seed XOR (title + episode), each decimal digit of N
 * replaced by the family alphabet. N < 2^32, so the result has at most 10 characters.
 */
export function encodeScrambleSeed(seed32: number, titleId: number, episodeId: number, family: SeedFamily): string {
  if (!Number.isInteger(seed32) || seed32 <= 0 || seed32 >= U32_RANGE) {
    throw new RangeError(`scramble seed must be a non-zero u32, got ${seed32}`);
  }
  const alphabet = alphabetFor(titleId, family);
  const n = (seed32 ^ idMask(titleId, episodeId)) >>> 0;
  return Array.from(String(n), (digit) => alphabet[Number(digit)]).join('');
}

/**
 * The 32-bit seed of a viewer `scramble_seed`: integers are taken as u32; strings are read
 * digit by digit in the family alphabet, stopping at the first unknown character (as KEI,
 * HARU and MINH do), then XORed with title + episode.
 */
export function deriveScrambleSeed(
  seed: string | number,
  titleId: number,
  episodeId: number,
  family: SeedFamily,
): number {
  if (typeof seed === 'number') {
    if (!Number.isSafeInteger(seed)) throw new RangeError(`scramble seed must be an integer, got ${seed}`);
    return seed >>> 0;
  }
  const alphabet = alphabetFor(titleId, family);
  let n = 0;
  for (const ch of seed) {
    const digit = alphabet.indexOf(ch);
    if (digit < 0) break;
    n = (n * 10 + digit) % U32_RANGE;
  }
  return (n ^ idMask(titleId, episodeId)) >>> 0;
}

/**
 * A random non-zero seed (seed 0 leaves images unscrambled). `randomU32` is injected so the
 * caller picks the source (crypto.getRandomValues, a test stub…).
 */
export function randomScrambleSeed(randomU32: () => number): number {
  for (let attempt = 0; attempt < 64; attempt++) {
    const seed = randomU32() >>> 0;
    if (seed !== 0) return seed;
  }
  throw new Error('random source returned only zeros');
}

export type TileSize = { tileWidth: number; tileHeight: number };

/** V1 (K MANGA): 2·floor(W/8). V2 (Magapoke, Ciao ver 2): 8·floor(W/32). Equal when W mod 32 < 8. */
export function tileSize(width: number, height: number, formula: ScrambleFormula): TileSize {
  for (const [name, value] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer`);
  }
  return formula === 'v1'
    ? { tileWidth: 2 * Math.floor(width / 8), tileHeight: 2 * Math.floor(height / 8) }
    : { tileWidth: 8 * Math.floor(width / 32), tileHeight: 8 * Math.floor(height / 32) };
}

/** Copy rect (sx, sy, w, h) of the source image to (dx, dy) of the output. */
export type TileRect = { sx: number; sy: number; dx: number; dy: number; w: number; h: number };

function rects(
  width: number,
  height: number,
  seed32: number,
  formula: ScrambleFormula,
  direction: 'descramble' | 'scramble',
): TileRect[] {
  const { tileWidth: w, tileHeight: h } = tileSize(width, height, formula);
  // Images smaller than one tile step have nothing to move (clients draw them unchanged).
  if (w === 0 || h === 0) return [];
  return tilePermutation(seed32).map((source, destination) => {
    const from = direction === 'descramble' ? source : destination;
    const to = direction === 'descramble' ? destination : source;
    return {
      sx: (from % TILE_GRID) * w,
      sy: Math.floor(from / TILE_GRID) * h,
      dx: (to % TILE_GRID) * w,
      dy: Math.floor(to / TILE_GRID) * h,
      w,
      h,
    };
  });
}

/**
 * The 16 copies that unscramble a page: draw the scrambled image, then copy each rect. Pixels
 * right of or below the grid are never moved.
 */
export function tileRects(width: number, height: number, seed32: number, formula: ScrambleFormula = 'v1'): TileRect[] {
  return rects(width, height, seed32, formula, 'descramble');
}

/** The inverse of tileRects, for scrambling original pages on the server. */
export function scrambleRects(
  width: number,
  height: number,
  seed32: number,
  formula: ScrambleFormula = 'v1',
): TileRect[] {
  return rects(width, height, seed32, formula, 'scramble');
}
