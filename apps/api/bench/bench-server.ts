// A server under benchmark, in its own process so that the load generator does not share its event
// loop. `hello`: a Fastify hello-world route, the baseline. `api`: our API on the given database, with
// the catalogue cache TTL given (or the configured one) and the response cache on or off, logging one
// JSON line per request at info as production does (to /dev/null: the cost of the line is measured,
// not the disk). The parent may ask for the process's RSS (`{ rss: true }` → `{ rss: bytes }`).
import { openSync } from 'node:fs';
import { BatchedLines } from '@manga/observability';
import Fastify from 'fastify';
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

/** The answer the `bytes` server gives: set by the parent (`{ bytes: { body, headers } }`). */
let stored: { body: Buffer; headers: Record<string, string | string[]> } = { body: Buffer.from('{}'), headers: {} };

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
    app.get('/bytes', (_request, reply) => {
      reply.headers(stored.headers).send(stored.body);
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
  (message: { rss?: boolean; sign?: string; bytes?: { body: string; headers: Record<string, string | string[]> } }) => {
    if (message.rss) process.send?.({ rss: process.memoryUsage().rss });
    if (message.bytes) {
      stored = { body: Buffer.from(message.bytes.body, 'base64'), headers: message.bytes.headers };
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
