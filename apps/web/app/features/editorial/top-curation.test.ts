// The top page curation screen's ordering helper (ADR 074): ↑ and ↓ move a pick one place.
import { describe, expect, it } from 'vitest';
import { moved } from './top-curation.ts';

describe('moved', () => {
  it('swaps an item with its neighbour, and leaves the list as it was at either end or for an unknown item', () => {
    expect(moved([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], -1, 1)).toEqual([1, 2, 3]);
  });
});
