// How points are spent and given back (WIRE.md §3.4, ADR 014). The server's wallet applies these to
// its ledger; the web app uses the same functions to show a purchase's split before it is made.

/** A reader's spendable points by kind. */
export interface PointBalance {
  paid_point: number;
  free_point: number;
}

/** Free points are spent before paid ones: how much of each `price` takes, or undefined when short. */
export function splitPointSpend(balance: PointBalance, price: number): PointBalance | undefined {
  if (!Number.isSafeInteger(price) || price < 0) throw new RangeError(`price must be a non-negative integer: ${price}`);
  const free = Math.min(Math.max(balance.free_point, 0), price);
  const paid = price - free;
  if (paid > Math.max(balance.paid_point, 0)) return undefined;
  return { free_point: free, paid_point: paid };
}

/** Bulk purchases totalling at least this many points earn a point back (TOSHO's client model). */
export const BULK_POINT_BACK_MIN_TOTAL = 1000;
export const BULK_POINT_BACK_PERCENT = 10;

/** Points given back, as free points, for a bulk purchase of `total` points: 10 %, rounded up, from 1,000 on. */
export function bulkPointBack(total: number): number {
  if (!Number.isSafeInteger(total) || total < BULK_POINT_BACK_MIN_TOTAL) return 0;
  return Math.ceil((total * BULK_POINT_BACK_PERCENT) / 100);
}
