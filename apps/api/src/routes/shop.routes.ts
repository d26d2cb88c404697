// Shop and card payments (ADR 019): GET /web/shop, /web/shop/point/subscription (and the app's
// GET /shop/point/subscription, wire §3.5); POST /web/stp/outright,
// /web/stp/subscription, /web/stp/subscription/cancel; the provider's webhook POST /stp/webhook (raw
// body, signature checked by PaymentWebhookService); and, with the embedded test provider only, the API of
// our own checkout page (GET /web/stp/test/session, POST /web/stp/test/pay).
import {
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

const tags = ['shop'];
/** Stripe's events are far smaller; anything bigger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

export const shopRoutes: FastifyPluginAsyncZod = async (app) => {
  const { shop } = app.container.services;

  app.get(
    '/web/shop',
    { schema: { operationId: 'getShop', tags, querystring: ShopQuerySchema, response: { 200: ShopResponseSchema } } },
    async (request) =>
      ok(
        await shop.listShop({
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
      ok(await shop.listPlans({ auth: request.auth, locale: request.client.locale, region: request.query.region })),
  );

  // The app's call (wire §3.5: no parameters of its own): the same answer, the region from the locale.
  app.get(
    '/shop/point/subscription',
    { schema: { operationId: 'getAppShopSubscription', tags, response: { 200: ShopSubscriptionResponseSchema } } },
    async (request) => ok(await shop.listPlans({ auth: request.auth, locale: request.client.locale })),
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
          await shop.startCheckout({
            auth: request.auth,
            assetId: request.body.asset_id,
            path: request.body.path,
            mode,
            locale: request.client.locale,
            origin: request.headers.origin,
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
    async (request) => ok(await shop.cancelPlan({ auth: request.auth, assetId: request.body.asset_id })),
  );

  await app.register(webhookRoute);

  if (shop.hasTestCheckout) {
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
      async (request) =>
        ok(await shop.describeTestCheckout({ auth: request.auth, sessionId: request.query.session_id })),
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
      async (request) =>
        ok(
          await shop.payTestCheckout({
            auth: request.auth,
            sessionId: request.body.session_id,
            cardNumber: request.body.card_number,
          }),
        ),
    );
  }
};

/** POST /stp/webhook: the raw body for the signature, in a scope of its own. */
const webhookRoute: FastifyPluginAsync = async (app) => {
  const { paymentWebhooks } = app.container.services;
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_r, body, done) =>
    done(null, body),
  );
  app.post('/stp/webhook', { schema: { hide: true }, bodyLimit: WEBHOOK_BODY_LIMIT }, async (request, reply) => {
    const signature = request.headers['stripe-signature'];
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
    const result = await paymentWebhooks.handleWebhook(body, typeof signature === 'string' ? signature : undefined);
    app.metrics.webhook(result);
    if (result === 'refused') return reply.code(400).send({ received: false });
    return reply.code(200).send({ received: true, result });
  });
};
