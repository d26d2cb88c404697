// GET /catalogue/revision (ADR 020): for shared caches in front of the API (the web server's page
// cache): the catalogue's revision and how long answers built now stay true. A machine route: no
// signature, no caller.
import { CatalogueRevisionResponseSchema } from '@manga/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '#src/plugins/envelope.plugin.ts';

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/catalogue/revision',
    {
      config: { signature: false },
      schema: {
        operationId: 'getCatalogueRevision',
        tags: ['catalogue'],
        response: { 200: CatalogueRevisionResponseSchema },
      },
    },
    async () => {
      const { revision, validForMs } = await app.container.services.responseCache.describe();
      return ok({ revision, valid_for_seconds: Math.floor(validForMs / 1000) });
    },
  );
};
