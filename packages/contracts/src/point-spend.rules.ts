// How points are spent and given back (wire §3.4, ADR 014). The server's wallet applies these to
// its ledger (rules/wallet.rules.ts allocateSpend takes splitPointSpend's split from its lots); the
// web app uses the same functions to show a purchase's split before it is made.

/** A reader's spendable points by kind. */
export interface PointBalance {
  paid_point: number;
  free_point: number;
}

/** The kinds of points in the order a spend takes them: free points before paid ones. */
export const POINT_SPEND_ORDER = ['free_point', 'paid_point'] as const satisfies readonly (keyof PointBalance)[];

/** How much of each kind `price` takes, in POINT_SPEND_ORDER, or undefined when the balance is short. */
export function splitPointSpend(balance: PointBalance, price: number): PointBalance | undefined {
  if (!Number.isSafeInteger(price) || price < 0) throw new RangeError(`price must be a non-negative integer: ${price}`);
  const split: PointBalance = { free_point: 0, paid_point: 0 };
  let left = price;
  for (const kind of POINT_SPEND_ORDER) {
    split[kind] = Math.min(Math.max(balance[kind], 0), left);
    left -= split[kind];
  }
  return left === 0 ? split : undefined;
}

/** Bulk purchases totalling at least this many points earn a point back (TOSHO's client model). */
export const BULK_POINT_BACK_MIN_TOTAL = 1000;
export const BULK_POINT_BACK_PERCENT = 10;

/** Points given back, as free points, for a bulk purchase of `total` points: 10 %, rounded up, from 1,000 on. */
export function bulkPointBack(total: number): number {
  if (!Number.isSafeInteger(total) || total < BULK_POINT_BACK_MIN_TOTAL) return 0;
  return Math.ceil((total * BULK_POINT_BACK_PERCENT) / 100);
}
