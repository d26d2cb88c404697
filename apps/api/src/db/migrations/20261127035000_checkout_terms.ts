// What a checkout sold (ADR 024): the points and bonus points of the product when the checkout was
// opened, beside the price and currency the payment row already keeps, so that paying it credits what
// the reader was shown even when the product changed since. Checkouts still open take their product's
// values now (what they were shown, unless it changed meanwhile). Never edit after merge.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('payment')
    .addColumn('paid_point', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('payment')
    .addColumn('bonus_point', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update payment set
      paid_point = (select product.paid_point from product where product.id = payment.product_id),
      bonus_point = (select case when product.kind = 'subscription' then product.monthly_bonus_point
        else product.bonus_point end from product where product.id = payment.product_id)
    where status = 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payment').dropColumn('bonus_point').execute();
  await db.schema.alterTable('payment').dropColumn('paid_point').execute();
}
