// Issue 25: metrics of the API cluster (scripts/cluster.mjs on the build, dist/main.js). The workers
// share MANGA_API_PORT but cannot each bind MANGA_METRICS_PORT: the primary serves GET /metrics there,
// every worker's metrics summed (prom-client's AggregatorRegistry), and the workers serve none. Here
// two real workers answer requests on new connections (the primary deals them out in turn); each
// worker's own request lines show both answered, and the one scrape counts every request.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from '#src/config.ts';
import { apiProcessEnv, spawnLogged } from '#test/fault-api.ts';
import { freePort, waitFor } from '#test/fault-servers.ts';

const CLUSTER = fileURLToPath(new URL('../../scripts/cluster.mjs', import.meta.url));
const REQUESTS = 20;

let cluster: ReturnType<typeof spawnLogged>;
let dataDir: string;
let apiPort: number;
let metricsPort: number;

/** GET on a connection of its own (no keep-alive): the cluster hands each connection to the next worker. */
function getOnNewConnection(port: number, path: string, method = 'GET'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The worker pids that logged a request line for `url`. */
function answeringPids(output: string, url: string): Set<number> {
  const pids = output
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes('"msg":"request"'))
    .map((line) => JSON.parse(line) as { pid: number; url: string })
    .filter((line) => line.url === url)
    .map((line) => line.pid);
  return new Set(pids);
}

function listeners(output: string): number {
  return output.split('\n').filter((line) => line.startsWith('{') && line.includes('"msg":"Server listening')).length;
}

/** The value of one sample, 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)\{(.*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/([a-z_]+)="([^"]*)"/g)].map((p) => [p[1], p[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return 0;
}

beforeAll(async () => {
  const built = spawnSync('npm', ['run', 'build', '-w', '@manga/api'], {
    cwd: repositoryRoot,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  expect(built.status, built.stderr).toBe(0);
  dataDir = mkdtempSync(join(tmpdir(), 'manga-cluster-metrics-'));
  apiPort = await freePort();
  metricsPort = await freePort();
  cluster = spawnLogged(
    [CLUSTER],
    apiProcessEnv(dataDir, {
      MANGA_API_WORKERS: '2',
      MANGA_API_PORT: String(apiPort),
      MANGA_METRICS_PORT: String(metricsPort),
    }),
  );
  const gone = () => (cluster.alive() ? undefined : `the cluster exited:\n${cluster.output()}`);
  await waitFor('two workers listening', () => listeners(cluster.output()) === 2, 120_000, gone);
  await waitFor('the metrics port', () => cluster.output().includes('[cluster] metrics of all workers'), 30_000, gone);
}, 180_000);

afterAll(async () => {
  if (cluster?.alive()) cluster.child.kill('SIGTERM');
  await cluster?.exited;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('metrics of the API cluster', () => {
  it('the primary serves the requests of both workers summed on the one metrics port', async () => {
    const url = '/title/list?title_id_list=1';
    const statuses = new Set<number>();
    for (let i = 0; i < REQUESTS; i++) statuses.add((await getOnNewConnection(apiPort, url)).status);
    expect([...statuses]).toEqual([200]);
    await waitFor('both request lines', () => answeringPids(cluster.output(), url).size === 2, 10_000);

    const scraped = await getOnNewConnection(metricsPort, '/metrics');
    expect(scraped.status).toBe(200);
    const route = { route: '/title/list', method: 'GET', status: '200' };
    expect(sample(scraped.body, 'manga_http_requests_total', route)).toBe(REQUESTS);
    expect(sample(scraped.body, 'manga_http_request_duration_seconds_count', route)).toBe(REQUESTS);
    // One value per metric, not one per worker: the primary summed them.
    expect(
      scraped.body.match(/^manga_http_requests_total\{route="\/title\/list",method="GET",status="200"\}/gm),
    ).toHaveLength(1);
    expect(scraped.body).toContain('manga_api_process_resident_memory_bytes');
    expect(scraped.body).toContain('manga_db_query_duration_seconds_count');
  });

  it('answers only GET /metrics there, and no worker tried to bind the metrics port', async () => {
    expect((await getOnNewConnection(metricsPort, '/other')).status).toBe(404);
    expect((await getOnNewConnection(metricsPort, '/metrics?x=1')).status).toBe(404);
    expect((await getOnNewConnection(metricsPort, '/metrics', 'POST')).status).toBe(404);
    expect(cluster.output()).not.toContain('EADDRINUSE');
    // The public port has no /metrics.
    expect((await getOnNewConnection(apiPort, '/metrics')).status).toBe(404);
  });
});

describe('a cluster whose metrics port is wrong', () => {
  it('refuses a port that is not a number, and stops with exit code 1 when the port is taken', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'manga-cluster-metrics-bad-'));
    try {
      const bad = spawnLogged(
        [CLUSTER],
        apiProcessEnv(dir, { MANGA_API_WORKERS: '1', MANGA_METRICS_PORT: '9464; rm' }),
      );
      expect(await bad.exited).toBe(1);
      expect(bad.output()).toContain('MANGA_METRICS_PORT must be a whole number');

      const taken = createServer();
      await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
      try {
        const port = (taken.address() as AddressInfo).port;
        const busy = spawnLogged(
          [CLUSTER],
          apiProcessEnv(dir, {
            MANGA_API_WORKERS: '1',
            MANGA_API_PORT: String(await freePort()),
            MANGA_METRICS_PORT: String(port),
          }),
        );
        expect(await busy.exited).toBe(1);
        expect(busy.output()).toMatch(new RegExp(`metrics port ${port}: .*EADDRINUSE`));
      } finally {
        await new Promise((resolve) => taken.close(resolve));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
