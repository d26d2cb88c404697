// The wallet's rules as pure functions (ADR 014): which lots a spend takes, which lots are due, how
// long given points last. WalletService applies them to the ledger inside one transaction.

/** A credit of the ledger with points left: a lot. Paid lots are bought; free lots are given. */
export interface PointLot {
  id: number;
  kind: 'paid' | 'free';
  remaining: number;
  /** Epoch ms from which the lot is spent no more; null: never expires. */
  expires_at: number | null;
}

/** Part of one lot taken by a spend. */
export interface LotTake {
  lotId: number;
  kind: 'paid' | 'free';
  amount: number;
}

const DAY_MS = 86_400_000;

/** How long given points last (ADR 014). Paid points never expire unless an operator says so. */
export const FREE_POINT_LIFETIME_MS = {
  loginBonus: 30 * DAY_MS,
  pointBack: 90 * DAY_MS,
  operatorGrant: 90 * DAY_MS,
} as const;

/** A lot is due (spent no more, waiting for its expiry entry) from its expiry instant on. */
export function isDue(lot: Pick<PointLot, 'expires_at'>, now: number): boolean {
  return lot.expires_at !== null && lot.expires_at <= now;
}

/** WIRE.md §3.4 and ADR 014: free before paid, then the earliest expiry (never-expiring last), then the oldest. */
export function compareSpendOrder(a: PointLot, b: PointLot): number {
  if (a.kind !== b.kind) return a.kind === 'free' ? -1 : 1;
  const aExpiry = a.expires_at ?? Number.POSITIVE_INFINITY;
  const bExpiry = b.expires_at ?? Number.POSITIVE_INFINITY;
  if (aExpiry !== bExpiry) return aExpiry < bExpiry ? -1 : 1;
  return a.id - b.id;
}

/**
 * The takes that spend `amount` from `lots` (not due ones) in spend order, or undefined when they
 * hold too little. Pure: the lots are not changed.
 */
export function allocateSpend(lots: readonly PointLot[], amount: number, now: number): LotTake[] | undefined {
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new RangeError(`amount must be a non-negative integer: ${amount}`);
  const takes: LotTake[] = [];
  let left = amount;
  for (const lot of lots.filter((l) => l.remaining > 0 && !isDue(l, now)).sort(compareSpendOrder)) {
    if (left === 0) break;
    const take = Math.min(lot.remaining, left);
    takes.push({ lotId: lot.id, kind: lot.kind, amount: take });
    left -= take;
  }
  return left === 0 ? takes : undefined;
}

/** Spendable points by kind: lots with points left that are not due. */
export function spendableBalance(lots: readonly PointLot[], now: number): { paid_point: number; free_point: number } {
  let paid = 0;
  let free = 0;
  for (const lot of lots) {
    if (lot.remaining <= 0 || isDue(lot, now)) continue;
    if (lot.kind === 'paid') paid += lot.remaining;
    else free += lot.remaining;
  }
  return { paid_point: paid, free_point: free };
}

/** Adds up takes by kind. */
export function sumByKind(takes: readonly LotTake[]): { paid_point: number; free_point: number } {
  return {
    paid_point: takes.filter((t) => t.kind === 'paid').reduce((sum, t) => sum + t.amount, 0),
    free_point: takes.filter((t) => t.kind === 'free').reduce((sum, t) => sum + t.amount, 0),
  };
}
