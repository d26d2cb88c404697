// The embedded test payment provider (ADR 019; the default of `npm start`: no account, no network):
// its checkout page is our own web app's /my/shop/checkout, and the events it builds are Stripe's
// shapes signed with the webhook secret, so they pass the very check Stripe's events pass
// (verifyStripeEvent in payment-provider.repository.ts, which holds the port).
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import {
  CHECKOUT_SESSION_LIFETIME_MS,
  type CheckoutRequest,
  type CheckoutSession,
  type EmbeddedBilling,
  type EmbeddedCheckout,
  type EmbeddedCheckoutSession,
  type PaymentEvent,
  type PaymentProviderRepository,
  type PlanRenewal,
  type SignedDelivery,
  verifyStripeEvent,
} from '#src/repositories/payment-provider.repository.ts';
import type { TestCheckoutSessionRepository } from '#src/repositories/test-checkout-session.repository.ts';
import type { RepositoryPort } from '#src/repositories/transaction.repository.ts';

/**
 * The embedded test provider: sessions live in the database (a restart mid-checkout still completes),
 * the checkout page is ours, and completing a session, or renewing a plan at its period's end (the
 * GrantPlanBonus job plays Stripe's billing), builds the Stripe-shaped events and signs them with the
 * generated webhook secret.
 */
export class TestPaymentProvider implements PaymentProviderRepository, EmbeddedCheckout, EmbeddedBilling {
  readonly name = 'test' as const;
  readonly checkoutLifetimeMs = CHECKOUT_SESSION_LIFETIME_MS;
  readonly embeddedCheckout: EmbeddedCheckout = this;
  readonly embeddedBilling: EmbeddedBilling = this;
  private readonly stripe = new Stripe('sk_test_embedded_no_network');

  constructor(
    private readonly options: {
      webhookSecret: string;
      sessions: RepositoryPort<TestCheckoutSessionRepository>;
      now: () => number;
    },
  ) {}

  async createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession> {
    const sessionId = `cs_test_${randomBytes(12).toString('hex')}`;
    await this.options.sessions.insertSession({
      id: sessionId,
      payment_id: request.paymentId,
      user_id: request.userId,
      mode: request.mode,
      product_id: request.product.id,
      product_name: request.product.name,
      currency: request.product.currency,
      price_minor: request.product.priceMinor,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      status: 'open',
      created_at: this.options.now(),
    });
    // The checkout page is on the origin the reader comes back to (the one holding their session).
    const url = new URL('/my/shop/checkout', new URL(request.successUrl).origin);
    url.searchParams.set('session_id', sessionId);
    return { sessionId, url: url.toString() };
  }

  async cancelSubscriptionAtPeriodEnd(_providerSubscriptionId: string): Promise<void> {
    // Nothing to tell: the plan's row is the only record in test mode.
  }

  async cancelSubscriptionNow(_providerSubscriptionId: string): Promise<void> {
    // Nothing to tell: a plan without a row is never renewed in test mode.
  }

  /** An open session, or undefined; a session past its lifetime is marked expired (Stripe's expiry). */
  private async openSession(sessionId: string) {
    const row = await this.options.sessions.findSession(sessionId);
    if (row?.status !== 'open') return undefined;
    if (this.options.now() >= row.created_at + this.checkoutLifetimeMs) {
      await this.options.sessions.finishSession(sessionId, 'expired');
      return undefined;
    }
    return row;
  }

  verifyEvent(rawBody: string | Buffer, signature: string | undefined): PaymentEvent | undefined {
    return verifyStripeEvent(this.stripe, this.options.webhookSecret, rawBody, signature);
  }

  /** The open session, for the checkout page; undefined when unknown or finished. */
  async describeSession(sessionId: string): Promise<EmbeddedCheckoutSession | undefined> {
    const row = await this.openSession(sessionId);
    if (!row) return undefined;
    return {
      sessionId: row.id,
      userId: row.user_id,
      mode: row.mode === 'subscription' ? 'subscription' : 'payment',
      product: { name: row.product_name, currency: row.currency, priceMinor: row.price_minor },
      successUrl: row.success_url,
      cancelUrl: row.cancel_url,
    };
  }

  /**
   * Completes a session paid with a card that succeeded: the events Stripe would send, signed.
   * Undefined when the session was not open (already paid, canceled, unknown) or another payment of it
   * got there first: one conditional update decides.
   */
  async completeSession(sessionId: string): Promise<SignedDelivery[] | undefined> {
    const session = await this.openSession(sessionId);
    if (!session || !(await this.options.sessions.finishSession(sessionId, 'complete'))) return undefined;
    const created = Math.floor(this.options.now() / 1000);
    const paymentIntent = `pi_test_${randomBytes(12).toString('hex')}`;
    const metadata = {
      payment_id: String(session.payment_id),
      user_id: String(session.user_id),
      product_id: String(session.product_id),
    };
    const subscription = session.mode === 'subscription' ? `sub_test_${randomBytes(12).toString('hex')}` : null;
    const events: object[] = [
      {
        id: `evt_test_${randomBytes(12).toString('hex')}`,
        object: 'event',
        type: 'checkout.session.completed',
        created,
        data: {
          object: {
            id: sessionId,
            object: 'checkout.session',
            mode: session.mode,
            payment_status: 'paid',
            status: 'complete',
            amount_total: session.price_minor,
            currency: session.currency,
            client_reference_id: String(session.user_id),
            metadata,
            payment_intent: subscription ? null : paymentIntent,
            subscription,
            customer: `cus_test_${session.user_id}`,
          },
        },
      },
    ];
    if (subscription) {
      events.push(
        invoicePaidEvent({
          id: `in_test_${randomBytes(12).toString('hex')}`,
          eventId: `evt_test_${randomBytes(12).toString('hex')}`,
          created,
          periodStart: created,
          subscription,
          metadata,
          userId: session.user_id,
          currency: session.currency,
          priceMinor: session.price_minor,
          billingReason: 'subscription_create',
        }),
      );
    }
    return events.map((event) => this.sign(JSON.stringify(event)));
  }

  /**
   * The invoice.paid Stripe would send when a plan's period ends (billing_reason subscription_cycle),
   * signed. Its event and invoice ids are named by the plan and the period, so a second renewal of the
   * same period (two jobs at once) is a duplicate event and credits nothing.
   */
  renewalDelivery(plan: PlanRenewal): SignedDelivery {
    const periodStart = Math.floor(plan.periodStart / 1000);
    const tail = `${plan.providerSubscriptionId.slice('sub_test_'.length)}_${periodStart}`;
    const event = invoicePaidEvent({
      id: `in_test_renew_${tail}`,
      eventId: `evt_test_renew_${tail}`,
      created: Math.max(periodStart, Math.floor(this.options.now() / 1000)),
      periodStart,
      subscription: plan.providerSubscriptionId,
      metadata: { user_id: String(plan.userId), product_id: String(plan.productId) },
      userId: plan.userId,
      currency: plan.currency,
      priceMinor: plan.priceMinor,
      billingReason: 'subscription_cycle',
    });
    return this.sign(JSON.stringify(event));
  }

  /** Marks an open session as abandoned (the checkout page's cancel). */
  async cancelSession(sessionId: string): Promise<boolean> {
    return this.options.sessions.finishSession(sessionId, 'canceled');
  }

  sign(body: string): SignedDelivery {
    const signature = this.stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: this.options.webhookSecret,
      timestamp: Math.floor(Date.now() / 1000),
    });
    return { body, signature };
  }
}

function invoicePaidEvent(input: {
  id: string;
  eventId: string;
  created: number;
  periodStart: number;
  subscription: string;
  metadata: Record<string, string>;
  userId: number;
  currency: string;
  priceMinor: number;
  billingReason: 'subscription_create' | 'subscription_cycle';
}): object {
  const periodEnd = addOneMonth(input.periodStart);
  return {
    id: input.eventId,
    object: 'event',
    type: 'invoice.paid',
    created: input.created,
    data: {
      object: {
        id: input.id,
        object: 'invoice',
        status: 'paid',
        amount_paid: input.priceMinor,
        currency: input.currency,
        customer: `cus_test_${input.userId}`,
        billing_reason: input.billingReason,
        period_start: input.periodStart,
        period_end: periodEnd,
        lines: { data: [{ period: { start: input.periodStart, end: periodEnd } }] },
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: input.subscription, metadata: input.metadata },
        },
      },
    },
  };
}

function addOneMonth(epochSeconds: number): number {
  const date = new Date(epochSeconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}
