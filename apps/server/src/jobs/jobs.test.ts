import { afterEach, describe, expect, it } from 'vitest';
import type { JobRunRecord, JobSummary } from '@khela/contract';
import { buildApp } from '../app.ts';
import { loadEnv } from '../config/env.ts';
import { buildTestApp, createTestDatabase, testEnvDefaults, type TestApp } from '../test/helper.ts';
import { call, loginAs, operatorLogin } from '../modules/accounts/accounts.test-support.ts';
import { JobRegistry, type JobDefinition } from './job-registry.ts';

/** Polls `check` until it answers true (the queue works on its own timers). */
async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const quiet = { retry: { limit: 0, delaySeconds: 0, backoff: false }, timeoutSeconds: 30 };
/** A day between ticks: the tests queue these jobs' runs themselves (runSoon). */
const byHand = { everySeconds: 86_400 } as const;

interface JobsAnswer {
  workers: boolean;
  jobs: JobSummary[];
  failures: JobRunRecord[];
}

let sut: TestApp | undefined;
afterEach(async () => {
  await sut?.close();
  sut = undefined;
});

describe('the operator job list (GET /api/operator/jobs)', () => {
  it(
    'lists every job with its schedule, its latest runs and the failures with their error text',
    { timeout: 90_000 },
    async () => {
      sut = await buildTestApp({
        env: { JOB_WORKERS: 'true' },
        extend: (app) => {
          app.jobs.define({
            name: 'test-echo',
            summary: 'answers how it went',
            schedule: byHand,
            ...quiet,
            run: async () => ({ drawn: 7 }),
          });
          app.jobs.define({
            name: 'test-broken',
            summary: 'always fails',
            schedule: byHand,
            retry: { limit: 1, delaySeconds: 1, backoff: false },
            timeoutSeconds: 30,
            run: async () => {
              throw new Error('the vendor said no');
            },
          });
          app.jobs.define({
            name: 'test-slow',
            summary: 'outlives its timeout',
            schedule: byHand,
            retry: { limit: 0, delaySeconds: 0, backoff: false },
            timeoutSeconds: 1,
            run: () => new Promise((resolve) => setTimeout(resolve, 2_500)),
          });
        },
      });
      const token = await operatorLogin(sut);
      const list = async (query = '') => {
        const answer = await call(sut!, { method: 'GET', url: `/api/operator/jobs${query}`, token });
        expect(answer.status).toBe(200);
        return answer.body.value as JobsAnswer;
      };
      for (const name of ['test-echo', 'test-broken', 'test-slow']) {
        expect(await sut.app.jobQueue.runSoon(name)).toEqual(expect.any(String));
      }
      await waitFor(async () => {
        const { jobs } = await list();
        const last = (name: string) => jobs.find((job) => job.name === name)?.runs[0]?.state;
        return (
          last('test-echo') === 'completed' &&
          last('test-broken') === 'failed' &&
          last('test-slow') === 'failed'
        );
      }, 'the three runs to end');

      const answer = await list();
      expect(answer.workers).toBe(true);
      // The app's own jobs are listed with their schedules, whether or not they ran yet.
      expect(answer.jobs.map((job) => job.name)).toEqual(
        expect.arrayContaining([
          'account-cleanup',
          'deposit-expiry',
          'sandbox-gateway-callbacks',
          'withdrawal-auto-receipt',
          'game-catalogue-sync',
          'vendor-transfers',
          'vendor-records',
        ]),
      );
      const job = (name: string) => answer.jobs.find((entry) => entry.name === name)!;
      expect(job('account-cleanup')).toMatchObject({
        schedule: { kind: 'cron', cron: '*/10 * * * *', timezone: 'UTC' },
        retryLimit: 2,
        retryBackoff: true,
      });
      expect(job('sandbox-gateway-callbacks').schedule).toEqual({ kind: 'every', seconds: 5 });
      expect(job('vendor-records').schedule).toEqual({ kind: 'every', seconds: 15 });

      const [echo] = job('test-echo').runs;
      expect(echo).toMatchObject({ state: 'completed', retries: 0, error: null });
      expect(echo!.startedAt).toBeGreaterThanOrEqual(echo!.createdAt);
      expect(echo!.finishedAt).toBeGreaterThanOrEqual(echo!.startedAt!);
      expect(echo!.durationMs).toBe(echo!.finishedAt! - echo!.startedAt!);

      // Tried twice (one retry a second later), then failed for good, with the error's message.
      const [broken] = job('test-broken').runs;
      expect(broken).toMatchObject({ state: 'failed', retries: 1, error: 'the vendor said no' });
      expect(job('test-slow').runs[0]).toMatchObject({
        state: 'failed',
        error: 'job test-slow ran longer than its 1 s timeout',
      });
      expect(answer.failures).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ job: 'test-broken', state: 'failed', error: 'the vendor said no' }),
          expect.objectContaining({ job: 'test-slow', state: 'failed' }),
        ]),
      );
      expect(answer.failures.some((failure) => failure.job === 'test-echo')).toBe(false);

      // The lists are as long as asked.
      expect(await sut.app.jobQueue.runSoon('test-echo')).toEqual(expect.any(String));
      await waitFor(
        async () =>
          (await list()).jobs.find((entry) => entry.name === 'test-echo')!.runs[0]!.state === 'completed',
        'the second echo',
      );
      const short = await list('?runs=1&failures=1');
      expect(short.jobs.find((entry) => entry.name === 'test-echo')!.runs).toHaveLength(1);
      expect(short.failures).toHaveLength(1);
      expect((await list('?runs=2')).jobs.find((entry) => entry.name === 'test-echo')!.runs).toHaveLength(2);
    },
  );

  it('refuses a bad query', async () => {
    sut = await buildTestApp();
    const token = await operatorLogin(sut);
    for (const query of ['runs=0', 'runs=51', 'failures=abc', 'failures=101']) {
      const answer = await call(sut, { method: 'GET', url: `/api/operator/jobs?${query}`, token });
      expect([answer.status, answer.body.code], query).toEqual([400, 'VALIDATION_FAILED']);
    }
  });

  it('refuses a guest and a member', async () => {
    sut = await buildTestApp();
    const guest = await call(sut, { method: 'GET', url: '/api/operator/jobs' });
    expect(guest.status).toBe(401);
    const login = await loginAs(sut, 'demoplayer', 'Player-demo-2026');
    const memberToken = (login.body.value as { token: string }).token;
    const member = await call(sut, { method: 'GET', url: '/api/operator/jobs', token: memberToken });
    expect(member.status).toBe(403);
  });

  it('answers the job definitions with no history on a database where the queue never ran', async () => {
    sut = await buildTestApp();
    const answer = await call(sut, {
      method: 'GET',
      url: '/api/operator/jobs',
      token: await operatorLogin(sut),
    });
    const value = answer.body.value as JobsAnswer;
    expect(value.workers).toBe(false);
    expect(value.failures).toEqual([]);
    expect(value.jobs.length).toBeGreaterThanOrEqual(6);
    expect(value.jobs.every((job) => job.runs.length === 0)).toBe(true);
  });
});

describe('run a job now (POST /api/operator/jobs/run)', () => {
  it(
    'queues one run of the job, which then runs; a second while one waits answers null',
    { timeout: 60_000 },
    async () => {
      let runs = 0;
      sut = await buildTestApp({
        env: { JOB_WORKERS: 'true' },
        extend: (app) => {
          app.jobs.define({
            name: 'test-count',
            summary: 'counts its runs',
            schedule: byHand,
            ...quiet,
            run: async () => {
              runs += 1;
              await new Promise((resolve) => setTimeout(resolve, 300));
              return { runs };
            },
          });
        },
      });
      const token = await operatorLogin(sut);
      const run = () =>
        call(sut!, { method: 'POST', url: '/api/operator/jobs/run', token, body: { name: 'test-count' } });
      const first = await run();
      expect(first.status).toBe(200);
      expect(first.body.value).toEqual({ id: expect.any(String) });
      await waitFor(async () => runs === 1, 'the run');
      // The run is over: another may be queued.
      await waitFor(async () => {
        const again = await run();
        return typeof (again.body.value as { id: string | null }).id === 'string';
      }, 'a second run');
      await waitFor(async () => runs === 2, 'the second run');
    },
  );

  it('refuses an unknown job, a bad name, a guest and a member, and runs nothing', async () => {
    sut = await buildTestApp();
    const token = await operatorLogin(sut);
    const post = (body: unknown, as?: string) =>
      call(sut!, { method: 'POST', url: '/api/operator/jobs/run', ...(as ? { token: as } : {}), body });
    const unknown = await post({ name: 'no-such-job' }, token);
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
    for (const name of ['', 'Bad Name', 'a\u0000b', 'x'.repeat(65)]) {
      const bad = await post({ name }, token);
      expect([bad.status, bad.body.code], name).toEqual([400, 'VALIDATION_FAILED']);
    }
    // This app runs no workers: a known job cannot be queued here.
    const noWorkers = await post({ name: 'lottery-tick' }, token);
    expect([noWorkers.status, noWorkers.body.code]).toEqual([403, 'FEATURE_DISABLED']);
    expect((await post({ name: 'lottery-tick' })).status).toBe(401);
    const login = await loginAs(sut, 'demoplayer', 'Player-demo-2026');
    const memberToken = (login.body.value as { token: string }).token;
    expect((await post({ name: 'lottery-tick' }, memberToken)).status).toBe(403);
  });
});

describe('the job queue', () => {
  it('lets a run in flight finish when the app closes, and records it', async () => {
    const database = await createTestDatabase();
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...testEnvDefaults, JOB_WORKERS: 'true' });
    const app = await buildApp({ env, database: database.handle, webRoot: null, logger: false });
    let finished = false;
    let started = false;
    app.jobs.define({
      name: 'test-long',
      summary: 'takes a while',
      schedule: byHand,
      ...quiet,
      run: async () => {
        started = true;
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        finished = true;
        return { finished };
      },
    });
    let closed = false;
    try {
      await app.ready();
      const id = await app.jobQueue.runSoon('test-long');
      await waitFor(async () => started, 'the run to start');
      await app.close();
      closed = true;
      expect(finished).toBe(true);
      const { rows } = await database.handle.executeSql(
        `select state::text as state, output from pgboss.job where id = $1`,
        [id],
      );
      expect(rows).toEqual([{ state: 'completed', output: { finished: true } }]);
    } finally {
      if (!closed) await app.close();
      await database.close();
    }
  });

  it('fails at start a run a crash left active, when the process is the database only one', async () => {
    const database = await createTestDatabase();
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...testEnvDefaults, JOB_WORKERS: 'true' });
    let runs = 0;
    const define = (app: Awaited<ReturnType<typeof buildApp>>) =>
      app.jobs.define({
        name: 'test-orphan',
        summary: 'counts its runs',
        schedule: byHand,
        ...quiet,
        run: async () => ({ run: ++runs }),
      });
    const state = async (id: string) =>
      (await database.handle.executeSql(`select state::text as state from pgboss.job where id = $1`, [id]))
        .rows[0] as { state: string } | undefined;
    try {
      const first = await buildApp({ env, database: database.handle, webRoot: null, logger: false });
      define(first);
      await first.ready();
      const id = await first.jobQueue.runSoon('test-orphan');
      await waitFor(async () => (await state(String(id)))?.state === 'completed', 'the first run');
      await first.close();
      // As a SIGKILL in the middle of the run would leave it: active, never finished.
      await database.handle.executeSql(
        `update pgboss.job set state = 'active', completed_on = null, started_on = now() where id = $1`,
        [id],
      );
      const second = await buildApp({
        env,
        database: database.handle,
        webRoot: null,
        logger: false,
        soleDatabaseProcess: true,
      });
      define(second);
      try {
        await second.ready();
        await waitFor(async () => (await state(String(id)))?.state === 'failed', 'the orphan to be failed');
        // The job is free again at once (stately: it would wait for its timeout otherwise).
        const next = await second.jobQueue.runSoon('test-orphan');
        await waitFor(async () => (await state(String(next)))?.state === 'completed', 'the next run');
        expect(runs).toBe(2);
      } finally {
        await second.close();
      }
    } finally {
      await database.close();
    }
  });

  it("runs pg-boss's statement lists as one transaction, rolled back on failure, the connection left usable", async () => {
    const database = await createTestDatabase();
    const { executeSql } = database.handle;
    try {
      await executeSql('create table job_queue_probe (x int)');
      await expect(
        executeSql('BEGIN; insert into job_queue_probe values (1); select 1/0; COMMIT;'),
      ).rejects.toThrow(/division by zero/);
      // Every connection (PGlite has one; the pg pool cycles through its clients) still answers.
      for (let round = 0; round < 8; round += 1) {
        expect((await executeSql('select count(*)::int as n from job_queue_probe')).rows).toEqual([{ n: 0 }]);
      }
      await executeSql(
        'BEGIN; insert into job_queue_probe values (1); insert into job_queue_probe values (2); COMMIT;',
      );
      expect(
        (await executeSql('select count(*)::int as n from job_queue_probe where x > $1', [0])).rows,
      ).toEqual([{ n: 2 }]);
    } finally {
      await database.close();
    }
  });

  it('refuses a job it could not run as declared', () => {
    const registry = new JobRegistry();
    const job: JobDefinition = {
      name: 'fine',
      summary: '',
      schedule: byHand,
      ...quiet,
      run: async () => null,
    };
    registry.define(job);
    expect(() => registry.define(job)).toThrow(/defined twice/);
    expect(() => registry.define({ ...job, name: 'Not_Kebab' })).toThrow(/lowercase/);
    expect(() => registry.define({ ...job, name: 'seconds', schedule: { cron: '*/5 * * * * *' } })).toThrow(
      /five fields/,
    );
    expect(() =>
      registry.define({ ...job, name: 'zone', schedule: { cron: '0 18 * * *', timezone: 'Mars/Olympus' } }),
    ).toThrow(/time zone/);
    expect(() => registry.define({ ...job, name: 'often', schedule: { everySeconds: 0.5 } })).toThrow(
      /everySeconds/,
    );
    expect(() => registry.define({ ...job, name: 'forever', timeoutSeconds: 86_400 })).toThrow(
      /timeoutSeconds/,
    );
    registry.define({
      ...job,
      name: 'draw-daily',
      schedule: { cron: '30 18 * * *', timezone: 'Asia/Ho_Chi_Minh' },
    });
    registry.freeze();
    expect(() => registry.define({ ...job, name: 'late' })).toThrow(/after the queue started/);
    expect(registry.list().map((entry) => entry.name)).toEqual(['fine', 'draw-daily']);
  });
});
