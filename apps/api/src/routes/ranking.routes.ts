// product §7 Ranking and recommendation: GET /ranking/all, /recommend/title/list,
// /recommend/prediction/title/list, /recommend/click.
import {
  RankingAllQuerySchema,
  RankingAllResponseSchema,
  RecommendQuerySchema,
  RecommendTitleListResponseSchema,
  SuccessEnvelopeSchema,
  TitleIdQuerySchema,
} from '@manga/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '#src/plugins/envelope.plugin.ts';

export const rankingRoutes: FastifyPluginAsyncZod = async (app) => {
  const rankings = () => app.container.services.rankings;
  const recommendations = () => app.container.services.recommendations;

  app.get(
    '/ranking/all',
    {
      config: { responseCache: true },
      schema: {
        operationId: 'getRanking',
        tags: ['ranking'],
        querystring: RankingAllQuerySchema,
        response: { 200: RankingAllResponseSchema },
      },
    },
    async ({ query, client }) => ok(await rankings().getRanking(query.ranking_id, query, client)),
  );

  app.get(
    '/recommend/title/list',
    {
      schema: {
        operationId: 'listRecommendedTitles',
        tags: ['ranking'],
        querystring: RecommendQuerySchema,
        response: { 200: RecommendTitleListResponseSchema },
      },
    },
    async ({ query, client }) => ok(await recommendations().listRecommendedTitles(query, client)),
  );

  app.get(
    '/recommend/prediction/title/list',
    {
      schema: {
        operationId: 'listPredictedTitles',
        tags: ['ranking'],
        querystring: RecommendQuerySchema,
        response: { 200: RecommendTitleListResponseSchema },
      },
    },
    async (request) =>
      ok(await recommendations().listPredictedTitles(request.auth?.user ?? null, request.query, request.client)),
  );

  app.get(
    '/recommend/click',
    {
      schema: {
        operationId: 'recordRecommendClick',
        tags: ['ranking'],
        querystring: TitleIdQuerySchema,
        response: { 200: SuccessEnvelopeSchema },
      },
    },
    async (request) => ok(await recommendations().recordRecommendClick(request.query.title_id)),
  );
};
