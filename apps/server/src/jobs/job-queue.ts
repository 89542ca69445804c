import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/database.ts';
import { MAX_EVERY_SECONDS, type JobDefinition, type JobRegistry } from './job-registry.ts';

export type ExecuteSql = DatabaseHandle['executeSql'];

/** Where the queue reports what went wrong (the app's pino logger fits). */
export interface JobLog {
  warn(details: object, message: string): void;
}

export interface JobQueueOptions {
  executeSql: ExecuteSql;
  registry: JobRegistry;
  log: JobLog;
  /** Seconds between two looks of each job for a run to take (cron runs, retries, other instances' ticks). */
  pollingSeconds?: number;
  /** Seconds between two checks of the cron schedules (one instance checks per interval). */
  cronCheckSeconds?: number;
  /**
   * This process is the database's only one (the embedded PGlite: one process per data folder).
   * A run still marked active at start was then cut off by a crash of this very process: it is
   * failed at once (and retried by its job's rules) instead of holding its job until its timeout.
   */
  soleInstance?: boolean;
}

/** The queue's own schema in the database (pg-boss creates and migrates it at start). */
export const jobQueueSchema = 'pgboss';

/** A run's output as JSON (bigint as text), or null: kept in the queue's history. */
function outputOf(value: unknown): object | null {
  if (value === undefined || value === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(
      JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item)),
    );
  } catch {
    return { value: 'an output that is not JSON' };
  }
  return typeof json === 'object' && json !== null && !Array.isArray(json) ? json : { value: json };
}

class JobTimeout extends Error {
  constructor(name: string, seconds: number) {
    super(`job ${name} ran longer than its ${seconds} s timeout`);
    this.name = 'JobTimeout';
  }
}

/**
 * Runs the registry's jobs on pg-boss (PostgreSQL or PGlite through `executeSql`):
 * - cron jobs through pg-boss's schedules: one instance at a time checks them, and a tick is
 *   queued once whatever the number of instances (a throttle slot of a minute);
 * - every-N-seconds jobs: each instance proposes a run twice every N seconds with a throttle slot
 *   of N seconds, so the database keeps one run per slot across all proposals and instances;
 * - each job's queue has the `stately` policy: at most one run waiting and one running, so a run
 *   never overlaps the previous one, in this instance or another;
 * - one loop per job in each instance takes the next run (FOR UPDATE SKIP LOCKED: one taker), runs
 *   it with its timeout, and records it completed (with its output) or failed (with the error, to
 *   be retried with the job's back-off).
 * Completions are awaited here (pg-boss's own `work()` records them without awaiting, so a lost
 * connection there would be an unhandled rejection). `stop()` lets the runs in flight finish.
 */
export class JobQueue {
  readonly #options: JobQueueOptions;
  #boss: PgBoss | null = null;
  #stopping = false;
  readonly #tickers: NodeJS.Timeout[] = [];
  readonly #loops: Promise<void>[] = [];
  /** Wakes a job's loop from its sleep (or, if it is busy, makes its next sleep end at once). */
  readonly #wakers = new Map<string, () => void>();
  readonly #wakeSoon = new Set<string>();
  /** Runs and SQL statements in flight: stop() waits for them before the database may close. */
  readonly #runs = new Set<Promise<unknown>>();
  readonly #statements = new Set<Promise<unknown>>();

  constructor(options: JobQueueOptions) {
    this.#options = options;
  }

  /** The runs a crash of the only process left active: failed, so their jobs run again now. */
  async #failOrphans(boss: PgBoss): Promise<void> {
    const result = (await this.#options.executeSql(
      `select name, id from ${jobQueueSchema}.job where state = 'active'`,
    )) as { rows: { name: string; id: string }[] };
    for (const run of result.rows) {
      await boss.fail(run.name, run.id, { message: 'cut off: the server stopped during the run' });
      this.#options.log.warn({ job: run.name, id: run.id }, 'job run cut off by a restart: failed');
    }
  }

  get started(): boolean {
    return this.#boss !== null;
  }

  async start(): Promise<void> {
    if (this.#boss) return;
    const { registry, log } = this.#options;
    registry.freeze();
    const pollingSeconds = this.#options.pollingSeconds ?? 2;
    const boss = new PgBoss({
      db: { executeSql: (text, values) => this.#track(this.#options.executeSql(text, values)) },
      schema: jobQueueSchema,
      migrate: true,
      supervise: true,
      schedule: true,
      cronMonitorIntervalSeconds: this.#options.cronCheckSeconds ?? 5,
      cronWorkerIntervalSeconds: Math.max(1, Math.min(pollingSeconds, 45)),
      // Finished runs stay in the job table (where the throttle slots are checked) for a day,
      // then in the archive for a week: the operator's job list reads both.
      archiveCompletedAfterSeconds: MAX_EVERY_SECONDS,
      deleteAfterDays: 7,
    });
    boss.on('error', (error: unknown) => log.warn({ err: error }, 'job queue error'));
    this.#boss = boss;
    this.#stopping = false;
    await boss.start();
    if (this.#options.soleInstance) await this.#failOrphans(boss);
    const cronJobs = new Set<string>();
    for (const job of registry.list()) {
      const queue = {
        name: job.name,
        policy: 'stately' as const,
        retryLimit: job.retry.limit,
        retryDelay: job.retry.delaySeconds,
        retryBackoff: job.retry.backoff,
        expireInSeconds: job.timeoutSeconds,
      };
      // createQueue keeps an existing queue as it was: the update applies today's definition.
      await boss.createQueue(job.name, queue);
      await boss.updateQueue(job.name, queue);
      if ('cron' in job.schedule) {
        cronJobs.add(job.name);
        await boss.schedule(job.name, job.schedule.cron, {}, { tz: job.schedule.timezone ?? 'UTC' });
      }
    }
    // A schedule whose job is no longer defined (or no longer cron) would queue runs nobody takes.
    for (const schedule of await boss.getSchedules()) {
      if (!cronJobs.has(schedule.name)) await boss.unschedule(schedule.name);
    }
    for (const job of registry.list()) {
      this.#loops.push(this.#loop(boss, job, pollingSeconds * 1000));
      if ('everySeconds' in job.schedule) {
        const seconds = job.schedule.everySeconds;
        // Twice a slot: a late timer (a busy event loop) still proposes within every slot.
        const ticker = setInterval(() => void this.#propose(boss, job, seconds), (seconds * 1000) / 2);
        ticker.unref();
        this.#tickers.push(ticker);
      }
    }
  }

  /**
   * Stops proposing and taking runs, waits for the runs in flight to finish (a run past its
   * timeout is not waited for longer than that), then for the queue's last statements, so that
   * the database may close right after.
   */
  async stop(): Promise<void> {
    const boss = this.#boss;
    if (!boss) return;
    this.#stopping = true;
    for (const ticker of this.#tickers.splice(0)) clearInterval(ticker);
    for (const name of this.#wakers.keys()) this.#wake(name);
    await Promise.allSettled(this.#loops.splice(0));
    await boss.stop({ graceful: true, close: false, wait: true, timeout: 1000 });
    // pg-boss's own timers may have a statement on its way; let every one of them settle.
    do {
      await Promise.allSettled([...this.#statements, ...this.#runs]);
      await new Promise((resolve) => setImmediate(resolve));
    } while (this.#statements.size > 0 || this.#runs.size > 0);
    this.#boss = null;
  }

  /** Queues one run of a job now (tests, and an operator's "run now" later); null if one is already waiting. */
  async runSoon(name: string): Promise<string | null> {
    const boss = this.#boss;
    if (!boss) throw new Error('the job queue is not running');
    const id = await boss.send(name, {});
    if (id) this.#wake(name);
    return id;
  }

  #track<T>(promise: Promise<T>): Promise<T> {
    const settled = promise.then(
      () => undefined,
      () => undefined,
    );
    this.#statements.add(settled);
    void settled.then(() => this.#statements.delete(settled));
    return promise;
  }

  /** One slot's run, if no other instance has proposed it already; this instance's loop takes it at once. */
  async #propose(boss: PgBoss, job: JobDefinition, seconds: number): Promise<void> {
    if (this.#stopping) return;
    try {
      const id = await boss.send(job.name, {}, { singletonSeconds: seconds });
      if (id) this.#wake(job.name);
    } catch (error) {
      this.#options.log.warn({ err: error, job: job.name }, 'could not queue a job run');
    }
  }

  async #loop(boss: PgBoss, job: JobDefinition, pollingMs: number): Promise<void> {
    while (!this.#stopping) {
      let took = false;
      try {
        const [next] = await boss.fetch(job.name, { batchSize: 1 });
        // A run taken just as the queue stops is run all the same: stop() waits for it.
        if (next) {
          took = true;
          await this.#run(boss, job, next.id);
        }
      } catch (error) {
        this.#options.log.warn({ err: error, job: job.name }, 'job queue error');
      }
      if (!took && !this.#stopping) await this.#sleep(job.name, pollingMs);
    }
  }

  async #run(boss: PgBoss, job: JobDefinition, id: string): Promise<void> {
    const running = Promise.resolve().then(() => job.run({ id }));
    const settled = running.then(
      () => undefined,
      () => undefined,
    );
    const forget = () => this.#runs.delete(settled);
    this.#runs.add(settled);
    void settled.then(forget);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        // A run cannot be cancelled: past its timeout it is failed (and retried) and stop() no
        // longer waits for it.
        forget();
        reject(new JobTimeout(job.name, job.timeoutSeconds));
      }, job.timeoutSeconds * 1000);
      timer.unref();
    });
    let outcome: { ok: true; output: unknown } | { ok: false; error: unknown };
    try {
      outcome = { ok: true, output: await Promise.race([running, timeout]) };
    } catch (error) {
      outcome = { ok: false, error };
    } finally {
      clearTimeout(timer);
    }
    if (outcome.ok) {
      const output = outputOf(outcome.output);
      await (output ? boss.complete(job.name, id, output) : boss.complete(job.name, id));
      return;
    }
    const { error } = outcome;
    this.#options.log.warn({ err: error, job: job.name, run: id }, 'job run failed');
    await boss.fail(job.name, id, error instanceof Error ? error : { message: String(error) });
  }

  #wake(name: string): void {
    const wake = this.#wakers.get(name);
    if (wake) wake();
    else this.#wakeSoon.add(name);
  }

  #sleep(name: string, ms: number): Promise<void> {
    if (this.#wakeSoon.delete(name)) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#wakers.delete(name);
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      this.#wakers.set(name, done);
    });
  }
}
