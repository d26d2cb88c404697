// product §7 Web: law consent, data opt-out and the status call (ADR 007).
import {
  LawRequestSchema,
  LawResponseSchema,
  OptOutRequestSchema,
  OptOutResponseSchema,
  WebStatusResponseSchema,
} from '@manga/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readConsentCookies, setLawCookies } from '#src/http/cookies.http.ts';
import { ok } from '#src/plugins/envelope.plugin.ts';

const tags = ['web'];

export const lawRoutes: FastifyPluginAsyncZod = async (app) => {
  const consent = () => app.container.services.consent;

  app.get(
    '/web/law',
    { schema: { operationId: 'getLaw', tags, response: { 200: LawResponseSchema } } },
    async (request) => ok(await consent().getLaw({ auth: request.auth, cookies: readConsentCookies(request) })),
  );
  app.post(
    '/web/law',
    { schema: { operationId: 'saveLaw', tags, body: LawRequestSchema, response: { 200: LawResponseSchema } } },
    async (request, reply) => {
      const saved = await consent().saveLaw({
        auth: request.auth,
        birthday: request.body.birthday,
        isConsent: request.body.is_consent,
      });
      setLawCookies(reply, saved.cookies);
      return ok(saved.law);
    },
  );
  app.get(
    '/web/opt_out',
    { schema: { operationId: 'getOptOut', tags, response: { 200: OptOutResponseSchema } } },
    async (request) => ok({ opt_out: await consent().getOptOut(request.auth) }),
  );
  app.post(
    '/web/opt_out',
    { schema: { operationId: 'saveOptOut', tags, body: OptOutRequestSchema, response: { 200: OptOutResponseSchema } } },
    async (request) =>
      ok({
        opt_out: await consent().saveOptOut({
          auth: request.auth,
          ads: request.body.ads,
          analysis: request.body.analysis,
        }),
      }),
  );
  app.get(
    '/web/status',
    { schema: { operationId: 'getWebStatus', tags, response: { 200: WebStatusResponseSchema } } },
    async (request) => ok(await consent().getStatus(request.auth)),
  );
};
