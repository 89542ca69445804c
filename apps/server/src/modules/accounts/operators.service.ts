import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { rolePermissions, type OperatorRole, type OperatorSelf, type OperatorSummary } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AccountsContext } from './accounts.context.ts';
import { members, recoveryCodes } from './accounts.tables.ts';
import { createOperator } from './operator-create.ts';
import { hashPassword } from './password-hash.ts';
import { newPasswordViolation } from './password-policy.ts';
import { idleMinutesOf, revokeMemberSessions, type SessionInfo } from './session.service.ts';
import { recordOperatorChange } from '../audit/audit.service.ts';

/** The operators the owner manages (issue 15): accounts of role `operator` with a back-office role. */

const summaryColumns = {
  id: members.id,
  account: members.account,
  nickname: members.nickname,
  role: members.operatorRole,
  status: members.status,
  twoFactorOn: sql<boolean>`${members.totpSecret} is not null`,
  lastLoginAt: members.lastLoginAt,
  createdAt: members.createdAt,
};

type SummaryRow = {
  id: number;
  account: string;
  nickname: string;
  role: OperatorRole | null;
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
    role: row.role ?? 'readonly',
    status: row.status === 'active' ? 'active' : 'disabled',
    twoFactorOn: row.twoFactorOn,
    lastLoginAt: row.lastLoginAt?.getTime() ?? null,
    createdAt: row.createdAt.getTime(),
  };
}

export async function operatorSelf(
  db: Database,
  env: AccountsContext['env'],
  session: SessionInfo,
): Promise<OperatorSelf> {
  const [row] = await db.select(summaryColumns).from(members).where(eq(members.id, session.memberId));
  if (!row?.role) throw new AppError('UNAUTHENTICATED');
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
  const rows = await db
    .select(summaryColumns)
    .from(members)
    .where(eq(members.role, 'operator'))
    .orderBy(asc(members.account));
  return rows.map(summaryOf);
}

async function findOperator(db: Database, account: string): Promise<SummaryRow> {
  const [row] = await db
    .select(summaryColumns)
    .from(members)
    .where(sql`lower(${members.account}) = lower(${account}) and ${members.role} = 'operator'`);
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
  session: SessionInfo,
  body: {
    account: string;
    role?: OperatorRole | undefined;
    status?: 'active' | 'disabled' | undefined;
    reason: string;
  },
): Promise<OperatorSummary> {
  const before = await findOperator(db, body.account);
  if (before.id === session.memberId) {
    throw new AppError('CONFLICT', { issues: [{ field: 'account', reason: 'not your own account' }] });
  }
  await db.transaction(async (tx) => {
    await tx
      .update(members)
      .set({
        ...(body.role ? { operatorRole: body.role } : {}),
        ...(body.status
          ? { status: body.status, statusReason: body.reason, statusChangedAt: new Date() }
          : {}),
      })
      .where(eq(members.id, before.id));
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
    await revokeMemberSessions({ db, memberId: before.id });
  }
  return summaryOf(await findOperator(db, body.account));
}

/** A lost phone: a new first password, the second step off until enrolled again, sessions ended. */
export async function resetOperatorAccess(
  context: AccountsContext,
  request: FastifyRequest,
  session: SessionInfo,
  body: { account: string; password: string; reason: string },
): Promise<OperatorSummary> {
  const before = await findOperator(context.db, body.account);
  if (before.id === session.memberId) {
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
      .update(members)
      .set({
        passwordHash,
        passwordChangedAt: sql`now()`,
        mustChangePassword: true,
        totpSecret: null,
        totpPendingSecret: null,
        failedLoginCount: 0,
        lockedUntil: null,
      })
      .where(eq(members.id, before.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.memberId, before.id));
    await recordOperatorChange(tx, request, {
      targetKind: 'operator',
      targetId: before.account,
      reason: body.reason,
      before: { twoFactorOn: before.twoFactorOn },
      after: { twoFactorOn: false, mustChangePassword: true },
    });
  });
  await revokeMemberSessions({ db: context.db, memberId: before.id });
  return summaryOf(await findOperator(context.db, body.account));
}
