import { currentToken } from '../../shared/api/session.ts';
import { formatCount } from '../../shared/lib/format.ts';

/**
 * The operations pages the server keeps for operators only (`/metrics`, `/docs/json`: a bearer
 * operator token) and the public probes (`/healthz`, `/readyz`), read from the back office.
 */
export class OperationsError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'OperationsError';
  }
}

async function get(path: string, withToken: boolean): Promise<Response> {
  const token = currentToken();
  const response = await fetch(path, {
    headers: withToken && token ? { authorization: `Bearer ${token}` } : {},
    cache: 'no-store',
  });
  return response;
}

export interface Probe {
  status: number;
  body: Record<string, unknown>;
}

/** A health probe's answer (a 503 is an answer too: "not ready"). */
export async function probe(path: '/healthz' | '/readyz'): Promise<Probe> {
  const response = await get(path, false);
  let body: Record<string, unknown> = {};
  try {
    body = (await response.json()) as Record<string, unknown>;
  } catch {
    body = {};
  }
  return { status: response.status, body };
}

export async function operatorText(path: '/metrics' | '/docs/json'): Promise<string> {
  const response = await get(path, true);
  if (!response.ok) throw new OperationsError(response.status, `${path}: HTTP ${response.status}`);
  return response.text();
}

export interface MetricLine {
  name: string;
  labels: string;
  value: string;
}

/** The metrics worth a glance: the process, the event loop, requests and errors, the database pool. */
const keyMetrics = [
  /^process_resident_memory_bytes$/,
  /^process_cpu_seconds_total$/,
  /^process_start_time_seconds$/,
  /^nodejs_eventloop_lag_p99_seconds$/,
  /^nodejs_heap_size_used_bytes$/,
  /^nodejs_active_handles_total$/,
  /^http_request_duration_seconds_count$/,
  /^http_server_errors_total$/,
  /pool|database|db_/,
  /^jobs?_/,
];

/** Parses Prometheus text: sample lines only, summed per name for the key metrics. */
export function keyMetricLines(text: string): MetricLine[] {
  const sums = new Map<string, { value: number; series: number }>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})?\s+(\S+)/.exec(line);
    if (!match) continue;
    const [, name = '', , raw = ''] = match;
    if (!keyMetrics.some((pattern) => pattern.test(name))) continue;
    const value = Number(raw);
    if (!Number.isFinite(value)) continue;
    const sum = sums.get(name) ?? { value: 0, series: 0 };
    sum.value += value;
    sum.series += 1;
    sums.set(name, sum);
  }
  return [...sums.entries()].map(([name, sum]) => ({
    name,
    labels: sum.series > 1 ? `${sum.series} series, summed` : '',
    value: formatMetric(name, sum.value),
  }));
}

function formatMetric(name: string, value: number): string {
  if (name.endsWith('_bytes')) return `${(value / 1024 / 1024).toFixed(1)} MB`;
  if (name === 'process_start_time_seconds')
    return new Date(value * 1000).toISOString().replace('T', ' ').slice(0, 19);
  if (name.endsWith('_seconds')) return `${(value * 1000).toFixed(1)} ms`;
  if (name.endsWith('_seconds_total')) return `${value.toFixed(1)} s`;
  return Number.isInteger(value) ? formatCount(value) : value.toFixed(3);
}

export interface ApiOperation {
  method: string;
  path: string;
  summary: string;
  tag: string;
}

/** The operations of an OpenAPI document, by tag then path. */
export function operationsOf(document: unknown): ApiOperation[] {
  const paths = (
    document as { paths?: Record<string, Record<string, { summary?: string; tags?: string[] }>> }
  )?.paths;
  const operations: ApiOperation[] = [];
  for (const [path, methods] of Object.entries(paths ?? {})) {
    for (const [method, operation] of Object.entries(methods ?? {})) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      operations.push({
        method: method.toUpperCase(),
        path,
        summary: String(operation?.summary ?? ''),
        tag: String(operation?.tags?.[0] ?? ''),
      });
    }
  }
  return operations.sort((a, b) => a.tag.localeCompare(b.tag) || a.path.localeCompare(b.path));
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * A self-contained page of the API reference (no script, every text escaped) to open in a new tab
 * from a blob URL: the server's own /docs needs the operator's token on each of its files, which a
 * new tab would not send.
 */
export function apiReferenceHtml(document: unknown, title: string): string {
  const info = (document as { info?: { title?: string; version?: string } })?.info;
  const rows = operationsOf(document)
    .map(
      (operation) =>
        `<tr><td>${escapeHtml(operation.tag)}</td><td><b>${escapeHtml(operation.method)}</b></td>` +
        `<td><code>${escapeHtml(operation.path)}</code></td><td>${escapeHtml(operation.summary)}</td></tr>`,
    )
    .join('');
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)}</title><style>body{font:14px system-ui,sans-serif;margin:24px;color:#17202e}` +
    `table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #dde2ea;padding:6px 8px;text-align:left;vertical-align:top}` +
    `code{font-size:13px}@media (prefers-color-scheme:dark){body{background:#0f141c;color:#e6eaf1}td,th{border-color:#2b3546}}</style></head>` +
    `<body><h1>${escapeHtml(info?.title ?? title)} ${escapeHtml(info?.version ?? '')}</h1>` +
    `<table><thead><tr><th>Tag</th><th>Method</th><th>Path</th><th>Summary</th></tr></thead><tbody>${rows}</tbody></table></body></html>`
  );
}
