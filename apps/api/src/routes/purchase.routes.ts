// product §7 purchases (ADR 014): POST /episode/paid, /episode/paid/bulk, /magazine/paid; GET
// /episode/status, /web/title/purchased, /account/reservation/flow.
import {
  AccountReservationFlowQuerySchema,
  AccountReservationFlowResponseSchema,
  EpisodePaidBulkRequestSchema,
  EpisodePaidBulkResponseSchema,
  EpisodePaidRequestSchema,
  EpisodePaidResponseSchema,
  EpisodeStatusQuerySchema,
  EpisodeStatusResponseSchema,
  MagazinePaidRequestSchema,
  MagazinePaidResponseSchema,
  PurchasedTitleQuerySchema,
  PurchasedTitleResponseSchema,
} from '@manga/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { purchaseCaller } from '#src/http/caller.http.ts';
import { ok } from '#src/plugins/envelope.plugin.ts';

const tags = ['purchase'];

export const purchaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { purchases } = app.container.services;

  app.post(
    '/episode/paid',
    {
      schema: {
        operationId: 'buyEpisode',
        tags,
        body: EpisodePaidRequestSchema,
        response: { 200: EpisodePaidResponseSchema },
      },
    },
    async (request) => ok(await purchases.buyEpisode(purchaseCaller(request), request.body)),
  );

  app.post(
    '/episode/paid/bulk',
    {
      schema: {
        operationId: 'buyEpisodes',
        tags,
        body: EpisodePaidBulkRequestSchema,
        response: { 200: EpisodePaidBulkResponseSchema },
      },
    },
    async (request) => ok(await purchases.buyEpisodes(purchaseCaller(request), request.body)),
  );

  app.post(
    '/magazine/paid',
    {
      schema: {
        operationId: 'buyMagazine',
        tags,
        body: MagazinePaidRequestSchema,
        response: { 200: MagazinePaidResponseSchema },
      },
    },
    async (request) => ok(await purchases.buyMagazine(purchaseCaller(request), request.body)),
  );

  app.get(
    '/episode/status',
    {
      schema: {
        operationId: 'getEpisodeStatus',
        tags,
        querystring: EpisodeStatusQuerySchema,
        response: { 200: EpisodeStatusResponseSchema },
      },
    },
    async (request) => ok(await purchases.getEpisodeStatus(purchaseCaller(request), request.query)),
  );

  app.get(
    '/web/title/purchased',
    {
      schema: {
        operationId: 'listPurchasedTitles',
        tags,
        querystring: PurchasedTitleQuerySchema,
        response: { 200: PurchasedTitleResponseSchema },
      },
    },
    async (request) => ok(await purchases.listPurchasedTitles(request.auth, request.query, request.client)),
  );

  app.get(
    '/account/reservation/flow',
    {
      schema: {
        operationId: 'listReservationFlow',
        tags,
        querystring: AccountReservationFlowQuerySchema,
        response: { 200: AccountReservationFlowResponseSchema },
      },
    },
    async (request) => ok(await purchases.listReservations(request.auth, request.query, request.client)),
  );
};
