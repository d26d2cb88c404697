// A page's gzip body with a different separator each time, without compressing the page again (the
// page cache's answers, ADR 020: every answer gets a fresh CSP nonce between the same parts).
//
// Each part between separators is deflated once, ending on a full flush (no reference across it), so
// an answer's gzip body is the parts' deflate streams with the separator in between as a stored
// block, a gzip header and the CRC of the whole, combined from the parts' CRCs kept at the start
// (zlib's crc32_combine): microseconds, instead of compressing the page again, or even reading it all
// for its CRC, on every answer.
//
// Where the filler has a known length (the nonce), the parts joined by such gaps are also kept as
// their finished gzip bytes with a placeholder in each gap (`body`): an answer writes its nonce over
// the placeholders of a buffer handed back by an earlier answer once written, and corrects the CRC
// with one 32-step operator, so that a guest's page is one buffer and one write (ADR 080).
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

/** Answer bodies kept per run for the next answers, once written (more in flight are left to the GC). */
const SPARE_BODIES_PER_RUN = 2;

/** What fills a gap: text of one known byte length, the same in every such gap of an answer (a CSP
 * nonce), or anything (a reader's personal answer). */
export type GapKind = 'fixed' | 'variable';

/**
 * Parts joined by fixed gaps only, kept as the very bytes of its share of the gzip body with a
 * placeholder in each gap: an answer is those bytes with its filler written over each placeholder
 * (stored blocks are not compressed, so the filler's bytes sit there as they are), and its CRC is
 * the placeholder's CRC corrected by one operator for all the gaps at once (CRC-32 is linear:
 * the change of the whole is the sum of each gap's change carried past the bytes after it).
 */
interface Run {
  /** The run's gzip bytes with placeholders; the first run starts with the gzip header, the last
   * ends with the final block and the trailer's 8 bytes. */
  readonly template: Buffer;
  /** Where each gap's filler starts in `template`. */
  readonly fillerAt: readonly number[];
  /** CRC-32 and length of the run's text with placeholders. */
  readonly crc: number;
  readonly length: number;
  /** Carries a change of one filler's CRC past the bytes after each gap, summed over the gaps. */
  readonly fillerOperator: Uint32Array;
  /** Appends `length` zero bytes to a CRC (to follow a variable filler). */
  readonly shift: Uint32Array;
  /** Answer bodies written and handed back, ready to be written over again. */
  readonly spare: Buffer[];
}

/** A gzip body as the buffers to write in order, and what to call once they are written. */
export interface GzipBody {
  readonly chunks: readonly Buffer[];
  /** Hands the buffers back for later answers: call only when the write has finished. */
  release(): void;
}

/** The sum of two CRC operators. */
function gf2Add(a: Uint32Array, b: Uint32Array): Uint32Array {
  const sum = new Uint32Array(32);
  for (let n = 0; n < 32; n++) sum[n] = ((a[n] as number) ^ (b[n] as number)) >>> 0;
  return sum;
}

/** Text parts compressed once; `joinedBy(separator)` is their gzip body joined by any separator. */
export class SplicedGzip {
  private constructor(
    private readonly crcParts: readonly CrcPart[],
    private readonly segments: readonly Buffer[],
    private readonly gaps: readonly GapKind[],
    private readonly fixedLength: number,
    /** Undefined when the gaps were not described (every answer spliced from the segments). */
    private readonly runs: readonly Run[] | undefined,
    /** CRC-32 of the placeholder the runs hold in their gaps. */
    private readonly placeholderCrc = 0,
  ) {}

  /**
   * Compresses `parts` (UTF-8), once. With `gaps` (what goes between part i and i + 1) and the byte
   * length of the fixed filler, the runs between variable gaps are also kept ready to be written over.
   */
  static of(parts: readonly string[], fixed?: { gaps: readonly GapKind[]; fillerLength: number }): SplicedGzip {
    const texts = parts.map((part) => Buffer.from(part, 'utf8'));
    const crcParts = texts.map(crcPartOf);
    const segments = parts.map(deflateSegment);
    // Undescribed gaps all take the fixed filler, spliced per answer (no runs kept): `body(s, '')` is `joinedBy(s)`.
    if (!fixed)
      return new SplicedGzip(crcParts, segments, Array(Math.max(0, parts.length - 1)).fill('fixed'), -1, undefined);
    if (fixed.gaps.length !== Math.max(0, parts.length - 1)) throw new Error('one gap between each two parts');
    if (fixed.fillerLength > 0xffff) throw new Error('fixed filler too long for a stored block');
    const placeholder = Buffer.alloc(fixed.fillerLength, 0x20);
    const runs: Run[] = [];
    let first = 0;
    for (let index = 0; index < parts.length; index++) {
      if (index < parts.length - 1 && fixed.gaps[index] === 'fixed') continue;
      runs.push(runOf(texts, segments, first, index, placeholder, first === 0, index === parts.length - 1));
      first = index + 1;
    }
    return new SplicedGzip(crcParts, segments, fixed.gaps, fixed.fillerLength, runs, crc32(placeholder));
  }

  /** The memory this holds, about. */
  get bytes(): number {
    const templates = this.runs?.reduce((sum, run) => sum + run.template.length + PART_OVERHEAD_BYTES, 0) ?? 0;
    return this.crcParts.length * PART_OVERHEAD_BYTES + this.segments.reduce((sum, b) => sum + b.length, 0) + templates;
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
   * joined per answer.
   */
  chunksWith(fillers: readonly string[]): readonly Buffer[] {
    return gzipChunks(this.crcParts, this.segments, fillers);
  }

  /**
   * The gzip body with `fixed` in every fixed gap and `variable` in every variable gap (the gaps
   * given to `of`). A run of fixed gaps is one buffer, reused once written (`release`): a
   * guest's page is one buffer with its nonce written in, not a splice of each part per answer.
   * A fixed filler of another length is spliced like any filler.
   */
  body(fixed: string, variable: string): GzipBody {
    const fixedBytes = Buffer.from(fixed, 'utf8');
    if (!this.runs || fixedBytes.length !== this.fixedLength) {
      const fillers = this.gaps.map((gap) => (gap === 'fixed' ? fixed : variable));
      return { chunks: this.chunksWith(fillers), release: () => undefined };
    }
    const change = (crc32(fixedBytes) ^ this.placeholderCrc) >>> 0;
    const chunks: Buffer[] = [];
    const taken: [Run, Buffer][] = [];
    const variableBytes = this.runs.length > 1 ? Buffer.from(variable, 'utf8') : undefined;
    let crc = 0;
    let length = 0;
    this.runs.forEach((run, index) => {
      if (index > 0 && variableBytes) {
        const bytes = variableBytes;
        chunks.push(...storedBlocks(bytes));
        crc = crc32(bytes, crc);
        length += bytes.length;
      }
      const buffer = run.spare.pop() ?? Buffer.from(run.template);
      // `set` is a V8 builtin; `Buffer#copy` crosses into C++ for each of a page's few dozen nonces.
      for (const at of run.fillerAt) buffer.set(fixedBytes, at);
      const runCrc = (run.crc ^ gf2Times(run.fillerOperator, change)) >>> 0;
      crc = index === 0 ? runCrc : (gf2Times(run.shift, crc) ^ runCrc) >>> 0;
      length += run.length;
      chunks.push(buffer);
      taken.push([run, buffer]);
    });
    const last = chunks[chunks.length - 1] as Buffer;
    last.writeUInt32LE(crc >>> 0, last.length - 8);
    last.writeUInt32LE(length >>> 0, last.length - 4);
    return {
      chunks,
      release: () => {
        for (const [run, buffer] of taken) if (run.spare.length < SPARE_BODIES_PER_RUN) run.spare.push(buffer);
        taken.length = 0;
      },
    };
  }
}

/** The run of parts `first`…`last` (fixed gaps between them) with `placeholder` in each gap. */
function runOf(
  texts: readonly Buffer[],
  segments: readonly Buffer[],
  first: number,
  last: number,
  placeholder: Buffer,
  startsBody: boolean,
  endsBody: boolean,
): Run {
  const pieces: Buffer[] = startsBody ? [GZIP_HEADER] : [];
  const fillerAt: number[] = [];
  const textPieces: Buffer[] = [];
  let at = startsBody ? GZIP_HEADER.length : 0;
  for (let index = first; index <= last; index++) {
    if (index > first) {
      const block = storedBlock(placeholder);
      pieces.push(block);
      fillerAt.push(at + 5);
      at += block.length;
      textPieces.push(placeholder);
    }
    const segment = segments[index] as Buffer;
    pieces.push(segment);
    at += segment.length;
    textPieces.push(texts[index] as Buffer);
  }
  if (endsBody) pieces.push(DEFLATE_END, Buffer.alloc(8));
  // Each gap's change is carried past the text after its filler: that many zero bytes.
  let fillerOperator: Uint32Array = new Uint32Array(32);
  let after = 0;
  for (let index = last; index > first; index--) {
    after += (texts[index] as Buffer).length;
    fillerOperator = gf2Add(fillerOperator, zeroBytesOperator(after));
    after += placeholder.length;
  }
  const text = Buffer.concat(textPieces);
  return {
    template: Buffer.concat(pieces),
    fillerAt,
    crc: crc32(text),
    length: text.length,
    fillerOperator,
    shift: zeroBytesOperator(text.length),
    spare: [],
  };
}
