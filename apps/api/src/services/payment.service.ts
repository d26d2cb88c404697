// Shop, checkout and the payment webhook (ADR 019). Checkout sessions come from the provider repository
// (Stripe or the embedded test provider); every provider event passes one signature check and one
// handler, which records the event id and its effects in one transaction with the wallet: a duplicate
// delivery finds the event processed and changes nothing; a crash before the commit leaves nothing,
// so the provider's retry credits once. Card charges credit paid points through WalletService's
// OpenWallet; plan bonuses come from the GrantPlanBonus job on the 1st (wire time zone).
import { formatWireDateTime, type Locale, PointReason, ResponseCode } from '@manga/contracts';
import type { PaymentStores, ProductRow, SubscriptionRow } from '#src/repositories/payment.repository.ts';
import type { PaymentProviderRepository, ProviderEvent } from '#src/repositories/payment-provider.repository.ts';
import { TestPaymentProvider, WebhookSignatureError } from '#src/repositories/payment-provider.repository.ts';

export { WebhookSignatureError };

import { type RequestAuth, requireActiveUser } from '#src/rules/auth.rules.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import {
  chargeTypeOf,
  checkoutOrigin,
  formatPrice,
  refundTakeBack,
  regionOfLocale,
  type ShopRegion,
  safeReturnPath,
} from '#src/rules/shop.rules.ts';
import type { JobOutcome } from '#src/services/job-scheduler.service.ts';
import { TICKET_SOURCE, type TicketService } from '#src/services/ticket.service.ts';
import type { WalletService } from '#src/services/wallet.service.ts';

const DAY_MS = 86_400_000;
/** Bonus points of a pack and a plan's monthly bonus are free points that expire (README "Shop prices"). */
export const PACK_BONUS_LIFETIME_MS = 180 * DAY_MS;
export const PLAN_BONUS_LIFETIME_MS = 60 * DAY_MS;
/** A plan's premium tickets of one month last until the next month's have come (the longest month, and a day). */
export const PLAN_TICKET_LIFETIME_MS = 32 * DAY_MS;
export const GRANT_PLAN_BONUS = 'GrantPlanBonus';
const BONUS_BATCH = 200;
/** Test plans renewed period by period in one job run: a year of a moved clock at most. */
const MAX_RENEWAL_ROUNDS = 12;

/** asset_type of GET /web/shop. */
export const AssetType = { PointPack: 1, Subscription: 2 } as const;

export interface PaymentReader {
  listProducts(filter: { region?: string; kind?: string; activeOnly: boolean }): Promise<ProductRow[]>;
  findProduct(id: number): Promise<ProductRow | undefined>;
  insertPayment(row: {
    user_id: number;
    product_id: number;
    provider: string;
    provider_session_id: string | null;
    provider_payment_id: string | null;
    status: string;
    amount_minor: number;
    currency: string;
    created_at: number;
    completed_at: number | null;
    subscription_id: number | null;
  }): Promise<number>;
  setPaymentSession(id: number, sessionId: string): Promise<void>;
  updatePayment(id: number, changes: { status: string }): Promise<void>;
  listLiveSubscriptions(userId: number): Promise<SubscriptionRow[]>;
  listPlansDueBonus(month: string, limit: number): Promise<SubscriptionRow[]>;
  listTestPlansToRenew(now: number, limit: number): Promise<SubscriptionRow[]>;
}

export interface PaymentTransactions {
  run<T>(work: (stores: PaymentStores) => Promise<T>): Promise<T>;
}

export interface PaymentLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface PaymentServiceOptions {
  payments: PaymentReader;
  transactions: PaymentTransactions;
  provider: PaymentProviderRepository;
  wallet: Pick<WalletService, 'open'>;
  tickets: Pick<TicketService, 'grantPremiumTicketsIn'>;
  clock: { now(): number };
  timeZone: string;
  /** The web app's origins (MANGA_WEB_ORIGIN): checkout comes back to the request's one, else the first. */
  webOrigins: readonly string[];
  log?: PaymentLog;
}

export interface ShopAsset {
  asset_id: number;
  asset_type: number;
  name: string;
  currency: string;
  price: number;
  price_text: string;
  point: number;
  bonus_point: number;
  monthly_bonus_point: number;
  premium_ticket_num: number;
}

export type WebhookResult = 'processed' | 'duplicate' | 'ignored';

/** Stripe's test cards (ADR 019): this one succeeds, 4000 0000 0000 0002 (and any other) is declined. */
export const TEST_CARD_SUCCESS = '4242424242424242';
export const TEST_CARD_DECLINED = '4000000000000002';

export class PaymentService {
  constructor(private readonly options: PaymentServiceOptions) {}

  get providerName(): 'stripe' | 'test' {
    return this.options.provider.name;
  }

  /** Whether the embedded test provider (and its checkout page's API) is in use. */
  get hasTestCheckout(): boolean {
    return this.options.provider instanceof TestPaymentProvider;
  }

  /** GET /web/stp/test/session: the reader's own open test session. */
  async describeTestCheckout(input: { auth: RequestAuth; sessionId: string }) {
    const user = requireActiveUser(input.auth);
    const provider = this.options.provider;
    const session =
      provider instanceof TestPaymentProvider ? await provider.describeSession(input.sessionId) : undefined;
    if (!session || session.userId !== user.userId) throw new DomainError(ResponseCode.InvalidParameter);
    return {
      name: session.product.name,
      price_text: formatPrice(session.product.priceMinor, session.product.currency),
      mode: session.mode,
      cancel_url: session.cancelUrl,
    };
  }

  /**
   * POST /web/stp/test/pay: 4242… completes the session through the same signed webhook handler as
   * Stripe's events; any other number is declined and the session stays open.
   */
  async payTestCheckout(input: { auth: RequestAuth; sessionId: string; cardNumber: string }) {
    const user = requireActiveUser(input.auth);
    const provider = this.options.provider;
    const session =
      provider instanceof TestPaymentProvider ? await provider.describeSession(input.sessionId) : undefined;
    if (!(provider instanceof TestPaymentProvider) || !session || session.userId !== user.userId) {
      throw new DomainError(ResponseCode.InvalidParameter);
    }
    if (input.cardNumber.replace(/[\s-]/g, '') !== TEST_CARD_SUCCESS) return { result: 0, redirect_url: '' };
    const deliveries = await provider.completeSession(input.sessionId);
    // Another payment of this session (a double submit, another process) completed it first.
    if (!deliveries) throw new DomainError(ResponseCode.InvalidParameter);
    for (const delivery of deliveries) {
      await this.handleWebhook(delivery.body, delivery.signature);
    }
    return { result: 1, redirect_url: session.successUrl };
  }

  /** GET /web/shop: the region's active products of one asset type, in its currency. */
  async listShop(input: { assetType: number; locale: Locale; region?: ShopRegion | undefined }) {
    const region = input.region ?? regionOfLocale(input.locale);
    const kind = input.assetType === AssetType.Subscription ? 'subscription' : 'point_pack';
    const products = await this.options.payments.listProducts({ region, kind, activeOnly: true });
    return {
      region,
      currency: region === 'JP' ? 'jpy' : 'usd',
      asset_list: products.map((p) => toAsset(p, input.locale)),
    };
  }

  /** GET /web/shop/point/subscription: the region's plans and the reader's current plan. */
  async listPlans(input: { auth: RequestAuth; locale: Locale; region?: ShopRegion | undefined }) {
    const region = input.region ?? regionOfLocale(input.locale);
    const products = await this.options.payments.listProducts({ region, kind: 'subscription', activeOnly: true });
    const plans = input.auth.user ? await this.options.payments.listLiveSubscriptions(input.auth.user.userId) : [];
    const current = plans[plans.length - 1];
    const currentProduct = current ? await this.options.payments.findProduct(current.product_id) : undefined;
    return {
      point_subscription_asset_list: products.map((p) => toAsset(p, input.locale)),
      subscribed_category_list: [] as number[],
      current_plan:
        current && currentProduct
          ? {
              asset_id: current.product_id,
              name: input.locale === 'ja' ? currentProduct.name_ja : currentProduct.name_en,
              status: current.status,
              is_canceled: current.cancel_at_period_end,
              /** The renewal date, or the end date once canceled. */
              period_end_datetime: formatWireDateTime(new Date(current.current_period_end_at), this.options.timeZone),
            }
          : null,
    };
  }

  /** POST /web/stp/outright and /web/stp/subscription: a checkout session's URL. */
  async startCheckout(input: {
    auth: RequestAuth;
    assetId: number;
    path: string;
    mode: 'payment' | 'subscription';
    locale: Locale;
    /** The request's Origin header: checkout returns there only when it is a configured web origin. */
    origin?: string | undefined;
  }): Promise<{ checkout_url: string }> {
    const user = requireActiveUser(input.auth);
    const origin = checkoutOrigin(input.origin, this.options.webOrigins);
    const path = safeReturnPath(input.path, origin);
    if (!path) throw new DomainError(ResponseCode.InvalidParameter);
    const product = await this.options.payments.findProduct(input.assetId);
    const kind = input.mode === 'subscription' ? 'subscription' : 'point_pack';
    if (product?.active !== 1 || product.kind !== kind) {
      throw new DomainError(ResponseCode.InvalidParameter);
    }
    if (input.mode === 'subscription') {
      const live = await this.options.payments.listLiveSubscriptions(user.userId);
      if (live.some((plan) => plan.cancel_at_period_end === 0)) throw new DomainError(ResponseCode.InvalidParameter);
    }
    const now = this.options.clock.now();
    const paymentId = await this.options.payments.insertPayment({
      user_id: user.userId,
      product_id: product.id,
      provider: this.options.provider.name,
      provider_session_id: null,
      provider_payment_id: null,
      status: 'pending',
      amount_minor: product.price_minor,
      currency: product.currency,
      created_at: now,
      completed_at: null,
      subscription_id: null,
    });
    const result = (status: 1 | 2) => {
      const url = new URL('/my/shop/result', origin);
      url.searchParams.set('status', String(status));
      url.searchParams.set('payment_id', String(paymentId));
      url.searchParams.set('return', path);
      return url.toString();
    };
    const session = await this.options.provider.createCheckoutSession({
      mode: input.mode,
      paymentId,
      userId: user.userId,
      product: {
        id: product.id,
        name: input.locale === 'ja' ? product.name_ja : product.name_en,
        currency: product.currency,
        priceMinor: product.price_minor,
        providerPriceId: product.provider_price_id,
      },
      successUrl: result(1),
      cancelUrl: result(2),
    });
    await this.options.payments.setPaymentSession(paymentId, session.sessionId);
    this.options.log?.info({ paymentId, productId: product.id, mode: input.mode }, 'Checkout started');
    return { checkout_url: session.url };
  }

  /** POST /web/stp/subscription/cancel: the plan ends at its period's end; answers that date. */
  async cancelPlan(input: { auth: RequestAuth; assetId: number }): Promise<{ finish_datetime: string }> {
    const user = requireActiveUser(input.auth);
    const plan = (await this.options.payments.listLiveSubscriptions(user.userId)).find(
      (p) => p.product_id === input.assetId,
    );
    if (!plan) throw new DomainError(ResponseCode.InvalidParameter);
    if (plan.cancel_at_period_end === 0) {
      if (plan.provider_subscription_id) {
        await this.options.provider.cancelSubscriptionAtPeriodEnd(plan.provider_subscription_id);
      }
      const now = this.options.clock.now();
      await this.options.transactions.run(({ payments }) =>
        payments.updateSubscription(plan.id, { cancel_at_period_end: 1, canceled_at: now }),
      );
      this.options.log?.info({ subscriptionId: plan.id }, 'Plan canceled at period end');
    }
    return { finish_datetime: formatWireDateTime(new Date(plan.current_period_end_at), this.options.timeZone) };
  }

  /**
   * POST /stp/webhook: verifies the signature over the raw body, then applies the event once.
   * WebhookSignatureError when the signature does not verify (the route answers 400 and logs).
   */
  async handleWebhook(rawBody: string | Buffer, signature: string | undefined): Promise<WebhookResult> {
    let event: ProviderEvent;
    try {
      event = this.options.provider.verifyEvent(rawBody, signature);
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        this.options.log?.warn(
          { provider: this.options.provider.name, hasSignature: Boolean(signature), bytes: rawBody.length },
          'Webhook signature refused',
        );
      }
      throw error;
    }
    return this.applyEvent(event);
  }

  private async applyEvent(event: ProviderEvent): Promise<WebhookResult> {
    const now = this.options.clock.now();
    const result = await this.options.transactions.run(async (stores) => {
      if (!(await stores.payments.claimEvent({ id: event.id, type: event.type, receivedAt: now }))) {
        return 'duplicate' as const;
      }
      const applied = await this.dispatch(stores, event, now);
      await stores.payments.markEventProcessed(event.id, now);
      return applied ? ('processed' as const) : ('ignored' as const);
    });
    this.options.log?.info({ eventId: event.id, type: event.type, result }, 'Webhook event');
    return result;
  }

  private dispatch(stores: PaymentStores, event: ProviderEvent, now: number): Promise<boolean> {
    const o = event.object;
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        return this.onCheckoutCompleted(stores, o, event, now);
      case 'invoice.paid':
      case 'invoice.payment_succeeded':
        return this.onInvoicePaid(stores, o, event, now);
      case 'invoice.payment_failed':
        return this.onPlanStatus(stores, subscriptionIdOfInvoice(o), 'past_due', event);
      case 'customer.subscription.updated':
        return this.onSubscriptionUpdated(stores, o, event);
      case 'customer.subscription.deleted':
        return this.onPlanStatus(stores, str(o.id), 'ended', event);
      case 'charge.refunded':
        return this.onTakeBack(stores, str(o.payment_intent), {
          dispute: false,
          refundedMinor: num(o.amount_refunded),
          eventId: event.id,
          now,
        });
      case 'charge.dispute.created':
        return this.onTakeBack(stores, str(o.payment_intent), {
          dispute: true,
          refundedMinor: 0,
          eventId: event.id,
          now,
        });
      default:
        return Promise.resolve(false);
    }
  }

  private async onCheckoutCompleted(
    stores: PaymentStores,
    session: Record<string, unknown>,
    event: ProviderEvent,
    now: number,
  ): Promise<boolean> {
    const metadata = record(session.metadata);
    const paymentId = num(metadata.payment_id);
    const payment = paymentId ? await stores.payments.findPayment(paymentId) : undefined;
    if (payment?.status !== 'pending' || session.payment_status !== 'paid') return false;
    const product = await stores.payments.findProduct(payment.product_id);
    if (!product) return false;
    if (session.mode === 'subscription') {
      const subscriptionId = str(session.subscription);
      if (!subscriptionId) return false;
      const plan = await this.ensurePlan(stores, {
        providerSubscriptionId: subscriptionId,
        userId: payment.user_id,
        product,
        customerId: str(session.customer),
        now,
        eventAt: event.created,
      });
      await stores.payments.updatePayment(payment.id, {
        status: 'paid',
        completed_at: now,
        subscription_id: plan.id,
        provider_payment_id: `session:${str(session.id) ?? payment.id}`,
      });
      await this.refreshChargeType(stores, payment.user_id);
      return true;
    }
    const wallet = await this.options.wallet.open(stores.wallet, payment.user_id, now);
    await wallet.credit({
      kind: 'paid',
      amount: product.paid_point,
      reason: PointReason.PointPurchase,
      referenceType: 'payment',
      referenceId: String(payment.id),
      expiresAt: null,
      idempotencyKey: `payment:${payment.id}:paid`,
    });
    if (product.bonus_point > 0) {
      await wallet.credit({
        kind: 'free',
        amount: product.bonus_point,
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
      credited_point: product.paid_point + product.bonus_point,
      provider_payment_id: str(session.payment_intent) ?? `session:${str(session.id) ?? payment.id}`,
    });
    await this.refreshChargeType(stores, payment.user_id);
    this.options.log?.info(
      { paymentId: payment.id, userId: payment.user_id, point: product.paid_point, bonus: product.bonus_point },
      'Points bought',
    );
    return true;
  }

  private async onInvoicePaid(
    stores: PaymentStores,
    invoice: Record<string, unknown>,
    event: ProviderEvent,
    now: number,
  ): Promise<boolean> {
    const subscriptionId = subscriptionIdOfInvoice(invoice);
    const invoiceId = str(invoice.id);
    if (!subscriptionId || !invoiceId) return false;
    let plan = await stores.payments.findSubscriptionByProviderId(subscriptionId);
    if (!plan) {
      // The invoice came before checkout.session.completed: the plan's metadata names reader and product.
      const metadata = subscriptionMetadataOfInvoice(invoice);
      const userId = num(metadata.user_id);
      const product = num(metadata.product_id)
        ? await stores.payments.findProduct(num(metadata.product_id))
        : undefined;
      if (!userId || !product || product.kind !== 'subscription') return false;
      plan = await this.ensurePlan(stores, {
        providerSubscriptionId: subscriptionId,
        userId,
        product,
        customerId: str(invoice.customer),
        now,
        eventAt: event.created,
      });
    }
    const product = await stores.payments.findProduct(plan.product_id);
    if (!product) return false;
    const periodEnd = periodEndOfInvoice(invoice);
    const changes: Partial<SubscriptionRow> = {};
    if (periodEnd && periodEnd > plan.current_period_end_at) changes.current_period_end_at = periodEnd;
    if (event.created >= plan.last_event_at && plan.status !== 'ended') {
      changes.status = 'active';
      changes.last_event_at = event.created;
    }
    if (Object.keys(changes).length > 0) await stores.payments.updateSubscription(plan.id, changes);
    const paymentId = await stores.payments.insertPayment({
      user_id: plan.user_id,
      product_id: product.id,
      provider: this.options.provider.name,
      provider_session_id: null,
      provider_payment_id: str(invoice.payment_intent) ?? `invoice:${invoiceId}`,
      status: 'paid',
      amount_minor: num(invoice.amount_paid) || product.price_minor,
      currency: product.currency,
      created_at: now,
      completed_at: now,
      subscription_id: plan.id,
    });
    const wallet = await this.options.wallet.open(stores.wallet, plan.user_id, now);
    await wallet.credit({
      kind: 'paid',
      amount: product.paid_point,
      reason: PointReason.PointPurchase,
      referenceType: 'payment',
      referenceId: String(paymentId),
      expiresAt: null,
      idempotencyKey: `invoice:${invoiceId}`,
    });
    await stores.payments.updatePayment(paymentId, { credited_point: product.paid_point });
    await this.refreshChargeType(stores, plan.user_id);
    this.options.log?.info({ subscriptionId: plan.id, paymentId, point: product.paid_point }, 'Plan renewed');
    return true;
  }

  private async onSubscriptionUpdated(
    stores: PaymentStores,
    subscription: Record<string, unknown>,
    event: ProviderEvent,
  ): Promise<boolean> {
    const id = str(subscription.id);
    const plan = id ? await stores.payments.findSubscriptionByProviderId(id) : undefined;
    if (!plan || plan.status === 'ended' || event.created < plan.last_event_at) return false;
    const status = subscription.status === 'active' || subscription.status === 'trialing' ? 'active' : 'past_due';
    const ended = subscription.status === 'canceled' || subscription.status === 'incomplete_expired';
    const cancelAtEnd = subscription.cancel_at_period_end === true ? 1 : 0;
    await stores.payments.updateSubscription(plan.id, {
      status: ended ? 'ended' : status,
      cancel_at_period_end: cancelAtEnd,
      last_event_at: event.created,
    });
    await this.refreshChargeType(stores, plan.user_id);
    return true;
  }

  private async onPlanStatus(
    stores: PaymentStores,
    providerSubscriptionId: string | undefined,
    status: 'past_due' | 'ended',
    event: ProviderEvent,
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
    await this.refreshChargeType(stores, plan.user_id);
    return true;
  }

  private async onTakeBack(
    stores: PaymentStores,
    providerPaymentId: string | undefined,
    input: { dispute: boolean; refundedMinor: number; eventId: string; now: number },
  ): Promise<boolean> {
    const payment = providerPaymentId ? await stores.payments.findPaymentByProviderId(providerPaymentId) : undefined;
    if (!payment || payment.credited_point === 0) return false;
    const target = refundTakeBack({
      credited: payment.credited_point,
      alreadyTaken: payment.refunded_point,
      amountMinor: payment.amount_minor,
      refundedMinor: input.refundedMinor,
      dispute: input.dispute,
    });
    if (target === 0) return false;
    const lots = await stores.payments.listLotsByKeys([
      `payment:${payment.id}:paid`,
      `payment:${payment.id}:bonus`,
      ...(payment.provider_payment_id?.startsWith('invoice:') ? [payment.provider_payment_id] : []),
    ]);
    const wallet = await this.options.wallet.open(stores.wallet, payment.user_id, input.now);
    const taken = await wallet.reclaim(
      lots.map((lot) => lot.id),
      target,
      {
        reason: PointReason.PaymentRefund,
        referenceType: 'payment',
        referenceId: String(payment.id),
        idempotencyKey: `refund:${input.eventId}`,
      },
    );
    await stores.payments.updatePayment(payment.id, {
      status: 'refunded',
      refunded_point: payment.refunded_point + target,
    });
    await this.refreshChargeType(stores, payment.user_id);
    this.options.log?.info({ paymentId: payment.id, target, taken, dispute: input.dispute }, 'Points taken back');
    return true;
  }

  /** The plan of a provider subscription, created once; its first bonus with it (SPEC §4). */
  private async ensurePlan(
    stores: PaymentStores,
    input: {
      providerSubscriptionId: string;
      userId: number;
      product: ProductRow;
      customerId: string | undefined;
      now: number;
      eventAt: number;
    },
  ): Promise<SubscriptionRow> {
    const existing = await stores.payments.findSubscriptionByProviderId(input.providerSubscriptionId);
    if (existing) return existing;
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
    await this.grantPlanBonus(stores, plan, input.product, input.now);
    return (await stores.payments.findSubscriptionByProviderId(input.providerSubscriptionId)) ?? plan;
  }

  /**
   * The plan's bonus for the month of `now` (wire time zone): its free points and its premium tickets
   * (`premium_ticket_num`), at most once per plan and month (the conditional claim of
   * `last_bonus_month`), and points at most once per reader and month (the ledger's unique key
   * `plan-bonus:<user>:<YYYY-MM>`, also across two plans).
   */
  private async grantPlanBonus(stores: PaymentStores, plan: SubscriptionRow, product: ProductRow, now: number) {
    const month = this.monthOf(now);
    if (!(await stores.payments.claimBonusMonth(plan.id, month))) return false;
    if (product.monthly_bonus_point <= 0 && product.premium_ticket_num <= 0) return true;
    const wallet = await this.options.wallet.open(stores.wallet, plan.user_id, now);
    const key = `plan-bonus:${plan.user_id}:${month}`;
    if (product.monthly_bonus_point > 0 && (await stores.payments.listLotsByKeys([key])).length === 0) {
      await wallet.credit({
        kind: 'free',
        amount: product.monthly_bonus_point,
        reason: PointReason.PlanBonus,
        referenceType: 'subscription',
        referenceId: String(plan.id),
        expiresAt: now + PLAN_BONUS_LIFETIME_MS,
        idempotencyKey: key,
      });
    }
    if (product.premium_ticket_num > 0) {
      await this.options.tickets.grantPremiumTicketsIn(
        stores.tickets,
        {
          userId: plan.user_id,
          count: product.premium_ticket_num,
          source: TICKET_SOURCE.Subscription,
          expiresAt: now + PLAN_TICKET_LIFETIME_MS,
        },
        now,
      );
    }
    return true;
  }

  /**
   * Job GrantPlanBonus: every active plan whose bonus for this month is not given yet gets it (the 1st
   * of each month after the first); plans canceled at period end and past it end. Idempotent.
   */
  async handleGrantPlanBonus(): Promise<JobOutcome> {
    const now = this.options.clock.now();
    const month = this.monthOf(now);
    await this.renewTestPlans(now);
    let granted = 0;
    for (;;) {
      const due = await this.options.payments.listPlansDueBonus(month, BONUS_BATCH);
      if (due.length === 0) break;
      for (const plan of due) {
        await this.options.transactions.run(async (stores) => {
          const product = await stores.payments.findProduct(plan.product_id);
          if (plan.current_period_end_at <= now || !product) {
            // Past its period unpaid: ended when canceled, else past due until the renewal's invoice
            // comes (then active again, and the month's bonus follows on the next run).
            const ended = plan.cancel_at_period_end === 1 || !product;
            await stores.payments.updateSubscription(plan.id, {
              status: ended ? 'ended' : 'past_due',
              ...(ended ? { last_bonus_month: month } : {}),
            });
            await this.refreshChargeType(stores, plan.user_id);
            return;
          }
          if (await this.grantPlanBonus(stores, plan, product, now)) granted += 1;
        });
      }
    }
    if (granted > 0) this.options.log?.info({ plans: granted, month }, 'Plan bonuses granted');
    return granted > 0 ? 'success' : 'skipped';
  }

  /**
   * The embedded test provider plays Stripe's billing: every test plan not canceled whose period has
   * ended gets the signed invoice.paid of its next period through the same webhook handler, period by
   * period until it runs past `now` (a clock moved by months renews each month once).
   */
  private async renewTestPlans(now: number): Promise<void> {
    const provider = this.options.provider;
    if (!(provider instanceof TestPaymentProvider)) return;
    for (let round = 0; round < MAX_RENEWAL_ROUNDS; round++) {
      const due = await this.options.payments.listTestPlansToRenew(now, BONUS_BATCH);
      if (due.length === 0) return;
      for (const plan of due) {
        const product = await this.options.payments.findProduct(plan.product_id);
        if (!product || !plan.provider_subscription_id) continue;
        const delivery = provider.renewalDelivery({
          providerSubscriptionId: plan.provider_subscription_id,
          userId: plan.user_id,
          productId: product.id,
          currency: product.currency,
          priceMinor: product.price_minor,
          periodStart: plan.current_period_end_at,
        });
        await this.handleWebhook(delivery.body, delivery.signature);
      }
    }
  }

  /** Whether any plan waits for this month's bonus, or a test plan for its renewal (the job runs at start then). */
  async hasDuePlanBonus(): Promise<boolean> {
    const now = this.options.clock.now();
    if ((await this.options.payments.listPlansDueBonus(this.monthOf(now), 1)).length > 0) return true;
    return this.hasTestCheckout && (await this.options.payments.listTestPlansToRenew(now, 1)).length > 0;
  }

  private monthOf(at: number): string {
    return formatWireDateTime(new Date(at), this.options.timeZone).slice(0, 7);
  }

  private async refreshChargeType(stores: PaymentStores, userId: number): Promise<void> {
    const live = await stores.payments.listLiveSubscriptions(userId);
    const premium = await Promise.all(
      live.map(async (plan) => ((await stores.payments.findProduct(plan.product_id))?.premium_ticket_num ?? 0) > 0),
    );
    const hasPaid = await stores.payments.hasPaidPayment(userId);
    await stores.payments.setChargeType(userId, chargeTypeOf({ livePlanPremium: premium, hasPaid }));
  }
}

function toAsset(p: ProductRow, locale: Locale): ShopAsset {
  return {
    asset_id: p.id,
    asset_type: p.kind === 'subscription' ? AssetType.Subscription : AssetType.PointPack,
    name: locale === 'ja' ? p.name_ja : p.name_en,
    currency: p.currency,
    price: p.price_minor,
    price_text: formatPrice(p.price_minor, p.currency),
    point: p.paid_point,
    bonus_point: p.bonus_point,
    monthly_bonus_point: p.monthly_bonus_point,
    premium_ticket_num: p.premium_ticket_num,
  };
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

function str(value: unknown): string | undefined {
  if (typeof value === 'string' && value.length > 0) return value;
  const id = record(value).id;
  return typeof id === 'string' && id.length > 0 ? id : undefined;
}

function num(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}

/** The subscription of an invoice: `parent.subscription_details.subscription` (or the older `subscription`). */
function subscriptionIdOfInvoice(invoice: Record<string, unknown>): string | undefined {
  const details = record(record(invoice.parent).subscription_details);
  return str(details.subscription) ?? str(invoice.subscription);
}

function subscriptionMetadataOfInvoice(invoice: Record<string, unknown>): Record<string, unknown> {
  return record(record(record(invoice.parent).subscription_details).metadata);
}

/** The end of the period an invoice paid for (its line's period, else the invoice's), epoch ms. */
function periodEndOfInvoice(invoice: Record<string, unknown>): number | undefined {
  const lines = record(invoice.lines).data;
  const first = Array.isArray(lines) ? record(record(lines[0]).period).end : undefined;
  const end = num(first) || num(invoice.period_end);
  return end > 0 ? end * 1000 : undefined;
}
