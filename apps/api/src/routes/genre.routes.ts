// product §7 Genre: GET /genre/list (genre_id_list), GET /genre/search/list.
import { GenreListQuerySchema, GenreListResponseSchema } from '@manga/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '#src/plugins/envelope.plugin.ts';

export const genreRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/genre/list',
    {
      config: { responseCache: true },
      schema: {
        operationId: 'listGenres',
        tags: ['genre'],
        querystring: GenreListQuerySchema,
        response: { 200: GenreListResponseSchema },
      },
    },
    async (request) => ok(await app.container.services.genres.listGenres(request.query.genre_id_list, request.client)),
  );

  app.get(
    '/genre/search/list',
    {
      config: { responseCache: true },
      schema: { operationId: 'listSearchGenres', tags: ['genre'], response: { 200: GenreListResponseSchema } },
    },
    async (request) => ok(await app.container.services.genres.listSearchGenres(request.client)),
  );
};
