import { describe, expect, it } from 'vitest';
import { bulkDialogHref, purchaseDialogHref, purchaseDialogOf, withoutPurchaseDialog } from './purchase-paths.ts';

describe('purchase dialog paths', () => {
  it('names the title page with the episode to buy or rent, or the catch-up', () => {
    expect(purchaseDialogHref(7, 'buy', 42)).toBe('/title/00007?buy=42');
    expect(purchaseDialogHref(7, 'rent', 42)).toBe('/title/00007?rent=42');
    expect(bulkDialogHref(7)).toBe('/title/00007?bulk=1');
  });

  it('opens a confirmation only for an episode of the title, with a well-formed id', () => {
    const ids = [41, 42];
    expect(purchaseDialogOf(new URLSearchParams('buy=42'), ids)).toEqual({ kind: 'buy', episodeId: 42 });
    expect(purchaseDialogOf(new URLSearchParams('rent=41'), ids)).toEqual({ kind: 'rent', episodeId: 41 });
    expect(purchaseDialogOf(new URLSearchParams('bulk=1'), ids)).toEqual({
      kind: 'bulk',
      from: undefined,
      to: undefined,
    });
    expect(purchaseDialogOf(new URLSearchParams('bulk=1&from=3&to=9'), ids)).toEqual({ kind: 'bulk', from: 3, to: 9 });
    // A malformed end is the whole catch-up's end, never an error.
    expect(purchaseDialogOf(new URLSearchParams('bulk=1&from=x&to=-2'), ids)).toEqual({
      kind: 'bulk',
      from: undefined,
      to: undefined,
    });
    for (const query of ['buy=43', 'buy=042', 'buy=-1', 'buy=4.2', 'buy=1e1', 'buy=', 'rent=abc', 'bulk=yes', '']) {
      expect(purchaseDialogOf(new URLSearchParams(query), ids)).toBeUndefined();
    }
  });

  it('goes back to the page without the confirmation, keeping its other parameters', () => {
    expect(withoutPurchaseDialog(new URL('http://x/title/00007?sort=asc&buy=42'))).toBe('/title/00007?sort=asc');
    expect(withoutPurchaseDialog(new URL('http://x/title/00007?bulk=1'))).toBe('/title/00007');
    expect(withoutPurchaseDialog(new URL('http://x/title/00007?bulk=1&from=2&to=4'))).toBe('/title/00007');
  });
});
