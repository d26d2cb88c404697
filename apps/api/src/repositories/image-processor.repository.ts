// sharp behind one adapter: decoding, normalising pages, moving tiles, encoding and rendering SVG
// drawings (the placeholder art of src/demo/images). No policy lives here: which rects to move and which sizes to make are decided
// by the services (wire §4 for the scramble).
import { createHash, type Hash } from 'node:crypto';
import type { TileRect } from '@manga/contracts';
import sharp from 'sharp';

/** Decoded 8-bit RGB pixels, row-major, no padding. */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 3;
}

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'heif' | 'tiff' | 'svg';

export interface ImageInfo {
  format: ImageFormat;
  width: number;
  height: number;
}

export interface NormalisePageOptions {
  /** Output width, rounded down to the multiple; narrower sources keep their own width (no upscaling). */
  targetWidth: number;
  /** Width and height are multiples of this (64 keeps 16×16 JPEG MCUs inside 4×4 tiles). */
  multiple?: number;
  /** Pages taller than this (after resizing) are refused; guards against decompression bombs. */
  maxHeight?: number;
  quality?: number;
}

export interface NormalisedPage {
  /** The page as JPEG, before scrambling. */
  bytes: Buffer;
  mediaType: 'image/jpeg';
  width: number;
  height: number;
  /** The same page as raw pixels, for scrambling without a second decode. */
  pixels: RawImage;
}

export interface JpegOptions {
  quality?: number;
}

export interface ScrambleOptions extends JpegOptions {
  /** Patches laid over the input before its tiles move (margin labels), without copying the page. */
  patches?: readonly RasterPatch[];
}

export interface RasterPatch {
  image: RawImage;
  left: number;
  top: number;
}

/** A rectangle of an image, in its pixels (after EXIF orientation). */
export interface ImageRegion {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Thrown for bytes that are not a decodable image or exceed the limits. */
export class ImageDecodeError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ImageDecodeError';
  }
}

const SUPPORTED_INPUT: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** Refuse absurd inputs before decoding them (sharp's own pixel limit also applies). */
const MAX_INPUT_PIXELS = 100_000_000;
const DEFAULT_QUALITY = 85;
const PAPER = { r: 255, g: 255, b: 255, alpha: 1 };

export interface ImageProcessorRepository {
  probe(bytes: Uint8Array): Promise<ImageInfo>;
  normalisePage(bytes: Uint8Array, options: NormalisePageOptions): Promise<NormalisedPage>;
  decode(bytes: Uint8Array): Promise<RawImage>;
  encodeJpeg(image: RawImage, options?: JpegOptions): Promise<Buffer>;
  /**
   * A smaller copy of a normalised page (the data saver's tier): `targetWidth` rounded down to the
   * multiple (never wider than the page), the height scaled and rounded to the multiple, the whole
   * page kept (a thin paper band at most).
   */
  shrinkPage(image: RawImage, options: { targetWidth: number; multiple: number }): Promise<RawImage>;
  /**
   * Moves tiles of raw pixels per `rects` (copy (sx,sy) of the input to (dx,dy) of the output);
   * `patches` are laid over the input first. Pixels no rect covers stay in place.
   */
  moveTiles(image: RawImage, rects: readonly TileRect[], patches?: readonly RasterPatch[]): RawImage;
  /** A JPEG of `input` (with `patches` laid over it) whose tiles are moved per `rects`; same size. */
  scramble(input: Uint8Array | RawImage, rects: readonly TileRect[], options?: ScrambleOptions): Promise<Buffer>;
  /** SHA-256 (hex) of the RGB pixels of `image` with `patches` laid over it. */
  pixelDigest(image: RawImage, patches?: readonly RasterPatch[]): string;
  /** Copies patches onto a copy of `base` (the patches must fit inside it). */
  overlay(base: RawImage, patches: readonly RasterPatch[]): RawImage;
  /** A WebP of `bytes` (of its `region` when given) cropped to fill exactly width × height. */
  makeCover(
    bytes: Uint8Array,
    width: number,
    height: number,
    options?: { quality?: number; region?: ImageRegion },
  ): Promise<Buffer>;
  /** The pixels of an SVG drawing on white paper. */
  renderSvg(svg: string): Promise<RawImage>;
  /** A lossless PNG of an SVG drawing (cover art); derivatives are made with `makeCover`. */
  renderSvgToPng(svg: string): Promise<Buffer>;
}

export class SharpImageProcessor implements ImageProcessorRepository {
  /**
   * `threadsPerImage` is libvips' own thread count per operation; with a small async pool of
   * operations in flight, 1 thread each uses the cores best on small machines.
   */
  constructor({ threadsPerImage = 1 }: { threadsPerImage?: number } = {}) {
    sharp.concurrency(threadsPerImage);
    sharp.cache(false);
  }

  private readonly scratch: Buffer[] = [];
  private readonly prefixHashes = new WeakMap<Buffer, Map<number, Hash>>();

  async probe(bytes: Uint8Array): Promise<ImageInfo> {
    const metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .metadata()
      .catch((error: unknown) => {
        throw new ImageDecodeError('not a readable image', { cause: error });
      });
    const format = metadata.format;
    if (!format || !SUPPORTED_INPUT.has(format)) {
      throw new ImageDecodeError(`unsupported image format${format ? ` "${format}"` : ''}`);
    }
    const { width, height } = metadata;
    if (!width || !height) throw new ImageDecodeError('image has no dimensions');
    if (width * height > MAX_INPUT_PIXELS) throw new ImageDecodeError(`image is too large (${width}×${height})`);
    return { format: format as ImageFormat, width, height };
  }

  async normalisePage(bytes: Uint8Array, options: NormalisePageOptions): Promise<NormalisedPage> {
    const multiple = options.multiple ?? 64;
    const info = await this.probe(bytes);
    // EXIF orientation may swap the axes.
    const oriented = await sharp(bytes).metadata();
    const swap = (oriented.orientation ?? 1) >= 5;
    const sourceWidth = swap ? info.height : info.width;
    const sourceHeight = swap ? info.width : info.height;
    // Never upscale: narrow sources keep their width (rounded down to the multiple).
    const width = Math.max(multiple, Math.floor(Math.min(options.targetWidth, sourceWidth) / multiple) * multiple);
    const height = Math.max(multiple, Math.round((sourceHeight * width) / sourceWidth / multiple) * multiple);
    if (options.maxHeight !== undefined && height > options.maxHeight) {
      throw new ImageDecodeError(`page is too tall (${sourceWidth}×${sourceHeight} would become ${width}×${height})`);
    }
    let data: Buffer;
    try {
      // `contain` keeps the whole page: rounding the height to the multiple adds at most a thin
      // white band (never crops lettering at the edges).
      data = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .flatten({ background: PAPER })
        .resize(width, height, { fit: 'contain', background: PAPER, kernel: 'lanczos3' })
        .removeAlpha()
        .toColourspace('srgb')
        .raw()
        .toBuffer();
    } catch (error) {
      throw new ImageDecodeError('image data is corrupt', { cause: error });
    }
    const pixels: RawImage = { data, width, height, channels: 3 };
    return {
      bytes: await this.encodeJpeg(pixels, { quality: options.quality }),
      mediaType: 'image/jpeg',
      width,
      height,
      pixels,
    };
  }

  async decode(bytes: Uint8Array): Promise<RawImage> {
    try {
      const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
        .flatten({ background: PAPER })
        .removeAlpha()
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height, channels: 3 };
    } catch (error) {
      throw new ImageDecodeError('image data is corrupt', { cause: error });
    }
  }

  encodeJpeg(image: RawImage, options: JpegOptions = {}): Promise<Buffer> {
    return (
      sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } })
        // Baseline libjpeg-turbo without Huffman optimisation: 2.3× faster to encode than the
        // default for ~5 % more bytes, which is what ingesting tens of thousands of pages needs.
        .jpeg({
          quality: options.quality ?? DEFAULT_QUALITY,
          mozjpeg: false,
          chromaSubsampling: '4:2:0',
          optimiseCoding: false,
        })
        .toBuffer()
    );
  }

  async shrinkPage(image: RawImage, { targetWidth, multiple }: { targetWidth: number; multiple: number }) {
    const width = Math.max(multiple, Math.floor(Math.min(targetWidth, image.width) / multiple) * multiple);
    const height = Math.max(multiple, Math.round((image.height * width) / image.width / multiple) * multiple);
    const data = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
      .resize(width, height, { fit: 'contain', background: PAPER, kernel: 'lanczos3' })
      .removeAlpha()
      .raw()
      .toBuffer();
    return { data, width, height, channels: 3 } satisfies RawImage;
  }

  moveTiles(
    image: RawImage,
    rects: readonly TileRect[],
    patches: readonly RasterPatch[] = [],
    into?: Buffer,
  ): RawImage {
    const { width, height, data } = image;
    const stride = width * 3;
    for (const rect of rects) {
      if (
        rect.sx + rect.w > width ||
        rect.dx + rect.w > width ||
        rect.sy + rect.h > height ||
        rect.dy + rect.h > height
      ) {
        throw new RangeError(`tile rect ${JSON.stringify(rect)} is outside the ${width}×${height} image`);
      }
    }
    for (const patch of patches) assertPatchInside(image, patch);
    if (into && into.length !== data.length) throw new RangeError('scratch buffer has the wrong size');
    const out = into ?? Buffer.allocUnsafe(data.length);
    // Pixels outside the tile grid (remainder strips) stay where they are; when the tiles cover
    // the whole image (sizes that are multiples of 32) there is nothing else to copy.
    const covered = rects.reduce((sum, rect) => sum + rect.w * rect.h, 0);
    if (covered !== width * height) {
      data.copy(out);
      for (const patch of patches)
        blit(out, width, patch.image, 0, 0, patch.image.width, patch.image.height, patch.left, patch.top);
    }
    for (const rect of rects) {
      const rowBytes = rect.w * 3;
      for (let row = 0; row < rect.h; row++) {
        const from = (rect.sy + row) * stride + rect.sx * 3;
        data.copy(out, (rect.dy + row) * stride + rect.dx * 3, from, from + rowBytes);
      }
      // The parts of patches that fall inside this tile's source move with it.
      for (const { image: p, left, top } of patches) {
        const x0 = Math.max(left, rect.sx);
        const x1 = Math.min(left + p.width, rect.sx + rect.w);
        const y0 = Math.max(top, rect.sy);
        const y1 = Math.min(top + p.height, rect.sy + rect.h);
        if (x0 >= x1 || y0 >= y1) continue;
        blit(out, width, p, x0 - left, y0 - top, x1 - x0, y1 - y0, rect.dx + (x0 - rect.sx), rect.dy + (y0 - rect.sy));
      }
    }
    return { data: out, width, height, channels: 3 };
  }

  async scramble(
    input: Uint8Array | RawImage,
    rects: readonly TileRect[],
    options: ScrambleOptions = {},
  ): Promise<Buffer> {
    const pixels = isRawImage(input) ? input : await this.decode(input);
    // Scratch buffers are reused: allocating a few MB per page keeps the garbage collector busy.
    const scratch = this.scratch.pop();
    const into = scratch?.length === pixels.data.length ? scratch : undefined;
    const moved = this.moveTiles(pixels, rects, options.patches, into);
    try {
      return await this.encodeJpeg(moved, options);
    } finally {
      if (this.scratch.length < 8) this.scratch.push(moved.data);
    }
  }

  pixelDigest(image: RawImage, patches: readonly RasterPatch[] = []): string {
    const stride = image.width * 3;
    for (const patch of patches) assertPatchInside(image, patch);
    // Rows above the first patch are hashed once per image and the hash state reused: the seeder
    // lays labels over the bottom margin of shared pool pages, so only those rows differ.
    const firstPatchRow = Math.min(image.height, ...patches.map((p) => p.top));
    const hash = this.prefixHash(image, firstPatchRow);
    let row = firstPatchRow;
    while (row < image.height) {
      const covering = patches.filter((p) => row >= p.top && row < p.top + p.image.height);
      if (covering.length === 0) {
        const next = Math.min(image.height, ...patches.filter((p) => p.top > row).map((p) => p.top));
        hash.update(image.data.subarray(row * stride, next * stride));
        row = next;
        continue;
      }
      const line = Buffer.from(image.data.subarray(row * stride, (row + 1) * stride));
      for (const p of covering) {
        const rowBytes = p.image.width * 3;
        p.image.data.copy(line, p.left * 3, (row - p.top) * rowBytes, (row - p.top + 1) * rowBytes);
      }
      hash.update(line);
      row += 1;
    }
    return hash.digest('hex');
  }

  /** A hash that has consumed the first `rows` rows of `image` (cached per pixel buffer). */
  private prefixHash(image: RawImage, rows: number): Hash {
    let byRows = this.prefixHashes.get(image.data);
    if (!byRows) {
      byRows = new Map();
      this.prefixHashes.set(image.data, byRows);
    }
    let state = byRows.get(rows);
    if (!state) {
      state = createHash('sha256').update(image.data.subarray(0, rows * image.width * 3));
      byRows.set(rows, state);
    }
    return state.copy();
  }

  overlay(base: RawImage, patches: readonly RasterPatch[]): RawImage {
    const out = Buffer.allocUnsafe(base.data.length);
    base.data.copy(out);
    for (const patch of patches) {
      assertPatchInside(base, patch);
      blit(out, base.width, patch.image, 0, 0, patch.image.width, patch.image.height, patch.left, patch.top);
    }
    return { data: out, width: base.width, height: base.height, channels: 3 };
  }

  async makeCover(
    bytes: Uint8Array,
    width: number,
    height: number,
    options: { quality?: number; region?: ImageRegion } = {},
  ): Promise<Buffer> {
    try {
      const oriented = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
      // Cut the region from the upright image, then fill the size from it.
      const source = options.region ? sharp(await oriented.extract(options.region).toBuffer()) : oriented;
      return await source
        // An editor's crop is shown centred, as the console previews it; otherwise the busiest part is kept.
        .resize(width, height, { fit: 'cover', position: options.region ? 'centre' : 'attention' })
        .webp({ quality: options.quality ?? 82, effort: 2 })
        .toBuffer();
    } catch (error) {
      throw new ImageDecodeError('image data is corrupt', { cause: error });
    }
  }

  async renderSvg(svg: string): Promise<RawImage> {
    const { data, info } = await sharp(Buffer.from(svg), { density: 72 })
      .flatten({ background: PAPER })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: 3 };
  }

  renderSvgToPng(svg: string): Promise<Buffer> {
    return sharp(Buffer.from(svg), { density: 72 }).png({ compressionLevel: 3 }).toBuffer();
  }
}

export function isRawImage(value: Uint8Array | RawImage): value is RawImage {
  return !(value instanceof Uint8Array);
}

function assertPatchInside(image: RawImage, { image: patch, left, top }: RasterPatch): void {
  if (left < 0 || top < 0 || left + patch.width > image.width || top + patch.height > image.height) {
    throw new RangeError(
      `patch ${patch.width}×${patch.height} at ${left},${top} is outside the ${image.width}×${image.height} image`,
    );
  }
}

/** Copies a w×h region at (sx, sy) of `source` to (dx, dy) of the RGB buffer `out` (width `outWidth`). */
function blit(
  out: Buffer,
  outWidth: number,
  source: RawImage,
  sx: number,
  sy: number,
  w: number,
  h: number,
  dx: number,
  dy: number,
): void {
  const sourceStride = source.width * 3;
  const outStride = outWidth * 3;
  for (let row = 0; row < h; row++) {
    const from = (sy + row) * sourceStride + sx * 3;
    source.data.copy(out, (dy + row) * outStride + dx * 3, from, from + w * 3);
  }
}
