import { makeShopProduct } from '@manga/contracts/testing';
import { describe, expect, it } from 'vitest';
import { checkProductAdd, checkProductChange, formatMinorPrice, toShopRegions } from './shop.ts';

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
};

const change = {
  price: '499',
  points: '500',
  bonus: '50',
  monthly_bonus: '0',
  tickets: '0',
  sort: '1',
  name_en: '500 points',
  name_ja: '500ポイント',
  price_id: '',
  active: '1',
  reason: 'Autumn price',
};

describe('the shop screen (ADR 063)', () => {
  it('sends every field of a change, trimmed, with the checkbox as 0 or 1', () => {
    const { active: _, ...unticked } = change;
    expect(checkProductChange(formOf({ ...change, name_en: ' 500 points ' }))).toEqual({
      ok: true,
      fields: { ...change, name_en: '500 points' },
    });
    const off = checkProductChange(formOf(unticked));
    expect(off.ok && off.fields.active).toBe('0');
  });

  it('names every wrong field of a change at once, before the API is asked', () => {
    const checked = checkProductChange(
      formOf({
        ...change,
        price: '0',
        points: '1.5',
        bonus: '-1',
        tickets: '101',
        sort: '',
        name_ja: ' ',
        name_en: 'x'.repeat(81),
        price_id: 'prod_123',
        reason: '',
      }),
    );
    expect(checked).toEqual({
      ok: false,
      first: { field: 'price', key: 'shop_console.errors.range' },
      errors: {
        price: 'shop_console.errors.range',
        points: 'shop_console.errors.whole_number',
        bonus: 'shop_console.errors.whole_number',
        tickets: 'shop_console.errors.range',
        sort: 'shop_console.errors.whole_number',
        name_en: 'shop_console.errors.name',
        name_ja: 'shop_console.errors.name',
        price_id: 'shop_console.errors.price_id',
        reason: 'ops.errors.reason_required',
      },
    });
  });

  it('asks for a reason like every console change', () => {
    expect(checkProductChange(formOf({ ...change, reason: '  ' }))).toEqual({
      ok: false,
      errors: { reason: 'ops.errors.reason_required' },
      first: { field: 'reason', key: 'ops.errors.reason_required' },
    });
  });

  it('adds a product from a kind, a region, a price and points; empty names and price id take the defaults', () => {
    expect(
      checkProductAdd(
        formOf({
          kind: 'point_pack',
          region: 'JP',
          price: '300',
          points: '300',
          name_en: '',
          price_id: '',
          reason: 'New',
        }),
      ),
    ).toEqual({
      ok: true,
      fields: { kind: 'point_pack', region: 'JP', price: '300', points: '300', active: '0', reason: 'New' },
    });
    const missing = checkProductAdd(formOf({ kind: 'gift', price: '', points: '10', reason: 'New' }));
    expect(missing).toMatchObject({
      ok: false,
      first: { field: 'kind', key: 'shop_console.errors.choice' },
      errors: {
        kind: 'shop_console.errors.choice',
        region: 'shop_console.errors.choice',
        price: 'shop_console.errors.whole_number',
      },
    });
  });

  it('lists both regions with their currency, and prices in the currency’s notation', () => {
    const regions = toShopRegions([
      makeShopProduct({ product_id: 1, region: 'US' }),
      makeShopProduct({ product_id: 2, region: 'JP', currency: 'jpy' }),
    ]);
    expect(regions.map((region) => [region.region, region.currency, region.products.map((p) => p.product_id)])).toEqual(
      [
        ['US', 'usd', [1]],
        ['JP', 'jpy', [2]],
      ],
    );
    expect(toShopRegions([]).map((region) => region.products)).toEqual([[], []]);
    expect(formatMinorPrice(499, 'usd', 'en')).toBe('$4.99');
    expect(formatMinorPrice(500, 'jpy', 'ja')).toBe('￥500');
    expect(formatMinorPrice(500, 'xyz?', 'en')).toBe('500 xyz?');
  });
});
