// GET /catalogue/revision (ADR 020): for shared caches in front of the API (the web server's page
// cache): the catalogue's revision and how long answers built now stay true. A machine route: no
// signature, no caller. GET /catalogue/revision/stream (ADR 078): the same, pushed to our web servers.
import { CATALOGUE_REVISION_STREAM_PATH, CatalogueRevisionResponseSchema, ResponseCode } from '@manga/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '#src/plugins/envelope.plugin.ts';
import { DomainError } from '#src/rules/domain.error.ts';

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  // Open streams would hold the server's close until they end.
  app.addHook('preClose', async () => app.container.services.catalogueRevisionStreams.endAll());

  app.get(
    '/catalogue/revision',
    {
      config: { signature: false },
      schema: {
        operationId: 'getCatalogueRevision',
        tags: ['catalogue'],
        response: { 200: CatalogueRevisionResponseSchema },
      },
    },
    async () => {
      const { revision, validForMs } = await app.container.services.responseCache.describe();
      return ok({ revision, valid_for_seconds: Math.floor(validForMs / 1000) });
    },
  );

  // One JSON object per line (CatalogueRevisionEventSchema) for as long as the connection lasts. Only
  // for our web servers (this machine, or the proxy secret): to anyone else the path does not exist.
  app.get(
    CATALOGUE_REVISION_STREAM_PATH,
    { config: { signature: false, maintenance: false }, schema: { hide: true } },
    (request, reply) => {
      if (!request.source.local && !request.source.viaWebServer) return reply.callNotFound();
      const raw = reply.raw;
      const close = app.container.services.catalogueRevisionStreams.subscribe(
        (event) => {
          raw.write(`${JSON.stringify(event)}\n`);
          // Node corks the socket at a write until the next tick, while the write that made a `stale`
          // line is answered within this one: each line goes out now, before that answer.
          raw.socket?.uncork();
        },
        () => raw.end(),
      );
      if (!close) throw new DomainError(ResponseCode.ServerError, 'Too many revision streams are open.', 503);
      reply.hijack();
      raw.writeHead(200, {
        'content-type': 'application/x-ndjson; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        // A balancer in front (docs/deploy/nginx) passes each line on at once instead of buffering them.
        'x-accel-buffering': 'no',
      });
      raw.flushHeaders();
      raw.on('close', close);
    },
  );
};
