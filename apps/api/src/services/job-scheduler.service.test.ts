import { describe, expect, it } from 'vitest';
import {
  type JobOutcome,
  JobScheduler,
  type JobStore,
  type ScheduledJob,
} from '#src/services/job-scheduler.service.ts';

class FakeJobStore implements JobStore {
  readonly rows = new Map<string, { id: number; status: string; error: string }>();
  async claimJob(_name: string, dedupKey: string) {
    if (this.rows.has(dedupKey)) return undefined;
    const id = this.rows.size + 1;
    this.rows.set(dedupKey, { id, status: 'running', error: '' });
    return id;
  }
  async renewLease() {
    return true;
  }
  async finishJob(id: number, _owner: string, status: JobOutcome, error: string) {
    for (const row of this.rows.values()) if (row.id === id) Object.assign(row, { status, error });
    return true;
  }
}

const job = (handle: () => Promise<JobOutcome>, stale = false): ScheduledJob => ({
  name: 'RebuildRankings',
  intervalMs: 60_000,
  shouldRunAtStart: async () => stale,
  handle,
});

describe('JobScheduler', () => {
  it('runs a job once per interval slot and records its outcome', async () => {
    const store = new FakeJobStore();
    const clock = { now: () => 120_000 };
    const scheduler = new JobScheduler(store, clock);
    let runs = 0;
    const rebuild = job(async () => {
      runs++;
      return 'success';
    });
    expect(await scheduler.run(rebuild)).toBe('success');
    expect(await scheduler.run(rebuild)).toBe('skipped'); // same slot: another process had it
    expect(runs).toBe(1);
    expect(store.rows.get('RebuildRankings:2')).toMatchObject({ status: 'success' });
  });

  it('records a failure with its message', async () => {
    const store = new FakeJobStore();
    const scheduler = new JobScheduler(store, { now: () => 0 });
    expect(await scheduler.run(job(() => Promise.reject(new Error('database is down'))))).toBe('failed');
    expect(store.rows.get('RebuildRankings:0')).toMatchObject({ status: 'failed', error: 'database is down' });
  });

  it('runs stale jobs at start and stops cleanly', async () => {
    const store = new FakeJobStore();
    const scheduler = new JobScheduler(store, { now: () => 0 });
    let runs = 0;
    scheduler.register(
      job(async () => {
        runs++;
        return 'success';
      }, true),
    );
    scheduler.start({ info: () => undefined, error: () => undefined });
    await scheduler.stop();
    expect(runs).toBe(1);
  });
});
