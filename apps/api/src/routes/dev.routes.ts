// Development only (registered when MANGA_DEV_OUTBOX is on, never in production): the embedded mail
// outbox, which the web app's development page lists (ADR 007). It answers clients on this machine
// only; anyone else gets the 404 of an unknown path (ADR 015).
import { DevOutboxListResponseSchema, DevOutboxMessageResponseSchema } from '@manga/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '#src/plugins/envelope.plugin.ts';

const exempt = { signature: false } as const;

export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.source.local) return reply.callNotFound();
  });
  app.get(
    '/dev/outbox',
    {
      config: exempt,
      schema: { operationId: 'listDevOutbox', tags: ['dev'], response: { 200: DevOutboxListResponseSchema } },
    },
    async () => ok({ message_list: await app.container.services.outbox.listMessages() }),
  );
  app.get(
    '/dev/outbox/:id',
    {
      config: exempt,
      schema: {
        operationId: 'getDevOutboxMessage',
        tags: ['dev'],
        params: z.object({ id: z.string().max(100) }),
        response: { 200: DevOutboxMessageResponseSchema },
      },
    },
    async (request) => ok({ message: await app.container.services.outbox.getMessage(request.params.id) }),
  );
};
