import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type GapKind, SplicedGzip } from './spliced-gzip.server.ts';

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

  describe('body: runs of fixed gaps kept as gzip bytes, the filler written over a placeholder', () => {
    const nonce = (n: number) => `${n}`.padStart(24, 'N');
    const texts = [
      '<html><script nonce="',
      '">a</script>漫画'.repeat(300),
      '<b>',
      '',
      '</b><i nonce="',
      '">',
      '</html>',
    ];
    const cases: [string, GapKind[]][] = [
      ['every gap fixed', ['fixed', 'fixed', 'fixed', 'fixed', 'fixed', 'fixed']],
      ['a variable gap inside', ['fixed', 'fixed', 'variable', 'fixed', 'fixed', 'fixed']],
      [
        'variable gaps first, last and side by side',
        ['variable', 'fixed', 'variable', 'variable', 'fixed', 'variable'],
      ],
      ['every gap variable', ['variable', 'variable', 'variable', 'variable', 'variable', 'variable']],
    ];
    const expected = (gaps: GapKind[], fixed: string, variable: string) =>
      texts.reduce(
        (text, part, i) => (i === 0 ? part : text + (gaps[i - 1] === 'fixed' ? fixed : variable) + part),
        '',
      );

    for (const [name, gaps] of cases) {
      it(`gzips exactly the parts with their fillers (${name}; gunzip checks the CRC and length)`, () => {
        const spliced = SplicedGzip.of(texts, { gaps, fillerLength: 24 });
        for (const [fixed, variable] of [
          [nonce(1), '{"reader":1}'],
          [nonce(2), ''],
          ['ノンスノンスノンスノンス'.slice(0, 8), '漫画'.repeat(40_000)],
        ] as const) {
          const body = spliced.body(fixed, variable);
          expect(gunzip(Buffer.concat(body.chunks))).toBe(expected(gaps, fixed, variable));
          body.release();
        }
      });
    }

    it('is one buffer for a page with only fixed gaps', () => {
      const spliced = SplicedGzip.of(texts, { gaps: Array(texts.length - 1).fill('fixed'), fillerLength: 24 });
      expect(spliced.body(nonce(1), 'null').chunks).toHaveLength(1);
    });

    it('never hands out a buffer again before it is released, and reuses it after', () => {
      const spliced = SplicedGzip.of(texts, { gaps: Array(texts.length - 1).fill('fixed'), fillerLength: 24 });
      const first = spliced.body(nonce(1), '');
      const second = spliced.body(nonce(2), '');
      expect(second.chunks[0]).not.toBe(first.chunks[0]);
      const all = (n: number) => expected(Array(texts.length - 1).fill('fixed'), nonce(n), '');
      expect(gunzip(Buffer.concat(first.chunks))).toBe(all(1));
      expect(gunzip(Buffer.concat(second.chunks))).toBe(all(2));
      first.release();
      first.release(); // twice: still handed out once
      const third = spliced.body(nonce(3), '');
      const fourth = spliced.body(nonce(4), '');
      expect(third.chunks[0]).toBe(first.chunks[0]);
      expect(fourth.chunks[0]).not.toBe(first.chunks[0]);
      expect(gunzip(Buffer.concat(third.chunks))).toBe(all(3));
      expect(gunzip(Buffer.concat(fourth.chunks))).toBe(all(4));
    });

    it('fills every gap with the fixed filler when the gaps were not described', () => {
      const spliced = SplicedGzip.of(texts);
      expect(gunzip(Buffer.concat(spliced.body(nonce(5), 'v').chunks))).toBe(texts.join(nonce(5)));
      expect(Buffer.concat(spliced.body('n', '').chunks)).toEqual(spliced.joinedBy('n'));
    });

    it('splices a fixed filler of another length like any filler', () => {
      const gaps: GapKind[] = ['fixed', 'fixed', 'variable', 'fixed', 'fixed', 'fixed'];
      const spliced = SplicedGzip.of(texts, { gaps, fillerLength: 24 });
      expect(gunzip(Buffer.concat(spliced.body('short', 'v').chunks))).toBe(expected(gaps, 'short', 'v'));
    });
  });

  it('refuses a separator longer than a stored deflate block', () => {
    expect(() => SplicedGzip.of(['a', 'b']).joinedBy('n'.repeat(65_536))).toThrow(/separator too long/);
  });
});
