import type { JobRunRecord, JobSummary } from '@khela/contract';
import { jobRunStateSchema } from '@khela/contract';
import type { ExecuteSql } from './job-queue.ts';
import { jobQueueSchema } from './job-queue.ts';
import type { JobDefinition } from './job-registry.ts';

interface RunRow {
  id: string;
  name: string;
  state: string;
  retry_count: number;
  created_ms: number;
  started_ms: number | null;
  completed_ms: number | null;
  output: unknown;
}

const MAX_ERROR_LENGTH = 500;

/**
 * The error text pg-boss kept for a failed run: a thrown Error as `{ name, message, stack }`, a
 * timeout as `{ value: { message } }`, anything else as it was given. The stack is left out.
 */
function errorOf(row: RunRow): string | null {
  if (row.state !== 'failed' && row.state !== 'retry') return null;
  const output = row.output as { message?: unknown; value?: { message?: unknown } } | null;
  const message =
    output?.message ?? output?.value?.message ?? (output === null ? null : JSON.stringify(output));
  if (message === null || message === undefined) return 'failed without an error message';
  const text = String(message);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}

function runOf(row: RunRow): JobRunRecord {
  // Raw SQL answers numbers as text on pg for some types (docs/stack.md gotcha 3): read them as numbers.
  const at = (value: number | string | null) => (value === null ? null : Math.round(Number(value)));
  const startedAt = at(row.started_ms);
  const finishedAt = at(row.completed_ms);
  return {
    id: row.id,
    job: row.name,
    state: jobRunStateSchema.parse(row.state),
    retries: Number(row.retry_count),
    createdAt: at(row.created_ms) ?? 0,
    startedAt,
    finishedAt,
    durationMs: startedAt !== null && finishedAt !== null ? finishedAt - startedAt : null,
    error: errorOf(row),
  };
}

const columns = `id::text as id, name, state::text as state, retry_count,
  (extract(epoch from created_on) * 1000)::float8 as created_ms,
  (extract(epoch from started_on) * 1000)::float8 as started_ms,
  (extract(epoch from completed_on) * 1000)::float8 as completed_ms,
  output`;

/**
 * The jobs as defined, each with its latest runs, and the latest failures over all of them, read
 * from pg-boss's tables (runs still in the job table and those already archived). Before the
 * queue ever ran on this database there is no history: the lists are empty.
 */
export async function readJobHistory(
  executeSql: ExecuteSql,
  jobs: readonly JobDefinition[],
  options: { runs: number; failures: number },
): Promise<{ jobs: JobSummary[]; failures: JobRunRecord[] }> {
  const names = jobs.map((job) => job.name);
  const installed = await executeSql(`select to_regclass('${jobQueueSchema}.archive') is not null as ready`);
  const ready = (installed.rows[0] as { ready?: boolean } | undefined)?.ready === true;
  let runs: RunRow[] = [];
  let failures: RunRow[] = [];
  if (ready && names.length > 0) {
    const latest = (table: string, where: string, limit: string) =>
      `(select ${columns} from ${jobQueueSchema}.${table} where ${where} order by created_on desc limit ${limit})`;
    runs = (
      await executeSql(
        `select latest.* from unnest($1::text[]) as wanted(name)
         cross join lateral (
           select * from (
             ${latest('job', 'name = wanted.name', '$2')}
             union all
             ${latest('archive', 'name = wanted.name', '$2')}
           ) as both_tables order by created_ms desc limit $2
         ) as latest`,
        [names, options.runs],
      )
    ).rows as RunRow[];
    const failed = `name = any($1::text[]) and state in ('failed', 'retry')`;
    failures = (
      await executeSql(
        `select * from (${latest('job', failed, '$2')} union all ${latest('archive', failed, '$2')}) as both_tables
         order by coalesce(completed_ms, created_ms) desc limit $2`,
        [names, options.failures],
      )
    ).rows as RunRow[];
  }
  const runsByJob = new Map<string, JobRunRecord[]>();
  for (const run of runs.map(runOf)) runsByJob.set(run.job, [...(runsByJob.get(run.job) ?? []), run]);
  return {
    jobs: jobs.map((job) => ({
      name: job.name,
      summary: job.summary,
      schedule:
        'cron' in job.schedule
          ? { kind: 'cron', cron: job.schedule.cron, timezone: job.schedule.timezone ?? 'UTC' }
          : { kind: 'every', seconds: job.schedule.everySeconds },
      retryLimit: job.retry.limit,
      retryDelaySeconds: job.retry.delaySeconds,
      retryBackoff: job.retry.backoff,
      timeoutSeconds: job.timeoutSeconds,
      runs: runsByJob.get(job.name) ?? [],
    })),
    failures: failures.map(runOf),
  };
}
