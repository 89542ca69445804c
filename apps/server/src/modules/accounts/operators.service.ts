import { liftSecondStepLock } from './second-step-strikes.ts';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { rolePermissions, type OperatorRole, type OperatorSelf, type OperatorSummary } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { memberHashing, type AccountsContext } from './accounts.context.ts';
import { recoveryCodes } from './accounts.tables.ts';
import { createOperator } from './operator-create.ts';
import { findOperatorById } from './operator-login.service.ts';
import {
  createOperatorSession,
  revokeOperatorSession,
  revokeOperatorSessions,
  type OperatorSessionInfo,
} from './operator-session.service.ts';
import { operators } from './operators.tables.ts';
import { hashPassword } from './password-hash.ts';
import { newPasswordViolation } from './password-policy.ts';
import { clearStrikes, confirmPasswordAgain } from './secret-strikes.ts';
import { idleMinutesOf } from './session.service.ts';
import { recordOperatorChange } from '../audit/audit.service.ts';

/** The operators the owner manages (issue 15), in their own table (operators.tables.ts). */

const summaryColumns = {
  id: operators.id,
  account: operators.account,
  nickname: operators.nickname,
  role: operators.operatorRole,
  status: operators.status,
  twoFactorOn: sql<boolean>`${operators.totpSecret} is not null`,
  lastLoginAt: operators.lastLoginAt,
  createdAt: operators.createdAt,
};

type SummaryRow = {
  id: number;
  account: string;
  nickname: string;
  role: OperatorRole;
  status: string;
  twoFactorOn: boolean;
  lastLoginAt: Date | null;
  createdAt: Date;
};

function summaryOf(row: SummaryRow): OperatorSummary {
  return {
    id: row.id,
    account: row.account,
    nickname: row.nickname,
    role: row.role,
    status: row.status === 'active' ? 'active' : 'disabled',
    twoFactorOn: row.twoFactorOn,
    lastLoginAt: row.lastLoginAt?.getTime() ?? null,
    createdAt: row.createdAt.getTime(),
  };
}

export async function operatorSelf(
  db: Database,
  env: AccountsContext['env'],
  session: OperatorSessionInfo,
): Promise<OperatorSelf> {
  const [row] = await db.select(summaryColumns).from(operators).where(eq(operators.id, session.operatorId));
  if (!row) throw new AppError('UNAUTHENTICATED');
  return {
    id: row.id,
    account: row.account,
    nickname: row.nickname,
    role: row.role,
    permissions: [...rolePermissions[row.role]],
    passwordChangeRequired: session.passwordChangeRequired,
    twoFactorSetupRequired: !row.twoFactorOn,
    idleMinutes: idleMinutesOf(env, 'operator'),
  };
}

export async function listOperators(db: Database): Promise<OperatorSummary[]> {
  const rows = await db.select(summaryColumns).from(operators).orderBy(asc(operators.account));
  return rows.map(summaryOf);
}

async function findOperator(db: Database, account: string): Promise<SummaryRow> {
  const [row] = await db
    .select(summaryColumns)
    .from(operators)
    .where(sql`lower(${operators.account}) = lower(${account})`);
  if (!row) throw new AppError('NOT_FOUND', { issues: [{ field: 'account', reason: 'no such operator' }] });
  return row;
}

export async function createOperatorAccount(
  context: AccountsContext,
  request: FastifyRequest,
  body: { account: string; nickname: string; role: OperatorRole; password: string },
): Promise<OperatorSummary> {
  const created = await createOperator(context.db, {
    username: body.account,
    nickname: body.nickname,
    password: body.password,
    scrypt: context.scrypt,
    role: body.role,
    mustChangePassword: true,
    registerMethod: 'BACK_OFFICE',
  }).catch((error: unknown) => {
    // The brand's username rule names its field `username`; this form's field is `account`.
    if (error instanceof AppError && error.issues) {
      throw new AppError(error.code, {
        issues: error.issues.map((issue) =>
          issue.field === 'username' ? { ...issue, field: 'account' } : issue,
        ),
      });
    }
    throw error;
  });
  const row = await findOperator(context.db, created.account);
  await recordOperatorChange(context.db, request, {
    targetKind: 'operator',
    targetId: created.account,
    before: null,
    after: { account: row.account, nickname: row.nickname, role: row.role, status: row.status },
  });
  return summaryOf(row);
}

/** Role and status changes. An operator cannot change their own (no owner locks the brand out). */
export async function updateOperator(
  db: Database,
  request: FastifyRequest,
  session: OperatorSessionInfo,
  body: {
    account: string;
    role?: OperatorRole | undefined;
    status?: 'active' | 'disabled' | undefined;
    reason: string;
  },
): Promise<OperatorSummary> {
  const before = await findOperator(db, body.account);
  if (before.id === session.operatorId) {
    throw new AppError('CONFLICT', { issues: [{ field: 'account', reason: 'not your own account' }] });
  }
  await db.transaction(async (tx) => {
    await tx
      .update(operators)
      .set({
        ...(body.role ? { operatorRole: body.role } : {}),
        ...(body.status
          ? { status: body.status, statusReason: body.reason, statusChangedAt: new Date() }
          : {}),
      })
      .where(eq(operators.id, before.id));
    const after = await findOperator(tx, body.account);
    await recordOperatorChange(tx, request, {
      targetKind: 'operator',
      targetId: before.account,
      reason: body.reason,
      before: { role: before.role, status: before.status },
      after: { role: after.role, status: after.status },
    });
  });
  // A new role or a disabled account takes effect now: the operator logs in again.
  if (body.status === 'disabled' || (body.role && body.role !== before.role)) {
    await revokeOperatorSessions({ db, operatorId: before.id });
  }
  return summaryOf(await findOperator(db, body.account));
}

/** A lost phone: a new first password, the second step off until enrolled again, sessions ended. */
export async function resetOperatorAccess(
  context: AccountsContext,
  request: FastifyRequest,
  session: OperatorSessionInfo,
  body: { account: string; password: string; reason: string },
): Promise<OperatorSummary> {
  const before = await findOperator(context.db, body.account);
  if (before.id === session.operatorId) {
    throw new AppError('CONFLICT', { issues: [{ field: 'account', reason: 'not your own account' }] });
  }
  const problem = newPasswordViolation({
    password: body.password,
    rule: context.settings.register.password,
    username: before.account,
  });
  if (problem) throw new AppError('VALIDATION_FAILED', { issues: [{ field: 'password', reason: problem }] });
  const passwordHash = await hashPassword(body.password, context.scrypt);
  await context.db.transaction(async (tx) => {
    await tx
      .update(operators)
      .set({
        passwordHash,
        passwordChangedAt: sql`now()`,
        mustChangePassword: true,
        totpSecret: null,
        totpPendingSecret: null,
        lockedUntil: null,
      })
      .where(eq(operators.id, before.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.memberId, before.id));
    await recordOperatorChange(tx, request, {
      targetKind: 'operator',
      targetId: before.account,
      reason: body.reason,
      before: { twoFactorOn: before.twoFactorOn },
      after: { twoFactorOn: false, mustChangePassword: true },
    });
  });
  await revokeOperatorSessions({ db: context.db, operatorId: before.id });
  // A lock of the second step after wrong codes (issue 35) ends with it: a new one is enrolled.
  await liftSecondStepLock(context.db, before.id);
  return summaryOf(await findOperator(context.db, body.account));
}

/**
 * An operator changes their own password (the first one, chosen by whoever created them, must
 * change): the old one must be right, under the same strikes as a member's password asked again
 * (the session that guessed too often ends). Every session of the operator ends; this caller gets
 * a new one.
 */
export async function changeOperatorPassword({
  context,
  session,
  oldPassword,
  newPassword,
  confirmNewPassword,
}: {
  context: AccountsContext;
  session: OperatorSessionInfo;
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}): Promise<{ token: string }> {
  const { db } = context;
  const operator = await findOperatorById(db, session.operatorId);
  if (!operator) throw new AppError('UNAUTHENTICATED');
  await confirmPasswordAgain({
    db,
    address: context.ip,
    memberId: operator.id,
    sessionId: null,
    endSession: () => revokeOperatorSession({ db, sessionId: session.sessionId }),
    passwordHash: operator.passwordHash,
    password: oldPassword,
    field: 'oldPassword',
  });
  const problem = newPasswordViolation({
    password: newPassword,
    rule: context.settings.register.password,
    username: operator.account,
  });
  if (problem)
    throw new AppError('VALIDATION_FAILED', { issues: [{ field: 'newPassword', reason: problem }] });
  if (confirmNewPassword !== newPassword) {
    throw new AppError('VALIDATION_FAILED', {
      issues: [{ field: 'confirmNewPassword', reason: 'must match newPassword' }],
    });
  }
  if (newPassword === oldPassword) {
    throw new AppError('VALIDATION_FAILED', {
      issues: [{ field: 'newPassword', reason: 'must differ from the old password' }],
    });
  }
  await db
    .update(operators)
    .set({
      passwordHash: await hashPassword(newPassword, context.scrypt, memberHashing(context, operator.id)),
      passwordChangedAt: sql`now()`,
      mustChangePassword: false,
      lockedUntil: null,
    })
    .where(eq(operators.id, operator.id));
  await clearStrikes({ db, secret: 'password', memberId: operator.id });
  await revokeOperatorSessions({ db, operatorId: operator.id });
  const token = await createOperatorSession({
    db,
    env: context.env,
    operatorId: operator.id,
    ip: context.ip,
    userAgent: context.userAgent,
  });
  return { token };
}
