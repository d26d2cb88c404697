// The wallet's rules as pure functions (ADR 014): which lots a spend takes, which lots are due, how
// long given points last. WalletService applies them to the ledger inside one transaction. How much of
// each kind a spend takes (free before paid) is contracts' splitPointSpend, the rule the web app shows.
import { POINT_SPEND_ORDER, type PointBalance, splitPointSpend } from '@manga/contracts';

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

/** The balance field of a lot's kind. */
const balanceKey = (kind: PointLot['kind']): keyof PointBalance => (kind === 'paid' ? 'paid_point' : 'free_point');

/** wire §3.4 and ADR 014: kinds in POINT_SPEND_ORDER, then the earliest expiry (never-expiring last), then the oldest. */
export function compareSpendOrder(a: PointLot, b: PointLot): number {
  if (a.kind !== b.kind) {
    return POINT_SPEND_ORDER.indexOf(balanceKey(a.kind)) - POINT_SPEND_ORDER.indexOf(balanceKey(b.kind));
  }
  const aExpiry = a.expires_at ?? Number.POSITIVE_INFINITY;
  const bExpiry = b.expires_at ?? Number.POSITIVE_INFINITY;
  if (aExpiry !== bExpiry) return aExpiry < bExpiry ? -1 : 1;
  return a.id - b.id;
}

/**
 * The takes that spend `amount` from `lots` (not due ones), or undefined when they hold too little:
 * splitPointSpend's amount of each kind, taken from that kind's lots in spend order. Pure: the lots
 * are not changed.
 */
export function allocateSpend(lots: readonly PointLot[], amount: number, now: number): LotTake[] | undefined {
  const split = splitPointSpend(spendableBalance(lots, now), amount);
  if (!split) return undefined;
  const takes: LotTake[] = [];
  for (const lot of spendableLots(lots, now).sort(compareSpendOrder)) {
    const key = balanceKey(lot.kind);
    const take = Math.min(lot.remaining, split[key]);
    if (take === 0) continue;
    takes.push({ lotId: lot.id, kind: lot.kind, amount: take });
    split[key] -= take;
  }
  return takes;
}

/** Spendable points by kind: lots with points left that are not due. */
export function spendableBalance(lots: readonly PointLot[], now: number): PointBalance {
  return totalByKind(spendableLots(lots, now).map((lot) => ({ kind: lot.kind, amount: lot.remaining })));
}

/** The first moment after `now` when the spendable balance changes by the clock alone (a lot expires); undefined when never. */
export function firstLotExpiryAfter(lots: readonly PointLot[], now: number): number | undefined {
  let first: number | undefined;
  for (const lot of spendableLots(lots, now)) {
    if (lot.expires_at !== null && (first === undefined || lot.expires_at < first)) first = lot.expires_at;
  }
  return first;
}

/** Adds up takes by kind. */
export function sumByKind(takes: readonly LotTake[]): PointBalance {
  return totalByKind(takes);
}

function totalByKind(parts: readonly Pick<LotTake, 'kind' | 'amount'>[]): PointBalance {
  const total: PointBalance = { paid_point: 0, free_point: 0 };
  for (const part of parts) total[balanceKey(part.kind)] += part.amount;
  return total;
}

/** Lots with points left that are not due. */
export function spendableLots(lots: readonly PointLot[], now: number): PointLot[] {
  return lots.filter((lot) => lot.remaining > 0 && !isDue(lot, now));
}
