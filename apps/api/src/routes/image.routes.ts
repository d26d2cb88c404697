import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  imageReplayOriginOf,
  replayableImageRequest,
  replayHeadersOf,
  writesRequestLine,
} from '#src/http/hit-replay.http.ts';

export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  // A held page derivative answered whole is remembered with its headers, so that the same signed
  // URL is answered again before the framework (ADR 088); the service keeps page derivatives only.
  app.addHook('onResponse', (request, reply, done) => {
    const etag = reply.getHeader('etag');
    const origin = imageReplayOriginOf(request.raw, reply.getHeader('access-control-allow-origin'));
    if (
      reply.statusCode === 200 &&
      typeof etag === 'string' &&
      origin !== undefined &&
      replayableImageRequest(request.raw)
    ) {
      app.container.services.images.keepReplay((request.params as { '*': string })['*'], origin, {
        etag,
        headers: replayHeadersOf(reply),
        route: request.routeOptions.url ?? '/images/*',
        logged: writesRequestLine(request.log.level),
      });
    }
    done();
  });

  app.get(
    '/images/*',
    {
      // Plain GETs with no API headers (wire §1.1); page URLs carry their own signature.
      config: { signature: false },
      schema: {
        operationId: 'getImage',
        tags: ['image'],
        params: z.object({ '*': z.string().min(1).max(300) }),
        querystring: z.object({ expires: z.string().optional(), sig: z.string().optional() }),
      },
      logLevel: 'warn',
    },
    async (request, reply) => {
      const answer = await app.container.services.images.getImage({
        key: request.params['*'],
        expires: request.query.expires,
        sig: request.query.sig,
        ifNoneMatch: request.headers['if-none-match'],
        range: request.headers.range,
        // A repeated If-Range, joined, names no ETag: the whole image.
        ifRange: [request.headers['if-range'] ?? []].flat().join(', ') || undefined,
      });
      if (answer.kind === 'unsatisfiable') {
        return reply
          .code(416)
          .header('content-range', `bytes */${answer.size}`)
          .header('cache-control', 'no-store')
          .send();
      }
      reply.header('etag', answer.etag).header('cache-control', answer.cacheControl);
      if (answer.kind === 'not-modified') return reply.code(304).send();
      reply.header('accept-ranges', 'bytes');
      if (answer.range) {
        const { start, end, size } = answer.range;
        reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`);
      }
      if (answer.kind === 'stream') {
        return reply.type(answer.contentType).header('content-length', answer.bytes).send(answer.body);
      }
      return reply.type(answer.contentType).send(answer.bytes);
    },
  );
};
