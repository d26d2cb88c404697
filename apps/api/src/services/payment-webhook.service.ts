// The payment webhook (ADR 019): every provider event passes one signature check (the provider's
// `verifyEvent`, which also reads the provider's JSON into a typed PaymentEvent) and one handler, which
// records the event id and its effects in one transaction with the wallet: a duplicate delivery finds
// the event processed and changes nothing; a crash before the commit leaves nothing, so the provider's
// retry credits once. Card charges credit paid points through WalletService's OpenWallet; refunds and
// disputes take back what is unspent of the payment's own lots.
import { PointReason } from '@manga/contracts';
import type { ProductRow, SubscriptionRow } from '#src/repositories/payment.repository.ts';
import type { PaymentEvent, PaymentProviderRepository } from '#src/repositories/payment-provider.repository.ts';
import { isSecondPlan, refundTakeBack } from '#src/rules/shop.rules.ts';
import type { PaymentLog, PaymentTransactions, PaymentUnit, PlanService } from '#src/services/plan.service.ts';
import type { WalletService } from '#src/services/wallet.service.ts';

const DAY_MS = 86_400_000;
/** Bonus points of a pack are free points that expire (README "Shop prices"). */
export const PACK_BONUS_LIFETIME_MS = 180 * DAY_MS;

/**
 * What an event did: `held` a refund kept until its payment exists; `flagged` a second plan refused, its
 * payment marked for the operator to refund (ADR 024).
 */
type Outcome = 'processed' | 'ignored' | 'held' | 'flagged';

/**
 * `duplicate`: the event was applied before; `refused`: the signature did not verify (the route answers
 * 400), nothing was read or written. Every other answer is a 200: the provider stops sending.
 */
export type WebhookResult = Outcome | 'duplicate' | 'refused';

type EventOf<K extends PaymentEvent['kind']> = Extract<PaymentEvent, { kind: K }>;

export interface PaymentWebhookDeps {
  transactions: PaymentTransactions;
  provider: Pick<PaymentProviderRepository, 'name' | 'verifyEvent' | 'cancelSubscriptionNow'>;
  wallet: Pick<WalletService, 'open'>;
  plans: Pick<PlanService, 'grantBonusIn' | 'refreshChargeTypeIn'>;
  clock: { now(): number };
  log?: PaymentLog | undefined;
}

const applied = (changed: boolean): Outcome => (changed ? 'processed' : 'ignored');

/**
 * The lock keys of an event (ADR 024), sorted so that every transaction takes them in one order: the
 * payment and the payment intent it names, the provider subscription, and the reader (one plan each).
 */
function lockKeysOf(event: PaymentEvent): string[] {
  const keys = new Set<string>();
  const add = (prefix: string, value: string | number | undefined) => {
    if (value !== undefined) keys.add(`${prefix}:${value}`);
  };
  switch (event.kind) {
    case 'checkout_completed':
    case 'invoice_paid':
      add('payment', event.paymentId);
      add('pi', event.paymentIntentId);
      add('sub', event.subscriptionId);
      add('user', event.userId);
      break;
    case 'invoice_failed':
    case 'subscription_updated':
    case 'subscription_deleted':
      add('sub', event.subscriptionId);
      break;
    case 'charge_refunded':
    case 'dispute_created':
      add('pi', event.paymentIntentId);
      break;
    default:
      break;
  }
  return [...keys].sort();
}

export class PaymentWebhookService {
  constructor(private readonly deps: PaymentWebhookDeps) {}

  /**
   * POST /stp/webhook: verifies the signature over the raw body, then applies the event once.
   * `refused` when the signature does not verify (logged without the body, the header or the secret).
   */
  async handleWebhook(rawBody: string | Buffer, signature: string | undefined): Promise<WebhookResult> {
    const event = this.deps.provider.verifyEvent(rawBody, signature);
    if (!event) {
      this.deps.log?.warn(
        { provider: this.deps.provider.name, hasSignature: Boolean(signature), bytes: rawBody.length },
        'Webhook signature refused',
      );
      return 'refused';
    }
    return this.applyEvent(event);
  }

  private async applyEvent(event: PaymentEvent): Promise<WebhookResult> {
    const now = this.deps.clock.now();
    const result = await this.deps.transactions.run(async (stores): Promise<WebhookResult> => {
      // Events of one payment, payment intent, plan or reader apply one after another: the second waits
      // here for the first to commit, then finds what it did (ADR 024).
      await stores.payments.lockKeys(lockKeysOf(event), now);
      if (!(await stores.payments.claimEvent({ id: event.id, type: event.type, receivedAt: now }))) {
        return 'duplicate';
      }
      const outcome = await this.dispatch(stores, event, now);
      await stores.payments.markEventProcessed(event.id, now);
      return outcome;
    });
    this.deps.log?.info({ eventId: event.id, type: event.type, result }, 'Webhook event');
    if (result === 'flagged') await this.cancelRefusedPlan(event);
    return result;
  }

  /** A refused second plan must not renew: the provider ends it now (after the commit: a network call). */
  private async cancelRefusedPlan(event: PaymentEvent): Promise<void> {
    const subscriptionId =
      event.kind === 'checkout_completed' || event.kind === 'invoice_paid' ? event.subscriptionId : undefined;
    if (!subscriptionId) return;
    try {
      await this.deps.provider.cancelSubscriptionNow(subscriptionId);
    } catch (error) {
      // Its next invoice is refused again and asks again; the operator sees the payment flagged.
      this.deps.log?.warn(
        { eventId: event.id, error: error instanceof Error ? error.message : String(error) },
        'Refused plan not canceled at the provider',
      );
    }
  }

  private async dispatch(stores: PaymentUnit, event: PaymentEvent, now: number): Promise<Outcome> {
    switch (event.kind) {
      case 'checkout_completed':
        return this.onCheckoutCompleted(stores, event, now);
      case 'invoice_paid':
        return this.onInvoicePaid(stores, event, now);
      case 'invoice_failed':
        return applied(await this.onPlanStatus(stores, event.subscriptionId, 'past_due', event));
      case 'subscription_updated':
        return applied(await this.onSubscriptionUpdated(stores, event));
      case 'subscription_deleted':
        return applied(await this.onPlanStatus(stores, event.subscriptionId, 'ended', event));
      case 'charge_refunded':
      case 'dispute_created':
        return this.onTakeBack(stores, event, now);
      default:
        return 'ignored';
    }
  }

  private async onCheckoutCompleted(
    stores: PaymentUnit,
    session: EventOf<'checkout_completed'>,
    now: number,
  ): Promise<Outcome> {
    // Read after the payment's lock: a second event for it finds it paid (ignored, not a second credit).
    const payment = session.paymentId ? await stores.payments.findPayment(session.paymentId) : undefined;
    if (payment?.status !== 'pending' || !session.paid) return 'ignored';
    const product = await stores.payments.findProduct(payment.product_id);
    if (!product) return 'ignored';
    if (session.mode === 'subscription') {
      if (!session.subscriptionId) return 'ignored';
      const plan = await this.ensurePlan(stores, {
        providerSubscriptionId: session.subscriptionId,
        userId: payment.user_id,
        product,
        customerId: session.customerId,
        now,
        eventAt: session.created,
      });
      if (!plan) {
        await stores.payments.updatePayment(payment.id, {
          status: 'refused',
          completed_at: now,
          provider_payment_id: `session:${session.sessionId ?? payment.id}`,
        });
        this.flagSecondPlan(payment.id, payment.user_id, session.subscriptionId);
        return 'flagged';
      }
      await stores.payments.updatePayment(payment.id, {
        status: 'paid',
        completed_at: now,
        subscription_id: plan.id,
        provider_payment_id: `session:${session.sessionId ?? payment.id}`,
      });
      await this.deps.plans.refreshChargeTypeIn(stores, payment.user_id);
      return 'processed';
    }
    // What the checkout sold when it opened (ADR 024), not what the product says now.
    const wallet = await this.deps.wallet.open(stores.wallet, payment.user_id, now);
    if (payment.paid_point > 0) {
      await wallet.credit({
        kind: 'paid',
        amount: payment.paid_point,
        reason: PointReason.PointPurchase,
        referenceType: 'payment',
        referenceId: String(payment.id),
        expiresAt: null,
        idempotencyKey: `payment:${payment.id}:paid`,
      });
    }
    if (payment.bonus_point > 0) {
      await wallet.credit({
        kind: 'free',
        amount: payment.bonus_point,
        reason: PointReason.PointPurchase,
        referenceType: 'payment',
        referenceId: String(payment.id),
        expiresAt: now + PACK_BONUS_LIFETIME_MS,
        idempotencyKey: `payment:${payment.id}:bonus`,
      });
    }
    await stores.payments.updatePayment(payment.id, {
      status: 'paid',
      completed_at: now,
      credited_point: payment.paid_point + payment.bonus_point,
      provider_payment_id: session.paymentIntentId ?? `session:${session.sessionId ?? payment.id}`,
    });
    this.deps.log?.info(
      { paymentId: payment.id, userId: payment.user_id, point: payment.paid_point, bonus: payment.bonus_point },
      'Points bought',
    );
    // A refund or dispute that came first takes its points back now.
    await this.applyRefunds(stores, payment.id, now);
    await this.deps.plans.refreshChargeTypeIn(stores, payment.user_id);
    return 'processed';
  }

  private async onInvoicePaid(stores: PaymentUnit, invoice: EventOf<'invoice_paid'>, now: number): Promise<Outcome> {
    const { subscriptionId, invoiceId } = invoice;
    if (!subscriptionId || !invoiceId) return 'ignored';
    // Stripe sends invoice.paid and invoice.payment_succeeded for one invoice: the second finds it credited.
    const creditKey = `invoice:${invoiceId}`;
    if ((await stores.payments.listLotsByKeys([creditKey])).length > 0) return 'ignored';
    let plan = await stores.payments.findSubscriptionByProviderId(subscriptionId);
    if (!plan) {
      // The invoice came before checkout.session.completed: the plan's metadata names reader and product.
      const product = invoice.productId ? await stores.payments.findProduct(invoice.productId) : undefined;
      if (!invoice.userId || !product || product.kind !== 'subscription') return 'ignored';
      plan = await this.ensurePlan(stores, {
        providerSubscriptionId: subscriptionId,
        userId: invoice.userId,
        product,
        customerId: invoice.customerId,
        now,
        eventAt: invoice.created,
      });
      if (!plan) return this.refuseInvoice(stores, invoice, invoice.userId, product, now);
    }
    const product = await stores.payments.findProduct(plan.product_id);
    if (!product) return 'ignored';
    const changes: Partial<SubscriptionRow> = {};
    if (invoice.periodEnd && invoice.periodEnd > plan.current_period_end_at) {
      changes.current_period_end_at = invoice.periodEnd;
    }
    if (invoice.created >= plan.last_event_at && plan.status !== 'ended') {
      changes.status = 'active';
      changes.last_event_at = invoice.created;
    }
    if (Object.keys(changes).length > 0) await stores.payments.updateSubscription(plan.id, changes);
    const paymentId = await stores.payments.insertPayment({
      user_id: plan.user_id,
      product_id: product.id,
      provider: this.deps.provider.name,
      provider_session_id: null,
      provider_payment_id: invoice.paymentIntentId ?? `invoice:${invoiceId}`,
      status: 'paid',
      amount_minor: invoice.amountPaid || product.price_minor,
      currency: product.currency,
      paid_point: product.paid_point,
      bonus_point: 0,
      created_at: now,
      completed_at: now,
      subscription_id: plan.id,
    });
    const wallet = await this.deps.wallet.open(stores.wallet, plan.user_id, now);
    await wallet.credit({
      kind: 'paid',
      amount: product.paid_point,
      reason: PointReason.PointPurchase,
      referenceType: 'payment',
      referenceId: String(paymentId),
      expiresAt: null,
      idempotencyKey: creditKey,
    });
    await stores.payments.updatePayment(paymentId, { credited_point: product.paid_point });
    this.deps.log?.info({ subscriptionId: plan.id, paymentId, point: product.paid_point }, 'Plan renewed');
    await this.applyRefunds(stores, paymentId, now);
    await this.deps.plans.refreshChargeTypeIn(stores, plan.user_id);
    return 'processed';
  }

  private async onSubscriptionUpdated(stores: PaymentUnit, update: EventOf<'subscription_updated'>): Promise<boolean> {
    const plan = update.subscriptionId
      ? await stores.payments.findSubscriptionByProviderId(update.subscriptionId)
      : undefined;
    if (!plan || plan.status === 'ended' || update.created < plan.last_event_at) return false;
    await stores.payments.updateSubscription(plan.id, {
      status: update.status,
      cancel_at_period_end: update.cancelAtPeriodEnd ? 1 : 0,
      last_event_at: update.created,
    });
    await this.deps.plans.refreshChargeTypeIn(stores, plan.user_id);
    return true;
  }

  private async onPlanStatus(
    stores: PaymentUnit,
    providerSubscriptionId: string | undefined,
    status: 'past_due' | 'ended',
    event: PaymentEvent,
  ): Promise<boolean> {
    const plan = providerSubscriptionId
      ? await stores.payments.findSubscriptionByProviderId(providerSubscriptionId)
      : undefined;
    // An older event never moves a plan back; an ended plan stays ended.
    if (!plan || plan.status === 'ended' || (status !== 'ended' && event.created < plan.last_event_at)) return false;
    await stores.payments.updateSubscription(plan.id, {
      status,
      last_event_at: Math.max(event.created, plan.last_event_at),
    });
    await this.deps.plans.refreshChargeTypeIn(stores, plan.user_id);
    return true;
  }

  /**
   * charge.refunded and charge.dispute.created: the provider's report is recorded first, then applied to
   * its payment; a report whose payment does not exist yet (the refund came first) is held and applied
   * when the payment completes (ADR 024).
   */
  private async onTakeBack(
    stores: PaymentUnit,
    event: EventOf<'charge_refunded' | 'dispute_created'>,
    now: number,
  ): Promise<Outcome> {
    if (!event.paymentIntentId) return 'ignored';
    await stores.payments.insertRefund({
      provider_event_id: event.id,
      provider_payment_id: event.paymentIntentId,
      kind: event.kind === 'dispute_created' ? 'dispute' : 'refund',
      refunded_minor: event.kind === 'charge_refunded' ? event.refundedMinor : 0,
      event_created_at: event.created,
      received_at: now,
      payment_id: null,
      applied_at: null,
    });
    const payment = await stores.payments.findPaymentByProviderId(event.paymentIntentId);
    if (!payment) {
      this.deps.log?.info({ eventId: event.id, type: event.type }, 'Refund held until its payment exists');
      return 'held';
    }
    const changed = await this.applyRefunds(stores, payment.id, now);
    if (changed) await this.deps.plans.refreshChargeTypeIn(stores, payment.user_id);
    return applied(changed);
  }

  /**
   * The provider's refunds and disputes of a payment not applied yet, in the order it made them (ADR 019's
   * rule, `refundTakeBack`): each takes back its share of what the payment credited, less what earlier
   * ones took, from what is unspent in the payment's own lots. True when the payment changed.
   */
  private async applyRefunds(stores: PaymentUnit, paymentId: number, now: number): Promise<boolean> {
    const payment = await stores.payments.findPayment(paymentId);
    if (!payment?.provider_payment_id) return false;
    const refunds = await stores.payments.listUnappliedRefunds(payment.provider_payment_id);
    if (refunds.length === 0) return false;
    let takenBack = payment.refunded_point;
    let lots: number[] | undefined;
    for (const refund of refunds) {
      const target = refundTakeBack({
        credited: payment.credited_point,
        alreadyTaken: takenBack,
        amountMinor: payment.amount_minor,
        refundedMinor: refund.refunded_minor,
        dispute: refund.kind === 'dispute',
      });
      if (target > 0) {
        // The payment's own credits, whatever their keys (a plan invoice's is keyed by the invoice).
        lots ??= (await stores.payments.listPaymentLots(payment.user_id, payment.id)).map((lot) => lot.id);
        const wallet = await this.deps.wallet.open(stores.wallet, payment.user_id, now);
        const taken = await wallet.reclaim(lots, target, {
          reason: PointReason.PaymentRefund,
          referenceType: 'payment',
          referenceId: String(payment.id),
          idempotencyKey: `refund:${refund.provider_event_id}`,
        });
        takenBack += target;
        this.deps.log?.info(
          { paymentId: payment.id, target, taken, dispute: refund.kind === 'dispute' },
          'Points taken back',
        );
      }
      await stores.payments.markRefundApplied(refund.provider_event_id, payment.id, now);
    }
    // A refused second plan's charge refunded at the provider: the operator's flag clears.
    if (takenBack === payment.refunded_point && payment.status !== 'refused') return false;
    await stores.payments.updatePayment(payment.id, { status: 'refunded', refunded_point: takenBack });
    return true;
  }

  /**
   * The invoice of a refused second plan: the charge is recorded on the plan's checkout payment when it
   * is still open or already refused (one payment per charge), else on a payment of its own, `refused`
   * for the operator to refund; nothing is credited.
   */
  private async refuseInvoice(
    stores: PaymentUnit,
    invoice: EventOf<'invoice_paid'>,
    userId: number,
    product: ProductRow,
    now: number,
  ): Promise<Outcome> {
    const charge = {
      status: 'refused',
      provider_payment_id: invoice.paymentIntentId ?? `invoice:${invoice.invoiceId}`,
      amount_minor: invoice.amountPaid || product.price_minor,
      completed_at: now,
    };
    // invoice.payment_succeeded after invoice.paid: the charge is flagged already.
    if (await stores.payments.findPaymentByProviderId(charge.provider_payment_id)) return 'ignored';
    const checkout = invoice.paymentId ? await stores.payments.findPayment(invoice.paymentId) : undefined;
    let paymentId: number;
    if (
      checkout?.user_id === userId &&
      (checkout.status === 'pending' ||
        (checkout.status === 'refused' && checkout.provider_payment_id?.startsWith('session:')))
    ) {
      await stores.payments.updatePayment(checkout.id, charge);
      paymentId = checkout.id;
    } else {
      paymentId = await stores.payments.insertPayment({
        ...charge,
        user_id: userId,
        product_id: product.id,
        provider: this.deps.provider.name,
        provider_session_id: null,
        currency: product.currency,
        paid_point: 0,
        bonus_point: 0,
        created_at: now,
        subscription_id: null,
      });
    }
    this.flagSecondPlan(paymentId, userId, invoice.subscriptionId);
    await this.applyRefunds(stores, paymentId, now);
    return 'flagged';
  }

  private flagSecondPlan(paymentId: number, userId: number, providerSubscriptionId: string | undefined): void {
    this.deps.log?.warn(
      { paymentId, userId, providerSubscriptionId },
      'Second plan refused: the reader has a live plan; refund this payment at the provider',
    );
  }

  /**
   * The plan of a provider subscription, created once; its first bonus with it (product §4). Undefined when
   * it would be the reader's second live plan (one plan per reader, ADR 024): refused.
   */
  private async ensurePlan(
    stores: PaymentUnit,
    input: {
      providerSubscriptionId: string;
      userId: number;
      product: ProductRow;
      customerId: string | undefined;
      now: number;
      eventAt: number;
    },
  ): Promise<SubscriptionRow | undefined> {
    const existing = await stores.payments.findSubscriptionByProviderId(input.providerSubscriptionId);
    if (existing) return existing;
    // Read under the reader's lock (the event's `user:` key): two plans arriving at once see each other.
    if (isSecondPlan(await stores.payments.listLiveSubscriptions(input.userId), input.providerSubscriptionId)) {
      return undefined;
    }
    const periodEnd = new Date(input.now);
    periodEnd.setUTCMonth(periodEnd.getUTCMonth() + 1);
    const id = await stores.payments.insertSubscription({
      user_id: input.userId,
      product_id: input.product.id,
      provider_subscription_id: input.providerSubscriptionId,
      provider_customer_id: input.customerId ?? null,
      status: 'active',
      started_at: input.now,
      current_period_end_at: periodEnd.getTime(),
      cancel_at_period_end: 0,
      canceled_at: null,
      last_bonus_month: null,
      last_event_at: input.eventAt,
    });
    const plan = await stores.payments.findSubscriptionByProviderId(input.providerSubscriptionId);
    if (!plan || plan.id !== id) throw new Error('plan not recorded');
    await this.deps.plans.grantBonusIn(stores, plan, input.product, input.now);
    return (await stores.payments.findSubscriptionByProviderId(input.providerSubscriptionId)) ?? plan;
  }
}
