// Issue 21 item 2: the cluster (scripts/cluster.mjs) replaces a dead worker. Before, any worker's exit
// stopped every worker, and the primary exited 0 after a graceful one. Here the real cluster runs two
// real API workers (src/main.ts under tsx, through `--main`) on a SQLite file: a worker killed with
// kill -9 is replaced while the port keeps answering; the jobs worker's replacement takes over the
// scheduled jobs and no other worker runs them; the primary's SIGTERM stops all with exit code 0; and
// workers that keep dying at start make the primary give up after its restarts, with exit code 1.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { apiProcessEnv, spawnLogged } from '#test/fault-api.ts';
import { freePort, waitFor } from '#test/fault-servers.ts';

const CLUSTER = fileURLToPath(new URL('../../scripts/cluster.mjs', import.meta.url));
const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

interface Cluster extends ReturnType<typeof spawnLogged> {
  url: string;
}

const started: { cluster: Cluster; dataDir: string }[] = [];

function startCluster(env: Record<string, string>): Cluster {
  const dataDir = mkdtempSync(join(tmpdir(), 'manga-cluster-'));
  const port = env.MANGA_API_PORT ?? '0';
  const process = spawnLogged([CLUSTER, '--main', MAIN], apiProcessEnv(dataDir, { MANGA_API_WORKERS: '2', ...env }));
  const cluster = { ...process, url: `http://127.0.0.1:${port}` };
  started.push({ cluster, dataDir });
  return cluster;
}

afterEach(async () => {
  for (const { cluster, dataDir } of started.splice(0)) {
    if (cluster.alive()) cluster.child.kill('SIGTERM');
    await cluster.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** Pids of the workers that listened, in order (each worker's own log line). */
function listenersOf(output: string): number[] {
  const pids = output
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes('"msg":"Server listening'))
    .map((line) => JSON.parse(line).pid as number);
  return [...new Set(pids)];
}

/** Pids of the workers that logged starting the scheduled jobs. */
function jobRunnersOf(output: string): number[] {
  return output
    .split('\n')
    .filter((line) => line.includes('"msg":"Scheduled jobs started"'))
    .map((line) => JSON.parse(line).pid as number);
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the API cluster', () => {
  it('replaces a worker killed with kill -9; the jobs move with their slot; SIGTERM stops all with 0', async () => {
    const port = String(await freePort());
    const cluster = startCluster({ MANGA_API_PORT: port });
    const gone = () => (cluster.alive() ? undefined : `the cluster exited:\n${cluster.output()}`);
    const ready = async () => (await fetch(`${cluster.url}/readyz`)).ok;
    await waitFor('two workers listening', () => listenersOf(cluster.output()).length === 2, 90_000, gone);
    await waitFor('/readyz', ready, 30_000, gone);
    await waitFor('the jobs to start', () => jobRunnersOf(cluster.output()).length === 1, 30_000, gone);
    const [jobs] = jobRunnersOf(cluster.output()) as [number];
    const other = listenersOf(cluster.output()).find((pid) => pid !== jobs) as number;

    // The worker without jobs: the other one keeps the port answering meanwhile.
    let killedAt = performance.now();
    process.kill(other, 'SIGKILL');
    await waitFor('the exit noticed', () => cluster.output().includes(`worker ${other} exited`), 30_000, gone);
    expect(await ready()).toBe(true);
    await waitFor('a replacement listening', () => listenersOf(cluster.output()).length === 3, 60_000, gone);
    const second = listenersOf(cluster.output())[2] as number;
    console.log(
      `[cluster] worker replaced and listening ${(performance.now() - killedAt).toFixed(0)} ms after kill -9`,
    );

    // The jobs worker: its replacement runs the jobs, and nobody else ever did.
    killedAt = performance.now();
    process.kill(jobs, 'SIGKILL');
    await waitFor('a replacement listening', () => listenersOf(cluster.output()).length === 4, 60_000, gone);
    const third = listenersOf(cluster.output())[3] as number;
    await waitFor('the replacement to run the jobs', () => jobRunnersOf(cluster.output()).length === 2, 60_000, gone);
    console.log(
      `[cluster] jobs worker replaced, jobs running ${(performance.now() - killedAt).toFixed(0)} ms after kill -9`,
    );
    expect(jobRunnersOf(cluster.output())).toEqual([jobs, third]);
    expect(await ready()).toBe(true);

    cluster.child.kill('SIGTERM');
    expect(await cluster.exited).toBe(0);
    expect([second, third].filter(isAlive)).toEqual([]);
  }, 180_000);

  it('gives up with exit code 1 when a worker keeps dying at start, after its restarts', async () => {
    // Nothing listens on this port: every worker fails its migrations at start and exits 1.
    const deadDatabase = `postgres://postgres@127.0.0.1:${await freePort()}/none`;
    const cluster = startCluster({
      MANGA_API_PORT: String(await freePort()),
      MANGA_DATABASE_URL: deadDatabase,
      MANGA_API_WORKER_RESTARTS: '2',
    });
    expect(await cluster.exited).toBe(1);
    // Each worker printed why it could not start: the first and its two replacements.
    expect(cluster.output().match(/ECONNREFUSED/g)).toHaveLength(3);
    expect(cluster.output()).toMatch(/replacing it in 1 s/);
    expect(cluster.output()).toMatch(/replacing it in 2 s/);
    expect(cluster.output()).toMatch(/slot 0 failed 3 times in a row .* giving up/);
  }, 120_000);
});
