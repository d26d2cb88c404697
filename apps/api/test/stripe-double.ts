// A local HTTP double of the Stripe API (ADR 019): the real `stripe` SDK is pointed at it
// (MANGA_STRIPE_API_URL), it answers the calls the shop and webhook services make and records them, and signed
// webhook payloads are built with the SDK's own `webhooks.generateTestHeaderString`.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface RecordedCall {
  method: string;
  path: string;
  body: URLSearchParams;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

export class StripeDouble {
  readonly calls: RecordedCall[] = [];
  private server: Server | undefined;
  private readonly sdk = new Stripe('sk_test_signing_only');

  constructor(readonly webhookSecret = `whsec_${randomBytes(24).toString('hex')}`) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        const path = req.url ?? '';
        const key = req.headers['idempotency-key'];
        this.calls.push({
          method: req.method ?? '',
          path,
          body,
          idempotencyKey: typeof key === 'string' ? key : undefined,
          authorization: req.headers.authorization,
        });
        res.setHeader('content-type', 'application/json');
        if (req.method === 'POST' && path === '/v1/checkout/sessions') {
          const id = `cs_test_${randomBytes(8).toString('hex')}`;
          res.end(
            JSON.stringify({
              id,
              object: 'checkout.session',
              mode: body.get('mode'),
              url: `https://checkout.stripe.test/c/pay/${id}`,
              metadata: { payment_id: body.get('metadata[payment_id]') },
            }),
          );
          return;
        }
        const sub = /^\/v1\/subscriptions\/([\w]+)$/.exec(path);
        if (req.method === 'POST' && sub) {
          res.end(JSON.stringify({ id: sub[1], object: 'subscription', cancel_at_period_end: true }));
          return;
        }
        if (req.method === 'DELETE' && sub) {
          res.end(JSON.stringify({ id: sub[1], object: 'subscription', status: 'canceled' }));
          return;
        }
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'unknown path' } }));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** A Stripe event as Stripe POSTs it: JSON body and its `Stripe-Signature` header. */
  event(type: string, object: object, options: { id?: string; created?: number; secret?: string } = {}) {
    const body = JSON.stringify({
      id: options.id ?? `evt_${randomBytes(8).toString('hex')}`,
      object: 'event',
      type,
      api_version: Stripe.API_VERSION,
      created: options.created ?? Math.floor(Date.now() / 1000),
      data: { object },
    });
    const signature = this.sdk.webhooks.generateTestHeaderString({
      payload: body,
      secret: options.secret ?? this.webhookSecret,
    });
    return { body, signature };
  }
}
