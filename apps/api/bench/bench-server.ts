// A server under benchmark, in its own process so that the load generator does not share its event
// loop. `hello`: a Fastify hello-world route, the baseline. `api`: our API on the given database, with
// the catalogue cache TTL given (or the configured one) and the response cache on or off, logging one
// JSON line per request at info as production does (to /dev/null: the cost of the line is measured,
// not the disk). The parent may ask for the process's RSS (`{ rss: true }` → `{ rss: bytes }`).
import { randomBytes, randomUUID } from 'node:crypto';
import { openSync } from 'node:fs';
import { BatchedLines, RequestMetrics } from '@manga/observability';
import Fastify from 'fastify';
import { Registry } from 'prom-client';
import { buildApp, loggerOptions } from '#src/app.ts';
import { loadConfig } from '#src/config.ts';
import { createDatabase } from '#src/db/database.ts';
import { migrateToLatest } from '#src/db/migrator.ts';

const kind = process.argv[2];
const databaseUrl = process.argv[3];
/** Catalogue cache TTL in seconds (ADR 009); unset keeps the configured one, 0 turns it off. */
const cacheSeconds = process.argv[4];
/** Response cache (ADR 020): 'on' (the configured size) or 'off'. */
const responseCache = process.argv[5] ?? 'on';

/** The answer the `bytes` server gives: set by the parent (`{ bytes: { body, headers, duties } }`). */
let stored: { body: Buffer; headers: Record<string, string | string[]>; duties: boolean } = {
  body: Buffer.from('{}'),
  headers: {},
  duties: false,
};

/**
 * With `duties`, the `bytes` server also does per answer, in the plainest way, what every answer of
 * ours must (issue 27's "request logging on", the request id of issue 25, the metrics of ADR 085, and
 * for a page ADR 015's nonce per answer): a request id, one JSON request line (batched to /dev/null,
 * as the bench's servers log), its count and duration, and a fresh nonce in a page's CSP. A page
 * body's own nonces are not rewritten: it stays the very same bytes.
 */
function answerDuties() {
  // The services' own pieces for the line and the counts (ADR 085), so that the floor is not a slower one.
  const metrics = new RequestMetrics<'route' | 'status'>(new Registry(), {
    requests: { name: 'bench_requests_total', help: 'answers' },
    duration: { name: 'bench_request_duration_seconds', help: 'answer time', buckets: [0.001, 0.01, 0.1, 1] },
  });
  const labels = () => ({ route: '/bytes', status: '200' });
  return {
    requestLine: new BatchedLines({ dest: openSync('/dev/null', 'w') }),
    counted: (seconds: number) => metrics.answered('/bytes 200', labels, seconds),
  };
}

function cspWithNonce(csp: string, nonce: string): string {
  return csp.replace(/'nonce-[^']*'/, `'nonce-${nonce}'`);
}

async function start() {
  if (kind === 'hello') {
    const app = Fastify({ logger: false });
    app.get('/hello', async () => ({ hello: 'world' }));
    return app;
  }
  if (kind === 'bytes') {
    // "The same bytes from memory" (issue 27): a bare Fastify answering the very body and
    // content-encoding of the row it stands beside, from memory.
    const app = Fastify({ logger: false });
    const duties = answerDuties();
    app.get('/bytes', (request, reply) => {
      if (!stored.duties) {
        reply.headers(stored.headers).send(stored.body);
        return;
      }
      const startedAt = performance.now();
      const requestId = randomUUID();
      const csp = stored.headers['content-security-policy'];
      reply.headers(stored.headers).header('x-request-id', requestId);
      // A page's CSP carries a nonce of its own per answer (an API answer has none).
      if (typeof csp === 'string')
        reply.header('content-security-policy', cspWithNonce(csp, randomBytes(16).toString('base64')));
      reply.send(stored.body);
      const seconds = (performance.now() - startedAt) / 1000;
      duties.counted(seconds);
      duties.requestLine.write(
        `${JSON.stringify({ time: Date.now(), msg: 'request', reqId: requestId, method: request.method, path: request.url, route: '/bytes', status: 200, ms: Math.round(seconds * 10_000) / 10 })}\n`,
      );
    });
    return app;
  }
  const loaded = loadConfig();
  const config = {
    ...loaded,
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(cacheSeconds === undefined ? {} : { catalogueCacheTtlMs: Number(cacheSeconds) * 1000 }),
    ...(responseCache === 'off' ? { responseCacheMaxBytes: 0 } : {}),
    logLevel: 'info',
  };
  const database = createDatabase({ url: config.databaseUrl });
  await migrateToLatest(database.db);
  // A descriptor, not a path: the file is open at once.
  const destination = new BatchedLines({ dest: openSync('/dev/null', 'w') });
  return buildApp({
    config,
    database,
    logger: { ...(loggerOptions({ level: 'info' }) as object), stream: destination },
  });
}

const app = await start();
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.on(
  'message',
  (message: {
    rss?: boolean;
    sign?: string;
    bytes?: { body: string; headers: Record<string, string | string[]>; duties?: boolean };
  }) => {
    if (message.rss) process.send?.({ rss: process.memoryUsage().rss });
    if (message.bytes) {
      const { body, headers, duties = false } = message.bytes;
      stored = { body: Buffer.from(body, 'base64'), headers, duties };
      process.send?.({ stored: stored.body.length });
    }
    // A signed page-image URL (path and query) for the image scenario.
    if (message.sign && 'container' in app) {
      const url = new URL(app.container.mediaUrls.signedUrl(message.sign, Date.now()));
      process.send?.({ signed: `${url.pathname}${url.search}` });
    }
  },
);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
