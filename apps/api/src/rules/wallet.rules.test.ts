import { splitPointSpend } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import {
  allocateSpend,
  compareSpendOrder,
  firstLotExpiryAfter,
  isDue,
  type PointLot,
  spendableBalance,
  sumByKind,
} from '#src/rules/wallet.rules.ts';

const NOW = Date.UTC(2026, 0, 10);
const DAY = 86_400_000;
const lot = (id: number, kind: 'paid' | 'free', remaining: number, expiresInDays: number | null): PointLot => ({
  id,
  kind,
  remaining,
  expires_at: expiresInDays === null ? null : NOW + expiresInDays * DAY,
});

describe('compareSpendOrder', () => {
  it('orders free before paid, earlier expiry first, never-expiring last, then oldest', () => {
    const lots = [
      lot(1, 'paid', 10, 1),
      lot(2, 'free', 10, null),
      lot(3, 'free', 10, 5),
      lot(4, 'free', 10, 2),
      lot(5, 'free', 10, 2),
    ];
    expect([...lots].sort(compareSpendOrder).map((l) => l.id)).toEqual([4, 5, 3, 2, 1]);
  });
});

describe('allocateSpend', () => {
  const wallet = [lot(1, 'paid', 100, null), lot(2, 'free', 30, 5), lot(3, 'free', 20, null), lot(4, 'free', 25, 2)];

  it('takes the free lot that expires first, then the next, then paid', () => {
    expect(allocateSpend(wallet, 40, NOW)).toEqual([
      { lotId: 4, kind: 'free', amount: 25 },
      { lotId: 2, kind: 'free', amount: 15 },
    ]);
    expect(allocateSpend(wallet, 80, NOW)).toEqual([
      { lotId: 4, kind: 'free', amount: 25 },
      { lotId: 2, kind: 'free', amount: 30 },
      { lotId: 3, kind: 'free', amount: 20 },
      { lotId: 1, kind: 'paid', amount: 5 },
    ]);
  });

  it('is undefined when the lots hold too little, and skips due and empty lots', () => {
    expect(allocateSpend(wallet, 176, NOW)).toBeUndefined();
    const due = [lot(1, 'free', 50, 0), lot(2, 'paid', 10, null), lot(3, 'free', 0, 9)];
    expect(allocateSpend(due, 20, NOW)).toBeUndefined();
    expect(allocateSpend(due, 10, NOW)).toEqual([{ lotId: 2, kind: 'paid', amount: 10 }]);
  });

  it('takes nothing for 0 and refuses a negative or fractional amount', () => {
    expect(allocateSpend(wallet, 0, NOW)).toEqual([]);
    expect(() => allocateSpend(wallet, -1, NOW)).toThrow(RangeError);
    expect(() => allocateSpend(wallet, 0.5, NOW)).toThrow(RangeError);
  });

  it("takes of each kind what contracts' splitPointSpend (the split the web app shows) says", () => {
    const lots = [...wallet, lot(5, 'free', 40, 0), lot(6, 'paid', 10, 3)];
    for (let amount = 0; amount <= 200; amount++) {
      const takes = allocateSpend(lots, amount, NOW);
      expect(takes && sumByKind(takes)).toEqual(splitPointSpend(spendableBalance(lots, NOW), amount));
    }
  });

  it('does not change the lots', () => {
    const copy = structuredClone(wallet);
    allocateSpend(wallet, 80, NOW);
    expect(wallet).toEqual(copy);
  });
});

describe('isDue and spendableBalance', () => {
  it('counts a lot as due from its expiry instant on', () => {
    expect(isDue({ expires_at: NOW }, NOW)).toBe(true);
    expect(isDue({ expires_at: NOW + 1 }, NOW)).toBe(false);
    expect(isDue({ expires_at: null }, NOW)).toBe(false);
  });

  it('adds up what can be spent now, by kind', () => {
    const lots = [lot(1, 'paid', 100, null), lot(2, 'free', 30, 5), lot(3, 'free', 20, 0), lot(4, 'paid', 7, -1)];
    expect(spendableBalance(lots, NOW)).toEqual({ paid_point: 100, free_point: 30 });
  });
});

describe('firstLotExpiryAfter', () => {
  it('is the first expiry of a lot that counts now: not a due one, not a spent one, never a lot without expiry', () => {
    const lots = [lot(1, 'paid', 100, null), lot(2, 'free', 30, 5), lot(3, 'free', 20, 0), lot(4, 'free', 9, 3)];
    expect(firstLotExpiryAfter(lots, NOW)).toBe(NOW + 3 * DAY);
    expect(firstLotExpiryAfter([lot(5, 'free', 0, 1), ...lots], NOW)).toBe(NOW + 3 * DAY);
    expect(firstLotExpiryAfter([lot(1, 'paid', 100, null), lot(3, 'free', 20, 0)], NOW)).toBeUndefined();
  });
});
