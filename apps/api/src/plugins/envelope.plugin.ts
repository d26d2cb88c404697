// One error pipeline (architecture habit 9, architecture §4): every answer carries status / response_code /
// error_message beside the payload; errors add server_time. Unknown failures never leak details.
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { formatWireDateTime, ResponseCode, responseCodeMessage } from '@manga/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDomainError } from '#src/rules/domain.error.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The rate limit of unknown paths (same counter), for routes that must answer as if they did not
     * exist: the moderation API to non-operators (ADR 013).
     */
    limitUnknownPath: (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  }
}

export interface SuccessEnvelope {
  status: 'success';
  response_code: 0;
  error_message: '';
}

/** Wraps a payload in the success envelope; payload keys sit beside it (no `data` wrapper). */
export function ok<T extends object>(payload: T): SuccessEnvelope & T {
  return { status: 'success', response_code: 0, error_message: '', ...payload };
}

/** HTTP status for a response code: wire §5.1 says business errors are 400. */
export function httpStatusFor(code: number): number {
  switch (code) {
    case ResponseCode.ServerError:
      return 500;
    case ResponseCode.ServerMaintenance:
      return 503;
    case ResponseCode.ApiNotFound:
      return 404;
    default:
      return 400;
  }
}

export interface ErrorEnvelopeOptions {
  timeZone: string;
  now: () => number;
}

export interface EnvelopePluginOptions extends ErrorEnvelopeOptions {
  /** Unknown paths are rate-limited per client (architecture habit 9), by `request.source` (ADR 015). */
  notFoundPerMinute: number;
}

export function errorEnvelope(code: number, message: string, options: ErrorEnvelopeOptions) {
  return {
    status: 'error' as const,
    response_code: code,
    error_message: message,
    server_time: formatWireDateTime(new Date(options.now()), options.timeZone),
  };
}

/** The message of an unknown path; also of paths that must look unknown to the caller (ADR 013). */
function notFoundMessage(request: FastifyRequest): string {
  return `no such API path: ${request.method} ${request.url.split('?')[0]}`;
}

/**
 * A request Node's HTTP parser refused before Fastify saw it: the envelope on the raw socket, then
 * the connection closes. 431 for a URL or headers over Node's 16 KB limit, 408 for a timeout, 400
 * for anything else malformed.
 */
export function answerClientError(
  error: Error & { code?: string },
  socket: Duplex,
  options: ErrorEnvelopeOptions,
): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message =
    status === 431
      ? 'request line or headers too large: the URL and headers must fit in 16 KB'
      : status === 408
        ? 'request timeout'
        : 'malformed request';
  const body = JSON.stringify(errorEnvelope(ResponseCode.InvalidParameter, message, options));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function validationMessage(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const where = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || first?.params?.missingProperty;
    const params = first?.params as { issue?: { message?: string; path?: PropertyKey[] } } | undefined;
    const path = where || params?.issue?.path?.join('.') || '';
    const detail = params?.issue?.message ?? first?.message ?? 'invalid value';
    return path ? `invalid parameter ${path}: ${detail}` : `invalid parameter: ${detail}`;
  }
  return error.message;
}

export default fp(
  async function envelopePlugin(app: FastifyInstance, options: EnvelopePluginOptions) {
    const send = (reply: FastifyReply, status: number, code: number, message: string) =>
      reply
        .code(status)
        .type('application/json')
        .send(errorEnvelope(code, message, options));

    app.setErrorHandler((thrown: Error, request: FastifyRequest, reply: FastifyReply) => {
      if (isDomainError(thrown)) {
        const error = thrown;
        request.log.info({ responseCode: error.code }, `Business error ${error.code}: ${error.message}`);
        if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
        // A path hidden from this caller (the moderation API) answers exactly as an unknown one.
        const message = error.code === ResponseCode.ApiNotFound ? notFoundMessage(request) : error.message;
        return send(reply, error.httpStatus ?? httpStatusFor(error.code), error.code, message);
      }
      const error = thrown as FastifyError;
      if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
        return send(reply, 400, ResponseCode.InvalidParameter, validationMessage(error));
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause.issues }, 'Response does not match its schema');
        return send(reply, 500, ResponseCode.ServerError, responseCodeMessage(ResponseCode.ServerError));
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        return send(reply, 429, ResponseCode.InvalidParameter, 'too many requests');
      }
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (bad media type, body too large, malformed body) carry safe messages.
        return send(reply, status, ResponseCode.InvalidParameter, error.message);
      }
      request.log.error({ err: error }, 'Unhandled error');
      return send(reply, 500, ResponseCode.ServerError, responseCodeMessage(ResponseCode.ServerError));
    });

    const limitUnknownPath = app.rateLimit({
      max: options.notFoundPerMinute,
      timeWindow: '1 minute',
      // Per client: the web server's visitor over the trusted hop, not the web server (ADR 015).
      keyGenerator: (request) => request.source?.address ?? request.ip,
    });
    app.decorate('limitUnknownPath', limitUnknownPath);
    app.setNotFoundHandler({ preHandler: limitUnknownPath }, (request: FastifyRequest, reply: FastifyReply) =>
      send(reply, 404, ResponseCode.ApiNotFound, notFoundMessage(request)),
    );

    // Strict clients (wire §1.7, BEER) only read error bodies whose type is exactly application/json.
    app.addHook('onSend', async (_request, reply, payload) => {
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('application/json;'))
        reply.header('content-type', 'application/json');
      return payload;
    });
  },
  { name: 'envelope', dependencies: ['@fastify/rate-limit'] },
);
