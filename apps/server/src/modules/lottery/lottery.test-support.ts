import { playTypes } from '@khela/contract';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { Database } from '../../db/database.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { updateSettings } from '../settings/settings.service.ts';
import { placeSlip, type PlaceSlipInput } from './lottery.bets.ts';
import { lockDueNumeros } from './lottery.numeros.ts';
import { lotteryNumeros } from './lottery.tables.ts';

/**
 * Set-ups shared by the lottery's tests (the table fixtures are in lottery.money.test-support.ts,
 * which the settlement bench loads as well).
 */

/** The lottery risk settings without liability caps (0 for every play type). */
export const uncappedLotteryRisk = {
  rtpCeiling: 98,
  liabilityCaps: Object.fromEntries(playTypes.map((type) => [type, '0'])),
};

/**
 * The whole app on the seeded demo database with no liability caps: the fixtures' odds go up to
 * 5,000 and their stakes to 10,000.00 (lottery.liability.test.ts tests the caps).
 */
export async function uncappedLotteryApp(): Promise<TestApp> {
  const sut = await buildTestApp({ seed: true });
  await updateSettings(sut.db, { lotteryRisk: uncappedLotteryRisk });
  return sut;
}

/**
 * Places `bet` (lô 2 số, unit stake 1, multiplier 1) on the numero `numeroId`, then closes its
 * betting a moment ago with the draw in a minute and runs the lock.
 */
export async function betThenLock(
  db: Database,
  numeroId: number,
  bet: Pick<PlaceSlipInput, 'memberId' | 'requestId' | 'gameCode' | 'numero' | 'numbers'>,
): Promise<void> {
  await placeSlip(db, { ...bet, playType: 'lo2', unitStake: '1', multiplier: 1 });
  await db
    .update(lotteryNumeros)
    .set({ lockAt: new Date(Date.now() - 1000), drawAt: new Date(Date.now() + 60_000) })
    .where(eq(lotteryNumeros.id, numeroId));
  await lockDueNumeros(db, new Date());
}

/** A fast-check arbitrary: a string of `length` decimal digits (a prize number, a selection). */
export const digits = (length: number) =>
  fc
    .array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length })
    .map((list) => list.join(''));
