// Scheduled jobs run once across processes and hosts, and a run interrupted on one is finished by
// another (ADR 040, issue 25). Two real processes (test/fixtures/job-lease.child.ts) run the real
// JobScheduler and JobRepository on the same database, SQLite file or PostgreSQL: while one holds a
// run under a live lease the other skips it; the holder is killed with SIGKILL mid-run; before its
// lease expires the run is still not taken; after, the other process takes it over and finishes it.
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrlOf } from '#test/commerce.ts';
import { createTestDatabase, type TestDatabase, testDialect } from '#test/db.ts';
import { apiProcessEnv } from '#test/fault-api.ts';

const CHILD = fileURLToPath(new URL('../fixtures/job-lease.child.ts', import.meta.url));
const LEASE_MS = 3_000;

let database: TestDatabase;
let databaseUrl: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ url: databaseUrl } = await databaseUrlOf(database));
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await database.close();
});

interface Worker {
  child: ChildProcess;
  next(): Promise<unknown>;
}

/** A scheduler process; next() resolves with its next message. */
async function startWorker(owner: string): Promise<Worker> {
  const child = fork(CHILD, [databaseUrl, String(LEASE_MS), owner], {
    execArgv: ['--import', 'tsx'],
    env: apiProcessEnv('/tmp', {}),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.push(child);
  const inbox: unknown[] = [];
  const waiting: ((message: unknown) => void)[] = [];
  child.on('message', (message) => {
    const take = waiting.shift();
    if (take) take(message);
    else inbox.push(message);
  });
  const worker = {
    child,
    next: () =>
      inbox.length > 0 ? Promise.resolve(inbox.shift()) : new Promise<unknown>((resolve) => waiting.push(resolve)),
  };
  expect(await worker.next()).toBe('ready');
  return worker;
}

const runRow = () =>
  database.db.selectFrom('job').selectAll().where('name', '=', 'HoldLease').executeTakeFirstOrThrow();

describe(`a scheduled job across processes (${testDialect()})`, () => {
  it('runs once while its lease lives, and is finished by the other process after a kill -9', async () => {
    const [a, b] = [await startWorker('host-a:1:aaaa'), await startWorker('host-b:2:bbbb')];

    a.child.send('run');
    expect(await a.next()).toBe('started');
    b.child.send('run');
    expect(await b.next()).toEqual({ outcome: 'skipped' });
    expect(await runRow()).toMatchObject({ status: 'running', attempts: 1, lease_owner: 'host-a:1:aaaa' });

    const killedAt = Date.now();
    const exited = new Promise((resolve) => a.child.once('exit', (_code, signal) => resolve(signal)));
    a.child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    // The lease still lives: nobody takes the run yet.
    b.child.send('run');
    expect(await b.next()).toEqual({ outcome: 'skipped' });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, killedAt + LEASE_MS + 200 - Date.now())));

    b.child.send('run');
    expect(await b.next()).toBe('started');
    expect(await runRow()).toMatchObject({ status: 'running', attempts: 2, lease_owner: 'host-b:2:bbbb' });
    b.child.send('finish');
    expect(await b.next()).toEqual({ outcome: 'success' });
    expect(await runRow()).toMatchObject({ status: 'success', attempts: 2, lease_owner: 'host-b:2:bbbb' });

    // Finished: no process runs the slot again.
    b.child.send('run');
    expect(await b.next()).toEqual({ outcome: 'skipped' });
    b.child.send('exit');
  }, 120_000);
});
