import { scrambleRects, tileRects } from '@manga/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ART_PALETTES } from '#src/demo/images/art-palettes.ts';
import { coverSvg } from '#src/demo/images/cover-art.ts';
import { placeholderPageSvg } from '#src/demo/images/page-art.ts';
import {
  ImageDecodeError,
  type RasterPatch,
  type RawImage,
  SharpImageProcessor,
} from '#src/repositories/image-processor.repository.ts';

const images = new SharpImageProcessor();

/** A raw image whose every pixel differs, so any misplaced tile shows. */
function gradient(width: number, height: number): RawImage {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      data[i] = x & 255;
      data[i + 1] = y & 255;
      data[i + 2] = ((x >> 8) * 16 + (y >> 8) * 64) & 255;
    }
  }
  return { data, width, height, channels: 3 };
}

function solid(width: number, height: number, value: number): RawImage {
  return { data: Buffer.alloc(width * height * 3, value), width, height, channels: 3 };
}

async function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 90 } } })
    .png()
    .toBuffer();
}

describe('SharpImageProcessor', () => {
  it('probes images and rejects bytes that are not images', async () => {
    expect(await images.probe(await pngOf(100, 80))).toEqual({ format: 'png', width: 100, height: 80 });
    await expect(images.probe(Buffer.from('not an image at all'))).rejects.toBeInstanceOf(ImageDecodeError);
  });

  it('normalises pages to multiples of 64 without upscaling', async () => {
    for (const [w, h, target] of [
      [1000, 1420, 960],
      [1200, 1700, 960],
      [500, 730, 960],
      [70, 40, 960],
    ] as const) {
      const page = await images.normalisePage(await pngOf(w, h), { targetWidth: target });
      expect(page.width % 64, `${w}×${h}`).toBe(0);
      expect(page.height % 64, `${w}×${h}`).toBe(0);
      expect(page.width).toBeGreaterThanOrEqual(64);
      expect(page.height).toBeGreaterThanOrEqual(64);
      expect(page.width).toBeLessThanOrEqual(Math.max(64, Math.min(w, target)));
      expect(page.mediaType).toBe('image/jpeg');
      const decoded = await sharp(page.bytes).metadata();
      expect([decoded.format, decoded.width, decoded.height]).toEqual(['jpeg', page.width, page.height]);
      expect(page.pixels.data.length).toBe(page.width * page.height * 3);
    }
    const page = await images.normalisePage(await pngOf(1000, 1420), { targetWidth: 960 });
    expect([page.width, page.height]).toEqual([960, 1344]);
  });

  it('moves tiles exactly: descrambling with tileRects restores the page', () => {
    const page = gradient(768, 1088);
    const seed = 749191485;
    const scrambled = images.moveTiles(page, scrambleRects(page.width, page.height, seed, 'v1'));
    expect(scrambled.data.equals(page.data)).toBe(false);
    // Destination tile 0 takes source tile order[0] = 5 (wire §4.3 test vector).
    const tileW = 192;
    const tileH = 272;
    const pixelAt = (image: RawImage, x: number, y: number) =>
      image.data.subarray((y * image.width + x) * 3, (y * image.width + x) * 3 + 3);
    expect(pixelAt(scrambled, tileW, tileH)).toEqual(pixelAt(page, 0, 0));
    const restored = images.moveTiles(scrambled, tileRects(page.width, page.height, seed, 'v1'));
    expect(restored.data.equals(page.data)).toBe(true);
    // v1 and v2 agree on multiples of 64.
    expect(scrambleRects(768, 1088, seed, 'v2')).toEqual(scrambleRects(768, 1088, seed, 'v1'));
  });

  it('keeps remainder strips in place when the grid does not cover the image', () => {
    const page = gradient(100, 70);
    const rects = scrambleRects(100, 70, 12345, 'v1');
    const moved = images.moveTiles(page, rects);
    const restored = images.moveTiles(moved, tileRects(100, 70, 12345, 'v1'));
    expect(restored.data.equals(page.data)).toBe(true);
  });

  it('moves patches with their tiles, as if they had been drawn first', () => {
    const page = gradient(256, 384);
    const patches: RasterPatch[] = [
      { image: solid(90, 20, 7), left: 10, top: 350 },
      { image: solid(40, 30, 250), left: 50, top: 80 },
    ];
    const rects = scrambleRects(256, 384, 987654, 'v1');
    const fused = images.moveTiles(page, rects, patches);
    const separate = images.moveTiles(images.overlay(page, patches), rects);
    expect(fused.data.equals(separate.data)).toBe(true);
    const direct = images.pixelDigest(images.overlay(page, patches));
    expect(images.pixelDigest(page, patches)).toBe(direct);
    expect(images.pixelDigest(page, patches)).toBe(direct); // from the cached prefix state
    expect(images.pixelDigest(page)).not.toBe(direct);
  });

  it('scrambles to a JPEG of the same size that descrambles close to the original', async () => {
    const art = await images.renderSvg(
      placeholderPageSvg({
        width: 512,
        height: 768,
        seed: 42,
        palette: ART_PALETTES[0]!,
        dialogue: ['Hello there!'],
        soundEffects: ['BAM!'],
      }),
    );
    const seed = 3270039167;
    const jpeg = await images.scramble(art, scrambleRects(512, 768, seed, 'v1'), { quality: 92 });
    const decoded = await images.decode(jpeg);
    expect([decoded.width, decoded.height]).toEqual([512, 768]);
    const restored = images.moveTiles(decoded, tileRects(512, 768, seed, 'v1'));
    let total = 0;
    for (let i = 0; i < restored.data.length; i++) total += Math.abs(restored.data[i]! - art.data[i]!);
    expect(total / restored.data.length).toBeLessThan(4); // JPEG noise only
    let scrambledDiff = 0;
    for (let i = 0; i < decoded.data.length; i++) scrambledDiff += Math.abs(decoded.data[i]! - art.data[i]!);
    expect(scrambledDiff / decoded.data.length).toBeGreaterThan(10);
  });

  it('makes WebP covers of the requested size from drawn art', async () => {
    const cover = await images.renderSvgToPng(
      coverSvg({
        width: 600,
        height: 840,
        seed: 1,
        palette: ART_PALETTES[2]!,
        titleName: 'Lazy Days at the Rooftop',
        authorName: 'Yui Sato',
        badge: 'Comedy',
      }),
    );
    const thumbnail = await images.makeCover(cover, 480, 480);
    expect(await sharp(thumbnail).metadata()).toMatchObject({ format: 'webp', width: 480, height: 480 });
  });
});
