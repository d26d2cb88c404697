// A server under benchmark, in its own process so that the load generator does not share its event
// loop. `hello`: a Fastify hello-world route, the baseline. `api`: our API on the given database, with
// the catalogue cache TTL given (or the configured one).
import Fastify from 'fastify';
import { buildApp } from '#src/app.ts';
import { loadConfig } from '#src/config.ts';
import { createDatabase } from '#src/db/database.ts';
import { migrateToLatest } from '#src/db/migrator.ts';

const kind = process.argv[2];
const databaseUrl = process.argv[3];
/** Catalogue cache TTL in seconds (ADR 009); unset keeps the configured one, 0 turns it off. */
const cacheSeconds = process.argv[4];

async function start() {
  if (kind === 'hello') {
    const app = Fastify({ logger: false });
    app.get('/hello', async () => ({ hello: 'world' }));
    return app;
  }
  const config = {
    ...loadConfig(),
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(cacheSeconds === undefined ? {} : { catalogueCacheTtlMs: Number(cacheSeconds) * 1000 }),
    logLevel: 'silent',
  };
  const database = createDatabase({ url: config.databaseUrl });
  await migrateToLatest(database.db);
  return buildApp({ config, database, logger: false });
}

const app = await start();
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
