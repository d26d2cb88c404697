// The payment provider behind one port (ADR 019): Stripe through the real `stripe` SDK, or the embedded
// test provider (the default of `npm start`: no account, no network) whose checkout page is our own web
// app's /my/shop/checkout. Both hand webhook bodies to the same signature check (the SDK's
// `webhooks.constructEvent`), so the test provider's events pass the very code Stripe's events pass.
// The embedded test provider is in test-payment-provider.repository.ts.
import Stripe from 'stripe';

export interface CheckoutRequest {
  mode: 'payment' | 'subscription';
  paymentId: number;
  userId: number;
  product: { id: number; name: string; currency: string; priceMinor: number; providerPriceId: string };
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  sessionId: string;
  url: string;
}

interface EventHead {
  /** The provider's event id (a redelivery carries the same one). */
  id: string;
  /** The provider's event type, as recorded with the event. */
  type: string;
  /** Epoch ms. */
  created: number;
}

/**
 * A verified provider event in our words: the one shape the webhook service reads. Stripe's JSON (its
 * field names, nesting and statuses) is read here and nowhere else; a missing field is undefined (ids)
 * or 0 (amounts), and the service decides what that means.
 */
export type PaymentEvent = EventHead &
  (
    | {
        kind: 'checkout_completed';
        /** Our payment row and its reader, from the session's metadata. */
        paymentId: number | undefined;
        userId: number | undefined;
        mode: 'payment' | 'subscription';
        /** The card was charged (payment_status `paid`). */
        paid: boolean;
        sessionId: string | undefined;
        paymentIntentId: string | undefined;
        subscriptionId: string | undefined;
        customerId: string | undefined;
      }
    | {
        kind: 'invoice_paid';
        invoiceId: string | undefined;
        subscriptionId: string | undefined;
        paymentIntentId: string | undefined;
        amountPaid: number;
        /** Epoch ms: the end of the period the invoice paid for. */
        periodEnd: number | undefined;
        /** The subscription's metadata: who and what (our ids). */
        userId: number | undefined;
        productId: number | undefined;
        paymentId: number | undefined;
        customerId: string | undefined;
      }
    | { kind: 'invoice_failed'; subscriptionId: string | undefined }
    | {
        kind: 'subscription_updated';
        subscriptionId: string | undefined;
        status: 'active' | 'past_due' | 'ended';
        cancelAtPeriodEnd: boolean;
      }
    | { kind: 'subscription_deleted'; subscriptionId: string | undefined }
    | {
        kind: 'charge_refunded';
        paymentIntentId: string | undefined;
        /** Everything refunded of the charge so far (Stripe's amount_refunded is cumulative). */
        refundedMinor: number;
      }
    | { kind: 'dispute_created'; paymentIntentId: string | undefined }
    | { kind: 'other' }
  );

/** How long a checkout session can be paid: Stripe's sessions expire after 24 hours, the test provider's too. */
export const CHECKOUT_SESSION_LIFETIME_MS = 24 * 3_600_000;

export interface PaymentProviderRepository {
  readonly name: 'stripe' | 'test';
  /** How long after it opens a checkout session can be paid. */
  readonly checkoutLifetimeMs: number;
  createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession>;
  cancelSubscriptionAtPeriodEnd(providerSubscriptionId: string): Promise<void>;
  /** Ends a subscription now, without a further invoice (a second plan refused, ADR 024). */
  cancelSubscriptionNow(providerSubscriptionId: string): Promise<void>;
  /** Verifies the signature over the raw body (300 s tolerance) and reads the event; undefined when it does not verify. */
  verifyEvent(rawBody: string | Buffer, signature: string | undefined): PaymentEvent | undefined;
  /** Our own checkout page's sessions (the embedded test provider); undefined when the provider hosts its page. */
  readonly embeddedCheckout: EmbeddedCheckout | undefined;
  /** Plays the provider's billing of plans (the embedded test provider); undefined when the provider bills by itself. */
  readonly embeddedBilling: EmbeddedBilling | undefined;
}

/** The checkout page of a provider without one of its own: its sessions and their payment. */
export interface EmbeddedCheckout {
  /** The open session, for the checkout page; undefined when unknown or finished. */
  describeSession(sessionId: string): Promise<EmbeddedCheckoutSession | undefined>;
  /** The signed events of a session paid with a card that succeeded; undefined when it was not open. */
  completeSession(sessionId: string): Promise<SignedDelivery[] | undefined>;
}

/** Billing of a provider that does not renew plans by itself. */
export interface EmbeddedBilling {
  /** The signed invoice.paid of a plan's next period. */
  renewalDelivery(plan: PlanRenewal): SignedDelivery;
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/** A non-empty string, or the id of an expanded object. */
function str(value: unknown): string | undefined {
  if (typeof value === 'string' && value.length > 0) return value;
  const id = record(value).id;
  return typeof id === 'string' && id.length > 0 ? id : undefined;
}

/** A positive safe integer, else 0. */
function num(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}

const id = (value: unknown): number | undefined => num(value) || undefined;

/** Stripe's event as we read it (Stripe's JSON stays in this file). */
function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const head = { id: event.id, type: event.type, created: event.created * 1000 };
  const o = record(event.data.object);
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return {
        ...head,
        kind: 'checkout_completed',
        paymentId: id(record(o.metadata).payment_id),
        userId: id(record(o.metadata).user_id),
        mode: o.mode === 'subscription' ? 'subscription' : 'payment',
        paid: o.payment_status === 'paid',
        sessionId: str(o.id),
        paymentIntentId: str(o.payment_intent),
        subscriptionId: str(o.subscription),
        customerId: str(o.customer),
      };
    case 'invoice.paid':
    case 'invoice.payment_succeeded': {
      // The subscription: `parent.subscription_details.subscription` (or the older `subscription`).
      const details = record(record(o.parent).subscription_details);
      const metadata = record(details.metadata);
      return {
        ...head,
        kind: 'invoice_paid',
        invoiceId: str(o.id),
        subscriptionId: str(details.subscription) ?? str(o.subscription),
        paymentIntentId: str(o.payment_intent),
        amountPaid: num(o.amount_paid),
        periodEnd: periodEndOfInvoice(o),
        userId: id(metadata.user_id),
        productId: id(metadata.product_id),
        paymentId: id(metadata.payment_id),
        customerId: str(o.customer),
      };
    }
    case 'invoice.payment_failed': {
      const details = record(record(o.parent).subscription_details);
      return { ...head, kind: 'invoice_failed', subscriptionId: str(details.subscription) ?? str(o.subscription) };
    }
    case 'customer.subscription.updated': {
      const ended = o.status === 'canceled' || o.status === 'incomplete_expired';
      const active = o.status === 'active' || o.status === 'trialing';
      return {
        ...head,
        kind: 'subscription_updated',
        subscriptionId: str(o.id),
        status: ended ? 'ended' : active ? 'active' : 'past_due',
        cancelAtPeriodEnd: o.cancel_at_period_end === true,
      };
    }
    case 'customer.subscription.deleted':
      return { ...head, kind: 'subscription_deleted', subscriptionId: str(o.id) };
    case 'charge.refunded':
      return {
        ...head,
        kind: 'charge_refunded',
        paymentIntentId: str(o.payment_intent),
        refundedMinor: num(o.amount_refunded),
      };
    case 'charge.dispute.created':
      return { ...head, kind: 'dispute_created', paymentIntentId: str(o.payment_intent) };
    default:
      return { ...head, kind: 'other' };
  }
}

/** The end of the period an invoice paid for (its line's period, else the invoice's), epoch ms. */
function periodEndOfInvoice(invoice: Record<string, unknown>): number | undefined {
  const lines = record(invoice.lines).data;
  const first = Array.isArray(lines) ? record(record(lines[0]).period).end : undefined;
  const end = num(first) || num(invoice.period_end);
  return end > 0 ? end * 1000 : undefined;
}

/**
 * The one signature check of webhook bodies (the SDK's `constructEvent`, 300 s tolerance), for Stripe
 * and the embedded test provider alike; undefined when the body does not verify.
 */
export function verifyStripeEvent(
  stripe: Stripe,
  secret: string,
  rawBody: string | Buffer,
  signature: string | undefined,
): PaymentEvent | undefined {
  if (!signature) return undefined;
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    return undefined;
  }
  return toPaymentEvent(event);
}

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API base (a local double in tests). */
  apiUrl?: string | undefined;
}

export class StripePaymentProvider implements PaymentProviderRepository {
  readonly name = 'stripe' as const;
  readonly checkoutLifetimeMs = CHECKOUT_SESSION_LIFETIME_MS;
  /** Stripe hosts the checkout page and bills plans itself. */
  readonly embeddedCheckout = undefined;
  readonly embeddedBilling = undefined;
  readonly stripe: Stripe;

  constructor(private readonly options: StripeProviderOptions) {
    const base = options.apiUrl ? new URL(options.apiUrl) : undefined;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === 'https:' ? 443 : 80),
            protocol: base.protocol === 'http:' ? 'http' : 'https',
          }
        : {}),
    });
  }

  async createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession> {
    const { product } = request;
    const metadata = {
      payment_id: String(request.paymentId),
      user_id: String(request.userId),
      product_id: String(product.id),
    };
    const priceData = {
      currency: product.currency,
      unit_amount: product.priceMinor,
      product_data: { name: product.name },
      ...(request.mode === 'subscription' ? { recurring: { interval: 'month' as const } } : {}),
    };
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: request.mode,
        line_items: [
          product.providerPriceId
            ? { price: product.providerPriceId, quantity: 1 }
            : { price_data: priceData, quantity: 1 },
        ],
        client_reference_id: String(request.userId),
        metadata,
        ...(request.mode === 'subscription'
          ? { subscription_data: { metadata } }
          : { payment_intent_data: { metadata } }),
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      },
      { idempotencyKey: `checkout-${request.paymentId}` },
    );
    if (!session.url) throw new Error('Stripe answered a checkout session without a url');
    return { sessionId: session.id, url: session.url };
  }

  async cancelSubscriptionAtPeriodEnd(providerSubscriptionId: string): Promise<void> {
    await this.stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true });
  }

  async cancelSubscriptionNow(providerSubscriptionId: string): Promise<void> {
    await this.stripe.subscriptions.cancel(providerSubscriptionId);
  }

  verifyEvent(rawBody: string | Buffer, signature: string | undefined): PaymentEvent | undefined {
    return verifyStripeEvent(this.stripe, this.options.webhookSecret, rawBody, signature);
  }
}

/** A signed delivery the test provider hands to the webhook handler, as Stripe would POST it. */
export interface SignedDelivery {
  body: string;
  signature: string;
}

/** An open session of our own checkout page, as the page shows it. */
export interface EmbeddedCheckoutSession {
  sessionId: string;
  userId: number;
  mode: 'payment' | 'subscription';
  product: { name: string; currency: string; priceMinor: number };
  successUrl: string;
  cancelUrl: string;
}

/** A plan due its renewal, with what its invoice charges. */
export interface PlanRenewal {
  providerSubscriptionId: string;
  userId: number;
  productId: number;
  currency: string;
  priceMinor: number;
  /** Epoch ms: the end of the period paid so far, the start of the one the invoice pays. */
  periodStart: number;
}
