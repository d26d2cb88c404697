// Shop and card payments (ADR 017): GET /web/shop, /web/shop/point/subscription; POST /web/stp/outright,
// /web/stp/subscription, /web/stp/subscription/cancel; the provider's webhook POST /stp/webhook (raw
// body, signature checked by PaymentService); and, with the embedded test provider only, the API of
// our own checkout page (GET /web/stp/test/session, POST /web/stp/test/pay).
import {
  ResponseCode,
  ShopQuerySchema,
  ShopResponseSchema,
  ShopSubscriptionQuerySchema,
  ShopSubscriptionResponseSchema,
  StpCancelRequestSchema,
  StpCancelResponseSchema,
  StpCheckoutRequestSchema,
  StpCheckoutResponseSchema,
  TestCheckoutPayRequestSchema,
  TestCheckoutPayResponseSchema,
  TestCheckoutQuerySchema,
  TestCheckoutResponseSchema,
} from '@manga/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '#src/plugins/envelope.plugin.ts';
import { TestPaymentProvider, WebhookSignatureError } from '#src/repositories/payment-provider.repository.ts';
import { requireActiveUser } from '#src/rules/auth.rules.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import { formatPrice } from '#src/rules/shop.rules.ts';

const tags = ['shop'];
/** Stripe's events are far smaller; anything bigger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** Stripe's test cards (ADR 017): this one succeeds, 4000 0000 0000 0002 is declined. */
export const TEST_CARD_SUCCESS = '4242424242424242';
export const TEST_CARD_DECLINED = '4000000000000002';

export const shopRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payments } = app.container.services;
  const provider = app.container.repositories.paymentProvider;

  app.get(
    '/web/shop',
    { schema: { operationId: 'getShop', tags, querystring: ShopQuerySchema, response: { 200: ShopResponseSchema } } },
    async (request) =>
      ok(
        await payments.listShop({
          assetType: request.query.asset_type,
          locale: request.client.locale,
          region: request.query.region,
        }),
      ),
  );

  app.get(
    '/web/shop/point/subscription',
    {
      schema: {
        operationId: 'getShopSubscription',
        tags,
        querystring: ShopSubscriptionQuerySchema,
        response: { 200: ShopSubscriptionResponseSchema },
      },
    },
    async (request) =>
      ok(await payments.listPlans({ auth: request.auth, locale: request.client.locale, region: request.query.region })),
  );

  for (const [url, mode, operationId] of [
    ['/web/stp/outright', 'payment', 'startPointCheckout'],
    ['/web/stp/subscription', 'subscription', 'startPlanCheckout'],
  ] as const) {
    app.post(
      url,
      {
        schema: { operationId, tags, body: StpCheckoutRequestSchema, response: { 200: StpCheckoutResponseSchema } },
      },
      async (request) =>
        ok(
          await payments.startCheckout({
            auth: request.auth,
            assetId: request.body.asset_id,
            path: request.body.path,
            mode,
            locale: request.client.locale,
          }),
        ),
    );
  }

  app.post(
    '/web/stp/subscription/cancel',
    {
      schema: {
        operationId: 'cancelPlan',
        tags,
        body: StpCancelRequestSchema,
        response: { 200: StpCancelResponseSchema },
      },
    },
    async (request) => ok(await payments.cancelPlan({ auth: request.auth, assetId: request.body.asset_id })),
  );

  await app.register(webhookRoute);

  if (provider instanceof TestPaymentProvider) {
    app.get(
      '/web/stp/test/session',
      {
        schema: {
          operationId: 'getTestCheckout',
          tags,
          querystring: TestCheckoutQuerySchema,
          response: { 200: TestCheckoutResponseSchema },
        },
      },
      async (request) => {
        const user = requireActiveUser(request.auth);
        const session = provider.describeSession(request.query.session_id);
        if (!session || session.userId !== user.userId) throw new DomainError(ResponseCode.InvalidParameter);
        return ok({
          name: session.product.name,
          price_text: formatPrice(session.product.priceMinor, session.product.currency),
          mode: session.mode,
          cancel_url: session.cancelUrl,
        });
      },
    );

    app.post(
      '/web/stp/test/pay',
      {
        schema: {
          operationId: 'payTestCheckout',
          tags,
          body: TestCheckoutPayRequestSchema,
          response: { 200: TestCheckoutPayResponseSchema },
        },
      },
      async (request) => {
        const user = requireActiveUser(request.auth);
        const session = provider.describeSession(request.body.session_id);
        if (!session || session.userId !== user.userId) throw new DomainError(ResponseCode.InvalidParameter);
        const card = request.body.card_number.replace(/[\s-]/g, '');
        if (card !== TEST_CARD_SUCCESS) {
          // 4000 0000 0000 0002 and every other number: declined, the session stays open.
          return ok({ result: 0, redirect_url: '' });
        }
        for (const delivery of provider.completeSession(request.body.session_id)) {
          // The same handler and signature check as a POST from Stripe.
          await payments.handleWebhook(delivery.body, delivery.signature);
        }
        return ok({ result: 1, redirect_url: session.successUrl });
      },
    );
  }
};

/** POST /stp/webhook: the raw body for the signature, in a scope of its own. */
const webhookRoute: FastifyPluginAsync = async (app) => {
  const { payments } = app.container.services;
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_r, body, done) =>
    done(null, body),
  );
  app.post('/stp/webhook', { schema: { hide: true }, bodyLimit: WEBHOOK_BODY_LIMIT }, async (request, reply) => {
    const signature = request.headers['stripe-signature'];
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
    try {
      const result = await payments.handleWebhook(body, typeof signature === 'string' ? signature : undefined);
      return reply.code(200).send({ received: true, result });
    } catch (error) {
      if (error instanceof WebhookSignatureError) return reply.code(400).send({ received: false });
      throw error;
    }
  });
};
