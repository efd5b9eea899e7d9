import { EventEmitter } from 'node:events';
import { hostname } from 'node:os';
import type { Clock } from '../clock.js';
import { randomBase62 } from '../ids.js';
import type { Job, JobStore } from '../store/jobs.js';

/**
 * What a handler says about a job: done (delete it), try again at `retryAt`, or (a recurring
 * job) run again at `nextRunAt`.
 */
export type JobOutcome = { done: true } | { retryAt: number; error: string } | { nextRunAt: number };

export type JobHandler = (job: Job) => Promise<JobOutcome>;

export interface WorkerOptions {
  jobs: JobStore;
  clock: Clock;
  handlers: Readonly<Record<string, JobHandler>>;
  /** Kinds that run at a fixed interval (their handlers answer `nextRunAt`), see recurring.ts. */
  recurring?: readonly string[];
  concurrency: number;
  pollMs: number;
  leaseMs: number;
  logger?: { error(object: object, message: string): void; warn(object: object, message: string): void };
}

/**
 * Claims due jobs with a lease and runs up to `concurrency` at once. Emits `job:done`,
 * `job:retry` and `job:error` (tests wait on these, graphile's habit) and `idle`.
 * An unexpected exception in a handler is retried after a short backoff, never lost.
 */
export class Worker extends EventEmitter {
  readonly id = `${hostname()}:${process.pid}:${randomBase62(6)}`;
  private readonly running = new Map<string, Promise<void>>();
  private stopping = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(private readonly options: WorkerOptions) {
    super();
  }

  start(): void {
    if (this.loop) return;
    this.loop = this.schedule().then(() => this.run());
    // Renew the leases of running jobs three times per lease: only a dead worker's jobs expire.
    const { jobs, clock, leaseMs } = this.options;
    this.heartbeat = setInterval(
      () => {
        jobs
          .extendLeases(this.id, [...this.running.keys()], clock.now() + leaseMs)
          .catch((error) =>
            this.options.logger?.warn({ err: error }, 'renewing job leases failed; retrying'),
          );
      },
      Math.max(1, Math.floor(leaseMs / 3)),
    );
    this.heartbeat.unref();
  }

  /**
   * Adds each recurring job's one row, due now, unless a worker (of any instance) added it before:
   * a recurring kind is one row forever, so it runs once per interval however many workers start.
   */
  private async schedule(): Promise<void> {
    const { jobs, clock, recurring = [] } = this.options;
    if (recurring.length === 0) return;
    const now = clock.now();
    await jobs
      .enqueue(
        recurring.map((kind) => ({ id: recurringJobId(kind), kind, payload: null, runAt: now })),
        now,
      )
      .catch((error) => this.options.logger?.warn({ err: error }, 'adding recurring jobs failed'));
  }

  /** Look for work now (after an enqueue in this process) instead of at the next poll. */
  nudge(): void {
    this.wake?.();
  }

  /**
   * Stops claiming, lets running jobs finish for up to `graceMs`, then releases the ones still
   * running so another worker takes them (their claim does not count as an attempt).
   */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    this.nudge();
    await this.loop;
    const pending = [...this.running.values()];
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(pending),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
      }),
    ]);
    clearTimeout(timer);
    clearInterval(this.heartbeat);
    await this.options.jobs.release(this.id, [...this.running.keys()]).catch(() => undefined);
  }

  get busy(): number {
    return this.running.size;
  }

  private async run(): Promise<void> {
    const { jobs, clock, concurrency, pollMs, leaseMs } = this.options;
    while (!this.stopping) {
      const free = concurrency - this.running.size;
      let claimed: Job[] = [];
      if (free > 0) {
        try {
          claimed = await jobs.claim(this.id, free, clock.now(), leaseMs);
        } catch (error) {
          // The database is away (restart, network): keep polling, jobs are safe in the table.
          this.options.logger?.warn({ err: error }, 'claiming jobs failed; retrying');
        }
      }
      // A job of our own whose lease lapsed (renewal failed) is still running here: never twice at once.
      for (const job of claimed) if (!this.running.has(job.id)) this.execute(job);
      if (claimed.length === 0 || claimed.length === free) {
        if (this.running.size === 0 && claimed.length === 0) this.emit('idle');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = undefined;
      }
    }
  }

  private execute(job: Job): void {
    const task = this.handle(job).finally(() => {
      this.running.delete(job.id);
      this.nudge();
    });
    this.running.set(job.id, task);
  }

  private async handle(job: Job): Promise<void> {
    const { jobs, clock } = this.options;
    const handler = this.options.handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind '${job.kind}'`);
      const outcome = await handler(job);
      if ('done' in outcome) {
        await jobs.complete(job, this.id);
        this.emit('job:done', job);
      } else if ('nextRunAt' in outcome) {
        await jobs.reschedule(job, this.id, outcome.nextRunAt);
        this.emit('job:done', job);
      } else {
        await jobs.retry(job, this.id, outcome.retryAt, outcome.error);
        this.emit('job:retry', job, outcome);
      }
    } catch (error) {
      this.options.logger?.error(
        { err: error, job_id: job.id, kind: job.kind },
        'job failed unexpectedly; will retry',
      );
      const backoff = Math.min(60_000, 1000 * 2 ** Math.min(job.attempts, 6));
      await jobs
        .retry(job, this.id, clock.now() + backoff, String((error as Error).message ?? error))
        .catch(() => undefined);
      this.emit('job:error', job, error);
    }
  }
}

/** The id of a recurring kind's one row in the jobs table. */
export function recurringJobId(kind: string): string {
  return `recurring:${kind}`;
}
