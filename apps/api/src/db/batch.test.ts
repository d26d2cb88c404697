import { describe, expect, it } from 'vitest';
import { chunk, insertBatches, MAX_BIND_PARAMETERS_PER_STATEMENT } from '#src/db/batch.ts';

describe('chunk', () => {
  it('splits into slices of at most the given size, keeping order', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 3)).toEqual([]);
  });

  it('rejects a size below one', () => {
    expect(() => chunk([1], 0)).toThrow(RangeError);
  });
});

describe('insertBatches', () => {
  it('groups rows by the columns they set, ignoring undefined values', () => {
    const rows = [{ a: 1 }, { a: 2, b: 3 }, { a: 4, b: undefined }, { b: 5, a: 6 }];
    expect(insertBatches(rows)).toEqual([
      [{ a: 1 }, { a: 4, b: undefined }],
      [
        { a: 2, b: 3 },
        { b: 5, a: 6 },
      ],
    ]);
  });

  it('keeps every statement under the bound-parameter budget', () => {
    const row = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`c${i}`, i]));
    const rows = Array.from({ length: 2_000 }, () => row);
    const batches = insertBatches(rows);
    expect(batches.flat()).toHaveLength(2_000);
    for (const batch of batches) expect(batch.length * 40).toBeLessThanOrEqual(MAX_BIND_PARAMETERS_PER_STATEMENT);
  });
});
