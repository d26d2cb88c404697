// Followed titles (ADR 017): GET /favorite/list (wire §3.5), and ours, in the family of
// /title/viewed/delete: POST /favorite/add and POST /favorite/delete (title_id).
import {
  FavoriteChangeResponseSchema,
  FavoriteListQuerySchema,
  FavoriteListResponseSchema,
  FavoriteTitleIdSchema,
} from '@manga/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '#src/plugins/envelope.plugin.ts';

export const favoriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const favorites = () => app.container.services.favorites;

  app.get(
    '/favorite/list',
    {
      schema: {
        operationId: 'listFavoriteTitles',
        tags: ['favorite'],
        querystring: FavoriteListQuerySchema,
        response: { 200: FavoriteListResponseSchema },
      },
    },
    async (request) => ok(await favorites().listFavoriteTitles(request.auth, request.query, request.client)),
  );

  app.post(
    '/favorite/add',
    {
      schema: {
        operationId: 'addFavoriteTitle',
        tags: ['favorite'],
        body: FavoriteTitleIdSchema,
        response: { 200: FavoriteChangeResponseSchema },
      },
    },
    async (request) => ok(await favorites().addFavoriteTitle(request.auth, request.body.title_id, request.client)),
  );

  app.post(
    '/favorite/delete',
    {
      schema: {
        operationId: 'deleteFavoriteTitle',
        tags: ['favorite'],
        body: FavoriteTitleIdSchema,
        response: { 200: FavoriteChangeResponseSchema },
      },
    },
    async (request) => ok(await favorites().deleteFavoriteTitle(request.auth, request.body.title_id)),
  );
};
