import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorCatalogue, type ErrorCode, type FieldIssue } from '@khela/contract';
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

export function sendError(
  reply: FastifyReply,
  code: ErrorCode,
  extra: { issues?: FieldIssue[]; value?: Record<string, unknown> } = {},
) {
  const value =
    extra.issues || extra.value
      ? { ...extra.value, ...(extra.issues ? { issues: extra.issues } : {}) }
      : undefined;
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

/**
 * One error handler for the whole API (STYLE.md 5): catalogue code → HTTP status; a 4xx says what
 * was wrong, a 5xx never leaks its message.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return sendError(reply, error.code, { issues: error.issues, value: error.value });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        field: fieldOf(error.validationContext, issue.instancePath, issue.params as Record<string, unknown>),
        reason: issue.message ?? 'invalid',
      }));
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
      return sendError(reply, 'BAD_REQUEST', { issues: [{ field: 'request', reason: error.message }] });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 'INTERNAL');
  });
}
