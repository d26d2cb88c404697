// product §7 Login bonus (ADR 014): GET /loginbonus claims today's reward once and answers the calendar;
// GET /web/loginbonus (ADR 058) answers it without claiming.
import { LoginBonusQuerySchema, LoginBonusResponseSchema } from '@manga/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '#src/plugins/envelope.plugin.ts';

export const loginBonusRoutes: FastifyPluginAsyncZod = async (app) => {
  const { loginBonus } = app.container.services;

  app.get(
    '/loginbonus',
    {
      schema: {
        operationId: 'claimLoginBonus',
        tags: ['loginbonus'],
        querystring: LoginBonusQuerySchema,
        response: { 200: LoginBonusResponseSchema },
      },
    },
    async (request) => ok(await loginBonus.claimLoginBonus(request.auth, request.query)),
  );

  // Ours (ADR 058): the calendar without claiming, so the web can show it and offer the claim.
  app.get(
    '/web/loginbonus',
    {
      schema: {
        operationId: 'getLoginBonusCalendar',
        tags: ['loginbonus'],
        response: { 200: LoginBonusResponseSchema },
      },
    },
    async (request) => ok(await loginBonus.viewLoginBonus(request.auth)),
  );
};
