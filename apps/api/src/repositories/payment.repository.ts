// Products, payments, provider events and plans (ADR 019): one statement per method, no policy.
// The shop and webhook services decide what to write and runs webhook writes in one transaction with the wallet
// (PaymentTransactionRepository), so that an event's record and its credit commit together.
import { type Kysely, type Selectable, sql } from 'kysely';
import { transactionRunner } from '#src/db/group-commit.ts';
import type { Database, PaymentRefundTable, PaymentTable, ProductTable, SubscriptionTable } from '#src/db/schema.ts';
import { TicketRepository } from '#src/repositories/ticket.repository.ts';
import { WalletRepository } from '#src/repositories/wallet.repository.ts';

export type ProductRow = Selectable<ProductTable>;
export type PaymentRow = Selectable<PaymentTable>;
export type SubscriptionRow = Selectable<SubscriptionTable>;
export type PaymentRefundRow = Selectable<PaymentRefundTable>;

export class PaymentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  listProducts(filter: { region?: string; kind?: string; activeOnly: boolean }): Promise<ProductRow[]> {
    let query = this.db.selectFrom('product').selectAll();
    if (filter.region) query = query.where('region', '=', filter.region);
    if (filter.kind) query = query.where('kind', '=', filter.kind);
    if (filter.activeOnly) query = query.where('active', '=', 1);
    return query.orderBy('region').orderBy('kind').orderBy('sort_order').orderBy('id').execute();
  }

  findProduct(id: number): Promise<ProductRow | undefined> {
    return this.db.selectFrom('product').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertProduct(row: Omit<ProductRow, 'id'>): Promise<number> {
    const inserted = await this.db.insertInto('product').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  async updateProduct(id: number, changes: Partial<Omit<ProductRow, 'id'>>): Promise<boolean> {
    const result = await this.db.updateTable('product').set(changes).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async insertPayment(row: Omit<PaymentRow, 'id' | 'credited_point' | 'refunded_point'>): Promise<number> {
    const inserted = await this.db.insertInto('payment').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  async setPaymentSession(id: number, sessionId: string): Promise<void> {
    await this.db.updateTable('payment').set({ provider_session_id: sessionId }).where('id', '=', id).execute();
  }

  /** Whether the reader has a checkout of this kind of product still pending that was opened after `since`. */
  async hasOpenCheckout(userId: number, kind: string, since: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('payment')
      .innerJoin('product', 'product.id', 'payment.product_id')
      .select('payment.id')
      .where('payment.user_id', '=', userId)
      .where('payment.status', '=', 'pending')
      .where('payment.created_at', '>', since)
      .where('product.kind', '=', kind)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  findPayment(id: number): Promise<PaymentRow | undefined> {
    return this.db.selectFrom('payment').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findPaymentByProviderId(providerPaymentId: string): Promise<PaymentRow | undefined> {
    return this.db
      .selectFrom('payment')
      .selectAll()
      .where('provider_payment_id', '=', providerPaymentId)
      .orderBy('id')
      .executeTakeFirst();
  }

  async updatePayment(id: number, changes: Partial<Omit<PaymentRow, 'id'>>): Promise<void> {
    await this.db.updateTable('payment').set(changes).where('id', '=', id).execute();
  }

  listPaymentsOfUser(userId: number, limit: number): Promise<PaymentRow[]> {
    return this.db
      .selectFrom('payment')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Records an event once; false when it was already processed (a duplicate delivery). */
  async claimEvent(event: { id: string; type: string; receivedAt: number }): Promise<boolean> {
    await this.db
      .insertInto('payment_event')
      .values({ provider_event_id: event.id, type: event.type, received_at: event.receivedAt, processed_at: null })
      .onConflict((oc) => oc.column('provider_event_id').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('payment_event')
      .select('processed_at')
      .where('provider_event_id', '=', event.id)
      .executeTakeFirstOrThrow();
    return row.processed_at === null;
  }

  /**
   * Takes the row lock of each key, in the order given (callers sort them), until the transaction ends:
   * a second transaction upserting one of them waits for the first to commit (PostgreSQL; SQLite runs
   * one writer at a time anyway), and then reads what it committed.
   */
  async lockKeys(keys: readonly string[], now: number): Promise<void> {
    for (const key of keys) {
      await this.db
        .insertInto('payment_lock')
        .values({ lock_key: key, locked_at: now })
        .onConflict((oc) => oc.column('lock_key').doUpdateSet({ locked_at: now }))
        .execute();
    }
  }

  async insertRefund(row: PaymentRefundRow): Promise<void> {
    await this.db.insertInto('payment_refund').values(row).execute();
  }

  /** Refunds and disputes of a provider payment not applied yet, in the order the provider made them. */
  listUnappliedRefunds(providerPaymentId: string): Promise<PaymentRefundRow[]> {
    return this.db
      .selectFrom('payment_refund')
      .selectAll()
      .where('provider_payment_id', '=', providerPaymentId)
      .where('applied_at', 'is', null)
      .orderBy('event_created_at')
      .orderBy('provider_event_id')
      .execute();
  }

  async markRefundApplied(providerEventId: string, paymentId: number, at: number): Promise<void> {
    await this.db
      .updateTable('payment_refund')
      .set({ payment_id: paymentId, applied_at: at })
      .where('provider_event_id', '=', providerEventId)
      .execute();
  }

  async markEventProcessed(id: string, at: number): Promise<void> {
    await this.db.updateTable('payment_event').set({ processed_at: at }).where('provider_event_id', '=', id).execute();
  }

  findSubscriptionByProviderId(providerSubscriptionId: string): Promise<SubscriptionRow | undefined> {
    return this.db
      .selectFrom('subscription')
      .selectAll()
      .where('provider_subscription_id', '=', providerSubscriptionId)
      .executeTakeFirst();
  }

  async insertSubscription(row: Omit<SubscriptionRow, 'id'>): Promise<number> {
    const inserted = await this.db.insertInto('subscription').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  async updateSubscription(id: number, changes: Partial<Omit<SubscriptionRow, 'id'>>): Promise<void> {
    await this.db.updateTable('subscription').set(changes).where('id', '=', id).execute();
  }

  /**
   * Marks the plan's bonus of `month` (YYYY-MM) as given, once: true only for the one caller whose
   * conditional update moved `last_bonus_month` forward (concurrent jobs wait on the row and see 0 rows).
   */
  async claimBonusMonth(id: number, month: string): Promise<boolean> {
    const result = await this.db
      .updateTable('subscription')
      .set({ last_bonus_month: month })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_bonus_month', 'is', null), eb('last_bonus_month', '<', month)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** A reader's plans that still give something (active or canceled at period end, not ended). */
  listLiveSubscriptions(userId: number): Promise<SubscriptionRow[]> {
    return this.db
      .selectFrom('subscription')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', 'in', ['active', 'past_due'])
      .orderBy('id')
      .execute();
  }

  /** Active plans whose monthly bonus for `month` (YYYY-MM) is not given yet. */
  listPlansDueBonus(month: string, limit: number): Promise<SubscriptionRow[]> {
    return this.db
      .selectFrom('subscription')
      .selectAll()
      .where('status', '=', 'active')
      .where((eb) => eb.or([eb('last_bonus_month', 'is', null), eb('last_bonus_month', '<', month)]))
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /**
   * Plans of the embedded test provider (`sub_test_…`) that are not canceled and whose period has ended
   * by `now`: the ones Stripe would renew with an invoice.
   */
  listTestPlansToRenew(now: number, limit: number): Promise<SubscriptionRow[]> {
    return (
      this.db
        .selectFrom('subscription')
        .selectAll()
        .where('status', 'in', ['active', 'past_due'])
        .where('cancel_at_period_end', '=', 0)
        .where('current_period_end_at', '<=', now)
        // The prefix `sub_test_` compared as text: the same on both dialects (no LIKE escapes, no collation).
        .where(sql<string>`substr(provider_subscription_id, 1, 9)`, '=', 'sub_test_')
        .orderBy('id')
        .limit(limit)
        .execute()
    );
  }

  async hasPaidPayment(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('payment')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', 'in', ['paid', 'refunded'])
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async setChargeType(userId: number, chargeType: number): Promise<void> {
    await this.db.updateTable('user').set({ charge_type: chargeType }).where('id', '=', userId).execute();
  }

  /** Credit lots a payment made (its purchase credits, whatever their keys), with what is left of each. */
  listPaymentLots(
    userId: number,
    paymentId: number,
  ): Promise<{ id: number; kind: string; remaining: number; delta: number }[]> {
    return this.db
      .selectFrom('point_ledger')
      .select(['id', 'kind', 'remaining', 'delta'])
      .where('user_id', '=', userId)
      .where('reference_type', '=', 'payment')
      .where('reference_id', '=', String(paymentId))
      .where('delta', '>', 0)
      .orderBy('id')
      .execute();
  }

  /** Credit lots by their idempotency keys, with what is left of each. */
  listLotsByKeys(keys: readonly string[]): Promise<{ id: number; kind: string; remaining: number; delta: number }[]> {
    if (keys.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('point_ledger')
      .select(['id', 'kind', 'remaining', 'delta'])
      .where('idempotency_key', 'in', keys)
      .execute();
  }
}

export interface PaymentStores {
  payments: PaymentRepository;
  wallet: WalletRepository;
  tickets: TicketRepository;
}

export class PaymentTransactionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Commits when `work` resolves, rolls back when it throws (the error is rethrown). */
  run<T>(work: (stores: PaymentStores) => Promise<T>): Promise<T> {
    return transactionRunner(this.db).run((trx) =>
      work({
        payments: new PaymentRepository(trx),
        wallet: new WalletRepository(trx),
        tickets: new TicketRepository(trx),
      }),
    );
  }
}
