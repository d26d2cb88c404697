// SPEC §7 Title: GET /title/list, /title/weekly, /title/event/list, /title/supplement, /title/pointback.
import {
  IdListSchema,
  TitleEventListResponseSchema,
  TitleIdQuerySchema,
  TitleListResponseSchema,
  TitlePointbackResponseSchema,
  TitleSupplementResponseSchema,
  TitleWeeklyResponseSchema,
} from '@manga/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '#src/plugins/envelope.plugin.ts';

export const MAX_IDS_PER_CALL = 5000;
export const BoundedIdListSchema = IdListSchema.refine((ids) => ids.length <= MAX_IDS_PER_CALL, {
  message: `at most ${MAX_IDS_PER_CALL} ids per call`,
});

export const titleRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogue = () => app.container.services.catalogue;

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
    async (request) => ok({ title_list: await catalogue().listTitles(request.query.title_id_list, request.client) }),
  );

  app.get(
    '/title/weekly',
    { schema: { operationId: 'getWeeklyTitles', tags: ['title'], response: { 200: TitleWeeklyResponseSchema } } },
    async (request) => ok(await catalogue().getWeekly(request.client)),
  );

  app.get(
    '/title/event/list',
    { schema: { operationId: 'listEventTitles', tags: ['title'], response: { 200: TitleEventListResponseSchema } } },
    async (request) => ok(await catalogue().listEventTitles(request.client)),
  );

  app.get(
    '/title/supplement',
    {
      schema: {
        operationId: 'getTitleSupplement',
        tags: ['title'],
        querystring: TitleIdQuerySchema,
        response: { 200: TitleSupplementResponseSchema },
      },
    },
    async (request) => ok(await catalogue().getTitleSupplement(request.query.title_id, request.client)),
  );

  app.get(
    '/title/pointback',
    {
      schema: {
        operationId: 'getTitlePointback',
        tags: ['title'],
        querystring: TitleIdQuerySchema,
        response: { 200: TitlePointbackResponseSchema },
      },
    },
    async (request) => ok(await catalogue().getTitlePointback(request.query.title_id)),
  );
};
