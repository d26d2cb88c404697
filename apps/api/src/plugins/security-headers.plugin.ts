// helmet's security headers on every answer (ADR 015), worked out once at start (ADR 020). The
// @fastify/helmet plugin runs helmet anew on every request (parsing the CSP directives each time, in
// two hooks), which cost about a twentieth of a cached catalogue call; helmet itself decides the
// headers here, from the same options, and one hook copies them.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet sets for `options`, by name (lower case). */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as never, response as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

export default fp(
  async function securityHeadersPlugin(app: FastifyInstance, options: HelmetOptions) {
    const headers = helmetHeaders(options);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
