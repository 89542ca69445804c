import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * The request log (issue 12, point 2). Fastify's own request logging writes two info lines per
 * request ("incoming request", "request completed"); on the vendor wallet's hot path that is two
 * serialised objects for every debit and credit, which nobody reads. `RequestLog` (app.ts gives it
 * to Fastify as its `logController`) writes ONE line per request when it finishes:
 *
 * - a 5xx at error, a slow answer (≥ `slowRequestMs`) at warn, any other 4xx at info: every error and
 *   every refused call (a bad signature, an unknown session, insufficient funds…) stays in the log;
 * - a 2xx or 3xx of a hot path (vendor wallet calls, game launch, health checks, and every call
 *   registered with a shared answer: home data, game lists, lobbies) at debug;
 * - any other 2xx or 3xx at info.
 *
 * Errors keep their own lines with the stack (http/error-handler.ts, the vendor routes' handler),
 * and every other line of Fastify's (a route not found, a response that failed to send) is kept.
 */
export const slowRequestMs = 1_000;

export type RequestLogLevel = 'debug' | 'info' | 'warn' | 'error';

export function requestLogLevel(answer: {
  status: number;
  elapsedMs: number;
  hotPath: boolean;
}): RequestLogLevel {
  if (answer.status >= 500) return 'error';
  if (answer.elapsedMs >= slowRequestMs) return 'warn';
  if (answer.status >= 400) return 'info';
  return answer.hotPath ? 'debug' : 'info';
}

/**
 * Fastify's log controller with the policy above: no "incoming request" line, and the one
 * "request completed" line at `requestLogLevel`'s level. Given to Fastify as `logController`.
 */
export class RequestLog extends LogController {
  readonly #isHotPath: (pathname: string) => boolean;

  constructor(isHotPath: (pathname: string) => boolean) {
    super();
    this.#isHotPath = isHotPath;
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    // A response that failed on the way out (the socket closed…) keeps Fastify's error line.
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    const url = request.url;
    const query = url.indexOf('?');
    const level = requestLogLevel({
      status: reply.statusCode,
      elapsedMs: reply.elapsedTime,
      hotPath:
        request.routeOptions.config.hotPath === true ||
        this.#isHotPath(query < 0 ? url : url.slice(0, query)),
    });
    // Pino's methods below the logger's level are no-ops: nothing is serialised for them.
    reply.log[level]({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
