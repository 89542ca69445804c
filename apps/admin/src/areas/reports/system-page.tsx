import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import ExternalLink from 'lucide-react/icons/external-link';
import Play from 'lucide-react/icons/play';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { operatorJobs, operatorRunJob } from '@khela/contract/call-routes';
import type { JobRunRecord, JobSummary } from '@khela/contract';
import { useCan } from '../../app/operator.ts';
import { useCall, useMutationCall } from '../../shared/api/hooks.ts';
import { errorText } from '../../shared/forms/api-errors.ts';
import { t } from '../../shared/i18n/i18n.ts';
import { Page, Section } from '../../shared/ui/page.tsx';
import { ErrorState, Loading } from '../../shared/ui/states.tsx';
import { Table, type Column } from '../../shared/ui/table.tsx';
import { formatTime } from '../../shared/lib/format.ts';
import {
  apiReferenceHtml,
  keyMetricLines,
  operationsOf,
  operatorText,
  probe,
  type ApiOperation,
} from './operations.ts';
import './reports.css';

const time = formatTime;
const duration = (ms: number | null) =>
  ms === null ? '—' : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;

function StateBadge({ state }: { state: JobRunRecord['state'] }) {
  const tone =
    state === 'completed'
      ? 'badge--ok'
      : state === 'failed' || state === 'retry'
        ? 'badge--danger'
        : 'badge--muted';
  return <span className={`badge ${tone}`}>{t(`reports_job_state_${state}`)}</span>;
}

function scheduleText(job: JobSummary): string {
  return job.schedule.kind === 'cron'
    ? t('reports_job_cron', { cron: job.schedule.cron, timezone: job.schedule.timezone })
    : t('reports_job_every', { seconds: job.schedule.seconds });
}

function Health() {
  const ready = useQuery({
    queryKey: ['reports', 'readyz'],
    queryFn: () => probe('/readyz'),
    refetchInterval: 30_000,
  });
  const live = useQuery({
    queryKey: ['reports', 'healthz'],
    queryFn: () => probe('/healthz'),
    refetchInterval: 30_000,
  });
  const badge = (ok: boolean | undefined) =>
    ok === undefined ? (
      <span className="badge badge--muted">…</span>
    ) : (
      <span className={`badge ${ok ? 'badge--ok' : 'badge--danger'}`}>
        {t(ok ? 'reports_health_ok' : 'reports_health_down')}
      </span>
    );
  const details = ready.data?.body ?? {};
  return (
    <Section
      title={t('reports_health_title')}
      actions={
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => {
            void ready.refetch();
            void live.refetch();
          }}
        >
          <RefreshCw size={16} aria-hidden />
          {t('reports_refresh')}
        </button>
      }
    >
      <dl className="reports-health">
        <div>
          <dt>{t('reports_health_live')}</dt>
          <dd>{badge(live.isError ? false : live.data ? live.data.status === 200 : undefined)}</dd>
        </div>
        <div>
          <dt>{t('reports_health_ready')}</dt>
          <dd data-testid="readyz">
            {badge(ready.isError ? false : ready.data ? ready.data.status === 200 : undefined)}{' '}
            <span className="muted">{typeof details.status === 'string' ? details.status : ''}</span>
          </dd>
        </div>
        <div>
          <dt>{t('reports_health_database')}</dt>
          <dd>{typeof details.database === 'string' ? details.database : '—'}</dd>
        </div>
        <div>
          <dt>{t('reports_health_redis')}</dt>
          <dd>{typeof details.redis === 'string' ? details.redis : '—'}</dd>
        </div>
      </dl>
    </Section>
  );
}

function Jobs() {
  const can = useCan();
  const answer = useCall(operatorJobs, { runs: 5, failures: 20 }, { refetchInterval: 15_000 });
  const run = useMutationCall(operatorRunJob, { invalidates: [operatorJobs] });
  const [notice, setNotice] = useState<string | null>(null);
  const runNow = async (name: string) => {
    setNotice(null);
    try {
      const started = await run.mutateAsync({ body: { name } });
      setNotice(t(started.id ? 'reports_job_queued' : 'reports_job_already_waiting', { name }));
    } catch (error) {
      setNotice(errorText(error));
    }
  };
  const columns: Column<JobSummary>[] = [
    {
      key: 'name',
      header: t('reports_job_name'),
      cell: (job) => (
        <>
          <strong className="nowrap">{job.name}</strong>
          <br />
          <span className="muted reports-job-summary">{job.summary}</span>
        </>
      ),
    },
    { key: 'schedule', header: t('reports_job_schedule'), cell: scheduleText, wide: true },
    {
      key: 'last',
      header: t('reports_job_last_run'),
      cell: (job) => {
        const last = job.runs[0];
        return last ? (
          <span className="nowrap">
            <StateBadge state={last.state} /> {time(last.finishedAt ?? last.startedAt ?? last.createdAt)}
          </span>
        ) : (
          <span className="muted">{t('reports_job_never')}</span>
        );
      },
    },
    {
      key: 'duration',
      header: t('reports_job_duration'),
      cell: (job) => duration(job.runs[0]?.durationMs ?? null),
      align: 'end',
      wide: true,
    },
    ...(can('jobs.run')
      ? [
          {
            key: 'run',
            header: t('reports_job_actions'),
            cell: (job: JobSummary) => (
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={run.isPending}
                onClick={() => void runNow(job.name)}
                aria-label={t('reports_job_run_named', { name: job.name })}
              >
                <Play size={14} aria-hidden />
                {t('reports_job_run')}
              </button>
            ),
          },
        ]
      : []),
  ];
  const runColumns: Column<JobRunRecord>[] = [
    { key: 'state', header: t('reports_job_state'), cell: (item) => <StateBadge state={item.state} /> },
    {
      key: 'started',
      header: t('reports_job_started'),
      cell: (item) => time(item.startedAt ?? item.createdAt),
    },
    {
      key: 'duration',
      header: t('reports_job_duration'),
      cell: (item) => duration(item.durationMs),
      align: 'end',
    },
    { key: 'error', header: t('reports_job_error'), cell: (item) => item.error ?? '', wide: true },
  ];
  return (
    <>
      <Section title={t('reports_jobs_title')}>
        {answer.data && !answer.data.workers ? (
          <p className="form-notice">{t('reports_jobs_no_workers')}</p>
        ) : null}
        {notice ? (
          <p className="form-notice" role="status">
            {notice}
          </p>
        ) : null}
        <Table
          columns={columns}
          rows={answer.data?.jobs}
          rowKey={(job) => job.name}
          isLoading={answer.isPending}
          error={answer.error}
          onRetry={() => void answer.refetch()}
          label={t('reports_jobs_title')}
          expand={(job) => (
            <Table
              columns={runColumns}
              rows={job.runs}
              rowKey={(item) => item.id}
              emptyText={t('reports_job_never')}
            />
          )}
        />
      </Section>
      <Section title={t('reports_failures_title')}>
        <Table
          columns={[
            { key: 'job', header: t('reports_job_name'), cell: (item: JobRunRecord) => item.job },
            ...runColumns,
          ]}
          rows={answer.data?.failures}
          rowKey={(item) => item.id}
          isLoading={answer.isPending}
          emptyText={t('reports_failures_none')}
          label={t('reports_failures_title')}
        />
      </Section>
    </>
  );
}

/** Opens a text in a new tab (a blob URL: the page itself needs the token the tab would not send). */
function openText(text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function Metrics() {
  const metrics = useQuery({
    queryKey: ['reports', 'metrics'],
    queryFn: () => operatorText('/metrics'),
    refetchInterval: 30_000,
  });
  const lines = metrics.data ? keyMetricLines(metrics.data) : [];
  return (
    <Section
      title={t('reports_metrics_title')}
      actions={
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={!metrics.data}
          onClick={() => metrics.data && openText(metrics.data)}
        >
          {t('reports_metrics_download')}
        </button>
      }
    >
      {metrics.isPending ? (
        <Loading rows={4} />
      ) : metrics.isError ? (
        <ErrorState error={metrics.error} onRetry={() => void metrics.refetch()} />
      ) : (
        <dl className="reports-metrics">
          {lines.map((line) => (
            <div key={line.name}>
              <dt>
                <code>{line.name}</code>
                {line.labels ? <span className="muted"> ({line.labels})</span> : null}
              </dt>
              <dd>{line.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </Section>
  );
}

function ApiReference() {
  const [filter, setFilter] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [operations, setOperations] = useState<ApiOperation[] | null>(null);
  const load = async () => {
    setError(null);
    try {
      const document = JSON.parse(await operatorText('/docs/json')) as unknown;
      setOperations(operationsOf(document));
      return document;
    } catch (failure) {
      setError(failure);
      return null;
    }
  };
  const openInTab = async () => {
    // Opened before the fetch (a pop-up blocker allows a tab opened by the click itself).
    const tab = window.open('', '_blank');
    const document = await load();
    if (!document) {
      tab?.close();
      return;
    }
    const url = URL.createObjectURL(
      new Blob([apiReferenceHtml(document, t('reports_docs_title'))], { type: 'text/html' }),
    );
    if (tab) tab.location.href = url;
    else window.open(url, '_blank');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };
  const shown = (operations ?? []).filter((operation) =>
    `${operation.method} ${operation.path} ${operation.summary} ${operation.tag}`
      .toLowerCase()
      .includes(filter.trim().toLowerCase()),
  );
  return (
    <Section
      title={t('reports_docs_title')}
      actions={
        <>
          <button type="button" className="button button--ghost button--small" onClick={() => void load()}>
            {t('reports_docs_show')}
          </button>
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => void openInTab()}
          >
            <ExternalLink size={14} aria-hidden />
            {t('reports_docs_open')}
          </button>
        </>
      }
    >
      <p className="muted">{t('reports_docs_lead')}</p>
      {error ? <p className="form-alert">{error instanceof Error ? error.message : String(error)}</p> : null}
      {operations ? (
        <>
          <input
            className="field__control reports-docs__filter"
            type="search"
            value={filter}
            maxLength={100}
            placeholder={t('reports_docs_filter')}
            aria-label={t('reports_docs_filter')}
            onChange={(event) => setFilter(event.target.value)}
          />
          <Table
            columns={[
              {
                key: 'method',
                header: t('reports_docs_method'),
                cell: (operation: ApiOperation) => operation.method,
              },
              {
                key: 'path',
                header: t('reports_docs_path'),
                cell: (operation) => <code>{operation.path}</code>,
              },
              {
                key: 'summary',
                header: t('reports_docs_summary'),
                cell: (operation) => operation.summary,
                wide: true,
              },
            ]}
            rows={shown}
            rowKey={(operation) => `${operation.method} ${operation.path}`}
            label={t('reports_docs_title')}
          />
        </>
      ) : null}
    </Section>
  );
}

/** Jobs & health (issue 15, item 7): the job queue, the probes, metrics and the API reference. */
export default function SystemPage() {
  return (
    <Page title={t('reports_system_title')}>
      <Health />
      <Jobs />
      <Metrics />
      <ApiReference />
    </Page>
  );
}
