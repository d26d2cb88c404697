// Shop and card payments (ADR 019): our products per region (README "Shop prices"), the points a
// payment credited and took back (refunds take back at most what is unspent), the provider's customer
// and the time of the newest provider event applied to a plan (events that arrive out of order never
// move a plan back), and one subscription per provider id already being unique. Never edit after merge.
import { type Kysely, sql } from 'kysely';
import { advanceIdentitySequences } from '#src/db/dialect.ts';
import type { Database } from '#src/db/schema.ts';

interface SeedProduct {
  kind: 'point_pack' | 'subscription';
  region: 'US' | 'JP';
  currency: 'usd' | 'jpy';
  price_minor: number;
  paid_point: number;
  bonus_point: number;
  monthly_bonus_point: number;
  premium_ticket_num: number;
  name_en: string;
  name_ja: string;
  sort_order: number;
}

const pack = (
  region: 'US' | 'JP',
  price_minor: number,
  paid_point: number,
  bonus_point: number,
  sort_order: number,
): SeedProduct => ({
  kind: 'point_pack',
  region,
  currency: region === 'US' ? 'usd' : 'jpy',
  price_minor,
  paid_point,
  bonus_point,
  monthly_bonus_point: 0,
  premium_ticket_num: 0,
  name_en: `${paid_point.toLocaleString('en-US')} points`,
  name_ja: `${paid_point.toLocaleString('en-US')}ポイント`,
  sort_order,
});

const plan = (
  region: 'US' | 'JP',
  price_minor: number,
  paid_point: number,
  monthly_bonus_point: number,
  premium_ticket_num: number,
  name_en: string,
  name_ja: string,
  sort_order: number,
): SeedProduct => ({
  kind: 'subscription',
  region,
  currency: region === 'US' ? 'usd' : 'jpy',
  price_minor,
  paid_point,
  bonus_point: 0,
  monthly_bonus_point,
  premium_ticket_num,
  name_en,
  name_ja,
  sort_order,
});

/** README "Shop prices": $0.99 = 100P up to a top pack with a bonus; yen packs; two monthly plans each. */
export const SEED_PRODUCTS: readonly SeedProduct[] = [
  pack('US', 99, 100, 0, 1),
  pack('US', 499, 500, 0, 2),
  pack('US', 999, 1000, 50, 3),
  pack('US', 2499, 2500, 200, 4),
  pack('US', 4999, 5000, 600, 5),
  pack('JP', 120, 100, 0, 1),
  pack('JP', 600, 500, 0, 2),
  pack('JP', 1200, 1000, 50, 3),
  pack('JP', 3000, 2500, 200, 4),
  pack('JP', 6000, 5000, 600, 5),
  plan('US', 499, 500, 50, 0, 'Monthly 500', 'マンスリー500', 10),
  plan('US', 999, 1000, 150, 2, 'Monthly Premium', 'マンスリープレミアム', 11),
  plan('JP', 600, 500, 50, 0, 'Monthly 500', 'マンスリー500', 10),
  plan('JP', 1200, 1000, 150, 2, 'Monthly Premium', 'マンスリープレミアム', 11),
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('payment')
    .addColumn('credited_point', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('payment')
    .addColumn('refunded_point', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('payment').addColumn('subscription_id', 'integer').execute();
  await db.schema.alterTable('subscription').addColumn('provider_customer_id', 'text').execute();
  await db.schema
    .alterTable('subscription')
    .addColumn('last_event_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('product_region_kind_sort_order_idx')
    .on('product')
    .columns(['region', 'kind', 'sort_order'])
    .execute();
  // Ids 1–14, the demo seed's too (it upserts this very list): earlier demo products under these ids
  // take our values, payments keep pointing at them; products beyond are left alone.
  for (const [index, product] of SEED_PRODUCTS.entries()) {
    await sql`insert into product (id, kind, region, currency, price_minor, paid_point, bonus_point,
      monthly_bonus_point, premium_ticket_num, provider_price_id, name_en, name_ja, active, sort_order)
      values (${index + 1}, ${product.kind}, ${product.region}, ${product.currency}, ${product.price_minor},
      ${product.paid_point}, ${product.bonus_point}, ${product.monthly_bonus_point},
      ${product.premium_ticket_num}, '', ${product.name_en}, ${product.name_ja}, 1, ${product.sort_order})
      on conflict (id) do update set kind = excluded.kind, region = excluded.region,
      currency = excluded.currency, price_minor = excluded.price_minor, paid_point = excluded.paid_point,
      bonus_point = excluded.bonus_point, monthly_bonus_point = excluded.monthly_bonus_point,
      premium_ticket_num = excluded.premium_ticket_num, name_en = excluded.name_en,
      name_ja = excluded.name_ja, active = 1, sort_order = excluded.sort_order`.execute(db);
  }
  await advanceIdentitySequences(db as unknown as Kysely<Database>, ['product']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('product_region_kind_sort_order_idx').execute();
  await db.schema.alterTable('subscription').dropColumn('last_event_at').execute();
  await db.schema.alterTable('subscription').dropColumn('provider_customer_id').execute();
  await db.schema.alterTable('payment').dropColumn('subscription_id').execute();
  await db.schema.alterTable('payment').dropColumn('refunded_point').execute();
  await db.schema.alterTable('payment').dropColumn('credited_point').execute();
}
