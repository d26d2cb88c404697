// A page's gzip body with a different separator each time, without compressing the page again (the
// page cache's answers, ADR 020: every answer gets a fresh CSP nonce between the same parts).
//
// Each part between separators is deflated once, ending on a full flush (no reference across it), so
// an answer's gzip body is the parts' deflate streams with the separator in between as a stored
// block, a gzip header and the CRC of the whole, combined from the parts' CRCs kept at the start
// (zlib's crc32_combine): microseconds, instead of compressing the page again, or even reading it all
// for its CRC, on every answer.
import { constants, crc32, deflateRawSync } from 'node:zlib';

/** A gzip member header: deflate, no name, no time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** The final, empty deflate block. */
const DEFLATE_END = deflateRawSync(Buffer.alloc(0));

/** Deflated `text`, ending on a full flush: it can be followed by any other such segment. */
function deflateSegment(text: string): Buffer {
  return deflateRawSync(Buffer.from(text, 'utf8'), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
}

/** `vector` times the GF(2) matrix `matrix` (32 columns): how CRC-32 operators apply. */
function gf2Times(matrix: Uint32Array, vector: number): number {
  let sum = 0;
  let v = vector >>> 0;
  for (let i = 0; v !== 0; i++, v >>>= 1) if (v & 1) sum ^= matrix[i] as number;
  return sum >>> 0;
}

/** The operator `a` after `b`. */
function gf2Compose(a: Uint32Array, b: Uint32Array): Uint32Array {
  const product = new Uint32Array(32);
  for (let n = 0; n < 32; n++) product[n] = gf2Times(a, b[n] as number);
  return product;
}

/** The operator appending one zero byte to a CRC-32 (zlib's crc32_combine, kept as a matrix). */
const ONE_ZERO_BYTE = (() => {
  let bit: Uint32Array = new Uint32Array(32);
  bit[0] = 0xedb88320; // the reflected CRC-32 polynomial
  for (let n = 1; n < 32; n++) bit[n] = (1 << (n - 1)) >>> 0;
  for (let i = 0; i < 3; i++) bit = gf2Compose(bit, bit); // 2, 4, 8 bits
  return bit;
})();

/** The operator appending `length` zero bytes, made once per length (powers of ONE_ZERO_BYTE). */
function zeroBytesOperator(length: number): Uint32Array {
  let result: Uint32Array | undefined;
  let power: Uint32Array = ONE_ZERO_BYTE;
  for (let rest = length; rest > 0; rest = Math.floor(rest / 2)) {
    if (rest % 2 === 1) result = result ? gf2Compose(power, result) : power;
    if (rest > 1) power = gf2Compose(power, power);
  }
  const identity = new Uint32Array(32);
  for (let n = 0; n < 32; n++) identity[n] = (1 << n) >>> 0;
  return result ?? identity;
}

/** A run of bytes whose CRC-32 and length are known: the CRC of anything followed by it costs 32 steps. */
interface CrcPart {
  readonly crc: number;
  readonly length: number;
  /** Appends `length` zero bytes to a CRC. */
  readonly shift: Uint32Array;
}

function crcPartOf(bytes: Buffer): CrcPart {
  return { crc: crc32(bytes), length: bytes.length, shift: zeroBytesOperator(bytes.length) };
}

/** CRC-32 of `a` followed by `b`, from a's CRC (zlib's crc32_combine). */
function crcCombine(crcA: number, b: CrcPart): number {
  return (gf2Times(b.shift, crcA) ^ b.crc) >>> 0;
}

/**
 * `bytes` as a stored (uncompressed) deflate block: after a segment ending on a full flush the
 * stream is byte-aligned, so a block header byte (not final, type 00), LEN and NLEN, and the bytes
 * follow directly; no compressor is made per answer.
 */
function storedBlock(bytes: Buffer): Buffer {
  const block = Buffer.alloc(5 + bytes.length);
  block.writeUInt16LE(bytes.length, 1);
  block.writeUInt16LE(~bytes.length & 0xffff, 3);
  bytes.copy(block, 5);
  return block;
}

/** `bytes` as stored blocks of at most 65,535 bytes each. */
function storedBlocks(bytes: Buffer): Buffer[] {
  if (bytes.length <= 0xffff) return [storedBlock(bytes)];
  const blocks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 0xffff) blocks.push(storedBlock(bytes.subarray(at, at + 0xffff)));
  return blocks;
}

/**
 * The gzip body (its chunks, in order) of the parts with `fillers[i]` between part i and part i + 1, from their precompressed
 * segments and CRCs; a filler is sent as stored blocks (not compressed again).
 */
function gzipChunks(crcParts: readonly CrcPart[], segments: readonly Buffer[], fillers: readonly string[]): Buffer[] {
  const chunks: Buffer[] = [GZIP_HEADER];
  const made = new Map<string, { bytes: Buffer; blocks: Buffer[] }>();
  let crc = 0;
  let length = 0;
  crcParts.forEach((part, index) => {
    if (index > 0) {
      const filler = fillers[index - 1] ?? '';
      let piece = made.get(filler);
      if (!piece) {
        const bytes = Buffer.from(filler, 'utf8');
        piece = { bytes, blocks: storedBlocks(bytes) };
        made.set(filler, piece);
      }
      chunks.push(...piece.blocks);
      // A filler's bytes are at hand: its CRC continues from the one so far (no operator of its length to make).
      crc = crc32(piece.bytes, crc);
      length += piece.bytes.length;
    }
    chunks.push(segments[index] as Buffer);
    crc = index === 0 ? part.crc : crcCombine(crc, part);
    length += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  chunks.push(DEFLATE_END, trailer);
  return chunks;
}

/** Memory kept per part besides its deflated bytes (the CRC and its shift operator). */
const PART_OVERHEAD_BYTES = 128;

/** Text parts compressed once; `joinedBy(separator)` is their gzip body joined by any separator. */
export class SplicedGzip {
  private constructor(
    private readonly crcParts: readonly CrcPart[],
    private readonly segments: readonly Buffer[],
  ) {}

  /** Compresses `parts` (UTF-8), once. */
  static of(parts: readonly string[]): SplicedGzip {
    return new SplicedGzip(
      parts.map((part) => crcPartOf(Buffer.from(part, 'utf8'))),
      parts.map(deflateSegment),
    );
  }

  /** The memory this holds, about. */
  get bytes(): number {
    return this.crcParts.length * PART_OVERHEAD_BYTES + this.segments.reduce((sum, b) => sum + b.length, 0);
  }

  /** The gzip body of the parts joined by `separator` (at most 65,535 bytes as UTF-8). */
  joinedBy(separator: string): Buffer {
    if (Buffer.byteLength(separator, 'utf8') > 0xffff) throw new Error('separator too long for a stored block');
    return Buffer.concat(
      gzipChunks(this.crcParts, this.segments, Array(Math.max(0, this.crcParts.length - 1)).fill(separator)),
    );
  }

  /**
   * The gzip body of the parts with `fillers[i]` (any length) between part i and part i + 1, as the
   * buffers to write one after the other: the kept segments themselves, not a copy of the page
   * joined per answer (the copy was a third of a cached page's cost, ADR 077).
   */
  chunksWith(fillers: readonly string[]): readonly Buffer[] {
    return gzipChunks(this.crcParts, this.segments, fillers);
  }
}
