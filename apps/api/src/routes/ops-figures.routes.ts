// Figures in the console (issue 26, ADR 072): /ops/figures (JSON) and /ops/figures.csv (the same
// figures as a download) for figures.read (analysts, editors, admins). Hidden like every console path
// (guardStaffRoutes): anyone else gets the answer of an unknown path before a parameter is read.
import { FiguresQuerySchema, FiguresResponseSchema, StaffPermission } from '@manga/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardStaffRoutes } from '#src/http/staff-guard.http.ts';
import { ok } from '#src/plugins/envelope.plugin.ts';

const tags = ['ops'];
const hide = true;
const figuresRead = { staffPermission: StaffPermission.FiguresRead };

export const opsFiguresRoutes: FastifyPluginAsyncZod = async (app) => {
  const { figures } = app.container.services;
  guardStaffRoutes(app);

  app.get(
    '/ops/figures',
    {
      config: figuresRead,
      schema: {
        hide,
        operationId: 'getFigures',
        tags,
        querystring: FiguresQuerySchema,
        response: { 200: FiguresResponseSchema },
      },
    },
    async (request) => ok(await figures.figures(request.auth, request.query)),
  );

  app.get(
    '/ops/figures.csv',
    { config: figuresRead, schema: { hide, operationId: 'getFiguresCsv', tags, querystring: FiguresQuerySchema } },
    async (request, reply) => {
      const { from, to } = request.query;
      const csv = await figures.figuresCsv(request.auth, { from, to });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="figures-${from}-${to}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
};
