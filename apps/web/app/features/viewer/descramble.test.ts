import { deriveScrambleSeed, encodeScrambleSeed, scrambleRects, type TileRect } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import { descramblePlan, drawDescrambled, scrambleFormulaOf, type TileCanvas } from './descramble.ts';

type Pixels = number[][];

/** An image whose every pixel holds its own original position, y * width + x. */
function original(width: number, height: number): Pixels {
  return Array.from({ length: height }, (_, y) => Array.from({ length: width }, (_, x) => y * width + x));
}

/** A canvas over a pixel array: drawImage copies 1:1 rectangles, as the reader does. */
function pixelCanvas(width: number, height: number): TileCanvas<Pixels> & { pixels: Pixels } {
  const pixels: Pixels = Array.from({ length: height }, () => new Array<number>(width).fill(-1));
  return {
    pixels,
    drawImage(image, sx, sy, sw, sh, dx, dy, dw, dh) {
      expect([dw, dh]).toEqual([sw, sh]);
      for (let y = 0; y < sh; y++) for (let x = 0; x < sw; x++) pixels[dy + y]![dx + x] = image[sy + y]![sx + x]!;
    },
  };
}

function apply(image: Pixels, width: number, height: number, rects: readonly TileRect[]): Pixels {
  const canvas = pixelCanvas(width, height);
  drawDescrambled(canvas, image, width, height, rects);
  return canvas.pixels;
}

describe('descramblePlan', () => {
  const episode = { titleId: 1002, episodeId: 5001, scrambleVer: 1 };

  it('undoes the server scramble of a string seed in the web family (Magapoke alphabets)', () => {
    const seed32 = 123456789;
    const scrambleSeed = encodeScrambleSeed(seed32, episode.titleId, episode.episodeId, 'magapoke');
    expect(scrambleSeed).toBe('vdk07svlc'); // wire §4.2 example
    const [width, height] = [64, 96];
    const scrambled = apply(original(width, height), width, height, scrambleRects(width, height, seed32, 'v1'));
    expect(scrambled).not.toEqual(original(width, height));
    const plan = descramblePlan({ ...episode, scrambleSeed }, width, height);
    expect(plan).toHaveLength(16);
    expect(apply(scrambled, width, height, plan)).toEqual(original(width, height));
  });

  it('keeps the strips right of and below the grid in place (sizes that are not multiples of 32)', () => {
    const seed32 = 749191485;
    const [width, height] = [70, 45];
    const scrambled = apply(original(width, height), width, height, scrambleRects(width, height, seed32, 'v1'));
    const plan = descramblePlan({ ...episode, scrambleSeed: seed32 }, width, height);
    expect(apply(scrambled, width, height, plan)).toEqual(original(width, height));
  });

  it('would be wrong with the other family: the alphabet matters', () => {
    const scrambleSeed = encodeScrambleSeed(123456789, episode.titleId, episode.episodeId, 'magapoke');
    expect(deriveScrambleSeed(scrambleSeed, episode.titleId, episode.episodeId, 'kmanga')).not.toBe(123456789);
  });

  it('moves nothing for seed 0 and draws tiny images unchanged', () => {
    expect(descramblePlan({ ...episode, scrambleSeed: 0 }, 64, 64)).toEqual([]);
    expect(descramblePlan({ ...episode, scrambleSeed: 5 }, 4, 4)).toEqual([]);
  });

  it('picks the tile formula from scramble_ver, else from the family', () => {
    expect(scrambleFormulaOf(1, 'magapoke')).toBe('v1');
    expect(scrambleFormulaOf(2, 'kmanga')).toBe('v2');
    expect(scrambleFormulaOf(null, 'kmanga')).toBe('v1');
    expect(scrambleFormulaOf(null, 'magapoke')).toBe('v2');
  });
});
