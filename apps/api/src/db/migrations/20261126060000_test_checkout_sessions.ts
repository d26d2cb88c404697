// Checkout sessions of the embedded test payment provider (ADR 019), kept in the database rather than
// in memory, so that an API restart between "checkout started" and "card paid" still completes: the
// session's product as it was sold, where it returns to, and whether it is open, complete or canceled
// (one conditional update from open decides, so a session pays once).
// Never edit after merge; later changes are new migration files.
import type { Kysely } from 'kysely';
import { dialectOf, migrationColumnTypes } from '#src/db/dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = migrationColumnTypes(dialectOf(db));
  await db.schema
    .createTable('test_checkout_session')
    .addColumn('id', 'text', (c) => c.notNull().primaryKey())
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payment.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('price_minor', 'integer', (c) => c.notNull())
    .addColumn('success_url', 'text', (c) => c.notNull())
    .addColumn('cancel_url', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('test_checkout_session_payment_id_idx')
    .on('test_checkout_session')
    .column('payment_id')
    .execute();
  await db.schema
    .createIndex('test_checkout_session_user_id_idx')
    .on('test_checkout_session')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('test_checkout_session').execute();
}
