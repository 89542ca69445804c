import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import {
  clearCounter,
  counterWindowEnd,
  hitCounter,
  hitStrike,
  readCounterWindow,
} from '../counters/counters.service.ts';

/**
 * An operator's wrong second-step codes, counted per operator across challenges (issue 35, item 4).
 * A challenge takes five answers, but each password login gave a fresh one: with the password known,
 * 200 codes went in 34 s. Now every wrong code counts on the operator, in the database (every
 * instance sees it): from `waitAfter` wrong codes the next try waits, twice as long each time; at
 * `lockAfter` the second step is locked for `lockMinutes` and the owner sees it on the alert list
 * (an audit entry `operator.secondStep.locked`). A login from the operator's known device (a
 * browser that signed in to this account before) is neither made to wait nor locked: the real
 * operator keeps a way in. A right code clears the count (not a lock).
 */
export const secondStepPolicy = {
  waitAfter: 3,
  /** The first wait; then 2×, 4×, … up to `maxWaitSeconds`. */
  firstWaitSeconds: 30,
  maxWaitSeconds: 3600,
  lockAfter: 10,
  lockMinutes: 24 * 60,
  /** Wrong codes further apart than this do not add up. */
  windowMinutes: 24 * 60,
} as const;

const failKey = (operatorId: number) => `second-step-fail:operator:${operatorId}`;
const waitKey = (operatorId: number) => `second-step-wait:operator:${operatorId}`;

/** The wait after the `count`-th consecutive wrong code, in seconds (0 below `waitAfter`). */
export function waitAfterWrongCodes(count: number): number {
  const { waitAfter, firstWaitSeconds, maxWaitSeconds } = secondStepPolicy;
  if (count < waitAfter) return 0;
  return Math.min(maxWaitSeconds, firstWaitSeconds * 2 ** (count - waitAfter));
}

export type SecondStepState =
  | { state: 'open' }
  | { state: 'waiting'; until: Date; wrongCodes: number }
  | { state: 'locked'; until: Date; wrongCodes: number };

/** Whether this operator's second step takes a code now, from this device (null: not a known one). */
export async function secondStepState(
  db: Database,
  operatorId: number,
  deviceId: number | null,
): Promise<SecondStepState> {
  if (deviceId !== null) return { state: 'open' };
  const failures = await readCounterWindow({ db, key: failKey(operatorId) });
  if (!failures) return { state: 'open' };
  if (failures.count >= secondStepPolicy.lockAfter) {
    return { state: 'locked', until: failures.windowEndsAt, wrongCodes: failures.count };
  }
  const waitEnds = await counterWindowEnd({ db, key: waitKey(operatorId) });
  if (waitEnds) return { state: 'waiting', until: waitEnds, wrongCodes: failures.count };
  return { state: 'open' };
}

/** The refusal of a waiting or locked second step: ACCOUNT_LOCKED with the time it opens again. */
export function secondStepClosed(state: Exclude<SecondStepState, { state: 'open' }>): AppError {
  return new AppError('ACCOUNT_LOCKED', {
    value: { lockedUntil: state.until.getTime(), secondStep: state.state },
    issues: [{ field: 'code', reason: state.state === 'locked' ? 'too many wrong codes' : 'wait' }],
  });
}

/** Counts a wrong code; answers the count, and the wait or the lock it starts (isNew: this one locked). */
export async function countWrongCode(
  db: Database,
  operatorId: number,
): Promise<{ wrongCodes: number; waitUntil: Date | null; lockedUntil: Date | null }> {
  const { lockAfter, lockMinutes, windowMinutes } = secondStepPolicy;
  const strike = await hitStrike({
    db,
    key: failKey(operatorId),
    limit: lockAfter,
    windowSeconds: windowMinutes * 60,
    lockSeconds: lockMinutes * 60,
  });
  if (strike.count >= lockAfter) {
    return { wrongCodes: strike.count, waitUntil: null, lockedUntil: strike.windowEndsAt };
  }
  const wait = waitAfterWrongCodes(strike.count);
  if (wait === 0) return { wrongCodes: strike.count, waitUntil: null, lockedUntil: null };
  await clearCounter({ db, key: waitKey(operatorId) });
  await hitCounter({ db, key: waitKey(operatorId), windowSeconds: wait });
  return {
    wrongCodes: strike.count,
    waitUntil: await counterWindowEnd({ db, key: waitKey(operatorId) }),
    lockedUntil: null,
  };
}

/** A right code: the wrong ones before it are forgotten (a lock stays until it ends or is lifted). */
export async function clearWrongCodes(db: Database, operatorId: number): Promise<void> {
  const failures = await readCounterWindow({ db, key: failKey(operatorId) });
  if (failures && failures.count >= secondStepPolicy.lockAfter) return;
  await Promise.all([
    clearCounter({ db, key: failKey(operatorId) }),
    clearCounter({ db, key: waitKey(operatorId) }),
  ]);
}

/** Lifts the lock and forgets the wrong codes (an owner reset the operator's access). */
export async function liftSecondStepLock(db: Database, operatorId: number): Promise<void> {
  await Promise.all([
    clearCounter({ db, key: failKey(operatorId) }),
    clearCounter({ db, key: waitKey(operatorId) }),
  ]);
}
