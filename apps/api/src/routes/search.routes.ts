// SPEC §7 Search: GET /search/title/all, GET /search/title.
import { SearchTitleAllResponseSchema, SearchTitleQuerySchema, SearchTitleResponseSchema } from '@manga/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '#src/plugins/envelope.plugin.ts';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search/title/all',
    {
      config: { responseCache: true },
      schema: { operationId: 'listSearchIndex', tags: ['search'], response: { 200: SearchTitleAllResponseSchema } },
    },
    async (request) => ok(await app.container.services.search.listSearchIndex(request.client)),
  );

  app.get(
    '/search/title',
    {
      config: { responseCache: true },
      schema: {
        operationId: 'searchTitles',
        tags: ['search'],
        querystring: SearchTitleQuerySchema,
        response: { 200: SearchTitleResponseSchema },
      },
    },
    async (request) => ok(await app.container.services.search.searchTitles(request.query, request.client)),
  );
};
