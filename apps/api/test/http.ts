// Real HTTP for tests of what app.inject never reaches (the server's request listener: replays before
// the framework, ADR 077 and ADR 088).
import type { FastifyInstance } from 'fastify';

/** Serves `app` on a loopback port and returns its base URL (`http://127.0.0.1:<port>`). */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** Header names whose values belong to one answer only. */
const PER_ANSWER = new Set(['x-request-id', 'date']);

/** An answer's headers less those of the one answer: what two answers of the same bytes share. */
export function sharedHeadersOf(response: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!PER_ANSWER.has(name)) headers[name] = value;
  });
  return headers;
}
