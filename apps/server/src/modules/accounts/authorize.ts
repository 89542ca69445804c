import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  accountTypes,
  calls,
  isAgentType,
  permissionOfCall,
  roleAllows,
  type CallDefinition,
} from '@khela/contract';
import { AppError } from '../../http/app-error.ts';
import { resolveSession, type ResolvedSession, type SessionInfo } from './session.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session once `authorize` found one; null for a guest. */
    session: SessionInfo | null;
    /** Whether the caller's session has been judged (`admitResolved`), whatever the verdict. */
    sessionJudged: boolean;
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
 * What a session opened by a login whose password must change ('123456', expired, or marked by an
 * operator) may call until the change: the change itself, member info (the dialog reads why it is
 * forced), the first-login mark the web sends right after login, and logout. Everything else
 * answers PASSWORD_CHANGE_REQUIRED, so a reload or another route cannot skip the dialog. The change
 * answers a new session without the mark (password.service.ts).
 */
const callsBeforePasswordChange: ReadonlySet<string> = new Set(
  [
    calls.changePassword,
    calls.memberInfo,
    calls.firstLogin,
    calls.logout,
    calls.operatorChangePassword,
    calls.operatorMe,
    calls.operatorLogout,
  ].map((call) => call.id),
);

/**
 * The second step is required for every operator: until it is enrolled, an operator's session may
 * only enrol it (and read who it is, and log out). The confirmation answers a new session. A new
 * operator's first password must change first (callsBeforePasswordChange), so the change is
 * allowed here too: without it the two rules refused each other and a new operator never got in.
 */
const operatorCallsBeforeTwoFactor: ReadonlySet<string> = new Set(
  [
    calls.operatorMe,
    calls.operatorLogout,
    calls.operatorChangePassword,
    calls.operatorTwoFactorSetup,
    calls.operatorTwoFactorConfirm,
  ].map((call) => call.id),
);

/**
 * An operator call's permission (contract back-office/call-permissions.ts) against the session's
 * role. A call without an entry is refused (fail closed). FORBIDDEN carries the permission that
 * was missing so the back office can say which; the audit hook records the refusal.
 */
function assertOperatorMay(session: SessionInfo, call: CallDefinition): void {
  if (session.role !== 'operator' || session.site !== 'operator') throw new AppError('FORBIDDEN');
  if (!session.twoFactorOn && !operatorCallsBeforeTwoFactor.has(call.id)) {
    throw new AppError('TWO_FACTOR_SETUP_REQUIRED');
  }
  const needed = permissionOfCall(call.id);
  if (needed === 'self') return;
  if (!needed || !session.operatorRole || !roleAllows(session.operatorRole, needed)) {
    throw new AppError('FORBIDDEN', { value: { permission: needed ?? null, role: session.operatorRole } });
  }
}

/**
 * The verdict on a caller whose token was checked (`resolved`) for `call` (not public): throws the
 * refusal; for an optional call a session that may not make it is served as a guest. Sets
 * `request.session` when the caller is let in (and on a refusal of the call's level, so the audit
 * hook records who was refused). `authorize` uses it, and so does a handler that checks the session
 * in its own statement (registerCall's `sessionInStatement`).
 */
export function admitResolved(
  request: FastifyRequest,
  resolved: ResolvedSession,
  call: CallDefinition,
): void {
  request.sessionJudged = true;
  if (resolved.state !== 'valid') {
    if (call.auth === 'optional') return;
    throw new AppError(resolved.state === 'expired' ? 'TOKEN_EXPIRED' : 'UNAUTHENTICATED');
  }
  const { session } = resolved;
  if (session.passwordChangeRequired && !callsBeforePasswordChange.has(call.id)) {
    // Optional calls serve such a session as a guest: public pages still show behind the dialog.
    if (call.auth === 'optional') return;
    throw new AppError('PASSWORD_CHANGE_REQUIRED');
  }
  request.session = session;
  const isOperator = session.role === 'operator';
  switch (call.auth) {
    case 'public':
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
      assertOperatorMay(session, call);
      return;
    default: {
      const unknownLevel: never = call.auth;
      throw new Error(`unknown auth level ${String(unknownLevel)}`);
    }
  }
}

/**
 * `app.authorize`: the contract's `auth` levels. public: anyone. optional: anyone, the session is
 * read when a valid token comes. member: a logged-in player, agent or trial account.
 * realMember: a member that is not a trial (TRIAL_ACCOUNT, in_need_true_account). agent: agent
 * kinds 1, 2, 41, 42. operator: the back office role. A session whose password must change first
 * passes only `callsBeforePasswordChange`.
 */
export function createAuthorize(app: FastifyInstance) {
  return async function authorize(request: FastifyRequest, call: CallDefinition): Promise<void> {
    if (call.auth === 'public') return;
    const token = bearerToken(request);
    if (!token) {
      request.sessionJudged = true;
      if (call.auth === 'optional') return;
      throw new AppError('UNAUTHENTICATED');
    }
    admitResolved(request, await resolveSession({ db: app.db, env: app.env, token }), call);
  };
}
