// Private servers for the fault tests (issue 21): a redis-server and a PostgreSQL instance of their
// own, on free ports, that a test may stop, kill and restart. The shared servers of the machine are
// never touched. Tests skip (with the reason) when the binaries are not installed; CI has them.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Polls `check` until it returns true; throws after `timeoutMs` (a harness limit, not an assertion),
 * or at once when `gone` names a reason to stop waiting (the process under test died).
 */
export async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = 30_000,
  gone: () => string | undefined = () => undefined,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const reason = gone();
    if (reason !== undefined) throw new Error(`gave up waiting for ${what}: ${reason}`);
    if (await Promise.resolve(check()).catch(() => false)) return;
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

function onPath(binary: string): string | undefined {
  try {
    return execFileSync('sh', ['-c', `command -v ${binary}`], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

// ── Redis ───────────────────────────────────────────────────────────────────────────────────────

export const redisServerBinary = onPath('redis-server');

export interface PrivateRedis {
  readonly port: number;
  readonly url: string;
  /** Starts the server (again) on the same port, empty. */
  start(): Promise<void>;
  /** Stops it with SIGKILL (an abrupt loss) and waits until the process is gone. */
  kill(): Promise<void>;
}

export function privateRedis(port: number): PrivateRedis {
  let child: ChildProcess | undefined;
  const url = `redis://127.0.0.1:${port}`;
  return {
    port,
    url,
    async start() {
      child = spawn(
        redisServerBinary as string,
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      await waitFor('redis-server to accept connections', () => canConnect(port));
    },
    async kill() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
  };
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

// ── PostgreSQL ──────────────────────────────────────────────────────────────────────────────────

function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin');
}

export const postgresBin = postgresBinDir();

/** Why the private PostgreSQL cannot run here, or undefined when it can. */
export function privatePostgresUnavailable(): string | undefined {
  if (!postgresBin) return 'PostgreSQL binaries (initdb, pg_ctl) are not installed under /usr/lib/postgresql';
  if (process.getuid?.() !== 0 || !onPath('runuser')) return 'initdb runs as the postgres user: needs root and runuser';
  return undefined;
}

export interface PrivatePostgres {
  readonly port: number;
  /** The URL of database `name` on this server. */
  urlOf(name: string): string;
  start(): Promise<void>;
  /** A fast shutdown: the server ends every session and stops. */
  stop(): Promise<void>;
  /** Terminates every session of database `name` (pg_terminate_backend). Returns how many. */
  terminateSessions(name: string): Promise<number>;
  /** Stops the server and removes its files. */
  destroy(): Promise<void>;
}

/** A new PostgreSQL cluster in a temporary directory (initdb, a few seconds), not yet started. */
export function privatePostgres(port: number): PrivatePostgres {
  const dir = mkdtempSync(join(tmpdir(), 'manga-fault-pg-'));
  const data = join(dir, 'data');
  chownSync(dir, postgresUid(), postgresGid());
  const asPostgres = (command: string, args: string[]) =>
    execFileSync('runuser', ['-u', 'postgres', '--', join(postgresBin as string, command), ...args], {
      stdio: 'pipe',
    });
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const urlOf = (name: string) => `postgres://postgres@127.0.0.1:${port}/${name}`;
  const pgCtl = (args: string[]) => asPostgres('pg_ctl', ['-D', data, '-w', '-t', '60', ...args]);
  let running = false;
  const server: PrivatePostgres = {
    port,
    urlOf,
    async start() {
      pgCtl([
        '-l',
        join(dir, 'server.log'),
        '-o',
        `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c max_connections=50`,
        'start',
      ]);
      running = true;
    },
    async stop() {
      if (!running) return;
      pgCtl(['-m', 'fast', 'stop']);
      running = false;
    },
    async terminateSessions(name) {
      const client = new pg.Client({ connectionString: urlOf('postgres') });
      await client.connect();
      try {
        const { rowCount } = await client.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
        return rowCount ?? 0;
      } finally {
        await client.end();
      }
    },
    async destroy() {
      await server.stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}

function postgresUid(): number {
  return Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
}

function postgresGid(): number {
  return Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
}
