import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorCatalogue, issueRules, type ErrorCode, type FieldIssue, type IssueRule } from '@khela/contract';
import { AppError } from './app-error.ts';

/** Paths that belong to the API: an unknown one gets a 404 envelope, never the SPA page. */
export const apiPrefixes = [
  '/wps/',
  '/lgw/',
  '/api/',
  '/vendor/',
  '/vendor-wallet/',
  '/docs',
  '/healthz',
  '/readyz',
  '/metrics',
];

export function isApiPath(url: string): boolean {
  return apiPrefixes.some((prefix) => url === prefix.replace(/\/$/, '') || url.startsWith(prefix));
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The error code this request was answered with, once sendError answered it. */
    errorCode?: ErrorCode;
  }
}

export function sendError(
  reply: FastifyReply,
  code: ErrorCode,
  extra: { issues?: FieldIssue[]; value?: Record<string, unknown> } = {},
) {
  const issues = extra.issues?.map((issue) =>
    issue.rule ? issue : { ...issue, rule: ruleOfReason(issue.reason) },
  );
  const value = issues || extra.value ? { ...extra.value, ...(issues ? { issues } : {}) } : undefined;
  // Kept for the hooks that run after the answer (the operators' audit trail records the code).
  reply.request.errorCode = code;
  return reply
    .code(errorCatalogue[code].status)
    .type('application/json; charset=utf-8')
    .send({ success: false, code, message: errorCatalogue[code].message, ...(value ? { value } : {}) });
}

function fieldOf(context: string | undefined, instancePath: string, params: Record<string, unknown>): string {
  const fromPath = instancePath.replace(/^\//, '').replaceAll('/', '.');
  const missing = typeof params.missingProperty === 'string' ? params.missingProperty : '';
  const field = fromPath || missing || context || 'request';
  return field;
}

function isIssueRule(value: unknown): value is IssueRule {
  return typeof value === 'string' && (issueRules as readonly string[]).includes(value);
}

/**
 * The rule of an issue that only has a reason word: a service's own (`AmountError` reasons of
 * money.ts, `required`) or a zod codec's custom message. Anything else is `invalid`.
 */
export function ruleOfReason(reason: string): IssueRule {
  if (isIssueRule(reason)) return reason;
  switch (reason) {
    case 'Required':
      return 'required';
    case 'format':
    case 'too_many_decimals':
      return 'invalid_format';
    case 'too_large':
      return 'too_big';
    case 'zero':
    case 'negative':
      return 'too_small';
    default:
      return 'invalid';
  }
}

function valueAt(input: unknown, path: string[]): unknown {
  let current = input;
  for (const segment of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/**
 * The rule word and limit of one zod issue as fastify-type-provider-zod hands it over (`keyword`
 * is the zod issue code, `params` the rest of the issue). A field absent from the raw input is
 * `required` whatever zod said about it; a custom refinement names its rule in `params`.
 */
function ruleOfZodIssue(
  keyword: string,
  message: string,
  params: Record<string, unknown>,
  rawValue: unknown,
): { rule: IssueRule; limit?: number } {
  const custom = params.params as { rule?: unknown; limit?: unknown } | undefined;
  if (custom && isIssueRule(custom.rule)) {
    return { rule: custom.rule, ...(typeof custom.limit === 'number' ? { limit: custom.limit } : {}) };
  }
  if (rawValue === undefined || rawValue === null) return { rule: 'required' };
  const isLength = params.origin === 'string' || params.origin === 'array' || params.origin === 'set';
  switch (keyword) {
    case 'too_small': {
      const limit = Number(params.minimum);
      if (isLength && limit === 1) return { rule: 'required' };
      return { rule: isLength ? 'too_short' : 'too_small', ...(Number.isFinite(limit) ? { limit } : {}) };
    }
    case 'too_big': {
      const limit = Number(params.maximum);
      return { rule: isLength ? 'too_long' : 'too_big', ...(Number.isFinite(limit) ? { limit } : {}) };
    }
    case 'invalid_format':
    case 'invalid_type':
      return { rule: 'invalid_format' };
    case 'custom':
      return { rule: ruleOfReason(message) };
    default:
      return { rule: 'invalid' };
  }
}

/**
 * One error handler for the whole API (docs/style.md 5): catalogue code → HTTP status; a 4xx says what
 * was wrong, a 5xx never leaks its message.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return sendError(reply, error.code, { issues: error.issues, value: error.value });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const raw = error.validationContext === 'querystring' ? request.query : request.body;
      const issues: FieldIssue[] = error.validation.map((issue) => {
        const params = issue.params as Record<string, unknown>;
        const path = issue.instancePath.split('/').filter((segment) => segment !== '');
        return {
          field: fieldOf(error.validationContext, issue.instancePath, params),
          reason: issue.message ?? 'invalid',
          ...ruleOfZodIssue(issue.keyword, issue.message ?? '', params, valueAt(raw, path)),
        };
      });
      return sendError(reply, 'VALIDATION_FAILED', { issues });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its contract');
      return sendError(reply, 'INTERNAL');
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return sendError(reply, 'RATE_LIMITED');
    if (status === 413) return sendError(reply, 'PAYLOAD_TOO_LARGE');
    if (status === 404) return sendError(reply, 'NOT_FOUND');
    if (status === 503) return sendError(reply, 'MAINTENANCE');
    if (status >= 400 && status < 500) {
      return sendError(reply, 'BAD_REQUEST', {
        issues: [{ field: 'request', reason: error.message, rule: 'invalid_format' }],
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 'INTERNAL');
  });
}
