import { bulkPointBack, ResponseCode } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import {
  catchUpInRange,
  catchUpOf,
  PurchaseIntent,
  purchaseFailureOf,
  purchaseIntentOf,
  quotePurchase,
} from '#app/features/catalogue/purchase.ts';
import type { EpisodeRowView } from './title-page.ts';

describe('quotePurchase', () => {
  it('spends free points first, then paid ones, and says what is left of each', () => {
    expect(quotePurchase({ paid_point: 500, free_point: 30 }, 80)).toEqual({
      price: 80,
      before: { paid_point: 500, free_point: 30 },
      spend: { free_point: 30, paid_point: 50 },
      after: { paid_point: 450, free_point: 0 },
      shortBy: 0,
    });
    expect(quotePurchase({ paid_point: 0, free_point: 100 }, 80).after).toEqual({ paid_point: 0, free_point: 20 });
  });

  it('takes the whole wallet when it holds exactly the price', () => {
    const quote = quotePurchase({ paid_point: 50, free_point: 30 }, 80);
    expect(quote.after).toEqual({ paid_point: 0, free_point: 0 });
    expect(quote.shortBy).toBe(0);
  });

  it('says how many points are missing and spends nothing when the wallet is short', () => {
    const quote = quotePurchase({ paid_point: 20, free_point: 30 }, 80);
    expect(quote.spend).toBeUndefined();
    expect(quote.after).toBeUndefined();
    expect(quote.shortBy).toBe(30);
    expect(quotePurchase({ paid_point: 0, free_point: 0 }, 80).shortBy).toBe(80);
  });

  it('never counts a negative balance as points', () => {
    expect(quotePurchase({ paid_point: -10, free_point: 0 }, 80).shortBy).toBe(80);
  });

  it('refuses a price that is not a whole non-negative number', () => {
    expect(() => quotePurchase({ paid_point: 10, free_point: 0 }, -1)).toThrow(RangeError);
    expect(() => quotePurchase({ paid_point: 10, free_point: 0 }, 1.5)).toThrow(RangeError);
  });
});

function row(id: number, index: number, access: EpisodeRowView['access'], isViewed = false): EpisodeRowView {
  return {
    id,
    index,
    href: `/title/00001/episode/${id}`,
    name: `Chapter ${index}`,
    releasedAt: undefined,
    access,
    bonusPoint: 0,
    commentCount: 0,
    isViewed,
    isViewedLastPage: false,
    singleSale: true,
    thumbnailUrl: '',
  };
}

describe('catchUpOf', () => {
  it('takes the unread paid episodes, oldest first, with their total and no point back under 1,000', () => {
    const rows = [
      row(5, 5, { kind: 'paid', point: 60, ticket: true }),
      row(4, 4, { kind: 'paid', point: 50, ticket: false }),
      row(3, 3, { kind: 'rented', left: undefined }),
      row(2, 2, { kind: 'purchased' }),
      row(1, 1, { kind: 'free' }),
      row(6, 6, { kind: 'paid', point: 70, ticket: false }, true),
      row(7, 7, { kind: 'paid', point: 0, ticket: false }),
    ];
    expect(catchUpOf(rows)).toEqual({
      episodes: [
        { id: 4, index: 4, name: 'Chapter 4', point: 50 },
        { id: 5, index: 5, name: 'Chapter 5', point: 60 },
      ],
      total: 110,
      pointBack: 0,
    });
  });

  it('gives 10 % back, rounded up, from 1,000 points on (contracts bulkPointBack)', () => {
    const rows = Array.from({ length: 15 }, (_, i) => row(i + 1, i + 1, { kind: 'paid', point: 67, ticket: false }));
    expect(catchUpOf(rows)).toMatchObject({ total: 1005, pointBack: 101 });
  });

  it('leaves out episodes that are not sold on their own', () => {
    const rows = [
      row(4, 4, { kind: 'paid', point: 50, ticket: true }),
      row(5, 5, { kind: 'paid', point: 60, ticket: true }),
    ];
    rows[0] = { ...rows[0]!, singleSale: false };
    expect(catchUpOf(rows).episodes.map((e) => e.id)).toEqual([5]);
  });

  it('is empty when nothing is left to buy', () => {
    expect(catchUpOf([row(1, 1, { kind: 'free' })])).toEqual({ episodes: [], total: 0, pointBack: 0 });
  });
});

describe('purchaseIntentOf', () => {
  it('knows buy, rent and bulk, and nothing else', () => {
    expect(['buy', 'rent', 'bulk'].map(purchaseIntentOf)).toEqual(['buy', 'rent', 'bulk']);
    expect(purchaseIntentOf('follow')).toBeUndefined();
    expect(purchaseIntentOf(null)).toBeUndefined();
  });
});

describe('purchaseFailureOf', () => {
  it('gives a failed answer to the confirmation that sent it, with the shop when points were short', () => {
    const short = { status: 'failed', intent: PurchaseIntent.Buy, code: ResponseCode.PointShortage } as const;
    expect(purchaseFailureOf(short, PurchaseIntent.Buy)).toEqual({ code: ResponseCode.PointShortage, offerShop: true });
    expect(purchaseFailureOf(short, PurchaseIntent.Bulk)).toBeUndefined();
    const changed = { status: 'failed', intent: PurchaseIntent.Bulk, code: ResponseCode.PriceMismatch } as const;
    expect(purchaseFailureOf(changed, PurchaseIntent.Bulk)).toEqual({
      code: ResponseCode.PriceMismatch,
      offerShop: false,
    });
    expect(purchaseFailureOf(undefined, PurchaseIntent.Rent)).toBeUndefined();
  });
});

describe('catchUpInRange', () => {
  const all = catchUpOf(
    [3, 4, 5, 6, 8].map((index) => row(index, index, { kind: 'paid', point: index * 100, ticket: false })),
  );

  it('keeps the chapters from and to the numbers chosen, both included, with their own total and point back', () => {
    expect(catchUpInRange(all, { from: 4, to: 6 })).toMatchObject({
      episodes: [{ index: 4 }, { index: 5 }, { index: 6 }],
      total: 1500,
      pointBack: bulkPointBack(1500),
    });
  });

  it('reads a range given backwards, and an open end as the first or last chapter', () => {
    expect(catchUpInRange(all, { from: 6, to: 4 }).episodes.map((e) => e.index)).toEqual([4, 5, 6]);
    expect(catchUpInRange(all, { from: 6 }).episodes.map((e) => e.index)).toEqual([6, 8]);
    expect(catchUpInRange(all, {})).toEqual(all);
  });

  it('is empty for a range with no unread paid chapter in it', () => {
    expect(catchUpInRange(all, { from: 1, to: 2 })).toEqual({ episodes: [], total: 0, pointBack: 0 });
  });
});
