#!/usr/bin/env node
// `npm run start:cluster -w @manga/api`: several API processes behind one port (node:cluster; ADR 020),
// from the compiled build (`npm run build -w @manga/api` first). MANGA_API_WORKERS processes (default:
// one per CPU) share MANGA_API_PORT. The first worker migrates, seeds an empty database and runs the
// scheduled jobs; the others start once it listens, with jobs and seeding off. What several
// processes must share is not in them: the database (PostgreSQL, or one SQLite file on one host),
// Redis for rate limits and login/mail throttles (MANGA_REDIS_URL), the data directory's secrets
// (or the same MANGA_* secrets). Caches stay per process: they are emptied by the catalogue
// revision in the database, so every process drops its copies on the same change.
//
// Supervision (ADR 022): a worker that exits, however (crash, kill -9, its own SIGTERM), is replaced
// in its slot; the replacement of the first slot takes over the scheduled jobs, the others never run
// them. A slot whose workers keep dying within STABLE_AFTER_MS of their start is restarted after a
// doubling delay (1 s, 2 s, 4 s … 30 s); after MANGA_API_WORKER_RESTARTS such exits in a row the
// primary stops every worker and exits 1, so that the supervisor above it (systemd, Kubernetes) sees
// the failure. Only the primary's own SIGTERM or SIGINT stops the cluster with exit code 0.
//
// Metrics (issue 25): with MANGA_METRICS_PORT set, the primary serves GET /metrics there
// (MANGA_METRICS_HOST, default 127.0.0.1): every worker's metrics, asked over the cluster's IPC and
// summed (prom-client's AggregatorRegistry). The workers get no metrics port of their own.
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AggregatorRegistry } from 'prom-client';

const USAGE = `Usage: MANGA_API_WORKERS=<n, default one per CPU> npm run start:cluster -w @manga/api [-- --main <file>]
  --main <file>  the worker script (default: the build, apps/api/dist/main.js)
  MANGA_API_WORKER_RESTARTS  quick exits in a row of one worker slot before the cluster gives up and exits 1 (default 5)
  MANGA_METRICS_PORT  the primary serves GET /metrics there, every worker's metrics summed (MANGA_METRICS_HOST, default 127.0.0.1)`;

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}

const mainAt = process.argv.indexOf('--main');
const main =
  mainAt > 0 && process.argv[mainAt + 1]
    ? resolve(process.argv[mainAt + 1])
    : fileURLToPath(new URL('../dist/main.js', import.meta.url));
if (!existsSync(main)) {
  console.error(`No API build at ${main}; run \`npm run build -w @manga/api\` first.`);
  process.exit(1);
}
const workers = wholeNumber('MANGA_API_WORKERS', availableParallelism(), 1, 256);
const maxQuickExits = wholeNumber('MANGA_API_WORKER_RESTARTS', 5, 0, 1000);
const metricsPort = process.env.MANGA_METRICS_PORT ? wholeNumber('MANGA_METRICS_PORT', 0, 0, 65535) : undefined;
const metricsHost = process.env.MANGA_METRICS_HOST || '127.0.0.1';
// Workers inherit this environment: without the port they bind none and answer the primary instead.
delete process.env.MANGA_METRICS_PORT;

/** A worker that ran this long was healthy: its slot's back-off starts again from the first delay. */
const STABLE_AFTER_MS = 30_000;
const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;
/** How long the workers get to finish their requests when the cluster stops. */
const STOP_GRACE_MS = 10_000;

function wholeNumber(name, fallback, min, max) {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
    process.exit(1);
  }
  return value;
}

// The primary's own flags (a TypeScript loader, say) carry over to the workers.
cluster.setupPrimary({ exec: main, execArgv: [...process.execArgv, '--enable-source-maps'] });

/** Slot 0 runs the jobs (and seeds an empty database); the others never do. */
const slots = Array.from({ length: workers }, (_, index) => ({
  index,
  env: index === 0 ? {} : { MANGA_JOBS_ENABLED: 'false', MANGA_SEED_ON_START: 'false' },
  worker: undefined,
  startedAt: 0,
  quickExits: 0,
  timer: undefined,
}));
let stopping = false;
let othersForked = false;

function fork(slot) {
  slot.timer = undefined;
  slot.startedAt = Date.now();
  const worker = cluster.fork(slot.env);
  slot.worker = worker;
  const role = slot.index === 0 ? 'jobs' : 'no jobs';
  console.log(`[cluster] worker ${worker.process.pid} started (slot ${slot.index}, ${role})`);
  worker.once('listening', () => {
    console.log(`[cluster] worker ${worker.process.pid} listening (slot ${slot.index})`);
    if (slot.index === 0 && !othersForked) {
      othersForked = true;
      for (const other of slots.slice(1)) fork(other);
      console.log(`[cluster] ${workers} API processes share the port`);
    }
  });
  worker.once('exit', (code, signal) => onExit(slot, worker, code, signal));
}

function onExit(slot, worker, code, signal) {
  if (slot.worker === worker) slot.worker = undefined;
  if (stopping) return;
  const ranMs = Date.now() - slot.startedAt;
  const how = signal ? `signal ${signal}` : `code ${code}`;
  slot.quickExits = ranMs < STABLE_AFTER_MS ? slot.quickExits + 1 : 0;
  if (slot.quickExits > maxQuickExits) {
    console.error(
      `[cluster] worker ${worker.process.pid} exited with ${how}; slot ${slot.index} failed ${slot.quickExits} times ` +
        `in a row within ${STABLE_AFTER_MS / 1000} s of starting: giving up`,
    );
    stop(1);
    return;
  }
  const delay = slot.quickExits === 0 ? 0 : Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (slot.quickExits - 1));
  console.error(
    `[cluster] worker ${worker.process.pid} exited with ${how} after ${(ranMs / 1000).toFixed(1)} s; ` +
      `replacing it in ${delay / 1000} s`,
  );
  slot.timer = setTimeout(() => fork(slot), delay);
}

function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const slot of slots) clearTimeout(slot.timer);
  const running = slots.map((slot) => slot.worker).filter((worker) => worker !== undefined);
  for (const worker of running) worker.kill('SIGTERM');
  setTimeout(() => {
    for (const worker of running) if (!worker.isDead()) worker.process.kill('SIGKILL');
    process.exit(code);
  }, STOP_GRACE_MS).unref();
  Promise.all(
    running.map((worker) => (worker.isDead() ? undefined : new Promise((done) => worker.once('exit', done)))),
  ).then(() => process.exit(code));
}

/** GET /metrics: the workers' metrics summed; a worker that does not answer within 5 s fails the scrape. */
function serveMetrics(port, host) {
  const registry = new AggregatorRegistry();
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('GET /metrics\n');
      return;
    }
    registry.clusterMetrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error) => {
        console.error(`[cluster] metrics could not be collected: ${error.message}`);
        res.writeHead(500).end();
      },
    );
  });
  server.once('error', (error) => {
    console.error(`[cluster] metrics port ${port}: ${error.message}`);
    stop(1);
  });
  server.listen(port, host, () => {
    console.log(`[cluster] metrics of all workers at http://${host}:${server.address().port}/metrics`);
  });
  server.unref();
}

if (metricsPort !== undefined) serveMetrics(metricsPort, metricsHost);
process.once('SIGINT', () => stop(0));
process.once('SIGTERM', () => stop(0));
fork(slots[0]);
