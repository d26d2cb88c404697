// A small in-process scheduler for periodic jobs (STYLE habit 11, ADR 009). Each run is recorded in
// the `job` table under a dedup key per interval slot (`RebuildRankings:<slot>`), so when several API
// processes run the scheduler, one of them runs a slot and the others skip it. Handlers re-read the
// state they need and report 'success' | 'skipped' | 'failed'.
import type { ClockRepository } from '#src/repositories/clock.repository.ts';

export type JobOutcome = 'success' | 'skipped' | 'failed';

export interface JobStore {
  claimJob(name: string, dedupKey: string, now: number): Promise<number | undefined>;
  finishJob(id: number, status: JobOutcome, lastError: string, now: number): Promise<void>;
}

export interface ScheduledJob {
  /** Imperative PascalCase (`RebuildRankings`). */
  name: string;
  intervalMs: number;
  /** Whether to run at start before the first interval (e.g. the data is stale). */
  shouldRunAtStart(): Promise<boolean>;
  handle(): Promise<JobOutcome>;
}

export interface JobLog {
  info(message: string): void;
  error(details: object, message: string): void;
}

export class JobScheduler {
  private readonly jobs: ScheduledJob[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Set<Promise<unknown>>();
  private log: JobLog = { info: () => undefined, error: () => undefined };

  constructor(
    private readonly store: JobStore,
    private readonly clock: ClockRepository,
  ) {}

  register(job: ScheduledJob): void {
    this.jobs.push(job);
  }

  /** Starts every job's timer; jobs whose data is stale run at once. */
  start(log: JobLog): void {
    this.log = log;
    for (const job of this.jobs) {
      const first = job
        .shouldRunAtStart()
        .then((stale) => (stale ? this.run(job) : undefined))
        .catch((error: unknown) => this.log.error({ err: error, job: job.name }, `Job ${job.name} could not start`));
      this.track(first);
      const timer = setInterval(() => this.track(this.run(job)), job.intervalMs);
      timer.unref();
      this.timers.push(timer);
    }
  }

  /** Stops the timers and waits for runs in progress. */
  async stop(): Promise<void> {
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    await Promise.allSettled([...this.running]);
  }

  /** Runs a job once for the current slot; 'skipped' when this slot already ran (here or elsewhere). */
  async run(job: ScheduledJob): Promise<JobOutcome> {
    const now = this.clock.now();
    const id = await this.store.claimJob(job.name, `${job.name}:${Math.floor(now / job.intervalMs)}`, now);
    if (id === undefined) return 'skipped';
    let outcome: JobOutcome;
    let error = '';
    try {
      outcome = await job.handle();
    } catch (thrown) {
      outcome = 'failed';
      error = thrown instanceof Error ? thrown.message : String(thrown);
      this.log.error({ err: thrown, job: job.name }, `Job ${job.name} failed`);
    }
    await this.store.finishJob(id, outcome, error, this.clock.now());
    this.log.info(`Job ${job.name}: ${outcome}`);
    return outcome;
  }

  private track(promise: Promise<unknown>): void {
    const settled = promise
      .catch((error: unknown) => this.log.error({ err: error }, 'Scheduled job run failed'))
      .finally(() => this.running.delete(settled));
    this.running.add(settled);
  }
}
