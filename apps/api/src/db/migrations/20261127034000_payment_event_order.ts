// Provider events out of order and at the same time (ADR 024). `payment_lock`: one row per payment,
// payment intent, provider subscription or reader an event touches; the webhook upserts the rows of its
// event first (in one order), so that events of one payment or plan apply one after another on
// PostgreSQL and each sees what the other committed. `payment_refund`: every refund and dispute the
// provider reported, kept until its payment exists (a refund may arrive before the payment it refunds)
// and marked applied when its points were taken back; the ledger audit compares them with what the
// payments took back. Never edit after merge; later changes are new migration files.
import type { Kysely } from 'kysely';
import { dialectOf, migrationColumnTypes } from '#src/db/dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = migrationColumnTypes(dialectOf(db));
  await db.schema
    .createTable('payment_lock')
    .addColumn('lock_key', 'text', (c) => c.notNull().primaryKey())
    .addColumn('locked_at', t.millis, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('payment_refund')
    .addColumn('provider_event_id', 'text', (c) => c.notNull().primaryKey())
    .addColumn('provider_payment_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('refunded_minor', 'integer', (c) => c.notNull())
    .addColumn('event_created_at', t.millis, (c) => c.notNull())
    .addColumn('received_at', t.millis, (c) => c.notNull())
    .addColumn('payment_id', 'integer', (c) => c.references('payment.id').onDelete('cascade'))
    .addColumn('applied_at', t.millis)
    .execute();
  await db.schema
    .createIndex('payment_refund_provider_payment_id_idx')
    .on('payment_refund')
    .column('provider_payment_id')
    .execute();
  await db.schema.createIndex('payment_refund_payment_id_idx').on('payment_refund').column('payment_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_refund').execute();
  await db.schema.dropTable('payment_lock').execute();
}
