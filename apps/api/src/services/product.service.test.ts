// ProductService's own rules on the real PaymentRepository and AuditLogRepository (a migrated test
// database): every field checked against its range before anything is written, the region's own
// currency only, a change audited with only the fields that changed (and nothing for no change), and a
// new product's defaults. The console's form and the command line reach it through the same calls.
import { AuditAction, AuditTarget, PRODUCT_FIELD_RANGES, PRODUCT_NAME_MAX_LENGTH } from '@manga/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLogRepository } from '#src/repositories/audit-log.repository.ts';
import { PaymentRepository } from '#src/repositories/payment.repository.ts';
import { ProductError, ProductService, productChangesOf } from '#src/services/product.service.ts';
import { createTestDatabase, type TestDatabase } from '#test/db.ts';
import { insertUser, TEST_NOW } from '#test/factories.ts';

describe('ProductService', () => {
  let database: TestDatabase;
  let service: ProductService;

  beforeAll(async () => {
    database = await createTestDatabase();
    service = new ProductService({
      store: new PaymentRepository(database.db),
      audit: new AuditLogRepository(database.db),
      clock: { now: () => TEST_NOW },
    });
  });
  afterAll(() => database?.close());

  const audits = (id: number) =>
    database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_type', '=', AuditTarget.Product)
      .where('target_id', '=', id)
      .orderBy('id')
      .execute();

  it("adds a product with the region's currency and defaults, audited with what it is", async () => {
    const product = await service.add({ kind: 'point_pack', region: 'JP', price: 480, points: 400 }, 'spring sale');
    expect(product).toMatchObject({
      kind: 'point_pack',
      region: 'JP',
      currency: 'jpy',
      price_minor: 480,
      paid_point: 400,
      bonus_point: 0,
      premium_ticket_num: 0,
      provider_price_id: '',
      name_en: '400 points',
      name_ja: '400ポイント',
      active: 1,
    });
    const [row] = await audits(product.id);
    expect(row).toMatchObject({ action: AuditAction.ProductAdd, actor_user_id: null, reason: 'spring sale' });
    expect(JSON.parse(row!.detail)).toMatchObject({ via: 'cli', before: null, after: { price_minor: 480 } });
  });

  it('refuses a product without price or points, another region, kind or currency', async () => {
    const before = (await service.list()).length;
    await expect(service.add({ kind: 'point_pack', region: 'US', points: 100 }, 'x')).rejects.toThrow(/--price/);
    await expect(service.add({ kind: 'point_pack', region: 'EU' as never, price: 1, points: 1 }, 'x')).rejects.toThrow(
      /region/,
    );
    await expect(service.add({ kind: 'bundle' as never, region: 'US', price: 1, points: 1 }, 'x')).rejects.toThrow(
      /kind/,
    );
    await expect(
      service.add({ kind: 'point_pack', region: 'US', price: 1, points: 1, currency: 'jpy' }, 'x'),
    ).rejects.toThrow(/currency of a US product is usd, not jpy/);
    expect(() => service.list('EU')).toThrow(ProductError);
    expect((await service.list()).length).toBe(before);
  });

  it('changes only what differs, audits the fields before and after, and the console as its staff member', async () => {
    const staff = await insertUser(database.db);
    const product = await service.add({ kind: 'subscription', region: 'US', price: 999, points: 1000 }, 'new plan');
    const changed = await service.set(
      product.id,
      { price: 1099, points: 1000, nameEn: '  Plan Plus  ', active: false },
      'price rise',
      { via: 'console', userId: staff.id },
    );
    expect(changed).toMatchObject({ price_minor: 1099, paid_point: 1000, name_en: 'Plan Plus', active: 0 });
    const rows = await audits(product.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ action: AuditAction.ProductSet, actor_user_id: staff.id, reason: 'price rise' });
    expect(JSON.parse(rows[1]!.detail)).toEqual({
      via: 'console',
      before: { price_minor: 999, name_en: '1000 points', active: 1 },
      after: { price_minor: 1099, name_en: 'Plan Plus', active: 0 },
    });
    // The same values again change nothing and write no audit row.
    expect(await service.set(product.id, { price: 1099 }, 'again')).toMatchObject({ price_minor: 1099 });
    expect(await audits(product.id)).toHaveLength(2);
  });

  it('checks every field against its range before writing anything', async () => {
    const product = await service.add({ kind: 'point_pack', region: 'US', price: 499, points: 500 }, 'pack');
    const refusals: Array<[Parameters<ProductService['set']>[1], RegExp]> = [
      [{ price: PRODUCT_FIELD_RANGES.price.min - 1 }, /--price/],
      [{ price: PRODUCT_FIELD_RANGES.price.max + 1 }, /--price/],
      [{ points: 0.5 }, /--points/],
      [{ bonus: -1 }, /--bonus/],
      [{ monthlyBonus: Number.NaN }, /--monthly-bonus/],
      [{ tickets: PRODUCT_FIELD_RANGES.tickets.max + 1 }, /--tickets/],
      [{ sortOrder: -1 }, /--sort/],
      [{ nameEn: '   ' }, /--name-en/],
      [{ nameJa: 'x'.repeat(PRODUCT_NAME_MAX_LENGTH + 1) }, /--name-ja/],
      [{ priceId: 'prod_123' }, /--price-id/],
      [{ priceId: 'price_ab; DROP TABLE product' }, /--price-id/],
      [{ currency: 'jpy' }, /currency/],
    ];
    for (const [changes, message] of refusals) {
      await expect(service.set(product.id, { price: 599, ...changes }, 'bad'), JSON.stringify(changes)).rejects.toThrow(
        message,
      );
    }
    await expect(service.set(product.id, {}, 'empty')).rejects.toThrow(/Nothing to change/);
    await expect(service.set(99_999_999, { price: 1 }, 'x')).rejects.toThrow('No product 99999999');
    const [stored] = (await service.list('US')).filter((row) => row.id === product.id);
    expect(stored).toMatchObject({ price_minor: 499, paid_point: 500 });
    expect(await audits(product.id)).toHaveLength(1);
    // An empty price id clears it; a Stripe one is kept.
    expect(await service.set(product.id, { priceId: 'price_1AbC' }, 'link')).toMatchObject({
      provider_price_id: 'price_1AbC',
    });
    expect(await service.set(product.id, { priceId: '' }, 'unlink')).toMatchObject({ provider_price_id: '' });
  });

  it("reads the console's wire fields as the command line's changes", () => {
    expect(productChangesOf({ price: 100, monthly_bonus: 5, sort: 2, price_id: '', active: 0, name_ja: '月' })).toEqual(
      {
        price: 100,
        points: undefined,
        bonus: undefined,
        monthlyBonus: 5,
        tickets: undefined,
        sortOrder: 2,
        nameEn: undefined,
        nameJa: '月',
        priceId: '',
        active: false,
        currency: undefined,
      },
    );
    expect(productChangesOf({ active: 1 }).active).toBe(true);
  });
});
