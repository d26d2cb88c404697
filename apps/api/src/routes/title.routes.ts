import { IdListSchema, TitleListResponseSchema } from '@manga/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '#src/plugins/envelope.plugin.ts';

export const MAX_IDS_PER_CALL = 5000;
export const BoundedIdListSchema = IdListSchema.refine((ids) => ids.length <= MAX_IDS_PER_CALL, {
  message: `at most ${MAX_IDS_PER_CALL} ids per call`,
});

export const titleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/title/list',
    {
      schema: {
        operationId: 'listTitles',
        tags: ['title'],
        querystring: z.object({ title_id_list: BoundedIdListSchema }),
        response: { 200: TitleListResponseSchema },
      },
    },
    async (request) =>
      ok({
        title_list: await app.container.services.catalogue.listTitles(request.query.title_id_list, request.client),
      }),
  );
};
