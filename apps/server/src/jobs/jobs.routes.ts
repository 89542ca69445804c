import type { FastifyInstance } from 'fastify';
import { calls } from '@khela/contract';
import { AppError } from '../http/app-error.ts';
import { registerCall } from '../http/register-call.ts';
import { readJobHistory } from './job-history.ts';
import type { ExecuteSql } from './job-queue.ts';

/** The operator's view of the scheduled jobs: what runs when, how the latest runs went, what failed. */
export async function jobRoutes(app: FastifyInstance, options: { executeSql: ExecuteSql }) {
  registerCall(app, calls.operatorJobs, async ({ query }) => ({
    workers: app.env.JOB_WORKERS,
    ...(await readJobHistory(options.executeSql, app.jobs.list(), query)),
  }));

  // "Run now": the job does what is due, exactly as at its own times (each job settles by unique
  // keys, so an extra run changes nothing that was done). Only where this instance runs workers.
  registerCall(app, calls.operatorRunJob, async ({ body }) => {
    if (!app.jobs.get(body.name)) {
      throw new AppError('NOT_FOUND', { issues: [{ field: 'name', reason: 'no such job' }] });
    }
    if (!app.jobQueue.started) throw new AppError('FEATURE_DISABLED');
    return { id: await app.jobQueue.runSoon(body.name) };
  });
}
