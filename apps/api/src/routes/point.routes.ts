// product §7 points (ADR 014): GET /account/point, /account/point/flow, /web/point/history/list.
import {
  AccountFlowQuerySchema,
  AccountPointFlowResponseSchema,
  AccountPointResponseSchema,
  WebPointHistoryQuerySchema,
  WebPointHistoryResponseSchema,
} from '@manga/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '#src/plugins/envelope.plugin.ts';

const tags = ['point'];

export const pointRoutes: FastifyPluginAsyncZod = async (app) => {
  const { wallet, pointHistory } = app.container.services;

  app.get(
    '/account/point',
    { schema: { operationId: 'getAccountPoint', tags, response: { 200: AccountPointResponseSchema } } },
    async (request) => ok(await wallet.getAccountPoint(request.auth)),
  );

  app.get(
    '/account/point/flow',
    {
      schema: {
        operationId: 'listPointFlow',
        tags,
        querystring: AccountFlowQuerySchema,
        response: { 200: AccountPointFlowResponseSchema },
      },
    },
    async (request) => ok(await pointHistory.listPointFlow(request.auth, request.query, request.client)),
  );

  app.get(
    '/web/point/history/list',
    {
      schema: {
        operationId: 'listPointHistory',
        tags,
        querystring: WebPointHistoryQuerySchema,
        response: { 200: WebPointHistoryResponseSchema },
      },
    },
    async (request) => ok(await pointHistory.listPointHistory(request.auth, request.query, request.client)),
  );
};
