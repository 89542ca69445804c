import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isAgentType, accountTypes, type CallDefinition } from '@khela/contract';
import { AppError } from '../../http/app-error.ts';
import { resolveSession, type SessionInfo } from './session.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session once `authorize` found one; null for a guest. */
    session: SessionInfo | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{16,128})$/.exec(header.trim());
  return match?.[1] ?? null;
}

/** The session of a handler whose call is not public (authorize has already required one). */
export function sessionOf(request: FastifyRequest): SessionInfo {
  if (!request.session) throw new AppError('UNAUTHENTICATED');
  return request.session;
}

/**
 * `app.authorize`: the contract's `auth` levels. public: anyone. optional: anyone, the session is
 * read when a valid token comes. member: a logged-in player, agent or trial account.
 * realMember: a member that is not a trial (TRIAL_ACCOUNT, in_need_true_account). agent: agent
 * kinds 1, 2, 41, 42. operator: the back office role.
 */
export function createAuthorize(app: FastifyInstance) {
  return async function authorize(request: FastifyRequest, call: CallDefinition): Promise<void> {
    if (call.auth === 'public') return;
    const token = bearerToken(request);
    if (!token) {
      if (call.auth === 'optional') return;
      throw new AppError('UNAUTHENTICATED');
    }
    const resolved = await resolveSession({ db: app.db, env: app.env, token });
    if (resolved.state !== 'valid') {
      if (call.auth === 'optional') return;
      throw new AppError(resolved.state === 'expired' ? 'TOKEN_EXPIRED' : 'UNAUTHENTICATED');
    }
    const { session } = resolved;
    request.session = session;
    const isOperator = session.role === 'operator';
    switch (call.auth) {
      case 'optional':
        return;
      case 'member':
        if (isOperator) throw new AppError('FORBIDDEN');
        return;
      case 'realMember':
        if (isOperator) throw new AppError('FORBIDDEN');
        if (session.type === accountTypes.trial) throw new AppError('TRIAL_ACCOUNT');
        return;
      case 'agent':
        if (isOperator || !isAgentType(session.type)) throw new AppError('FORBIDDEN');
        return;
      case 'operator':
        if (!isOperator) throw new AppError('FORBIDDEN');
        return;
      default: {
        const unknownLevel: never = call.auth;
        throw new Error(`unknown auth level ${String(unknownLevel)}`);
      }
    }
  };
}
