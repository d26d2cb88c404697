// product §7 Title: GET /title/list, /title/weekly, /title/event/list, /title/supplement, /title/pointback,
// and the reading history: GET /title/viewed/list, POST /title/viewed/delete, /title/viewed/delete/all,
// and our GET /title/viewed/progress (ADR 016).
import {
  IdListSchema,
  SuccessEnvelopeSchema,
  TitleEventListResponseSchema,
  TitleIdQuerySchema,
  TitleListResponseSchema,
  TitlePointbackResponseSchema,
  TitleSupplementResponseSchema,
  TitleViewedListQuerySchema,
  TitleViewedListResponseSchema,
  TitleViewedProgressResponseSchema,
  TitleViewedTitleIdSchema,
  TitleWeeklyResponseSchema,
} from '@manga/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { episodeListContext } from '#src/http/caller.http.ts';
import { ok } from '#src/plugins/envelope.plugin.ts';

export const MAX_IDS_PER_CALL = 5000;
export const BoundedIdListSchema = IdListSchema.refine((ids) => ids.length <= MAX_IDS_PER_CALL, {
  message: `at most ${MAX_IDS_PER_CALL} ids per call`,
});

export const titleRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogue = () => app.container.services.catalogue;
  const favorites = () => app.container.services.favorites;

  app.get(
    '/title/list',
    {
      config: { responseCache: true },
      schema: {
        operationId: 'listTitles',
        tags: ['title'],
        querystring: z.object({ title_id_list: BoundedIdListSchema }),
        response: { 200: TitleListResponseSchema },
      },
    },
    async (request) =>
      ok({ title_list: await favorites().listTitles(request.auth, request.query.title_id_list, request.client) }),
  );

  app.get(
    '/title/weekly',
    {
      config: { responseCache: true },
      schema: { operationId: 'getWeeklyTitles', tags: ['title'], response: { 200: TitleWeeklyResponseSchema } },
    },
    async (request) => ok(await catalogue().getWeekly(request.client)),
  );

  app.get(
    '/title/event/list',
    {
      config: { responseCache: true },
      schema: { operationId: 'listEventTitles', tags: ['title'], response: { 200: TitleEventListResponseSchema } },
    },
    async (request) => ok(await catalogue().listEventTitles(request.client)),
  );

  app.get(
    '/title/supplement',
    {
      config: { responseCache: true },
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
      config: { responseCache: true },
      schema: {
        operationId: 'getTitlePointback',
        tags: ['title'],
        querystring: TitleIdQuerySchema,
        response: { 200: TitlePointbackResponseSchema },
      },
    },
    async (request) => ok(await catalogue().getTitlePointback(request.query.title_id)),
  );

  const history = () => app.container.services.readingHistory;

  app.get(
    '/title/viewed/list',
    {
      schema: {
        operationId: 'listViewedTitles',
        tags: ['title'],
        querystring: TitleViewedListQuerySchema,
        response: { 200: TitleViewedListResponseSchema },
      },
    },
    async (request) => ok(await history().listViewedTitles(request.auth, request.query, episodeListContext(request))),
  );

  app.get(
    '/title/viewed/progress',
    {
      schema: {
        operationId: 'getViewedTitleProgress',
        tags: ['title'],
        querystring: TitleViewedTitleIdSchema,
        response: { 200: TitleViewedProgressResponseSchema },
      },
    },
    async (request) => ok(await history().getViewedTitle(request.auth, request.query.title_id)),
  );

  app.post(
    '/title/viewed/delete',
    {
      schema: {
        operationId: 'deleteViewedTitle',
        tags: ['title'],
        body: TitleViewedTitleIdSchema,
        response: { 200: SuccessEnvelopeSchema },
      },
    },
    async (request) => ok(await history().deleteViewedTitle(request.auth, request.body.title_id)),
  );

  app.post(
    '/title/viewed/delete/all',
    { schema: { operationId: 'deleteAllViewedTitles', tags: ['title'], response: { 200: SuccessEnvelopeSchema } } },
    async (request) => ok(await history().deleteAllViewedTitles(request.auth)),
  );
};
