import type { FastifyRequest } from 'fastify';
import type { Actor } from './content-admin.service.ts';

/**
 * The operator behind a request, for the audit: the session the accounts module's authorize check
 * put on the request (`request.operatorSession`), by account name and operator id.
 */
export function actorOf(request: FastifyRequest): Actor {
  const session = request.operatorSession;
  const name = session ? `${session.account}#${session.operatorId}` : 'unknown';
  return { name, requestId: request.id, request };
}
