// A small in-process scheduler for periodic jobs (architecture habit 11, ADR 009, ADR 040). Every API process
// on every host runs it; each run is recorded in the `job` table under a dedup key per interval slot
// (`RebuildRankings:<slot>`) and held under a lease (owner, expiry) that the running process renews,
// so a slot runs once across all of them: the first to claim it runs it, the others skip it. A process
// that dies mid-run (kill -9, a host lost) stops renewing; once its lease has expired the next process
// to try takes the run over and finishes it. Each process tries every job at least once per lease
// period, so a slot's run starts, or is taken over, within about one lease of being due. Handlers are
// idempotent, re-read the state they need and report 'success' | 'skipped' | 'failed'.

import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { JobLease } from '#src/repositories/job.repository.ts';

export type JobOutcome = 'success' | 'skipped' | 'failed';

export interface JobStore {
  claimJob(name: string, dedupKey: string, now: number, lease: JobLease): Promise<number | undefined>;
  renewLease(id: number, lease: JobLease): Promise<boolean>;
  finishJob(id: number, owner: string, status: JobOutcome, lastError: string, now: number): Promise<boolean>;
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
  warn?(details: object, message: string): void;
}

export interface JobSchedulerOptions {
  /** How long a run is held without renewal; renewed every third of it while the job runs. */
  leaseMs: number;
  /** This process among all (host:pid:random). */
  owner: string;
}

/** What a run came to, for metrics (ADR 040): `taken` when another process held the slot. */
export type JobRunListener = (name: string, outcome: JobOutcome | 'taken', ms: number) => void;

export class JobScheduler {
  private readonly jobs: ScheduledJob[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Set<Promise<unknown>>();
  private readonly inProgress = new Set<string>();
  private readonly listeners: JobRunListener[] = [];
  private log: JobLog = { info: () => undefined, error: () => undefined };

  constructor(
    private readonly store: JobStore,
    private readonly clock: ClockRepository,
    private readonly options: JobSchedulerOptions = { leaseMs: 60_000, owner: `pid-${process.pid}` },
  ) {}

  register(job: ScheduledJob): void {
    this.jobs.push(job);
  }

  onRun(listener: JobRunListener): void {
    this.listeners.push(listener);
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
      // At least once a lease: a run left by a dead process is taken over soon after its lease ends.
      const timer = setInterval(() => this.track(this.run(job)), Math.min(job.intervalMs, this.options.leaseMs));
      timer.unref();
      this.timers.push(timer);
    }
  }

  /** Stops the timers and waits for runs in progress. */
  async stop(): Promise<void> {
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    await Promise.allSettled([...this.running]);
  }

  /**
   * Runs a job once for the current slot: 'skipped' when this slot already ran or runs elsewhere
   * under a live lease, or still runs here.
   */
  async run(job: ScheduledJob): Promise<JobOutcome> {
    if (this.inProgress.has(job.name)) return 'skipped';
    this.inProgress.add(job.name);
    try {
      return await this.runClaimed(job);
    } finally {
      this.inProgress.delete(job.name);
    }
  }

  private async runClaimed(job: ScheduledJob): Promise<JobOutcome> {
    const startedAt = performance.now();
    const now = this.clock.now();
    const { owner, leaseMs } = this.options;
    const id = await this.store.claimJob(job.name, `${job.name}:${Math.floor(now / job.intervalMs)}`, now, {
      owner,
      expiresAt: now + leaseMs,
    });
    if (id === undefined) {
      this.tell(job.name, 'taken', startedAt);
      return 'skipped';
    }
    const renewal = setInterval(() => {
      this.store
        .renewLease(id, { owner, expiresAt: this.clock.now() + leaseMs })
        .then((held) => {
          if (!held) this.warn({ job: job.name }, `Job ${job.name}: another process took the run over`);
        })
        .catch((error: unknown) => this.warn({ err: error, job: job.name }, `Job ${job.name}: lease not renewed`));
    }, leaseMs / 3);
    renewal.unref();
    let outcome: JobOutcome;
    let error = '';
    try {
      outcome = await job.handle();
    } catch (thrown) {
      outcome = 'failed';
      error = thrown instanceof Error ? thrown.message : String(thrown);
      this.log.error({ err: thrown, job: job.name }, `Job ${job.name} failed`);
    } finally {
      clearInterval(renewal);
    }
    await this.store.finishJob(id, owner, outcome, error, this.clock.now());
    this.log.info(`Job ${job.name}: ${outcome}`);
    this.tell(job.name, outcome, startedAt);
    return outcome;
  }

  private tell(name: string, outcome: JobOutcome | 'taken', startedAt: number): void {
    const ms = performance.now() - startedAt;
    for (const listener of this.listeners) listener(name, outcome, ms);
  }

  private warn(details: object, message: string): void {
    (this.log.warn ?? this.log.error).call(this.log, details, message);
  }

  private track(promise: Promise<unknown>): void {
    const settled = promise
      .catch((error: unknown) => this.log.error({ err: error }, 'Scheduled job run failed'))
      .finally(() => this.running.delete(settled));
    this.running.add(settled);
  }
}
