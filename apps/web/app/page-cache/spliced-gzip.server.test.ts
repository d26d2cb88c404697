import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SplicedGzip } from './spliced-gzip.server.ts';

const gunzip = (body: Buffer) => gunzipSync(body).toString('utf8');

describe('SplicedGzip', () => {
  it('gzips exactly the parts joined by any separator, whatever the lengths (CRC combined per answer)', () => {
    const sizes = [0, 1, 2, 3, 7, 8, 255, 256, 4_095, 65_537];
    const parts = sizes.map((size, i) => `${'x'.repeat(size)}${i % 2 ? 'é' : ''}`);
    const spliced = SplicedGzip.of(parts);
    for (const separator of ['', 'n', 'nn', 'n'.repeat(24), 'ノンス', 'n'.repeat(1_000), 'n'.repeat(65_535)]) {
      expect(gunzip(spliced.joinedBy(separator))).toBe(parts.join(separator));
    }
  });

  it('gzips one part, or none, as it is', () => {
    expect(gunzip(SplicedGzip.of(['<p>漫画</p>']).joinedBy('x'))).toBe('<p>漫画</p>');
    expect(gunzip(SplicedGzip.of(['']).joinedBy('x'))).toBe('');
    expect(gunzip(SplicedGzip.of(['', '']).joinedBy('x'))).toBe('x');
  });

  it('compresses the parts, and counts what it holds', () => {
    const parts = ['漫画 manga '.repeat(5_000), 'end'];
    const spliced = SplicedGzip.of(parts);
    expect(spliced.joinedBy('nonce').length).toBeLessThan(Buffer.byteLength(parts.join('nonce')) / 10);
    expect(spliced.bytes).toBeGreaterThan(spliced.joinedBy('').length - 100);
    expect(spliced.bytes).toBeLessThan(Buffer.byteLength(parts[0] ?? '') / 10);
  });

  it('fills each gap with its own text, of any length (stored blocks of at most 65,535 bytes)', () => {
    const parts = ['<a>', '漫画'.repeat(2_000), '</a>'];
    const fillers = ['n1', 'x'.repeat(200_000)];
    expect(gunzip(Buffer.concat(SplicedGzip.of(parts).chunksWith(fillers)))).toBe(`<a>n1${parts[1]}${fillers[1]}</a>`);
  });

  it('refuses a separator longer than a stored deflate block', () => {
    expect(() => SplicedGzip.of(['a', 'b']).joinedBy('n'.repeat(65_536))).toThrow(/separator too long/);
  });
});
