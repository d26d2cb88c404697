// A real API process for the fault tests (issue 21): `src/main.ts` under tsx, as `npm run dev` runs
// it, on a port and data directory of its own, with its JSON log kept for the assertions. And a
// small load generator: a few clients sending requests back to back, recording each answer.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitFor } from '#test/fault-servers.ts';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

export interface ApiProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code or signal once the process has ended. */
  readonly exited: Promise<number | NodeJS.Signals | null>;
  /** True while the process runs. */
  alive(): boolean;
  /** SIGTERM, wait for the exit, remove the data directory. */
  stop(): Promise<void>;
}

/**
 * The environment of an API process started by a test: the test's own environment without its
 * database URLs (the PostgreSQL suite sets DATABASE_URL for its own template databases; a process
 * started here must not run migrations in it), a data directory of its own, then `env`.
 */
export function apiProcessEnv(dataDir: string, env: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _suiteDatabase, MANGA_DATABASE_URL: _ownDatabase, ...inherited } = process.env;
  return {
    ...inherited,
    MANGA_ENV: 'test',
    MANGA_API_HOST: '127.0.0.1',
    MANGA_DATA_DIR: dataDir,
    MANGA_SEED_ON_START: 'false',
    MANGA_LOG_FORMAT: 'json',
    ...env,
  };
}

/** A node process running `args` under tsx, its stdout and stderr kept together for the assertions. */
export function spawnLogged(args: readonly string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  return {
    child,
    output: () => output,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
  };
}

/**
 * Starts the API with `env` (MANGA_* settings) and waits until GET /healthz answers; `main`: another
 * entry (the build's dist/main.js), `readyTimeoutMs`: a longer wait on a loaded machine, `port`: the
 * port of a process it replaces (a free one otherwise).
 */
export async function startApiProcess(
  env: Record<string, string>,
  {
    main = MAIN,
    readyTimeoutMs = 60_000,
    port: wanted,
  }: { main?: string; readyTimeoutMs?: number; port?: number } = {},
): Promise<ApiProcess> {
  const port = wanted ?? (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), 'manga-fault-api-'));
  const { child, output, exited, alive } = spawnLogged(
    [main],
    apiProcessEnv(dataDir, { MANGA_API_PORT: String(port), MANGA_JOBS_ENABLED: 'false', ...env }),
  );
  const url = `http://127.0.0.1:${port}`;
  const api: ApiProcess = {
    url,
    child,
    output,
    exited,
    alive,
    async stop() {
      if (api.alive()) child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await waitFor(
      'the API to answer /healthz',
      async () => {
        if (!api.alive()) throw new Error(`the API exited: ${output()}`);
        return (await fetch(`${url}/healthz`)).ok;
      },
      readyTimeoutMs,
    );
  } catch (error) {
    await api.stop();
    throw new Error(`${(error as Error).message}\n${output()}`);
  }
  return api;
}

export interface Answer {
  /** HTTP status, or 0 when no answer came (connection refused or reset). */
  status: number;
  body: string;
  /** performance.now() when the answer came. */
  at: number;
}

/**
 * `clients` loops sending GET `paths` in turn until stop() is called; every answer is kept.
 */
export function startLoad(baseUrl: string, paths: readonly string[], clients: number) {
  const answers: Answer[] = [];
  let running = true;
  const loops = Array.from({ length: clients }, async (_, client) => {
    for (let n = client; running; n++) {
      const path = paths[n % paths.length] as string;
      try {
        const res = await fetch(`${baseUrl}${path}`, { signal: AbortSignal.timeout(30_000) });
        answers.push({ status: res.status, body: await res.text(), at: performance.now() });
      } catch {
        answers.push({ status: 0, body: '', at: performance.now() });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  });
  return {
    answers,
    async stop() {
      running = false;
      await Promise.all(loops);
      return answers;
    },
  };
}
