// product §7 tickets (ADR 014): GET /title/ticket/list, POST /episode/rental/ticket, GET /account/ticket/flow.
import {
  AccountTicketFlowQuerySchema,
  AccountTicketFlowResponseSchema,
  RentalTicketRequestSchema,
  RentalTicketResponseSchema,
  TitleTicketListResponseSchema,
} from '@manga/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { purchaseCaller, readerOf } from '#src/http/caller.http.ts';
import { ok } from '#src/plugins/envelope.plugin.ts';
import { BoundedIdListSchema } from '#src/routes/title.routes.ts';

const tags = ['ticket'];

export const ticketRoutes: FastifyPluginAsyncZod = async (app) => {
  const { tickets } = app.container.services;

  app.get(
    '/title/ticket/list',
    {
      schema: {
        operationId: 'listTitleTickets',
        tags,
        querystring: z.object({ title_id_list: BoundedIdListSchema }),
        response: { 200: TitleTicketListResponseSchema },
      },
    },
    async (request) => ok(await tickets.listTitleTickets(readerOf(request), request.query.title_id_list)),
  );

  app.post(
    '/episode/rental/ticket',
    {
      schema: {
        operationId: 'rentEpisodeWithTicket',
        tags,
        body: RentalTicketRequestSchema,
        response: { 200: RentalTicketResponseSchema },
      },
    },
    async (request) => ok(await tickets.rentWithTicket(purchaseCaller(request), request.body)),
  );

  app.get(
    '/account/ticket/flow',
    {
      schema: {
        operationId: 'listTicketFlow',
        tags,
        querystring: AccountTicketFlowQuerySchema,
        response: { 200: AccountTicketFlowResponseSchema },
      },
    },
    async (request) => ok(await tickets.listTicketFlow(request.auth, request.query, request.client)),
  );
};
