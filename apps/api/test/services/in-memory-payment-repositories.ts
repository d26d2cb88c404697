// In-memory payment repositories for the shop, webhook and plan-bonus service tests (ADR 019): the public
// methods of PaymentRepository and TestCheckoutSessionRepository over plain arrays, with the semantics
// the services rely on (a claimed event stays claimed, conditional claims of a plan's bonus month and of
// an open test session, the live statuses, provider ids unique). The reader's ledger and users are the
// shared InMemoryTables'; a transaction restores both sets of tables when its work throws.
import type {
  PaymentRefundRow,
  PaymentRow,
  PaymentStores,
  ProductRow,
  SubscriptionRow,
} from '#src/repositories/payment.repository.ts';
import type {
  TestCheckoutSessionRepository,
  TestCheckoutSessionRow,
} from '#src/repositories/test-checkout-session.repository.ts';
import type { NewPremiumTicket } from '#src/repositories/ticket.repository.ts';
import type { RepositoryPort } from '#src/repositories/transaction.repository.ts';
import type { PaymentUnit } from '#src/services/plan.service.ts';
import type { InMemoryTables, InMemoryWalletRepository } from '#test/services/in-memory-repositories.ts';

type PaymentEventRow = { provider_event_id: string; type: string; received_at: number; processed_at: number | null };

/** The payment tables, as rows; a test may read or seed them directly. */
export class PaymentTables {
  products: ProductRow[] = [];
  payments: PaymentRow[] = [];
  events: PaymentEventRow[] = [];
  refunds: PaymentRefundRow[] = [];
  /** Keys locked, in the order asked (a single process needs no waiting). */
  locks: string[] = [];
  subscriptions: SubscriptionRow[] = [];
  testSessions: TestCheckoutSessionRow[] = [];
  premiumTickets: (NewPremiumTicket & { id: number })[] = [];
  private ids = new Map<string, number>();

  nextId(table: string): number {
    const id = (this.ids.get(table) ?? 0) + 1;
    this.ids.set(table, id);
    return id;
  }

  snapshot(): () => void {
    const copy = structuredClone({ ...this });
    return () => Object.assign(this, copy);
  }
}

export class InMemoryPaymentRepository implements RepositoryPort<PaymentStores['payments']> {
  constructor(
    private readonly tables: PaymentTables,
    private readonly shared: InMemoryTables,
  ) {}

  async listProducts(filter: { region?: string; kind?: string; activeOnly: boolean }): Promise<ProductRow[]> {
    return this.tables.products
      .filter(
        (p) =>
          (!filter.region || p.region === filter.region) &&
          (!filter.kind || p.kind === filter.kind) &&
          (!filter.activeOnly || p.active === 1),
      )
      .sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);
  }

  async findProduct(id: number): Promise<ProductRow | undefined> {
    return this.tables.products.find((p) => p.id === id);
  }

  async insertProduct(row: Omit<ProductRow, 'id'>): Promise<number> {
    const id = this.tables.nextId('product');
    this.tables.products.push({ ...row, id });
    return id;
  }

  async updateProduct(id: number, changes: Partial<Omit<ProductRow, 'id'>>): Promise<boolean> {
    const row = await this.findProduct(id);
    if (row) Object.assign(row, changes);
    return row !== undefined;
  }

  async insertPayment(row: Omit<PaymentRow, 'id' | 'credited_point' | 'refunded_point'>): Promise<number> {
    const id = this.tables.nextId('payment');
    this.tables.payments.push({ credited_point: 0, refunded_point: 0, ...row, id });
    return id;
  }

  async setPaymentSession(id: number, sessionId: string): Promise<void> {
    await this.updatePayment(id, { provider_session_id: sessionId });
  }

  async hasOpenCheckout(userId: number, kind: string, since: number): Promise<boolean> {
    return this.tables.payments.some(
      (p) =>
        p.user_id === userId &&
        p.status === 'pending' &&
        p.created_at > since &&
        this.tables.products.find((product) => product.id === p.product_id)?.kind === kind,
    );
  }

  async findPayment(id: number): Promise<PaymentRow | undefined> {
    return this.tables.payments.find((p) => p.id === id);
  }

  async findPaymentByProviderId(providerPaymentId: string): Promise<PaymentRow | undefined> {
    return this.tables.payments.find((p) => p.provider_payment_id === providerPaymentId);
  }

  async updatePayment(id: number, changes: Partial<Omit<PaymentRow, 'id'>>): Promise<void> {
    const row = await this.findPayment(id);
    if (row) Object.assign(row, changes);
  }

  async listPaymentsOfUser(userId: number, limit: number): Promise<PaymentRow[]> {
    return this.tables.payments
      .filter((p) => p.user_id === userId)
      .sort((a, b) => b.created_at - a.created_at || b.id - a.id)
      .slice(0, limit);
  }

  async claimEvent(event: { id: string; type: string; receivedAt: number }): Promise<boolean> {
    let row = this.tables.events.find((e) => e.provider_event_id === event.id);
    if (!row) {
      row = { provider_event_id: event.id, type: event.type, received_at: event.receivedAt, processed_at: null };
      this.tables.events.push(row);
    }
    return row.processed_at === null;
  }

  async lockKeys(keys: readonly string[]): Promise<void> {
    this.tables.locks.push(...keys);
  }

  async insertRefund(row: PaymentRefundRow): Promise<void> {
    if (this.tables.refunds.some((r) => r.provider_event_id === row.provider_event_id)) {
      throw new Error('UNIQUE constraint failed: payment_refund.provider_event_id');
    }
    this.tables.refunds.push({ ...row });
  }

  async listUnappliedRefunds(providerPaymentId: string): Promise<PaymentRefundRow[]> {
    return this.tables.refunds
      .filter((r) => r.provider_payment_id === providerPaymentId && r.applied_at === null)
      .sort((a, b) => a.event_created_at - b.event_created_at || (a.provider_event_id < b.provider_event_id ? -1 : 1));
  }

  async markRefundApplied(providerEventId: string, paymentId: number, at: number): Promise<void> {
    const row = this.tables.refunds.find((r) => r.provider_event_id === providerEventId);
    if (row) Object.assign(row, { payment_id: paymentId, applied_at: at });
  }

  async markEventProcessed(id: string, at: number): Promise<void> {
    const row = this.tables.events.find((e) => e.provider_event_id === id);
    if (row) row.processed_at = at;
  }

  async findSubscriptionByProviderId(providerSubscriptionId: string): Promise<SubscriptionRow | undefined> {
    return this.tables.subscriptions.find((s) => s.provider_subscription_id === providerSubscriptionId);
  }

  async insertSubscription(row: Omit<SubscriptionRow, 'id'>): Promise<number> {
    if (row.provider_subscription_id && (await this.findSubscriptionByProviderId(row.provider_subscription_id))) {
      throw new Error('UNIQUE constraint failed: subscription.provider_subscription_id');
    }
    const id = this.tables.nextId('subscription');
    this.tables.subscriptions.push({ ...row, id });
    return id;
  }

  async updateSubscription(id: number, changes: Partial<Omit<SubscriptionRow, 'id'>>): Promise<void> {
    const row = this.tables.subscriptions.find((s) => s.id === id);
    if (row) Object.assign(row, changes);
  }

  async claimBonusMonth(id: number, month: string): Promise<boolean> {
    const row = this.tables.subscriptions.find((s) => s.id === id);
    if (!row || (row.last_bonus_month !== null && row.last_bonus_month >= month)) return false;
    row.last_bonus_month = month;
    return true;
  }

  async listLiveSubscriptions(userId: number): Promise<SubscriptionRow[]> {
    return this.tables.subscriptions
      .filter((s) => s.user_id === userId && (s.status === 'active' || s.status === 'past_due'))
      .sort((a, b) => a.id - b.id);
  }

  async listPlansDueBonus(month: string, limit: number): Promise<SubscriptionRow[]> {
    return this.tables.subscriptions
      .filter((s) => s.status === 'active' && (s.last_bonus_month === null || s.last_bonus_month < month))
      .sort((a, b) => a.id - b.id)
      .slice(0, limit);
  }

  async listTestPlansToRenew(now: number, limit: number): Promise<SubscriptionRow[]> {
    return this.tables.subscriptions
      .filter(
        (s) =>
          (s.status === 'active' || s.status === 'past_due') &&
          s.cancel_at_period_end === 0 &&
          s.current_period_end_at <= now &&
          (s.provider_subscription_id ?? '').startsWith('sub_test_'),
      )
      .sort((a, b) => a.id - b.id)
      .slice(0, limit);
  }

  async hasPaidPayment(userId: number): Promise<boolean> {
    return this.tables.payments.some((p) => p.user_id === userId && (p.status === 'paid' || p.status === 'refunded'));
  }

  async setChargeType(userId: number, chargeType: number): Promise<void> {
    const user = this.shared.users.find((u) => u.id === userId);
    if (user) user.charge_type = chargeType;
  }

  async listPaymentLots(userId: number, paymentId: number) {
    return this.shared.ledger
      .filter(
        (e) =>
          e.user_id === userId && e.reference_type === 'payment' && e.reference_id === String(paymentId) && e.delta > 0,
      )
      .map((e) => ({ id: e.id, kind: e.kind, remaining: e.remaining ?? 0, delta: e.delta }));
  }

  async listLotsByKeys(keys: readonly string[]) {
    return this.shared.ledger
      .filter((e) => e.idempotency_key != null && keys.includes(e.idempotency_key))
      .map((e) => ({ id: e.id, kind: e.kind, remaining: e.remaining ?? 0, delta: e.delta }));
  }
}

export class InMemoryTestCheckoutSessionRepository implements RepositoryPort<TestCheckoutSessionRepository> {
  constructor(private readonly tables: PaymentTables) {}

  async insertSession(row: TestCheckoutSessionRow): Promise<void> {
    this.tables.testSessions.push({ ...row });
  }

  async findSession(id: string): Promise<TestCheckoutSessionRow | undefined> {
    return this.tables.testSessions.find((s) => s.id === id);
  }

  async finishSession(id: string, status: 'complete' | 'canceled' | 'expired'): Promise<boolean> {
    const row = await this.findSession(id);
    if (row?.status !== 'open') return false;
    row.status = status;
    return true;
  }
}

/** PaymentTransactionRepository's unit of work: all or nothing over the payment and the shared tables. */
export class InMemoryPaymentTransactions {
  readonly stores: PaymentUnit;

  constructor(
    private readonly tables: PaymentTables,
    private readonly shared: InMemoryTables,
    wallet: InMemoryWalletRepository,
  ) {
    this.stores = {
      payments: new InMemoryPaymentRepository(tables, shared),
      wallet,
      tickets: {
        insertPremiumTickets: async (tickets) => {
          for (const ticket of tickets) this.tables.premiumTickets.push({ ...ticket, id: tables.nextId('ticket') });
        },
      },
    };
  }

  async run<T>(work: (stores: PaymentUnit) => Promise<T>): Promise<T> {
    const restorePayments = this.tables.snapshot();
    const restoreShared = this.shared.snapshot();
    try {
      return await work(this.stores);
    } catch (error) {
      restorePayments();
      restoreShared();
      throw error;
    }
  }
}

let productSequence = 0;

/** A product as the shop seeds it: by default the US pack of 1,000 points and 50 bonus points at $9.99. */
export function productRow(overrides: Partial<ProductRow> = {}): ProductRow {
  const id = overrides.id ?? 900 + ++productSequence;
  return {
    id,
    kind: 'point_pack',
    region: 'US',
    currency: 'usd',
    price_minor: 999,
    paid_point: 1000,
    bonus_point: 50,
    monthly_bonus_point: 0,
    premium_ticket_num: 0,
    provider_price_id: '',
    name_en: `Pack ${id}`,
    name_ja: `パック${id}`,
    active: 1,
    sort_order: id,
    ...overrides,
  };
}

/** A monthly plan: 1,000 paid points a month, 150 bonus points and 2 premium tickets at $9.99. */
export function planRow(overrides: Partial<ProductRow> = {}): ProductRow {
  return productRow({
    kind: 'subscription',
    paid_point: 1000,
    bonus_point: 0,
    monthly_bonus_point: 150,
    premium_ticket_num: 2,
    ...overrides,
  });
}
