// Prometheus metrics of this API process (prom-client, issue 25), served by a server of their own on
// MANGA_METRICS_PORT (loopback by default), never on the public port. Labels hold route patterns
// (`/title/:title_id`), methods, statuses and outcomes only: never a raw URL, an id or anything that
// names a reader (ADR 015). Counted here, at the edge: requests, the response cache (its
// `x-manga-cache` header), webhook outcomes (the route tells `app.metrics`); read when scraped: the
// database pool, the hot-image cache, the catalogue revision reads; told by the services: job runs,
// purchases, checkouts and mails (OutcomeEvents); told by the database handle: each statement's time.
import cluster from 'node:cluster';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RequestMetrics } from '@manga/observability';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AggregatorRegistry, Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '#src/db/database.ts';
import { CACHE_STATUS_HEADER } from '#src/plugins/response-cache.plugin.ts';
import type { CatalogueRevisionFeed } from '#src/services/catalogue-revision-feed.service.ts';
import type { HotImageCache } from '#src/services/hot-image-cache.service.ts';
import type { JobScheduler } from '#src/services/job-scheduler.service.ts';
import type { OutcomeEvents } from '#src/services/outcome-events.service.ts';
import type { WebhookResult } from '#src/services/payment-webhook.service.ts';

export interface ApiMetrics {
  readonly registry: Registry;
  /** A payment provider's webhook call came to `outcome`. */
  webhook(outcome: WebhookResult): void;
  /** Where the metrics server listens once the app is ready; undefined when off. */
  address(): AddressInfo | undefined;
  /** An answer was sent (the onResponse hook, and hits replayed before the framework, ADR 077). */
  answered(labels: { route: string; method: string; status: number }, seconds: number, cache: unknown): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ApiMetrics;
  }
}

export interface MetricsPluginOptions {
  /** Undefined: metrics are still counted (tests read the registry) but no server listens. */
  port: number | undefined;
  host: string;
  database: DatabaseHandle;
  jobs: JobScheduler;
  hotImages: HotImageCache;
  catalogueRevision: CatalogueRevisionFeed;
  events: OutcomeEvents;
}

/** Label of requests that matched no route: unknown paths are not labels of their own. */
const UNMATCHED = 'unmatched';

/** Seconds; from a cached answer (~1 ms) to the longest timeouts (the object store's 5 s and more). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A counter whose value is read from a running count when scraped. */
function countFrom(registry: Registry, name: string, help: string, read: () => number) {
  return new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

export function createApiMetrics(options: Omit<MetricsPluginOptions, 'port' | 'host'>) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'manga_api_' });
  const requests = new RequestMetrics<'route' | 'method' | 'status'>(registry, {
    requests: { name: 'manga_http_requests_total', help: 'Requests answered, by route pattern, method and status' },
    duration: {
      name: 'manga_http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern, method and status',
      buckets: LATENCY_BUCKETS,
    },
  });
  // Counted in plain numbers per answer, handed to prom-client when scraped (ADR 085).
  const cacheLookups = { hit: 0, miss: 0 };
  new Counter({
    name: 'manga_response_cache_lookups_total',
    help: 'Cacheable catalogue answers, by whether the response cache had them (hit) or built them (miss)',
    labelNames: ['outcome'] as const,
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ outcome: 'hit' }, cacheLookups.hit);
      this.inc({ outcome: 'miss' }, cacheLookups.miss);
    },
  });
  const webhooks = new Counter({
    name: 'manga_payment_webhooks_total',
    help: 'Payment provider webhook calls, by outcome (refused: the signature did not verify)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'manga_job_runs_total',
    help: 'Scheduled job runs tried by this process, by job and outcome (taken: another process held the slot)',
    labelNames: ['job_name', 'outcome'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'manga_job_run_duration_seconds',
    help: 'Time of scheduled job runs, by job',
    labelNames: ['job_name'] as const,
    buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  });
  options.jobs.onRun((job, outcome, ms) => {
    jobRuns.inc({ job_name: job, outcome });
    if (outcome !== 'taken') jobDuration.observe({ job_name: job }, ms / 1000);
  });
  const outcomes = {
    purchase: new Counter({
      name: 'manga_purchases_total',
      help: 'Purchases and ticket rentals, by kind and outcome (done, the class of a refusal, or failed)',
      labelNames: ['kind', 'outcome'] as const,
      registers: [registry],
    }),
    checkout: new Counter({
      name: 'manga_checkouts_total',
      help: 'Payment checkouts started, by kind (point_pack, subscription) and outcome',
      labelNames: ['kind', 'outcome'] as const,
      registers: [registry],
    }),
    mail: new Counter({
      name: 'manga_mail_total',
      help: 'Mails, by template and outcome (sent; refused by the mail limits; failed: not taken by the server)',
      labelNames: ['kind', 'outcome'] as const,
      registers: [registry],
    }),
  };
  options.events.on(({ event, kind, outcome }) => outcomes[event].inc({ kind, outcome }));
  const queryDuration = new Histogram({
    name: 'manga_db_query_duration_seconds',
    help: 'Time of database statements, by kind (select, insert, update, delete, other) and outcome',
    labelNames: ['statement', 'outcome'] as const,
    buckets: [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
    registers: [registry],
  });
  // Held until the app closes: the database may outlive it (tests share one handle).
  const stopQueries = options.database.onQuery?.((statement, ms, failed) =>
    queryDuration.observe({ statement, outcome: failed ? 'error' : 'ok' }, ms / 1000),
  );
  const { poolStats } = options.database;
  if (poolStats) {
    new Gauge({
      name: 'manga_db_pool_connections',
      help: 'PostgreSQL pool connections of this process: total, idle, and the pool size (max)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'max' }, stats.max);
      },
    });
    new Gauge({
      name: 'manga_db_pool_waiting',
      help: 'Queries waiting for a PostgreSQL pool connection',
      registers: [registry],
      collect() {
        this.set(poolStats().waiting);
      },
    });
  }
  const { hotImages, catalogueRevision } = options;
  countFrom(registry, 'manga_image_cache_hits_total', 'Page derivatives answered from memory', () => hotImages.hits);
  countFrom(registry, 'manga_image_cache_misses_total', 'Page derivatives read from the store', () => hotImages.misses);
  countFrom(
    registry,
    'manga_catalogue_revision_reads_total',
    'Database reads of the catalogue revision (one per change while push works; ADR 040)',
    () => catalogueRevision.reads,
  );
  return { registry, requests, cacheLookups, webhooks, stopQueries };
}

export default fp(
  async function metricsPlugin(app: FastifyInstance, options: MetricsPluginOptions) {
    const { registry, requests, cacheLookups, webhooks, stopQueries } = createApiMetrics(options);
    if (cluster.isWorker) {
      // A worker of scripts/cluster.mjs: the primary serves every worker's metrics summed, asking each
      // over IPC. Constructing an AggregatorRegistry is what makes prom-client answer in a worker.
      new AggregatorRegistry();
      AggregatorRegistry.setRegistries([registry]);
    }
    app.addHook('onClose', async () => stopQueries?.());
    let server: Server | undefined;
    const answered: ApiMetrics['answered'] = ({ route, method, status }, seconds, cache) => {
      requests.answered(`${route} ${method} ${status}`, () => ({ route, method, status: String(status) }), seconds);
      if (cache === 'hit' || cache === 'miss') cacheLookups[cache] += 1;
    };
    app.decorate('metrics', {
      registry,
      webhook: (outcome: WebhookResult) => webhooks.inc({ outcome }),
      address: () => (server?.address() as AddressInfo | null) ?? undefined,
      answered,
    });

    app.addHook('onResponse', (request, reply, done) => {
      answered(
        { route: request.routeOptions.url ?? UNMATCHED, method: request.method, status: reply.statusCode },
        reply.elapsedTime / 1000,
        reply.getHeader(CACHE_STATUS_HEADER),
      );
      done();
    });

    if (options.port === undefined) return;
    const { port, host } = options;
    server = createServer((req, res) => {
      if (req.method !== 'GET' || req.url !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('GET /metrics\n');
        return;
      }
      registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
        (error: unknown) => {
          app.log.error({ err: error }, 'Metrics could not be collected');
          res.writeHead(500).end();
        },
      );
    });
    const listening = server;
    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, host, () => resolve());
      });
    });
    app.addHook('onClose', async () => {
      const closed = new Promise<void>((resolve) => listening.close(() => resolve()));
      listening.closeAllConnections();
      await closed;
    });
  },
  { name: 'metrics' },
);
