import { eq, sql } from 'drizzle-orm';
import type { LoginValue, SessionGrant } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { loginHashing, type AccountsContext } from './accounts.context.ts';
import { findKnownDevice, rememberDevice } from './known-devices.service.ts';
import { checkPasswordGuarded, isPasswordExpired, type PasswordAttempt } from './login.service.ts';
import { createOperatorSession } from './operator-session.service.ts';
import { operators } from './operators.tables.ts';
import { hashPassword, needsRehash } from './password-hash.ts';
import { idleMinutesOf } from './session.service.ts';
import {
  assertSecondStepOpen,
  startTwoFactorLogin,
  type SecondStepAuditEntry,
} from './two-factor.service.ts';

export type OperatorRow = typeof operators.$inferSelect;

export async function findOperatorByAccount(db: Database, account: string): Promise<OperatorRow | null> {
  const [row] = await db
    .select()
    .from(operators)
    .where(sql`lower(${operators.account}) = lower(${account})`);
  return row ?? null;
}

export async function findOperatorById(db: Database, id: number): Promise<OperatorRow | null> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id));
  return row ?? null;
}

/**
 * Opens an operator's session once every step passed (the password, and the second step when it is
 * on); the last login becomes the previous one.
 */
export async function grantOperatorSession(
  context: AccountsContext,
  operatorId: number,
  { deviceToken }: { deviceToken?: string | undefined } = {},
): Promise<SessionGrant> {
  const operator = await findOperatorById(context.db, operatorId);
  if (!operator) throw new AppError('UNAUTHENTICATED');
  if (operator.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
  const passwordExpired = isPasswordExpired(context, operator);
  const token = await createOperatorSession({
    db: context.db,
    env: context.env,
    operatorId,
    ip: context.ip,
    userAgent: context.userAgent,
    passwordChangeRequired: passwordExpired,
  });
  await context.db
    .update(operators)
    .set({ previousLoginAt: sql`${operators.lastLoginAt}`, lastLoginAt: sql`now()` })
    .where(eq(operators.id, operatorId));
  return {
    twoFactorRequired: false,
    token,
    firstTimeLogin: false,
    passwordExpired,
    username: operator.account,
    isAgent: 0,
    idleMinutes: idleMinutesOf(context.env, 'operator'),
    ...(operator.passwordHash
      ? { deviceToken: await rememberDevice({ db: context.db, memberId: operatorId, deviceToken }) }
      : {}),
  };
}

/**
 * The back office's login (operatorLogin): the same flood guard as the members' login
 * (`checkPasswordGuarded`: ALTCHA, captcha after failures, the failing source locked, never the
 * operator's known device), against the operators' table only, so a member's username and password
 * fail here like any wrong pair, and an operator's fail at the member and agent sites. Then the
 * second step when it is on; without it the session may only enrol it (authorize.ts).
 */
export async function loginOperator({
  audit,
  ...attempt
}: PasswordAttempt & {
  /** Records a refusal of the second step (waiting or locked) in the audit trail. */
  audit?: (entry: SecondStepAuditEntry) => Promise<void>;
}): Promise<LoginValue> {
  const { context, username, password, deviceToken } = attempt;
  const { db } = context;
  const { found, clearFailures } = await checkPasswordGuarded({
    ...attempt,
    find: () => findOperatorByAccount(db, username),
  });
  if (found.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
  await clearFailures();
  if (needsRehash(found.passwordHash, context.scrypt)) {
    // The hash was made with other parameters (raised since): upgrade it while the password is known.
    await db
      .update(operators)
      .set({ passwordHash: await hashPassword(password, context.scrypt, loginHashing(context, username)) })
      .where(eq(operators.id, found.id));
  }
  if (found.totpSecret) {
    // Wrong codes counted across challenges (issue 35, item 4): while the second step waits or is
    // locked, no new challenge; the operator's known device is not held back.
    const deviceId = await findKnownDevice({ db, memberId: found.id, deviceToken });
    await assertSecondStepOpen(db, found.id, deviceId, audit);
    return startTwoFactorLogin({ db, accountId: found.id, site: 'operator', deviceId });
  }
  return grantOperatorSession(context, found.id, { deviceToken });
}
