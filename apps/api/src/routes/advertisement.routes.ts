// product §7 Advertisement: GET /advertisement/click and /advertisement/view, counted per day.
import { AdvertisementEventQuerySchema, AdvertisementEventResponseSchema } from '@manga/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '#src/plugins/envelope.plugin.ts';

export const advertisementRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of ['click', 'view'] as const) {
    app.get(
      `/advertisement/${kind}`,
      {
        schema: {
          operationId: kind === 'click' ? 'recordAdvertisementClick' : 'recordAdvertisementView',
          tags: ['advertisement'],
          querystring: AdvertisementEventQuerySchema,
          response: { 200: AdvertisementEventResponseSchema },
        },
      },
      async (request) =>
        ok(
          await app.container.services.advertisements.recordAdvertisementEvent(
            request.query.advertisement_id,
            kind,
            request.client,
          ),
        ),
    );
  }
};
