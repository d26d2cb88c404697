import { ResponseCode } from '@manga/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '#src/plugins/envelope.plugin.ts';
import { DomainError } from '#src/rules/domain.error.ts';

const HealthResponseSchema = z.object({
  status: z.literal('success'),
  response_code: z.literal(0),
  error_message: z.literal(''),
  health: z.string(),
});

const exempt = { signature: false, maintenance: false } as const;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { config: exempt, schema: { operationId: 'getHealth', tags: ['health'], response: { 200: HealthResponseSchema } } },
    async () => ok({ health: 'ok' }),
  );

  app.get(
    '/readyz',
    {
      config: exempt,
      schema: { operationId: 'getReadiness', tags: ['health'], response: { 200: HealthResponseSchema } },
    },
    async (request) => {
      const readiness = await app.container.services.health.checkReadiness();
      if (!readiness.ready) {
        request.log.error({ err: readiness.error }, `Not ready: ${readiness.failed} unavailable`);
        throw new DomainError(ResponseCode.ServerError, `${readiness.failed} unavailable`, 503);
      }
      return ok({ health: 'ready' });
    },
  );
};
