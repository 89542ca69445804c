import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { clearCounter, hitStrike, readCounterWindow, takeCounter } from '../counters/counters.service.ts';
import { memberHashing } from './accounts.context.ts';
import { sessions } from './accounts.tables.ts';
import { verifyPassword } from './password-hash.ts';

/**
 * The secrets a signed-in member types again to confirm an action: the 6-digit payment password
 * (withdrawals, transfers, payout accounts) and the login password (change password, set the
 * payment password, change contact details, turn off two-step verification). A stolen session
 * could otherwise guess them without end: a million payment passwords at 90 a minute is a week.
 */
export type GuardedSecret = 'paymentPassword' | 'password';

/**
 * Consecutive wrong answers per account before the secret is locked, and for how long. Counted
 * per account, not per address (an attacker has many addresses), in the database (every instance
 * and a restart see the same count). Failures further apart than a day do not add up.
 */
export const secretLockPolicy = { after: 5, lockMinutes: 30, windowMinutes: 24 * 60 } as const;

export const strikeKey = (secret: GuardedSecret, memberId: number) => `strike:${secret}:member:${memberId}`;

export type StrikeOutcome =
  | { result: 'right' }
  | { result: 'wrong'; attemptsLeft: number }
  /** `isNew`: this answer locked it (tell the member); otherwise it was locked already and nothing was checked. */
  | { result: 'locked'; lockedUntil: Date; isNew: boolean };

/**
 * Checks a secret under the lockout. While locked the answer is "locked" without hashing (a locked
 * flood costs no CPU). A right answer clears the count; a wrong one counts, and the one that
 * reaches the limit locks.
 */
export async function checkWithStrikes({
  db,
  secret,
  memberId,
  check,
}: {
  db: Database;
  secret: GuardedSecret;
  memberId: number;
  check: () => Promise<boolean>;
}): Promise<StrikeOutcome> {
  const key = strikeKey(secret, memberId);
  const { after, lockMinutes, windowMinutes } = secretLockPolicy;
  const lockedUntil = await lockedUntilOf({ db, secret, memberId });
  if (lockedUntil) return { result: 'locked', lockedUntil, isNew: false };
  // Counted after the check, so a member's own concurrent right answers never lock them; concurrent
  // guesses are bounded by the hashing admission (PASSWORD_HASH_PER_ACCOUNT in flight), so at most
  // that many more than `after` are checked.
  if (await check()) {
    await clearCounter({ db, key });
    return { result: 'right' };
  }
  const strike = await hitStrike({
    db,
    key,
    limit: after,
    windowSeconds: windowMinutes * 60,
    lockSeconds: lockMinutes * 60,
  });
  if (strike.count >= after) return { result: 'locked', lockedUntil: strike.windowEndsAt, isNew: true };
  return { result: 'wrong', attemptsLeft: after - strike.count };
}

/** Lifts a lock and forgets the failures (a new secret was set, or support unlocked it). Answers whether it was locked. */
export async function clearStrikes({
  db,
  secret,
  memberId,
}: {
  db: Database;
  secret: GuardedSecret;
  memberId: number;
}): Promise<boolean> {
  const row = await takeCounter({ db, key: strikeKey(secret, memberId) });
  return row !== null && row.count >= secretLockPolicy.after && row.windowEndsAt.getTime() > Date.now();
}

/** When the secret is locked now, until when; null when it is not. */
export async function lockedUntilOf({
  db,
  secret,
  memberId,
}: {
  db: Database;
  secret: GuardedSecret;
  memberId: number;
}): Promise<Date | null> {
  const row = await readCounterWindow({ db, key: strikeKey(secret, memberId) });
  return row && row.count >= secretLockPolicy.after ? row.windowEndsAt : null;
}

/**
 * The login password typed again inside a session (change password, set the payment password,
 * change contact details, turn off two-step verification), under one lockout shared by those
 * calls. A wrong one: WRONG_PASSWORD naming `field`, with `value.attemptsLeft`. At the limit the
 * session that guessed ends (a stolen token stops there) and these calls refuse for the lock's
 * time with PASSWORD_CHECK_LOCKED; the owner logs in again (the login itself is not locked) and
 * waits, resets the password (forgot password), or asks support.
 */
export async function confirmPasswordAgain({
  db,
  address,
  memberId,
  sessionId,
  endSession,
  passwordHash,
  password,
  field,
}: {
  db: Database;
  address: string;
  /** The account's id: a member's, or an operator's (ids never name both, operators.tables.ts). */
  memberId: number;
  /** The calling member session, ended when this answer locks (or meets a lock). */
  sessionId: number | null;
  /** Ends the calling session instead, for a session that is not a member's (an operator's). */
  endSession?: () => Promise<void>;
  passwordHash: string | null;
  password: string;
  field: string;
}): Promise<void> {
  const outcome = await checkWithStrikes({
    db,
    secret: 'password',
    memberId,
    check: async () =>
      passwordHash !== null &&
      verifyPassword(password, passwordHash, memberHashing({ ip: address }, memberId)),
  });
  switch (outcome.result) {
    case 'right':
      return;
    case 'wrong':
      throw new AppError('WRONG_PASSWORD', {
        issues: [{ field, reason: 'wrong password' }],
        value: { attemptsLeft: outcome.attemptsLeft },
      });
    case 'locked': {
      // The session that made the last guess ends; a later one (the owner, logged in again) only
      // meets the lock: it guesses nothing, since a locked answer checks nothing.
      const isSessionEnded = outcome.isNew && (sessionId !== null || endSession !== undefined);
      if (isSessionEnded && endSession) {
        await endSession();
      } else if (isSessionEnded && sessionId !== null) {
        await db
          .update(sessions)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
      }
      throw new AppError('PASSWORD_CHECK_LOCKED', {
        issues: [{ field, reason: 'locked' }],
        value: { lockedUntil: outcome.lockedUntil.getTime(), sessionEnded: isSessionEnded },
      });
    }
  }
}
