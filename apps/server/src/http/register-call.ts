import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { auditCallInput, findForbiddenText, okEnvelope, type CallDefinition } from '@khela/contract';
import { AppError } from './app-error.ts';

type Input<S> = [NonNullable<S>] extends [never]
  ? undefined
  : NonNullable<S> extends z.ZodType
    ? z.output<NonNullable<S>>
    : undefined;

export interface CallContext<C extends CallDefinition> {
  query: Input<C['query']>;
  body: Input<C['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface CallOptions {
  /** A route-level limit per client address on top of the global one (@fastify/rate-limit). */
  rateLimit?: { max: number; timeWindow: string | number };
  /** A larger body than the server's default for this call only (e.g. an image as base64). */
  bodyLimit?: number;
}

/**
 * Registers the server side of one contract call, in this order:
 * 1. preParsing: who may call (`app.authorize`), before the body is even read: a guest gets
 *    401 and a member 403 on an operator call whatever they send, and a refused caller learns
 *    nothing about the input rules.
 * 2. preValidation: an encrypted body is opened; then every string of the query and body is
 *    checked against the contract's text rule (no NUL, no other C0 control but tab and newlines,
 *    no lone surrogate: input-rules.ts), whatever the call's own schema says.
 * 3. validation: the call's zod schemas (a bad input never reaches the handler).
 * 4. the handler; its answer is wrapped in the envelope and checked against the value schema.
 * A call whose input schema breaks the contract's input rules (an unbounded string or number, an
 * integer wider than its column, an unbounded amount) is refused here, at start-up.
 */
export function registerCall<C extends CallDefinition>(
  app: FastifyInstance,
  call: C,
  handler: (context: CallContext<C>) => Promise<z.input<C['value']>> | z.input<C['value']>,
  options: CallOptions = {},
) {
  const problems = auditCallInput(call);
  if (problems.length > 0) {
    throw new Error(`call ${call.id} breaks the contract's input rules: ${problems.join('; ')}`);
  }
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    schema: {
      operationId: call.id,
      summary: call.summary,
      tags: [call.tag],
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.body ? { body: call.body } : {}),
      response: { 200: okEnvelope(call.value) },
      ...(call.auth === 'public' ? {} : { security: [{ bearer: [] }] }),
    },
    config: { call, ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}) },
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    // preParsing, not onRequest: the rate limits (@fastify/rate-limit's onRequest hooks) still
    // count a refused caller first, and the body of a refused caller is never parsed.
    preParsing: async (request, _reply, payload) => {
      await app.authorize(request, call);
      return payload;
    },
    preValidation: async (request) => {
      // An encrypted call's body arrives sealed: it is opened here, before the zod validation, so
      // the schema sees the plaintext. A plain body is refused (ENCRYPTION_REQUIRED).
      if (call.encrypted) request.body = await app.openEnvelope(request.body);
      refuseForbiddenText(request.query);
      refuseForbiddenText(request.body);
    },
    handler: async (request, reply) => {
      const value = await handler({
        query: request.query as Input<C['query']>,
        body: request.body as Input<C['body']>,
        request,
        reply,
      });
      return { success: true as const, value };
    },
  });
}

/** A string PostgreSQL would refuse (or no form field should carry) is a 400 on its field. */
function refuseForbiddenText(input: unknown) {
  const found = findForbiddenText(input);
  if (!found) return;
  throw new AppError('VALIDATION_FAILED', {
    issues: [{ field: found.field, reason: 'forbidden character', rule: 'invalid_characters' }],
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Decides whether the request may make the call; throws an AppError when not. buildApp
     * installs the accounts module's session check (modules/accounts/authorize.ts).
     */
    authorize: (request: FastifyRequest, call: CallDefinition) => Promise<void>;
  }
  interface FastifyContextConfig {
    call?: CallDefinition;
  }
}

export async function denyUnlessPublic(_request: FastifyRequest, call: CallDefinition): Promise<void> {
  if (call.auth === 'public' || call.auth === 'optional') return;
  throw new AppError('UNAUTHENTICATED');
}
