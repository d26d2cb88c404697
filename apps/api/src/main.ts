// config → logger → database (migrate, seed on first start) → buildApp → jobs → listen; graceful close.

import { BatchedLines } from '@manga/observability';
import pino from 'pino';
import { buildApp, loggerOptions } from '#src/app.ts';
import { loadConfig } from '#src/config.ts';
import { createDatabase } from '#src/db/database.ts';
import { migrateToLatest } from '#src/db/migrator.ts';
import { seedDemoCatalogueIfEmpty } from '#src/demo/demo-seeder.ts';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(
    'Usage: node apps/api/dist/main.js (npm start), or npm run dev -w @manga/api from the sources; settings: .env.example',
  );
  process.exit(0);
}

async function main() {
  const config = loadConfig();
  const pretty = config.logFormat === 'pretty' || (config.logFormat === 'auto' && process.stdout.isTTY === true);
  const log = pino(loggerOptions({ level: config.logLevel, pretty }) as pino.LoggerOptions);
  const database = await createDatabase({
    url: config.databaseUrl,
    // The request that used it fails (1099); the pool opens a new connection when needed (ADR 022).
    onConnectionError: (error) => log.warn({ err: error }, 'PostgreSQL connection lost'),
  });
  const applied = await migrateToLatest(database.db);
  if (applied.length > 0) log.info({ applied }, `Applied ${applied.length} migration(s)`);
  if (config.seedOnStart) await seedDemoCatalogueIfEmpty({ config, database, log: (line: string) => log.info(line) });

  // Lines reach standard output in batches (ADR 077, ADR 085), handed over at every exit.
  const destination = pretty ? undefined : new BatchedLines();
  const app = await buildApp({
    config,
    database,
    logger: {
      ...(loggerOptions({ level: config.logLevel, pretty }) as object),
      ...(destination ? { stream: destination } : {}),
    },
  });
  // RebuildRankings and ExpirePoints; closing the app stops them.
  if (config.jobsEnabled) {
    app.container.services.jobs.start(app.log);
    app.log.info('Scheduled jobs started');
  }
  const shutdown = async (signal: string) => {
    app.log.info(`Received ${signal}, closing`);
    await app.close();
    await database.close();
    destination?.flushSync();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ host: config.host, port: config.port });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
