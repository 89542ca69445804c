import { userInfo } from 'node:os';
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CallDefinition, OperatorAuditEntry } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { operatorAudit } from '../audit/audit.tables.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once a handler recorded its change with recordOperatorChange (the hook then adds none). */
    operatorAudited?: boolean;
  }
}

/** What an operator changed, as a handler records it (in its own transaction, with the change). */
export interface OperatorChange {
  /** Defaults to the call's id. */
  action?: string;
  targetKind: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/** Keys never written to the trail, at any depth: secrets an operator typed or was given. */
const secretKey = /password|secret|token|code$|^code|altcha|captcha|otp|recovery/i;
const maxJsonChars = 8_000;

/**
 * A text PostgreSQL stores as it is: a NUL byte (which no `text` or `jsonb` value may hold) is
 * written as the six characters `\u0000`, a lone UTF-16 surrogate (which `jsonb` refuses) as
 * U+FFFD. What was refused stays readable in the trail, escaped, and the write never fails on it.
 */
export function storableText(text: string): string;
export function storableText(text: string | null | undefined): string | null;
export function storableText(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  return text
    .replaceAll('\u0000', '\\u0000')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** A copy of a request's input fit for the trail: secrets masked, long texts cut, size bounded. */
export function redactForAudit(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return storableText(value.length > 500 ? `${value.slice(0, 500)}…` : value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return value;
  if (depth > 5) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => redactForAudit(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value).slice(0, 100)) {
    // defineProperty: a key `__proto__` is kept as a plain key, not taken as the copy's prototype.
    Object.defineProperty(copy, storableText(key.slice(0, 200)), {
      value: secretKey.test(key) ? '[redacted]' : redactForAudit(item, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

function bounded(value: unknown): unknown {
  if (value === undefined) return null;
  const json = JSON.stringify(value);
  if (json === undefined) return null;
  return json.length > maxJsonChars ? { truncated: storableText(json.slice(0, maxJsonChars)) } : value;
}

function callOf(request: FastifyRequest): CallDefinition | undefined {
  const config = request.routeOptions.config as { call?: CallDefinition } | undefined;
  return config?.call;
}

function whoOf(request: FastifyRequest) {
  const session = request.operatorSession;
  return {
    operatorId: session?.operatorId ?? null,
    operator: session?.account ?? 'unknown',
    role: session?.operatorRole ?? null,
    ip: storableText(request.ip || null),
    userAgent: storableText(request.headers['user-agent']?.slice(0, 300)),
    requestId: request.id,
  };
}

/**
 * Records an operator's change, with the state before and after: call it inside the transaction
 * that makes the change, so the entry and the change commit (or roll back) together.
 */
export async function recordOperatorChange(
  db: Database,
  request: FastifyRequest,
  change: OperatorChange,
): Promise<void> {
  await db.insert(operatorAudit).values({
    ...whoOf(request),
    ...changeColumns(change, change.action ?? callOf(request)?.id ?? request.routeOptions.url ?? 'unknown'),
  });
  request.operatorAudited = true;
}

/** A change's own columns in the trail (what, on what, before and after), made storable. */
function changeColumns(change: OperatorChange, action: string) {
  return {
    action: storableText(action),
    targetKind: storableText(change.targetKind),
    targetId: storableText(String(change.targetId)),
    outcome: 'ok' as const,
    reason: storableText(change.reason),
    before: bounded(redactForAudit(change.before)),
    after: bounded(redactForAudit(change.after)),
  };
}

/**
 * Records a change made on the server's command line (`npm run settings`, `secret:set`,
 * `operator:create`): the back office never sees these tools, so their changes (the protected
 * settings' loosening above all) go into the same trail, under the system user who ran them.
 */
export async function recordConsoleChange(
  db: Database,
  change: Required<Pick<OperatorChange, 'action'>> & OperatorChange,
) {
  await db.insert(operatorAudit).values({
    operatorId: null,
    operator: storableText(`console:${consoleUser()}`),
    role: 'server-console',
    ip: null,
    userAgent: null,
    requestId: null,
    ...changeColumns(change, change.action),
  });
}

function consoleUser(): string {
  try {
    return userInfo().username;
  } catch {
    // A user with no passwd entry (some containers): the uid says who.
    return `uid ${process.getuid?.() ?? 'unknown'}`;
  }
}

/**
 * With every answer to an operator call: a refused or failed call is recorded (GETs too: an
 * attempt beyond one's role is audited), and a change whose handler recorded nothing is recorded
 * with its (redacted) input, so no operator action escapes the trail.
 */
async function auditAfterAnswer(db: Database, request: FastifyRequest, reply: FastifyReply) {
  const call = callOf(request);
  if (call?.auth !== 'operator') return;
  // Only an operator's session is on record: a member's token never gets one for an operator call.
  if (!request.operatorSession) return;
  const failed = reply.statusCode >= 400;
  if (!failed && (call.method === 'GET' || request.operatorAudited)) return;
  if (!failed && isOwnSessionCall(call.id)) return;
  const input = { query: redactForAudit(request.query), body: redactForAudit(request.body) };
  await insertNeverFailing(db, request, {
    ...whoOf(request),
    action: call.id,
    outcome: failed ? (reply.statusCode === 403 ? 'refused' : 'failed') : 'ok',
    errorCode: failed ? storableText(request.errorCode ?? String(reply.statusCode)) : null,
    after: bounded({ request: input }),
  });
}

type AuditRow = typeof operatorAudit.$inferInsert;

/**
 * Writes an entry that no input can stop: should the row still fail (input the escaping above
 * missed), the same entry goes in again without the request's input, saying so.
 */
async function insertNeverFailing(db: Database, request: FastifyRequest, row: AuditRow): Promise<void> {
  try {
    await db.insert(operatorAudit).values(row);
  } catch (error) {
    request.log.warn(
      { err: error },
      'operator audit entry refused by the database: written without its input',
    );
    await db.insert(operatorAudit).values({ ...row, after: { request: 'not recordable' } });
  }
}

/**
 * A refused look at an operations page (`/metrics`, `/docs`: plugins/operator-only.ts), by anyone:
 * a guest or a member too, who never reach an operator call's trail (they have no operator session).
 */
export async function recordRefusedOperationsPage(
  db: Database,
  request: FastifyRequest,
  errorCode: string,
): Promise<void> {
  const path = request.url.split('?')[0] ?? request.url;
  await insertNeverFailing(db, request, {
    ...whoOf(request),
    action: 'operationsPage',
    targetKind: 'page',
    targetId: storableText(path.slice(0, 200)),
    outcome: 'refused',
    errorCode: storableText(errorCode),
    after: bounded({ request: { query: redactForAudit(request.query) } }),
  });
}

/** The operator's own session steps: their login trail lives with the session, not here. */
function isOwnSessionCall(id: string): boolean {
  return id === 'operatorMe' || id === 'operatorLogout';
}

/**
 * On `onSend`, not `onResponse`: the entry is written before the answer leaves, so whoever reads
 * the trail right after an answer (the operator's next screen, a test) finds it.
 */
export function installOperatorAudit(app: FastifyInstance): void {
  // A callback hook: every answer passes here, and only an operator call's waits for a write (a
  // member's or a visitor's costs one comparison, not a promise; issue 12).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (callOf(request)?.auth !== 'operator') {
      done(null, payload);
      return;
    }
    auditAfterAnswer(app.db, request, reply)
      .catch((error: unknown) => {
        request.log.error({ err: error }, 'operator audit entry not written');
      })
      .finally(() => done(null, payload));
  });
}

export interface AuditQuery {
  q?: string | undefined;
  operator?: string | undefined;
  outcome?: 'ok' | 'refused' | 'failed' | undefined;
  from?: string | undefined;
  to?: string | undefined;
  before?: number | undefined;
  limit: number;
}

export async function listOperatorAudit(
  db: Database,
  query: AuditQuery,
): Promise<{ entries: OperatorAuditEntry[]; next: number | null }> {
  const conditions: SQL[] = [];
  if (query.operator) conditions.push(sql`lower(${operatorAudit.operator}) = lower(${query.operator})`);
  if (query.outcome) conditions.push(eq(operatorAudit.outcome, query.outcome));
  if (query.from) conditions.push(gte(operatorAudit.at, new Date(`${query.from}T00:00:00Z`)));
  if (query.to)
    conditions.push(lt(operatorAudit.at, sql`${`${query.to}T00:00:00Z`}::timestamptz + interval '1 day'`));
  if (query.before !== undefined) conditions.push(lt(operatorAudit.id, query.before));
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    conditions.push(
      sql`(${operatorAudit.action} ilike ${pattern} or ${operatorAudit.targetId} ilike ${pattern}
        or ${operatorAudit.targetKind} ilike ${pattern} or ${operatorAudit.reason} ilike ${pattern}
        or ${operatorAudit.operator} ilike ${pattern} or ${operatorAudit.ip} ilike ${pattern})`,
    );
  }
  const rows = await db
    .select()
    .from(operatorAudit)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(operatorAudit.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    entries: page.map((row) => ({
      id: row.id,
      at: row.at.getTime(),
      operatorId: row.operatorId,
      operator: row.operator,
      role: row.role,
      ip: row.ip,
      userAgent: row.userAgent,
      action: row.action,
      targetKind: row.targetKind,
      targetId: row.targetId,
      outcome: row.outcome,
      errorCode: row.errorCode,
      reason: row.reason,
      before: row.before,
      after: row.after,
    })),
    next: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}
