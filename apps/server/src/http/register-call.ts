import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { okEnvelope, type CallDefinition } from '@khela/contract';
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

/**
 * Registers the server side of one contract call: the zod schemas validate the query and body
 * before the handler runs (a bad input never reaches it), the answer is wrapped in the envelope
 * and checked against the declared value schema, and the caller's right to call is checked first.
 */
export interface CallOptions {
  /** A route-level limit per client address on top of the global one (@fastify/rate-limit). */
  rateLimit?: { max: number; timeWindow: string | number };
  /** A larger body than the server's default for this call only (e.g. an image as base64). */
  bodyLimit?: number;
}

export function registerCall<C extends CallDefinition>(
  app: FastifyInstance,
  call: C,
  handler: (context: CallContext<C>) => Promise<z.input<C['value']>> | z.input<C['value']>,
  options: CallOptions = {},
) {
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
    // An encrypted call's body arrives sealed: it is opened here, before the zod validation, so
    // the schema sees the plaintext. A plain body is refused (ENCRYPTION_REQUIRED).
    ...(call.encrypted
      ? {
          preValidation: async (request: FastifyRequest) => {
            request.body = await app.openEnvelope(request.body);
          },
        }
      : {}),
    preHandler: async (request) => {
      await app.authorize(request, call);
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
