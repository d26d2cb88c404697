// The payment provider behind one port (ADR 019): Stripe through the real `stripe` SDK, or the embedded
// test provider (the default of `npm start`: no account, no network) whose checkout page is our own web
// app's /my/shop/checkout. Both hand webhook bodies to the same signature check (the SDK's
// `webhooks.constructEvent`), so the test provider's events pass the very code Stripe's events pass.
import { randomBytes } from 'node:crypto';
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

/** A verified provider event: what the webhook handler reads. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** Epoch ms. */
  created: number;
  object: Record<string, unknown>;
}

export class WebhookSignatureError extends Error {
  constructor() {
    super('webhook signature refused');
    this.name = 'WebhookSignatureError';
  }
}

export interface PaymentProviderRepository {
  readonly name: 'stripe' | 'test';
  createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession>;
  cancelSubscriptionAtPeriodEnd(providerSubscriptionId: string): Promise<void>;
  /** Verifies the signature over the raw body (300 s tolerance) and parses the event. */
  verifyEvent(rawBody: string | Buffer, signature: string | undefined): ProviderEvent;
}

function toProviderEvent(event: Stripe.Event): ProviderEvent {
  return {
    id: event.id,
    type: event.type,
    created: event.created * 1000,
    object: event.data.object as unknown as Record<string, unknown>,
  };
}

function verify(stripe: Stripe, secret: string, rawBody: string | Buffer, signature: string | undefined) {
  if (!signature) throw new WebhookSignatureError();
  try {
    return toProviderEvent(stripe.webhooks.constructEvent(rawBody, signature, secret));
  } catch {
    throw new WebhookSignatureError();
  }
}

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API base (a local double in tests). */
  apiUrl?: string | undefined;
}

export class StripePaymentProvider implements PaymentProviderRepository {
  readonly name = 'stripe' as const;
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

  verifyEvent(rawBody: string | Buffer, signature: string | undefined): ProviderEvent {
    return verify(this.stripe, this.options.webhookSecret, rawBody, signature);
  }
}

/** A signed delivery the test provider hands to the webhook handler, as Stripe would POST it. */
export interface SignedDelivery {
  body: string;
  signature: string;
}

/**
 * The embedded test provider: sessions live in memory, the checkout page is ours, and completing it
 * builds the Stripe-shaped events and signs them with the generated webhook secret.
 */
export class TestPaymentProvider implements PaymentProviderRepository {
  readonly name = 'test' as const;
  private readonly stripe = new Stripe('sk_test_embedded_no_network');
  private readonly sessions = new Map<string, CheckoutRequest & { status: 'open' | 'complete' }>();

  constructor(private readonly options: { webhookSecret: string; webOrigin: string; now: () => number }) {}

  async createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession> {
    const sessionId = `cs_test_${randomBytes(12).toString('hex')}`;
    this.sessions.set(sessionId, { ...request, status: 'open' });
    const url = new URL('/my/shop/checkout', this.options.webOrigin);
    url.searchParams.set('session_id', sessionId);
    return { sessionId, url: url.toString() };
  }

  async cancelSubscriptionAtPeriodEnd(_providerSubscriptionId: string): Promise<void> {
    // Nothing to tell: the plan's row is the only record in test mode.
  }

  verifyEvent(rawBody: string | Buffer, signature: string | undefined): ProviderEvent {
    return verify(this.stripe, this.options.webhookSecret, rawBody, signature);
  }

  /** The open session's product, for the checkout page; undefined when unknown or finished. */
  describeSession(sessionId: string): CheckoutRequest | undefined {
    const session = this.sessions.get(sessionId);
    return session?.status === 'open' ? session : undefined;
  }

  /** Completes a session paid with a card that succeeded: the events Stripe would send, signed. */
  completeSession(sessionId: string): SignedDelivery[] {
    const session = this.sessions.get(sessionId);
    if (session?.status !== 'open') return [];
    session.status = 'complete';
    const created = Math.floor(this.options.now() / 1000);
    const paymentIntent = `pi_test_${randomBytes(12).toString('hex')}`;
    const metadata = {
      payment_id: String(session.paymentId),
      user_id: String(session.userId),
      product_id: String(session.product.id),
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
            amount_total: session.product.priceMinor,
            currency: session.product.currency,
            client_reference_id: String(session.userId),
            metadata,
            payment_intent: subscription ? null : paymentIntent,
            subscription,
            customer: `cus_test_${session.userId}`,
          },
        },
      },
    ];
    if (subscription) {
      const periodEnd = addOneMonth(created);
      events.push({
        id: `evt_test_${randomBytes(12).toString('hex')}`,
        object: 'event',
        type: 'invoice.paid',
        created,
        data: {
          object: {
            id: `in_test_${randomBytes(12).toString('hex')}`,
            object: 'invoice',
            status: 'paid',
            amount_paid: session.product.priceMinor,
            currency: session.product.currency,
            customer: `cus_test_${session.userId}`,
            billing_reason: 'subscription_create',
            period_start: created,
            period_end: periodEnd,
            lines: { data: [{ period: { start: created, end: periodEnd } }] },
            parent: { type: 'subscription_details', subscription_details: { subscription, metadata } },
          },
        },
      });
    }
    return events.map((event) => this.sign(JSON.stringify(event)));
  }

  /** Marks an open session as abandoned (the checkout page's cancel). */
  cancelSession(sessionId: string): CheckoutRequest | undefined {
    const session = this.sessions.get(sessionId);
    if (session?.status !== 'open') return undefined;
    this.sessions.delete(sessionId);
    return session;
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

function addOneMonth(epochSeconds: number): number {
  const date = new Date(epochSeconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}
