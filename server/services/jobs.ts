/**
 * Runs the jobs kept in the database (ADR 081): every `pollMs` a process claims the due jobs (under a lease no other
 * process can take), runs each kind's handler, and marks it done; a failure is tried again after a while, five times
 * at most. Works the same on PGlite and PostgreSQL, survives restarts, and with several processes a job runs once.
 */
import type { Db } from '../data/client';
import { claimDueJobs, type JobRow, markJobDone, markJobFailed } from '../data/jobs';

export type JobHandler = (job: JobRow) => Promise<void>;

const LEASE_MS = 5 * 60_000;
const RETRY_MS = 5 * 60_000;
const MAX_ATTEMPTS = 5;

export class JobRunner {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<number> | null = null;

  constructor(
    private readonly db: Db,
    private readonly handlers: Record<string, JobHandler>,
    private readonly now: () => number,
    private readonly onError: (error: unknown, job: JobRow | null) => void,
    /** Told of each job run and whether it was done (the metrics). */
    private readonly onRun: (kind: string, ok: boolean) => void = () => undefined,
  ) {}

  /** Runs the jobs due now; answers how many ran. One run at a time per process. */
  tick(): Promise<number> {
    this.#running ??= this.#run().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  async #run(): Promise<number> {
    const now = new Date(this.now());
    let jobs: JobRow[];
    try {
      jobs = await claimDueJobs(this.db, now, LEASE_MS);
    } catch (error) {
      this.onError(error, null);
      return 0;
    }
    for (const job of jobs) {
      const handler = this.handlers[job.kind];
      try {
        if (!handler) throw new Error(`no handler for jobs of kind ${job.kind}`);
        await handler(job);
        await markJobDone(this.db, job.id, new Date(this.now()));
        this.onRun(job.kind, true);
      } catch (error) {
        this.onRun(job.kind, false);
        this.onError(error, job);
        const retry = job.attempts < MAX_ATTEMPTS ? new Date(this.now() + RETRY_MS) : null;
        await markJobFailed(this.db, job.id, error instanceof Error ? error.message : String(error), retry).catch((e: unknown) => this.onError(e, job));
      }
    }
    return jobs.length;
  }

  /** Whether the runner polls for due jobs (readiness): false before `start` and after `stop`. */
  get polling(): boolean {
    return this.#timer !== undefined;
  }

  start(pollMs: number): void {
    this.stop();
    this.#timer = setInterval(() => void this.tick(), pollMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }
}
