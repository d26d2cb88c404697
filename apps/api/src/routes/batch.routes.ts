// POST /web/batch (ours, ADR 075): several GET calls of one visitor in one request. Each call goes
// through the whole pipeline, as if sent alone with the batch's own headers (session, trusted hop,
// crawler flag, locale) plus its own signature: the same hooks, checks, limits, caches and log line,
// and exactly the answer it would have had. Nothing a batch holds can do more than the same calls
// sent one by one: only GET, only paths of this API, never a batch in a batch, at most
// WEB_BATCH_MAX_CALLS. A JSON body (the one route that takes JSON), so that another site's page
// cannot send one with the visitor's cookies without a CORS preflight, which only the web origins pass.
import type { IncomingHttpHeaders } from 'node:http';
import {
  type WebBatchAnswer,
  type WebBatchCall,
  WebBatchRequestSchema,
  WebBatchResponseSchema,
} from '@manga/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PERSONAL_CACHE_CONTROL } from '#src/plugins/auth.plugin.ts';
import { ok } from '#src/plugins/envelope.plugin.ts';
import { SIGNATURE_HEADERS } from '#src/plugins/signature.plugin.ts';

/** Headers of the batch that describe its body, or are each call's own: not passed on. */
const NOT_PASSED_ON = new Set([
  'content-type',
  'content-length',
  'transfer-encoding',
  'connection',
  'expect',
  'accept-encoding',
  ...Object.values(SIGNATURE_HEADERS).flat(),
]);

function headersOfCall(batch: IncomingHttpHeaders, call: WebBatchCall): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(batch)) {
    if (value !== undefined && !NOT_PASSED_ON.has(name)) headers[name] = value;
  }
  // Each answer goes into the batch's body as text: never compressed on its own.
  headers['accept-encoding'] = 'identity';
  if (call.hash !== undefined) headers[SIGNATURE_HEADERS.web[0]] = call.hash;
  return headers;
}

async function answerOf(app: FastifyInstance, request: FastifyRequest, call: WebBatchCall): Promise<WebBatchAnswer> {
  const answer = await app.inject({
    method: 'GET',
    url: call.path,
    headers: headersOfCall(request.headers, call),
    // The batch's peer, so that the call is placed (and limited) as the batch is.
    remoteAddress: request.raw.socket?.remoteAddress ?? '',
  });
  const retryAfter = answer.headers['retry-after'];
  return {
    status: answer.statusCode,
    body: answer.payload,
    ...(typeof retryAfter === 'string' && /^\d{1,9}$/.test(retryAfter) ? { retry_after: Number(retryAfter) } : {}),
  };
}

export const batchRoutes: FastifyPluginAsyncZod = async (app) => {
  // JSON for this route alone (this plugin's context): every call of the wire stays form-only (wire §1.6).
  app.addContentTypeParser('application/json', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  app.post(
    '/web/batch',
    {
      // Each call is checked against its own signature; the batch carries none of its own.
      config: { signature: false },
      schema: {
        operationId: 'sendWebBatch',
        tags: ['web'],
        body: WebBatchRequestSchema,
        response: { 200: WebBatchResponseSchema },
      },
      preValidation: async (request) => {
        if (!request.headers['content-type']?.startsWith('application/json')) {
          throw Object.assign(new Error('a batch is sent as application/json'), { statusCode: 415 });
        }
      },
    },
    async (request, reply) => {
      const answers = await Promise.all(request.body.calls.map((call) => answerOf(app, request, call)));
      // The answers are the caller's own (the auth plugin leaves routes without a signature alone).
      reply.header('cache-control', PERSONAL_CACHE_CONTROL);
      return ok({ answers });
    },
  );
};
