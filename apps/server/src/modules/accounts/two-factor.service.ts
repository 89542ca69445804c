import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { SessionGrant } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AccountsContext } from './accounts.context.ts';
import { members, recoveryCodes, twoFactorChallenges } from './accounts.tables.ts';
import { findMemberById } from './members.repository.ts';
import { operators } from './operators.tables.ts';
import {
  clearWrongCodes,
  countWrongCode,
  secondStepClosed,
  secondStepPolicy,
  secondStepState,
} from './second-step-strikes.ts';
import { confirmPasswordAgain } from './secret-strikes.ts';
import type { SessionSite } from './session.service.ts';
import { revokeMemberSessions } from './session.service.ts';

const CHALLENGE_SECONDS = 300;
const MAX_CHALLENGE_ATTEMPTS = 5;
const RECOVERY_CODE_COUNT = 10;
/** Codes of the step before and after the current one pass: phones drift a little. */
const EPOCH_TOLERANCE_SECONDS = 30;

/** Who a login's second step is for: a member at the member or agent site, or an operator. */
export type ChallengeSite = SessionSite | 'operator';

/** An account's second-step state, a member's or an operator's. */
interface SecondStepAccount {
  id: number;
  account: string;
  totpSecret: string | null;
  totpPendingSecret: string | null;
  totpLastTimeStep: number | null;
}
type SecondStepChange = Partial<
  Pick<SecondStepAccount, 'totpSecret' | 'totpPendingSecret' | 'totpLastTimeStep'>
>;

/**
 * Where an account's second step is kept: the members' table or the operators'. Recovery codes and
 * challenges are shared rows keyed by the account's id, which never names a member and an operator
 * at once (operators take their ids from the members' sequence, operators.tables.ts).
 */
export interface SecondStepStore {
  find(db: Database, id: number): Promise<SecondStepAccount | null>;
  update(db: Database, id: number, change: SecondStepChange): Promise<void>;
}

export const memberSecondStep: SecondStepStore = {
  find: (db, id) => findMemberById(db, id),
  update: async (db, id, change) => {
    await db.update(members).set(change).where(eq(members.id, id));
  },
};

export const operatorSecondStep: SecondStepStore = {
  find: async (db, id) => {
    const [row] = await db.select().from(operators).where(eq(operators.id, id));
    return row ?? null;
  },
  update: async (db, id, change) => {
    await db.update(operators).set(change).where(eq(operators.id, id));
  },
};

function storeOf(site: ChallengeSite): SecondStepStore {
  return site === 'operator' ? operatorSecondStep : memberSecondStep;
}

function hashRecoveryCode(memberId: number, code: string): string {
  return createHash('sha256')
    .update(`${memberId}:${code.replace(/[\s-]/g, '').toLowerCase()}`)
    .digest('hex');
}

/** Checks a TOTP code and remembers its time step, so the same code never passes twice. */
async function useTotpCode(
  db: Database,
  store: SecondStepStore,
  member: SecondStepAccount,
  secret: string,
  code: string,
): Promise<boolean> {
  const result = await verify({
    secret,
    token: code,
    epochTolerance: EPOCH_TOLERANCE_SECONDS,
    ...(member.totpLastTimeStep === null ? {} : { afterTimeStep: member.totpLastTimeStep }),
  });
  // verify() answers the TOTP shape for a TOTP secret; the HOTP shape has no time step.
  if (!result.valid || !('timeStep' in result)) return false;
  await store.update(db, member.id, { totpLastTimeStep: result.timeStep });
  return true;
}

/** Enrolment, step one: a new secret kept pending until a code confirms the phone has it. */
export async function startTwoFactorSetup({
  db,
  store = memberSecondStep,
  accountId,
  issuer,
}: {
  db: Database;
  store?: SecondStepStore;
  accountId: number;
  issuer: string;
}): Promise<{ secret: string; otpauthUrl: string; qrCode: string }> {
  const member = await store.find(db, accountId);
  if (!member) throw new AppError('UNAUTHENTICATED');
  if (member.totpSecret) throw new AppError('CONFLICT', { detail: 'second step already on' });
  const secret = generateSecret();
  const otpauthUrl = generateURI({ issuer, label: member.account, secret });
  await store.update(db, accountId, { totpPendingSecret: secret });
  return { secret, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }) };
}

/** Enrolment, step two: a right code turns the second step on and yields the recovery codes once. */
export async function confirmTwoFactorSetup({
  db,
  store = memberSecondStep,
  accountId: memberId,
  code,
}: {
  db: Database;
  store?: SecondStepStore;
  accountId: number;
  code: string;
}): Promise<{ recoveryCodes: string[] }> {
  const member = await store.find(db, memberId);
  const pending = member?.totpPendingSecret;
  if (!member || !pending) throw new AppError('CONFLICT', { detail: 'no enrolment started' });
  if (!(await useTotpCode(db, store, member, pending, code))) {
    throw new AppError('TWO_FACTOR_INVALID', { issues: [{ field: 'code', reason: 'wrong code' }] });
  }
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = randomBytes(5).toString('hex');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  await db.transaction(async (tx) => {
    await store.update(tx, memberId, { totpSecret: pending, totpPendingSecret: null });
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.memberId, memberId));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((value) => ({ memberId, codeHash: hashRecoveryCode(memberId, value) })));
  });
  return { recoveryCodes: codes };
}

export async function disableTwoFactor({
  db,
  memberId,
  sessionId,
  address,
  password,
  code,
}: {
  db: Database;
  memberId: number;
  /** The calling session, ended when the password asked again locks. */
  sessionId: number | null;
  address: string;
  password: string;
  code: string;
}): Promise<void> {
  const member = await findMemberById(db, memberId);
  if (!member?.totpSecret) throw new AppError('CONFLICT', { detail: 'second step is off' });
  await confirmPasswordAgain({
    db,
    address,
    memberId,
    sessionId,
    passwordHash: member.passwordHash,
    password,
    field: 'password',
  });
  if (!(await useTotpCode(db, memberSecondStep, member, member.totpSecret, code))) {
    throw new AppError('TWO_FACTOR_INVALID', { issues: [{ field: 'code', reason: 'wrong code' }] });
  }
  await db.transaction(async (tx) => {
    await tx
      .update(members)
      .set({ totpSecret: null, totpLastTimeStep: null })
      .where(eq(members.id, memberId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.memberId, memberId));
  });
  await revokeMemberSessions({ db, memberId });
}

/** The password was right and the account has a second step: a short-lived challenge to answer. */
export async function startTwoFactorLogin({
  db,
  accountId: memberId,
  site,
  deviceId = null,
}: {
  db: Database;
  /** The member's id, or the operator's for site `operator`. */
  accountId: number;
  site: ChallengeSite;
  /** The known device the password login came from (second-step-strikes.ts), or null. */
  deviceId?: number | null;
}): Promise<{ twoFactorRequired: true; challengeId: string; expiresInSeconds: number }> {
  const challengeId = randomUUID();
  await db.insert(twoFactorChallenges).values({
    id: challengeId,
    memberId,
    site,
    deviceId,
    expiresAt: sql`now() + make_interval(secs => ${CHALLENGE_SECONDS})`,
  });
  return { twoFactorRequired: true, challengeId, expiresInSeconds: CHALLENGE_SECONDS };
}

/** An entry for the audit trail about an operator's second step (issue 35, item 4). */
export interface SecondStepAuditEntry {
  action: 'operator.secondStep.wrong' | 'operator.secondStep.locked' | 'operator.secondStep.refused';
  targetKind: 'operator';
  targetId: number;
  after: Record<string, unknown>;
}

/**
 * Refuses (ACCOUNT_LOCKED, audited as operator.secondStep.refused) while this operator's second
 * step waits or is locked for this device (null: not a known one); does nothing when it is open.
 * The one check both the password step (no new challenge) and the code step run.
 */
export async function assertSecondStepOpen(
  db: Database,
  operatorId: number,
  deviceId: number | null,
  audit: ((entry: SecondStepAuditEntry) => Promise<void>) | undefined,
): Promise<void> {
  const state = await secondStepState(db, operatorId, deviceId);
  if (state.state === 'open') return;
  await audit?.({
    action: 'operator.secondStep.refused',
    targetKind: 'operator',
    targetId: operatorId,
    after: { state: state.state, until: state.until.toISOString(), wrongCodes: state.wrongCodes },
  });
  throw secondStepClosed(state);
}

/**
 * The second step of a login: a current TOTP code or an unused recovery code. A challenge takes
 * five wrong answers, then a new login is needed. The challenge's site says whose it is: an
 * operator's is checked against the operators' table and granted an operator session (`grant`'s
 * site), a member's against the members'. An operator's wrong codes also count on the operator
 * across challenges (second-step-strikes.ts): a wait that grows, then a lock, except from the
 * operator's known device; each wrong code, lock and refusal goes to `audit`.
 */
export async function completeTwoFactorLogin({
  context,
  challengeId,
  code,
  recoveryCode,
  grant,
  audit,
}: {
  context: AccountsContext;
  challengeId: string;
  code?: string | undefined;
  recoveryCode?: string | undefined;
  /** Opens the session once the second step is right: the account's id and the challenge's site. */
  grant: (accountId: number, site: ChallengeSite) => Promise<SessionGrant>;
  /** Records an operator's second-step event in the audit trail. */
  audit?: (entry: SecondStepAuditEntry) => Promise<void>;
}): Promise<SessionGrant> {
  const { db } = context;
  const expired = new AppError('TWO_FACTOR_INVALID', {
    issues: [{ field: 'challengeId', reason: 'expired: log in again' }],
  });
  const [challenge] = await db
    .update(twoFactorChallenges)
    .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
    .where(
      and(
        eq(twoFactorChallenges.id, challengeId),
        isNull(twoFactorChallenges.usedAt),
        gt(twoFactorChallenges.expiresAt, sql`now()`),
        lt(twoFactorChallenges.attempts, MAX_CHALLENGE_ATTEMPTS),
      ),
    )
    .returning();
  if (!challenge) throw expired;
  const store = storeOf(challenge.site);
  const member = await store.find(db, challenge.memberId);
  if (!member?.totpSecret) throw expired;
  const isOperator = challenge.site === 'operator';
  if (isOperator) await assertSecondStepOpen(db, member.id, challenge.deviceId, audit);

  let isRight = false;
  if (code) {
    isRight = await useTotpCode(db, store, member, member.totpSecret, code);
  } else if (recoveryCode) {
    const used = await db
      .update(recoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(recoveryCodes.memberId, member.id),
          eq(recoveryCodes.codeHash, hashRecoveryCode(member.id, recoveryCode)),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    isRight = used.length > 0;
  }
  if (!isRight && isOperator) {
    const counted = await countWrongCode(db, member.id);
    const isNewLock = counted.wrongCodes === secondStepPolicy.lockAfter;
    await audit?.({
      action: isNewLock ? 'operator.secondStep.locked' : 'operator.secondStep.wrong',
      targetKind: 'operator',
      targetId: member.id,
      after: {
        wrongCodes: counted.wrongCodes,
        waitUntil: counted.waitUntil?.toISOString() ?? null,
        lockedUntil: counted.lockedUntil?.toISOString() ?? null,
        knownDevice: challenge.deviceId !== null,
      },
    });
    if (challenge.deviceId === null) {
      if (counted.lockedUntil) {
        throw secondStepClosed({
          state: 'locked',
          until: counted.lockedUntil,
          wrongCodes: counted.wrongCodes,
        });
      }
      if (counted.waitUntil) {
        throw secondStepClosed({
          state: 'waiting',
          until: counted.waitUntil,
          wrongCodes: counted.wrongCodes,
        });
      }
    }
  }
  if (!isRight) {
    throw new AppError('TWO_FACTOR_INVALID', {
      issues: [{ field: code ? 'code' : 'recoveryCode', reason: 'wrong code' }],
    });
  }
  const [claimed] = await db
    .update(twoFactorChallenges)
    .set({ usedAt: sql`now()` })
    .where(and(eq(twoFactorChallenges.id, challengeId), isNull(twoFactorChallenges.usedAt)))
    .returning({ id: twoFactorChallenges.id });
  if (!claimed) throw expired;
  if (isOperator) await clearWrongCodes(db, member.id);
  return grant(member.id, challenge.site);
}
