// product §7 Magazine: GET /magazine/category/list, /magazine/category/search/list, /magazine/list.
import {
  MagazineCategoryListQuerySchema,
  MagazineCategoryListResponseSchema,
  MagazineListQuerySchema,
  MagazineListResponseSchema,
} from '@manga/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '#src/plugins/envelope.plugin.ts';

export const magazineRoutes: FastifyPluginAsyncZod = async (app) => {
  const magazines = () => app.container.services.magazines;

  app.get(
    '/magazine/category/list',
    {
      config: { responseCache: true },
      schema: {
        operationId: 'listMagazineCategories',
        tags: ['magazine'],
        querystring: MagazineCategoryListQuerySchema,
        response: { 200: MagazineCategoryListResponseSchema },
      },
    },
    async (request) => ok(await magazines().listMagazineCategories(request.query, request.client)),
  );

  app.get(
    '/magazine/category/search/list',
    {
      config: { responseCache: true },
      schema: {
        operationId: 'listSearchMagazineCategories',
        tags: ['magazine'],
        querystring: MagazineCategoryListQuerySchema,
        response: { 200: MagazineCategoryListResponseSchema },
      },
    },
    async (request) => ok(await magazines().listSearchMagazineCategories(request.query, request.client)),
  );

  app.get(
    '/magazine/list',
    {
      config: { responseCache: true },
      schema: {
        operationId: 'listMagazines',
        tags: ['magazine'],
        querystring: MagazineListQuerySchema,
        response: { 200: MagazineListResponseSchema },
      },
    },
    async ({ query, client }) =>
      ok(
        await magazines().listMagazines(
          {
            categoryId: query.magazine_category_id,
            ids: query.magazine_id_list,
            sort: query.sort,
            limit: query.limit,
            offset: query.offset,
          },
          client,
        ),
      ),
  );
};
