// product §7 App: GET /app/boot (ADR 007).
import { AppBootResponseSchema } from '@manga/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '#src/plugins/envelope.plugin.ts';

export const appRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/app/boot',
    { schema: { operationId: 'getAppBoot', tags: ['app'], response: { 200: AppBootResponseSchema } } },
    async (request) => ok(await app.container.services.boot.getBoot(request.auth)),
  );
};
