import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { OperatorRole } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import type { Env } from '../../config/env.ts';
import { operators, operatorSessions } from './operators.tables.ts';
import { hashToken, idleMinutesOf, touchSeconds } from './session.service.ts';

type SessionEnv = Pick<Env, 'SESSION_IDLE_MINUTES' | 'SESSION_ABSOLUTE_HOURS'>;

/** What an operator call's handler knows of the caller (`request.operatorSession`). */
export interface OperatorSessionInfo {
  sessionId: number;
  operatorId: number;
  account: string;
  operatorRole: OperatorRole;
  /** The login's password must change first: the session is good for that call only (authorize). */
  passwordChangeRequired: boolean;
  /** Whether the second step (TOTP) is on: required before an operator may act. */
  twoFactorOn: boolean;
}

export type ResolvedOperatorSession =
  { state: 'valid'; session: OperatorSessionInfo } | { state: 'expired' } | { state: 'unknown' };

/** A new operator session: 256 random bits as the token, only its SHA-256 stored. */
export async function createOperatorSession({
  db,
  env,
  operatorId,
  ip,
  userAgent,
  passwordChangeRequired = false,
}: {
  db: Database;
  env: SessionEnv;
  operatorId: number;
  ip: string | null;
  userAgent: string | null;
  passwordChangeRequired?: boolean;
}): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(operatorSessions).values({
    tokenHash: hashToken(token),
    operatorId,
    ip,
    userAgent: userAgent?.slice(0, 512) ?? null,
    passwordChangeRequired,
    expiresAt: sql`now() + make_interval(hours => ${env.SESSION_ABSOLUTE_HOURS})`,
  });
  return token;
}

/**
 * The operator session of a token, looked up in operator_sessions only: a member's token is not
 * there, whatever its member row says. Expired (idle, absolute, revoked, or the operator disabled)
 * is told apart from unknown. The idle clock is pushed forward at most every `touchSeconds`.
 */
export async function resolveOperatorSession({
  db,
  env,
  token,
  touch = true,
}: {
  db: Database;
  env: SessionEnv;
  token: string;
  /** False for a look that is not the operator's own call (telling a refusal): no idle clock push. */
  touch?: boolean;
}): Promise<ResolvedOperatorSession> {
  const idle = idleMinutesOf(env, 'operator');
  const [found] = await db
    .select({
      sessionId: operatorSessions.id,
      operatorId: operators.id,
      account: operators.account,
      operatorRole: operators.operatorRole,
      status: operators.status,
      passwordChangeRequired: operatorSessions.passwordChangeRequired,
      twoFactorOn: sql<boolean>`${operators.totpSecret} is not null`,
      isLive: sql<boolean>`${operatorSessions.revokedAt} is null and ${operatorSessions.expiresAt} > now()
        and ${operatorSessions.lastSeenAt} > now() - make_interval(mins => ${idle}::int)`,
      isStale: sql<boolean>`${operatorSessions.lastSeenAt} < now() - make_interval(secs => ${touchSeconds(env)}::int)`,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(eq(operatorSessions.tokenHash, hashToken(token)));
  if (!found) return { state: 'unknown' };
  if (!found.isLive || found.status !== 'active') return { state: 'expired' };
  if (touch && found.isStale) {
    await db
      .update(operatorSessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(operatorSessions.id, found.sessionId));
  }
  return {
    state: 'valid',
    session: {
      sessionId: found.sessionId,
      operatorId: found.operatorId,
      account: found.account,
      operatorRole: found.operatorRole,
      passwordChangeRequired: found.passwordChangeRequired,
      twoFactorOn: found.twoFactorOn,
    },
  };
}

/** Ends every live session of an operator (logout, password change, reset, disabled, new role). */
export async function revokeOperatorSessions({
  db,
  operatorId,
}: {
  db: Database;
  operatorId: number;
}): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)));
}

/** Ends one operator session (the one that guessed the password asked again too often). */
export async function revokeOperatorSession({ db, sessionId }: { db: Database; sessionId: number }) {
  await db
    .update(operatorSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(operatorSessions.id, sessionId), isNull(operatorSessions.revokedAt)));
}
