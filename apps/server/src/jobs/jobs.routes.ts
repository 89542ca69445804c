import type { FastifyInstance } from 'fastify';
import { calls } from '@khela/contract';
import { registerCall } from '../http/register-call.ts';
import { readJobHistory } from './job-history.ts';
import type { ExecuteSql } from './job-queue.ts';

/** The operator's view of the scheduled jobs: what runs when, how the latest runs went, what failed. */
export async function jobRoutes(app: FastifyInstance, options: { executeSql: ExecuteSql }) {
  registerCall(app, calls.operatorJobs, async ({ query }) => ({
    workers: app.env.JOB_WORKERS,
    ...(await readJobHistory(options.executeSql, app.jobs.list(), query)),
  }));
}
