import { z } from 'zod';
import { defineCall } from './define.ts';

/** When a scheduled job runs: a cron expression in a time zone, or once every so many seconds. */
export const jobScheduleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('cron'), cron: z.string(), timezone: z.string() }),
  z.object({ kind: z.literal('every'), seconds: z.number().int() }),
]);
export type JobScheduleInfo = z.infer<typeof jobScheduleSchema>;

/**
 * A run's state in the queue: `created` waiting, `active` running, `retry` failed and waiting for
 * another attempt, `completed`, `failed` (out of attempts), `cancelled`.
 */
export const jobRunStateSchema = z.enum(['created', 'retry', 'active', 'completed', 'cancelled', 'failed']);
export type JobRunState = z.infer<typeof jobRunStateSchema>;

export const jobRunSchema = z.object({
  id: z.string(),
  job: z.string(),
  state: jobRunStateSchema,
  /** Attempts after the first one so far. */
  retries: z.number().int(),
  /** ms since epoch; started and finished are null until it happens. */
  createdAt: z.number(),
  startedAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
  durationMs: z.number().nullable(),
  /** The error of a failed (or retrying) run, without its stack. */
  error: z.string().nullable(),
});
export type JobRunRecord = z.infer<typeof jobRunSchema>;

export const jobSummarySchema = z.object({
  name: z.string(),
  summary: z.string(),
  schedule: jobScheduleSchema,
  retryLimit: z.number().int(),
  retryDelaySeconds: z.number().int(),
  retryBackoff: z.boolean(),
  timeoutSeconds: z.number().int(),
  /** The latest runs, newest first. */
  runs: z.array(jobRunSchema),
});
export type JobSummary = z.infer<typeof jobSummarySchema>;

export const jobCalls = {
  operatorJobs: defineCall({
    id: 'operatorJobs',
    method: 'GET',
    path: '/api/operator/jobs',
    auth: 'operator',
    encrypted: false,
    summary:
      'The scheduled jobs with their schedules, their latest runs (state, start, end, duration) and the latest failures with their errors',
    tag: 'operator',
    query: z.object({
      /** Latest runs listed per job. */
      runs: z.coerce.number().int().min(1).max(50).default(5),
      /** Latest failed or retrying runs listed, over all jobs. */
      failures: z.coerce.number().int().min(1).max(100).default(20),
    }),
    value: z.object({
      /** Whether the answering instance runs job workers (JOB_WORKERS); the history is shared. */
      workers: z.boolean(),
      jobs: z.array(jobSummarySchema),
      failures: z.array(jobRunSchema),
    }),
  }),
  operatorRunJob: defineCall({
    id: 'operatorRunJob',
    method: 'POST',
    path: '/api/operator/jobs/run',
    auth: 'operator',
    encrypted: false,
    summary:
      'Run a scheduled job now (it settles whatever is due, as at its own times); null when a run is already waiting',
    tag: 'operator',
    body: z.object({
      name: z
        .string()
        .trim()
        .min(1)
        .max(64)
        .regex(/^[a-z][a-z0-9-]*$/, 'a job name'),
    }),
    value: z.object({ id: z.string().nullable() }),
  }),
};
