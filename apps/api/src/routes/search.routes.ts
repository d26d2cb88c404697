// product §7 Search: GET /search/title/all, GET /search/title; ours: GET /search/title/suggest.
import {
  SearchSuggestQuerySchema,
  SearchSuggestResponseSchema,
  SearchTitleAllResponseSchema,
  SearchTitleQuerySchema,
  SearchTitleResponseSchema,
} from '@manga/contracts';
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

  // Ours (issue 24): suggestions as the reader types, one typo tolerated.
  app.get(
    '/search/title/suggest',
    {
      config: { responseCache: true },
      schema: {
        operationId: 'suggestTitles',
        tags: ['search'],
        querystring: SearchSuggestQuerySchema,
        response: { 200: SearchSuggestResponseSchema },
      },
    },
    async (request) => ok(await app.container.services.search.suggestTitles(request.query, request.client)),
  );
};
