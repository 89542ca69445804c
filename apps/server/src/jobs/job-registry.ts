/**
 * When a job runs, across all instances together:
 * - `cron`: at the times of a five-field cron expression (minute granularity) in `timezone`
 *   (an IANA name, UTC when absent), e.g. a lottery draw every 5 minutes or daily at 18:30
 *   Asia/Ho_Chi_Minh. A tick missed while no instance ran is run once at start if it is less than
 *   a minute old.
 * - `everySeconds`: once in every slot of that many seconds (slots counted from the epoch), for
 *   sweeps that must run more often than a minute allows.
 */
export type JobSchedule = { cron: string; timezone?: string } | { everySeconds: number };

export interface JobRetry {
  /** Further attempts after a failed one (0: none; the next tick runs anyway). */
  limit: number;
  /** Seconds before the first retry. */
  delaySeconds: number;
  /** Doubles the delay at each retry (with jitter). */
  backoff: boolean;
}

/** What a run knows about itself. */
export interface JobRun {
  /** The queue's id of this run (pg-boss job id), as the operator's job list shows it. */
  id: string;
}

export interface JobDefinition {
  /** Lowercase words joined by hyphens; the queue's name and what the operator's list shows. */
  name: string;
  /** What it does, in one line, for the operator. */
  summary: string;
  schedule: JobSchedule;
  retry: JobRetry;
  /** A run still going after this many seconds counts as failed (and is retried). */
  timeoutSeconds: number;
  /**
   * The work. It should do everything that is due rather than "this tick's" share, so that a
   * skipped or merged tick loses nothing: a run that starts while the previous one still runs or
   * waits is dropped, never run alongside it. What it returns (JSON) is kept as the run's output.
   */
  run: (job: JobRun) => Promise<unknown>;
}

const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const CRON_FIELDS = /^[\d*/,-]+( [\d*/,A-Za-z-]+){4}$/;

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
/** pg-boss keeps finished runs this long before archiving them; a throttle slot may not exceed it. */
export const MAX_EVERY_SECONDS = 24 * 60 * 60;

/** Throws on a definition the queue could not run as declared (checked when it is defined). */
function checkDefinition(job: JobDefinition): void {
  const problem = (reason: string) => new Error(`job ${job.name}: ${reason}`);
  if (!NAME.test(job.name) || job.name.length > 50) throw problem('the name must be lowercase-with-hyphens');
  if ('cron' in job.schedule) {
    // pg-boss parses the expression itself when the queue starts (and refuses a bad one there).
    if (!CRON_FIELDS.test(job.schedule.cron)) {
      throw problem(`cron "${job.schedule.cron}" needs five fields (minute hour day month weekday)`);
    }
    if (job.schedule.timezone !== undefined && !isTimeZone(job.schedule.timezone)) {
      throw problem(`unknown time zone "${job.schedule.timezone}"`);
    }
  } else {
    const every = job.schedule.everySeconds;
    if (!Number.isInteger(every) || every < 1 || every > MAX_EVERY_SECONDS) {
      throw problem(`everySeconds must be a whole number from 1 to ${MAX_EVERY_SECONDS}`);
    }
  }
  const { limit, delaySeconds } = job.retry;
  if (!Number.isInteger(limit) || limit < 0 || !Number.isInteger(delaySeconds) || delaySeconds < 0) {
    throw problem('retry limit and delay must be whole numbers from 0');
  }
  if (!Number.isInteger(job.timeoutSeconds) || job.timeoutSeconds < 1 || job.timeoutSeconds >= 24 * 3600) {
    throw problem('timeoutSeconds must be a whole number of seconds under a day');
  }
}

/**
 * The one list of scheduled jobs. Modules define theirs while the app is being built (in their
 * routes plugin, next to the calls they serve); the queue (job-queue.ts) starts them all when the
 * app is ready, and the operator's job list (jobs.routes.ts) shows them with their history.
 */
export class JobRegistry {
  readonly #jobs = new Map<string, JobDefinition>();
  #frozen = false;

  define(job: JobDefinition): void {
    if (this.#frozen) throw new Error(`job ${job.name}: defined after the queue started`);
    if (this.#jobs.has(job.name)) throw new Error(`job ${job.name}: defined twice`);
    checkDefinition(job);
    this.#jobs.set(job.name, job);
  }

  /** Every defined job, in the order defined. */
  list(): JobDefinition[] {
    return [...this.#jobs.values()];
  }

  get(name: string): JobDefinition | undefined {
    return this.#jobs.get(name);
  }

  /** No job may be added once the queue runs (it would never be scheduled). */
  freeze(): void {
    this.#frozen = true;
  }
}
