import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preParsingHookHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditCallInput, findForbiddenText, okEnvelope, type CallDefinition } from '@khela/contract';
import type { CacheTag } from '../shared/read-cache.ts';
import type { AliasedAnswer, Encoding, ResponseCache } from '../shared/response-cache.ts';
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
  /**
   * The answer is the same for every caller (public or optional calls whose handler never reads the
   * session; refused at start-up on any other call): it is cached whole, serialised,
   * and shared by the instances (shared/response-cache.ts), keyed by the call, the validated query
   * and `vary`. Who may call and the input's validation still run on every request.
   */
  shared?: SharedAnswer;
  /**
   * The answer is always far under the compression threshold (a few hundred bytes, e.g. a launch
   * URL): @fastify/compress's hooks are left off the route, on a hot path (issue 12).
   */
  smallAnswer?: boolean;
  /**
   * A read-only call that every visitor's page makes as it starts (status, permission): its 2xx is
   * logged at debug, as a shared answer's is (http/request-log.ts); its refusals and errors are
   * still logged. At info it cost a status call about 20 µs of CPU on top of 45 (issue 12).
   */
  quietSuccess?: boolean;
  /**
   * The handler checks the caller's session itself, inside the statement it runs anyway (issue 12:
   * the game launch saves a round trip to the database per call), and must hand what it found to
   * `admitResolved` (accounts/authorize.ts) before it acts or answers; its statement must act only
   * for a session `admitResolved` lets in. Only for calls of members ('member', 'realMember').
   * Before the handler, only a missing token is refused (401, as `authorize` would); any other
   * refusal of the request (bad input, a body that cannot be read) waits for `authorize` first, so
   * a caller who must be refused still gets that refusal and learns nothing of the input rules.
   */
  sessionInStatement?: boolean;
}

export interface SharedAnswer {
  /** The data it is made of: a change under one of these tags drops it on every instance. */
  tags: readonly CacheTag[];
  /**
   * What else the answer depends on besides the query, e.g. the language the Language header
   * resolves to. Never the caller: a shared answer carries nothing of a member.
   */
  vary?: (request: FastifyRequest) => string | Promise<string>;
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
  const { shared } = options;
  // A member's, agent's or operator's call answers that caller: never shared. An `optional` call
  // may be shared only when its handler does not read the session (a member's token is checked,
  // the answer is the visitors').
  if (shared && call.auth !== 'public' && call.auth !== 'optional') {
    throw new Error(`call ${call.id} answers its caller (${call.auth}): its answer is never shared`);
  }
  const inStatement = options.sessionInStatement === true;
  if (inStatement && call.auth !== 'member' && call.auth !== 'realMember') {
    throw new Error(
      `call ${call.id} (${call.auth}): only a member's call checks its session in its statement`,
    );
  }
  const envelope = okEnvelope(call.value);
  /**
   * A shared answer's address: the call, the raw request line's URL and the two headers its answer
   * may depend on (`vary` reads only the language header and the settings; the encoding follows
   * accept-encoding). A request at an address answered in the last TTL is answered from it before
   * the route parses its query, checks it or loads anything: the same bytes its twin got, which
   * passed every check (a refused request is never held). The tags drop it as they drop the answer.
   */
  const aliasOf = (request: FastifyRequest) =>
    `${call.id}|${String(request.headers.language ?? '')}|${String(request.headers['accept-encoding'] ?? '')}|${request.url}`;
  const answerHeld: preParsingHookHandler = (request, reply, payload, done) => {
    const held = app.responseCache.peek(aliasOf(request));
    if (!held) {
      done(null, payload);
      return;
    }
    void sendShared(reply, held);
  };
  const preParsing = [
    ...(shared ? [answerHeld] : []),
    ...(call.auth === 'public'
      ? []
      : [
          async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
            // A call that checks its session in its statement refuses a request with no token here.
            if (!inStatement || !request.headers.authorization) await app.authorize(request, call);
            return payload;
          },
        ]),
  ];
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    schema: {
      operationId: call.id,
      summary: call.summary,
      tags: [call.tag],
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.body ? { body: call.body } : {}),
      response: { 200: envelope },
      ...(call.auth === 'public' ? {} : { security: [{ bearer: [] }] }),
    },
    // A shared answer is a hot path of the read path (home data, lobbies), as is a call of every
    // page's start (quietSuccess): its 2xx is not logged at info (http/request-log.ts), every
    // refusal and error still is.
    config: {
      call,
      ...(shared || options.quietSuccess ? { hotPath: true } : {}),
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    },
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    // Our clients send plain JSON bodies: a compressed request body is not inflated (it fails the
    // JSON parse as any other unreadable body), and one preParsing hook less runs per call. A shared
    // answer is compressed below, once per key; a small one never is.
    decompress: false,
    ...(shared || options.smallAnswer ? { compress: false as const } : {}),
    // preParsing, not onRequest: the rate limits (@fastify/rate-limit's onRequest hooks) still
    // count a refused caller first, and the body of a refused caller is never parsed. A shared
    // answer held for this very request (aliasOf) is sent by the first of them, after every
    // onRequest hook: the request id, the security headers, and the rate limit, which counts it
    // like any other request. A public call that is not shared has no hook at all (no promise per
    // request on the read path).
    ...(preParsing.length > 0 ? { preParsing } : {}),
    // Its refusals of the request itself wait for the session's verdict (the order above).
    ...(inStatement
      ? {
          errorHandler: async (error: FastifyError, request: FastifyRequest) => {
            if (!request.sessionJudged && refusesTheRequest(error)) await app.authorize(request, call);
            throw error;
          },
        }
      : {}),
    // An encrypted call's body arrives sealed: it is opened here, before the zod validation, so
    // the schema sees the plaintext. A plain body is refused (ENCRYPTION_REQUIRED). Any other call
    // only has its strings checked, in a callback hook.
    preValidation: call.encrypted
      ? async (request: FastifyRequest) => {
          request.body = await app.openEnvelope(request.body);
          refuseForbiddenInput(request);
        }
      : (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
          try {
            refuseForbiddenInput(request);
          } catch (error) {
            done(error as Error);
            return;
          }
          done();
        },
    handler: async (request, reply) => {
      const run = () =>
        handler({
          query: request.query as Input<C['query']>,
          body: request.body as Input<C['body']>,
          request,
          reply,
        });
      if (!shared) {
        const value = await run();
        if (inStatement && !request.sessionJudged) {
          throw new Error(`call ${call.id} answered without judging the caller's session`);
        }
        return { success: true as const, value };
      }
      const vary = shared.vary ? await shared.vary(request) : '';
      const key = `${call.id}|${vary}|${JSON.stringify(request.query ?? null)}`;
      // Encoded and checked by the value schema as the route's serializer would (bigint codecs,
      // docs/stack.md gotcha 2), once per load; its bytes with a JSON type are sent as they are.
      const body = await app.responseCache.get(key, shared.tags, async () => {
        const answer = { success: true as const, value: await run() };
        // The serializer's own step: the answer as the handler gives it, encoded by the schema.
        return JSON.stringify(z.encode(envelope, answer as z.output<typeof envelope>));
      });
      // Compressed as @fastify/compress would (it leaves an answer with a Content-Encoding alone),
      // but once per key and TTL rather than once per answer.
      const encoding =
        body.length >= compressThreshold ? preferredEncoding(request.headers['accept-encoding']) : null;
      const answer: AliasedAnswer = encoding
        ? { body: await app.responseCache.compressed(key, shared.tags, encoding, body), encoding }
        : { body, encoding: null };
      app.responseCache.remember(aliasOf(request), key, shared.tags, answer);
      return sendShared(reply, answer);
    },
  });
}

/**
 * Sends a shared answer as it was made: its JSON bytes, compressed or not (the route's type wants
 * the answer's object; the serialised answer is its JSON text's bytes).
 */
function sendShared(reply: FastifyReply, answer: AliasedAnswer) {
  reply.type('application/json; charset=utf-8');
  if (answer.encoding) reply.header('content-encoding', answer.encoding).header('vary', 'accept-encoding');
  return reply.send(answer.body as never);
}

/**
 * A 4xx that refuses the request (its input, its body, its size), not one that refuses the caller
 * for what they did before: a rate limit's 429 does not cost a session check.
 */
function refusesTheRequest(error: FastifyError | AppError): boolean {
  const status = error instanceof AppError ? error.status : (error.statusCode ?? 500);
  return status >= 400 && status < 500 && status !== 429;
}

/** The threshold app.ts gives @fastify/compress: smaller answers go as they are. */
const compressThreshold = 1024;

/** Brotli when the client takes it, else gzip, else none (a q=0 refuses an encoding). */
export function preferredEncoding(header: string | string[] | undefined): Encoding | null {
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const quality = parameters
      .map((parameter) => parameter.trim())
      .find((parameter) => parameter.startsWith('q='));
    if (quality !== undefined && !(Number(quality.slice(2)) > 0)) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** The query's and the body's strings against the contract's text rule. */
function refuseForbiddenInput(request: FastifyRequest) {
  refuseForbiddenText(request.query);
  refuseForbiddenText(request.body);
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
    /** The shared answers of the calls registered with `shared` (buildApp sets it up). */
    responseCache: ResponseCache;
  }
  interface FastifyContextConfig {
    call?: CallDefinition;
    /** A hot path for the request log: a 2xx is written at debug, not info (http/request-log.ts). */
    hotPath?: boolean;
  }
}

export async function denyUnlessPublic(_request: FastifyRequest, call: CallDefinition): Promise<void> {
  if (call.auth === 'public' || call.auth === 'optional') return;
  throw new AppError('UNAUTHENTICATED');
}
