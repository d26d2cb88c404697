#!/usr/bin/env node
// `npm run start:cluster -w @manga/api`: several API processes behind one port (node:cluster; ADR 020),
// from the compiled build (`npm run build -w @manga/api` first). MANGA_API_WORKERS processes (default:
// one per CPU) share MANGA_API_PORT. The first worker migrates, seeds an empty database and runs the
// scheduled jobs; the others start once it listens, with jobs and seeding off. What several
// processes must share is not in them: the database (PostgreSQL, or one SQLite file on one host),
// Redis for rate limits and login/mail throttles (MANGA_REDIS_URL), the data directory's secrets
// (or the same MANGA_* secrets). Caches stay per process: they are emptied by the catalogue
// revision in the database, so every process drops its copies on the same change.
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log('Usage: MANGA_API_WORKERS=<n, default one per CPU> npm run start:cluster -w @manga/api');
  process.exit(0);
}

const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
if (!existsSync(main)) {
  console.error(`No API build at ${main}; run \`npm run build -w @manga/api\` first.`);
  process.exit(1);
}
const workers = Number(process.env.MANGA_API_WORKERS ?? availableParallelism());
if (!Number.isInteger(workers) || workers < 1 || workers > 256) {
  console.error(`MANGA_API_WORKERS must be a whole number from 1 to 256, got "${process.env.MANGA_API_WORKERS}"`);
  process.exit(1);
}

cluster.setupPrimary({ exec: main, execArgv: ['--enable-source-maps'] });
let stopping = false;
const first = cluster.fork();
first.once('listening', () => {
  for (let n = 1; n < workers; n++) cluster.fork({ MANGA_JOBS_ENABLED: 'false', MANGA_SEED_ON_START: 'false' });
  console.log(`[cluster] ${workers} API processes share the port`);
});
cluster.on('exit', (worker, code) => {
  if (stopping) return;
  console.error(`[cluster] worker ${worker.process.pid} exited with ${code}; stopping`);
  stop(code ?? 1);
});

function stop(code) {
  stopping = true;
  for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
  setTimeout(() => process.exit(code), 5_000).unref();
  Promise.all(
    Object.values(cluster.workers ?? {}).map((worker) => new Promise((done) => worker?.once('exit', done))),
  ).then(() => process.exit(code));
}
process.once('SIGINT', () => stop(0));
process.once('SIGTERM', () => stop(0));
