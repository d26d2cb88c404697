// The shop (ADR 019): the region's products, checkout sessions from the provider repository (Stripe or
// the embedded test provider, whose checkout page is ours: its sessions are paid through the same
// signed webhook handler as Stripe's events), and a plan's cancel at its period's end.
import { formatWireDateTime, type Locale, ResponseCode, type ShopAsset, ShopAssetType } from '@manga/contracts';
import type { ProductRow, SubscriptionRow } from '#src/repositories/payment.repository.ts';
import type { PaymentProviderRepository } from '#src/repositories/payment-provider.repository.ts';
import { type RequestAuth, requireActiveUser } from '#src/rules/auth.rules.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import {
  checkoutOrigin,
  formatPrice,
  planCheckoutRefusal,
  regionOfLocale,
  type ShopRegion,
  safeReturnPath,
} from '#src/rules/shop.rules.ts';
import { NO_OUTCOME_EVENTS, type OutcomeEvents } from '#src/services/outcome-events.service.ts';
import type { PaymentWebhookService } from '#src/services/payment-webhook.service.ts';
import type { PaymentLog, PaymentTransactions, PaymentUnit } from '#src/services/plan.service.ts';

/** Stripe's test cards (ADR 019): this one succeeds, 4000 0000 0000 0002 (and any other) is declined. */
export const TEST_CARD_SUCCESS = '4242424242424242';
export const TEST_CARD_DECLINED = '4000000000000002';

/** Reads and the pending payment of a checkout, outside the webhook's transaction. */
export type ShopStore = Pick<
  PaymentUnit['payments'],
  'listProducts' | 'findProduct' | 'setPaymentSession' | 'updatePayment' | 'listLiveSubscriptions'
>;

export interface ShopServiceDeps {
  payments: ShopStore;
  transactions: PaymentTransactions;
  provider: Pick<
    PaymentProviderRepository,
    'name' | 'checkoutLifetimeMs' | 'createCheckoutSession' | 'cancelSubscriptionAtPeriodEnd' | 'embeddedCheckout'
  >;
  /** The embedded checkout page pays through the webhook handler, as the provider's events do. */
  webhooks: Pick<PaymentWebhookService, 'handleWebhook'>;
  clock: { now(): number };
  timeZone: string;
  /** The web app's origins (MANGA_WEB_ORIGIN): checkout comes back to the request's one, else the first. */
  webOrigins: readonly string[];
  log?: PaymentLog | undefined;
  /** Told each checkout's outcome (metrics). */
  events?: OutcomeEvents;
}

export class ShopService {
  constructor(private readonly deps: ShopServiceDeps) {}

  get providerName(): 'stripe' | 'test' {
    return this.deps.provider.name;
  }

  /** Whether the provider's checkout page is ours (the embedded test provider), and with it its API. */
  get hasTestCheckout(): boolean {
    return this.deps.provider.embeddedCheckout !== undefined;
  }

  /** GET /web/shop: the region's active products of one asset type, in its currency. */
  async listShop(input: { assetType: number; locale: Locale; region?: ShopRegion | undefined }) {
    const region = input.region ?? regionOfLocale(input.locale);
    const kind = input.assetType === ShopAssetType.Subscription ? 'subscription' : 'point_pack';
    const products = await this.deps.payments.listProducts({ region, kind, activeOnly: true });
    return {
      region,
      currency: region === 'JP' ? 'jpy' : 'usd',
      asset_list: products.map((p) => toAsset(p, input.locale)),
    };
  }

  /** GET /web/shop/point/subscription: the region's plans and the reader's current plan. */
  async listPlans(input: { auth: RequestAuth; locale: Locale; region?: ShopRegion | undefined }) {
    const region = input.region ?? regionOfLocale(input.locale);
    const products = await this.deps.payments.listProducts({ region, kind: 'subscription', activeOnly: true });
    const plans = input.auth.user ? await this.deps.payments.listLiveSubscriptions(input.auth.user.userId) : [];
    const current = plans[plans.length - 1];
    const currentProduct = current ? await this.deps.payments.findProduct(current.product_id) : undefined;
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
              period_end_datetime: this.wireTime(current.current_period_end_at),
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
    const kind = input.mode === 'subscription' ? 'subscription' : 'point_pack';
    return (this.deps.events ?? NO_OUTCOME_EVENTS).track({ event: 'checkout', kind }, () =>
      this.startCheckoutNow(input),
    );
  }

  private async startCheckoutNow(
    input: Parameters<ShopService['startCheckout']>[0],
  ): Promise<{ checkout_url: string }> {
    const user = requireActiveUser(input.auth);
    const origin = checkoutOrigin(input.origin, this.deps.webOrigins);
    const path = safeReturnPath(input.path, origin);
    if (!path) throw new DomainError(ResponseCode.InvalidParameter);
    const product = await this.deps.payments.findProduct(input.assetId);
    const kind = input.mode === 'subscription' ? 'subscription' : 'point_pack';
    if (product?.active !== 1 || product.kind !== kind) {
      throw new DomainError(ResponseCode.InvalidParameter);
    }
    const now = this.deps.clock.now();
    // The pending payment records what this checkout sells (ADR 024): the price, currency, points and
    // bonus shown now are what paying it credits, whatever the product becomes meanwhile.
    const paymentId = await this.deps.transactions.run(async ({ payments }) => {
      if (input.mode === 'subscription') {
        // One plan per reader: the check and the new checkout under the reader's lock (two tabs at once).
        await payments.lockKeys([`user:${user.userId}`], now);
        const refusal = planCheckoutRefusal({
          livePlans: (await payments.listLiveSubscriptions(user.userId)).length,
          openPlanCheckout: await payments.hasOpenCheckout(
            user.userId,
            'subscription',
            now - this.deps.provider.checkoutLifetimeMs,
          ),
        });
        if (refusal !== undefined) throw new DomainError(refusal);
      }
      return payments.insertPayment({
        user_id: user.userId,
        product_id: product.id,
        provider: this.deps.provider.name,
        provider_session_id: null,
        provider_payment_id: null,
        status: 'pending',
        amount_minor: product.price_minor,
        currency: product.currency,
        paid_point: product.paid_point,
        bonus_point: product.kind === 'subscription' ? product.monthly_bonus_point : product.bonus_point,
        created_at: now,
        completed_at: null,
        subscription_id: null,
      });
    });
    const result = (status: 1 | 2) => {
      const url = new URL('/my/shop/result', origin);
      url.searchParams.set('status', String(status));
      url.searchParams.set('payment_id', String(paymentId));
      url.searchParams.set('return', path);
      return url.toString();
    };
    let session: Awaited<ReturnType<ShopServiceDeps['provider']['createCheckoutSession']>>;
    try {
      session = await this.deps.provider.createCheckoutSession({
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
    } catch (error) {
      // No session: the payment can never complete, and must not count as an open plan checkout.
      await this.deps.payments.updatePayment(paymentId, { status: 'failed' });
      throw error;
    }
    await this.deps.payments.setPaymentSession(paymentId, session.sessionId);
    this.deps.log?.info({ paymentId, productId: product.id, mode: input.mode }, 'Checkout started');
    return { checkout_url: session.url };
  }

  /** POST /web/stp/subscription/cancel: the plan ends at its period's end; answers that date. */
  async cancelPlan(input: { auth: RequestAuth; assetId: number }): Promise<{ finish_datetime: string }> {
    const user = requireActiveUser(input.auth);
    const plan: SubscriptionRow | undefined = (await this.deps.payments.listLiveSubscriptions(user.userId)).find(
      (p) => p.product_id === input.assetId,
    );
    if (!plan) throw new DomainError(ResponseCode.InvalidParameter);
    if (plan.cancel_at_period_end === 0) {
      if (plan.provider_subscription_id) {
        await this.deps.provider.cancelSubscriptionAtPeriodEnd(plan.provider_subscription_id);
      }
      const now = this.deps.clock.now();
      await this.deps.transactions.run(({ payments }) =>
        payments.updateSubscription(plan.id, { cancel_at_period_end: 1, canceled_at: now }),
      );
      this.deps.log?.info({ subscriptionId: plan.id }, 'Plan canceled at period end');
    }
    return { finish_datetime: this.wireTime(plan.current_period_end_at) };
  }

  /** GET /web/stp/test/session: the reader's own open session of the embedded checkout page. */
  async describeTestCheckout(input: { auth: RequestAuth; sessionId: string }) {
    const user = requireActiveUser(input.auth);
    const session = await this.deps.provider.embeddedCheckout?.describeSession(input.sessionId);
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
    const checkout = this.deps.provider.embeddedCheckout;
    const session = await checkout?.describeSession(input.sessionId);
    if (!checkout || !session || session.userId !== user.userId) {
      throw new DomainError(ResponseCode.InvalidParameter);
    }
    if (input.cardNumber.replace(/[\s-]/g, '') !== TEST_CARD_SUCCESS) return { result: 0, redirect_url: '' };
    const deliveries = await checkout.completeSession(input.sessionId);
    // Another payment of this session (a double submit, another process) completed it first.
    if (!deliveries) throw new DomainError(ResponseCode.InvalidParameter);
    for (const delivery of deliveries) {
      if ((await this.deps.webhooks.handleWebhook(delivery.body, delivery.signature)) === 'refused') {
        throw new Error('the embedded provider signed an event its own webhook refuses');
      }
    }
    return { result: 1, redirect_url: session.successUrl };
  }

  private wireTime(at: number): string {
    return formatWireDateTime(new Date(at), this.deps.timeZone);
  }
}

function toAsset(p: ProductRow, locale: Locale): ShopAsset {
  return {
    asset_id: p.id,
    asset_type: p.kind === 'subscription' ? ShopAssetType.Subscription : ShopAssetType.PointPack,
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
