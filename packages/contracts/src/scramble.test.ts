import { describe, expect, it } from 'vitest';
import {
  deriveScrambleSeed,
  encodeScrambleSeed,
  randomScrambleSeed,
  SEED_ALPHABETS,
  type SeedFamily,
  scrambleRects,
  type TileRect,
  tilePermutation,
  tileRects,
  tileSize,
  xorshift32,
} from './scramble.ts';

// A small deterministic PRNG so the random round trips are reproducible.
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

describe('xorshift32', () => {
  it('produces the wire §4.3 stream from 749191485', () => {
    const stream: number[] = [];
    let x = 749191485;
    for (let i = 0; i < 4; i++) {
      x = xorshift32(x);
      stream.push(x);
    }
    expect(stream).toEqual([1149330653, 1799678672, 902605375, 2984793402]);
  });

  it('stays an unsigned 32-bit value', () => {
    let x = 0xffffffff;
    for (let i = 0; i < 1000; i++) {
      x = xorshift32(x);
      expect(Number.isInteger(x) && x > 0 && x <= 0xffffffff).toBe(true);
    }
  });

  it('maps 0 to 0', () => {
    expect(xorshift32(0)).toBe(0);
  });
});

describe('tilePermutation', () => {
  it('matches order(749191485)', () => {
    expect(tilePermutation(749191485)).toEqual([5, 2, 7, 0, 11, 8, 13, 1, 12, 3, 6, 4, 15, 14, 10, 9]);
  });

  it('matches the order of the seed 3270039167', () => {
    expect(tilePermutation(3270039167)).toEqual([12, 5, 13, 6, 7, 10, 3, 1, 9, 14, 8, 2, 4, 0, 11, 15]);
  });

  it('is the identity for seed 0', () => {
    expect(tilePermutation(0)).toEqual([...Array(16).keys()]);
  });

  it('is always a permutation of 0–15', () => {
    const random = mulberry32(1);
    for (let i = 0; i < 200; i++) {
      expect([...tilePermutation(random())].sort((a, b) => a - b)).toEqual([...Array(16).keys()]);
    }
  });
});

describe('deriveScrambleSeed', () => {
  it('derives the TOSHO string seed 3r87eew3i', () => {
    const seed = deriveScrambleSeed('3r87eew3i', 10678, 362453, 'kmanga');
    expect(seed).toBe(538035064);
    expect(tilePermutation(seed).slice(0, 4)).toEqual([0, 5, 11, 12]);
  });

  it('derives r7yw738iu3 for K MANGA title 10072 / episode 311334', () => {
    expect(deriveScrambleSeed('r7yw738iu3', 10072, 311334, 'kmanga')).toBe(3270039167);
  });

  it('passes integer seeds through as u32', () => {
    expect(deriveScrambleSeed(749191485, 1, 2, 'kmanga')).toBe(749191485);
    expect(deriveScrambleSeed(0xffffffff, 1, 2, 'magapoke')).toBe(0xffffffff);
    expect(deriveScrambleSeed(-1, 1, 2, 'kmanga')).toBe(0xffffffff);
    expect(deriveScrambleSeed(2 ** 32 + 5, 1, 2, 'kmanga')).toBe(5);
  });

  it('refuses non-integer numbers', () => {
    expect(() => deriveScrambleSeed(1.5, 1, 2, 'kmanga')).toThrow(RangeError);
  });

  it('stops at the first character outside the alphabet', () => {
    const full = deriveScrambleSeed('4xm', 1001, 5001, 'kmanga');
    expect(deriveScrambleSeed('4xm-9qh', 1001, 5001, 'kmanga')).toBe(full);
    expect(deriveScrambleSeed('4xm5', 1001, 5001, 'kmanga')).toBe(full); // ASCII digits are unknown too
  });

  it('reduces n mod 2^32 for over-long strings', () => {
    // 'p' is 9 in the odd K MANGA alphabet: n = 99999999999 mod 2^32.
    expect(deriveScrambleSeed('ppppppppppp', 1, 0, 'kmanga')).toBe(((99999999999 % 2 ** 32) ^ 1) >>> 0);
  });

  it('uses title + episode only for the empty string', () => {
    expect(deriveScrambleSeed('', 1001, 5001, 'kmanga')).toBe(6002);
  });
});

describe('encodeScrambleSeed', () => {
  it('matches the wire §4.2 examples', () => {
    expect(encodeScrambleSeed(123456789, 1001, 5001, 'kmanga')).toBe('4xm9qh4pp');
    expect(encodeScrambleSeed(123456789, 1002, 5001, 'magapoke')).toBe('vdk07svlc');
    expect(deriveScrambleSeed('4xm9qh4pp', 1001, 5001, 'kmanga')).toBe(123456789);
    expect(deriveScrambleSeed('vdk07svlc', 1002, 5001, 'magapoke')).toBe(123456789);
  });

  it('uses only alphabet characters of the title parity', () => {
    expect(encodeScrambleSeed(987654321, 10072, 311334, 'kmanga')).toMatch(/^[we7ru3ty8i]+$/);
    expect(encodeScrambleSeed(987654321, 10073, 311334, 'kmanga')).toMatch(/^[h4xm9bqz1p]+$/);
    expect(encodeScrambleSeed(987654321, 2372, 3861164, 'magapoke')).toMatch(/^[svdk0m7acl]+$/);
    expect(encodeScrambleSeed(987654321, 2373, 3861164, 'magapoke')).toMatch(/^[q6jtf2xnog]+$/);
  });

  it('writes 10 characters when N has 10 digits, and never more', () => {
    // N = seed XOR 0 = 4294967295 has 10 decimal digits.
    const encoded = encodeScrambleSeed(0xffffffff, 0, 0, 'kmanga');
    expect(encoded).toBe(Array.from('4294967295', (d) => SEED_ALPHABETS.kmanga.even[Number(d)]).join(''));
    expect(encoded).toHaveLength(10);
    expect(deriveScrambleSeed(encoded, 0, 0, 'kmanga')).toBe(0xffffffff);
  });

  it('round-trips random seeds and ids', () => {
    const random = mulberry32(42);
    const families: SeedFamily[] = ['kmanga', 'magapoke'];
    for (let i = 0; i < 2000; i++) {
      const seed = randomScrambleSeed(random);
      const titleId = random() % 100000;
      const episodeId = random() % 10_000_000;
      const family = families[i % 2] as SeedFamily;
      const encoded = encodeScrambleSeed(seed, titleId, episodeId, family);
      expect(encoded.length).toBeLessThanOrEqual(10);
      expect(deriveScrambleSeed(encoded, titleId, episodeId, family)).toBe(seed);
    }
  });

  it('round-trips when title + episode exceeds 2^32', () => {
    const titleId = 2 ** 32 - 1;
    const encoded = encodeScrambleSeed(5, titleId, 10, 'kmanga');
    expect(deriveScrambleSeed(encoded, titleId, 10, 'kmanga')).toBe(5);
  });

  it.each([0, -1, 2 ** 32, 1.5, Number.NaN])('refuses the seed %s', (seed) => {
    expect(() => encodeScrambleSeed(seed, 1, 1, 'kmanga')).toThrow(RangeError);
  });

  it.each([
    [-1, 1],
    [1, -1],
    [1.5, 1],
  ])('refuses the ids (%s, %s)', (titleId, episodeId) => {
    expect(() => encodeScrambleSeed(1, titleId, episodeId, 'kmanga')).toThrow(RangeError);
  });
});

describe('randomScrambleSeed', () => {
  it('skips zeros', () => {
    const values = [0, 0, 7];
    expect(randomScrambleSeed(() => values.shift() ?? 0)).toBe(7);
  });

  it('reduces the source value to u32', () => {
    expect(randomScrambleSeed(() => -1)).toBe(0xffffffff);
    expect(randomScrambleSeed(() => 2 ** 32 + 3)).toBe(3);
  });

  it('gives up on a source that only returns zero', () => {
    expect(() => randomScrambleSeed(() => 0)).toThrow('only zeros');
  });
});

describe('tileSize', () => {
  it.each([
    [960, 240, 240],
    [1600, 400, 400],
    [1378, 344, 344],
    [1000, 250, 248],
    [1100, 274, 272],
    [7, 0, 0],
    [31, 6, 0],
  ])('width %i gives v1 %i and v2 %i', (width, v1, v2) => {
    expect(tileSize(width, width, 'v1')).toEqual({ tileWidth: v1, tileHeight: v1 });
    expect(tileSize(width, width, 'v2')).toEqual({ tileWidth: v2, tileHeight: v2 });
  });

  it('computes width and height separately', () => {
    expect(tileSize(960, 1600, 'v1')).toEqual({ tileWidth: 240, tileHeight: 400 });
  });

  it.each([
    [-1, 10],
    [10, 1.5],
    [Number.NaN, 10],
  ])('refuses %s × %s', (width, height) => {
    expect(() => tileSize(width, height, 'v1')).toThrow(RangeError);
  });
});

describe('tileRects', () => {
  it('copies source tile order[d] to destination tile d', () => {
    const rects = tileRects(960, 1280, 749191485);
    expect(rects).toHaveLength(16);
    // order[0] = 5: source (1,1) → destination (0,0); order[1] = 2: source (2,0) → destination (1,0).
    expect(rects[0]).toEqual({ sx: 240, sy: 320, dx: 0, dy: 0, w: 240, h: 320 });
    expect(rects[1]).toEqual({ sx: 480, sy: 0, dx: 240, dy: 0, w: 240, h: 320 });
  });

  it('uses the chosen formula', () => {
    expect(tileRects(1000, 1000, 1, 'v1')[0]?.w).toBe(250);
    expect(tileRects(1000, 1000, 1, 'v2')[0]?.w).toBe(248);
  });

  it('never touches the remainder strips', () => {
    for (const rect of tileRects(1003, 1411, 123456789)) {
      expect(Math.max(rect.sx, rect.dx) + rect.w).toBeLessThanOrEqual(4 * 250);
      expect(Math.max(rect.sy, rect.dy) + rect.h).toBeLessThanOrEqual(4 * 352);
    }
  });

  it('returns no copies for images too small for a tile', () => {
    expect(tileRects(7, 100, 1)).toEqual([]);
    expect(scrambleRects(100, 31, 1, 'v2')).toEqual([]);
  });
});

describe('scramble then descramble', () => {
  // A 4 × 4 grid of 16-px tiles; each cell holds the label of the tile it shows.
  const labelled = () => [...Array(16).keys()];
  const apply = (image: number[], rects: TileRect[], tile: number): number[] => {
    const out = [...image];
    for (const r of rects) {
      const from = (r.sy / tile) * 4 + r.sx / tile;
      const to = (r.dy / tile) * 4 + r.dx / tile;
      out[to] = image[from] as number;
    }
    return out;
  };

  it.each([749191485, 538035064, 3270039167, 1, 0xffffffff])('restores the original grid for seed %i', (seed) => {
    const original = labelled();
    const scrambled = apply(original, scrambleRects(64, 64, seed), 16);
    const restored = apply(scrambled, tileRects(64, 64, seed), 16);
    expect(restored).toEqual(original);
  });

  it('actually moves tiles for a non-zero seed', () => {
    const original = labelled();
    const scrambled = apply(original, scrambleRects(64, 64, 749191485), 16);
    // Destination tile d of the descrambled image is source order[d] of the scrambled one.
    expect(scrambled).not.toEqual(original);
    expect(scrambled[5]).toBe(0);
  });

  it('restores real pixels, remainder strips included', () => {
    const [width, height] = [70, 45]; // v1 tiles 16 × 10, strips of 6 and 5 px
    const original = Array.from({ length: width * height }, (_, i) => i);
    const copy = (image: number[], rects: TileRect[]) => {
      const out = [...image];
      for (const r of rects) {
        for (let y = 0; y < r.h; y++) {
          for (let x = 0; x < r.w; x++)
            out[(r.dy + y) * width + r.dx + x] = image[(r.sy + y) * width + r.sx + x] as number;
        }
      }
      return out;
    };
    const scrambled = copy(original, scrambleRects(width, height, 987654321));
    expect(scrambled).not.toEqual(original);
    expect(copy(scrambled, tileRects(width, height, 987654321))).toEqual(original);
  });
});
