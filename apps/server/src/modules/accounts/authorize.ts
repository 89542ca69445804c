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
import {
  resolveOperatorSession,
  type OperatorSessionInfo,
  type ResolvedOperatorSession,
} from './operator-session.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The member's session once `authorize` found one for a member call; null for a guest. */
    session: SessionInfo | null;
    /**
     * The operator's session once `authorize` found one for an operator call (also when that
     * call was then refused, for the audit); null otherwise. Never set together with `session`.
     */
    operatorSession: OperatorSessionInfo | null;
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

/** The operator session of a handler of an operator call (authorize has already required one). */
export function operatorOf(request: FastifyRequest): OperatorSessionInfo {
  if (!request.operatorSession) throw new AppError('UNAUTHENTICATED');
  return request.operatorSession;
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
 * What a session of an account opened by its upline may call until it sets its own payment
 * password (after the forced password change): that, member info, first login, logout, and the
 * password change (the change comes first; it answers a session still bound by this rule).
 */
const callsBeforePaymentPasswordSetup: ReadonlySet<string> = new Set(
  [calls.setPaymentPassword, calls.changePassword, calls.memberInfo, calls.firstLogin, calls.logout].map(
    (call) => call.id,
  ),
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
function assertOperatorMay(session: OperatorSessionInfo, call: CallDefinition): void {
  if (!session.twoFactorOn && !operatorCallsBeforeTwoFactor.has(call.id)) {
    throw new AppError('TWO_FACTOR_SETUP_REQUIRED');
  }
  const needed = permissionOfCall(call.id);
  if (needed === 'self') return;
  if (!needed || !roleAllows(session.operatorRole, needed)) {
    throw new AppError('FORBIDDEN', { value: { permission: needed ?? null, role: session.operatorRole } });
  }
}

/**
 * The verdict on an operator whose token was checked in operator_sessions (`resolved`) for an
 * operator call: throws the refusal; sets `request.operatorSession` when the session is valid,
 * also when the call is then refused, so the audit hook records who was refused.
 */
export function admitOperator(
  request: FastifyRequest,
  resolved: ResolvedOperatorSession,
  call: CallDefinition,
): void {
  request.sessionJudged = true;
  if (resolved.state !== 'valid') {
    throw new AppError(resolved.state === 'expired' ? 'TOKEN_EXPIRED' : 'UNAUTHENTICATED');
  }
  const { session } = resolved;
  if (session.passwordChangeRequired && !callsBeforePasswordChange.has(call.id)) {
    throw new AppError('PASSWORD_CHANGE_REQUIRED');
  }
  request.operatorSession = session;
  assertOperatorMay(session, call);
}

/**
 * The verdict on a member whose token was checked in the members' sessions (`resolved`) for a call
 * that is not public: throws the refusal; for an optional call a session that may not make it is
 * served as a guest. Sets `request.session` when the caller is let in (and on a refusal of the
 * call's level). `authorize` uses it, and so does a handler that checks the session in its own
 * statement (registerCall's `sessionInStatement`).
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
  if (session.paymentPasswordSetupRequired && !callsBeforePaymentPasswordSetup.has(call.id)) {
    if (call.auth === 'optional') return;
    throw new AppError('PAYMENT_PASSWORD_SETUP_REQUIRED');
  }
  // A member's session never opens an operator call (admitOperator judges those, from
  // operator_sessions): reaching here is a caller's mistake, refused as no session at all.
  if (call.auth === 'operator') throw new AppError('UNAUTHENTICATED');
  request.session = session;
  switch (call.auth) {
    case 'public':
    case 'optional':
    case 'member':
      return;
    case 'realMember':
      if (session.type === accountTypes.trial) throw new AppError('TRIAL_ACCOUNT');
      return;
    case 'agent':
      if (!isAgentType(session.type)) throw new AppError('FORBIDDEN');
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
 * kinds 1, 2, 41, 42. operator: an operator's session (operator_sessions, never a member's) with
 * the call's permission. A session whose password must change first passes only
 * `callsBeforePasswordChange`. The token is judged by the call's own side only: an operator call
 * by the operators' sessions, any other by the members'. A live session of the other side is told
 * apart only to answer 403 rather than 401; it never gets a session on the request.
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
    const { db, env } = app;
    if (call.auth === 'operator') {
      const resolved = await resolveOperatorSession({ db, env, token });
      // A live member session is still no operator's: refused as before (403), never let in.
      if (
        resolved.state === 'unknown' &&
        (await resolveSession({ db, env, token, touch: false })).state === 'valid'
      ) {
        request.sessionJudged = true;
        throw new AppError('FORBIDDEN');
      }
      admitOperator(request, resolved, call);
      return;
    }
    const resolved = await resolveSession({ db, env, token });
    if (
      resolved.state === 'unknown' &&
      call.auth !== 'optional' &&
      (await resolveOperatorSession({ db, env, token, touch: false })).state === 'valid'
    ) {
      // Likewise an operator's live session on a member call: 403, and no member session.
      request.sessionJudged = true;
      throw new AppError('FORBIDDEN');
    }
    admitResolved(request, resolved, call);
  };
}
