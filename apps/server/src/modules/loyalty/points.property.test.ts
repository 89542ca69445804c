import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, startOfDayKey } from '@khela/contract/business-day';
import { formatVerification } from '../../db/invariant-checks.ts';
import { AppError } from '../../http/app-error.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { scryptOf } from '../accounts/accounts.context.ts';
import { members } from '../accounts/accounts.tables.ts';
import { hashPassword } from '../accounts/password-hash.ts';
import { categoryEdgeOf, insertSettledRound, newMember } from '../games/games.test-support.ts';
import { expectLedgerValid, mainBalanceOf } from '../ledger/ledger.test-support.ts';
import { getSettings, updateSettings } from '../settings/settings.service.ts';
import { convertPoints, creditPoints } from './loyalty.service.ts';
import { pointsBalanceOf } from './points.ledger.ts';
import { verifyPoints } from './points.verifier.ts';

/**
 * Random days of rounds (categories, stakes, wins, pushes), the job crediting them, and conversions
 * (below the minimum, off the step, more than the balance, replays), for one member per run, through
 * the services the job and the route call, against a model: each day earns, per category,
 * ⌊⌊Σ counted stakes × edge ÷ 5 %⌋ × rate ÷ 100 major units⌋ points, once; a conversion goes through
 * exactly when it is at least the minimum, a whole number of steps and at most the balance, and pays
 * points × 100 ÷ 30 poisha (30 points a taka: a step of 3); a replay changes nothing. The points,
 * the main wallet and both verifiers agree with the model after every run.
 */
let sut: TestApp;
const PASSWORD = '246810';

beforeAll(async () => {
  sut = await buildTestApp();
  const base = await getSettings(sut.db);
  await updateSettings(sut.db, {
    loyaltyPoints: {
      ...base.loyaltyPoints,
      enabled: true,
      rates: { RNG: 15, LIVE: 7.5 },
      pointsPerCash: 30,
      minimumConversion: 10,
      edgeShare: 10,
    },
  });
});
afterAll(() => sut.close());

type Round = { category: 'RNG' | 'LIVE'; bet: number; outcome: 'lose' | 'win' | 'push' };
type Step = { type: 'day'; rounds: Round[] } | { type: 'convert'; points: number; replay: boolean };

const round: fc.Arbitrary<Round> = fc.record({
  category: fc.constantFrom('RNG' as const, 'LIVE' as const),
  bet: fc.integer({ min: 1, max: 20_000_000 }),
  outcome: fc.constantFrom('lose' as const, 'win' as const, 'push' as const),
});
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ type: fc.constant('day' as const), rounds: fc.array(round, { minLength: 0, maxLength: 4 }) }),
  fc.record({
    type: fc.constant('convert' as const),
    points: fc.integer({ min: 1, max: 3_000 }),
    replay: fc.boolean(),
  }),
);

const ZONE = 'Asia/Dhaka';
let day = '2025-01-01';
let runs = 0;

describe('loyalty points, random days and conversions', () => {
  it('earns and converts what the model says, once, and keeps both ledgers whole', async () => {
    const settings = await getSettings(sut.db);
    const edges = { RNG: await categoryEdgeOf(sut.db, 'RNG'), LIVE: await categoryEdgeOf(sut.db, 'LIVE') };
    const rates = { RNG: 1500n, LIVE: 750n }; // hundredths of a point per 100 taka counted
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const player = await newMember(sut, `points-prop-${++runs}`);
        const paymentPasswordHash = await hashPassword(PASSWORD, scryptOf(sut.app.env));
        await sut.db.update(members).set({ paymentPasswordHash }).where(eq(members.id, player.id));
        let points = 0n;
        let cash = 0n;
        let request = 0;
        let last: { requestId: string; points: string } | null = null;
        for (const next of steps) {
          if (next.type === 'day') {
            day = addDays(day, 1);
            const start = startOfDayKey(day, ZONE);
            const counted = { RNG: 0n, LIVE: 0n };
            for (const [index, entry] of next.rounds.entries()) {
              const bet = BigInt(entry.bet);
              const win = entry.outcome === 'lose' ? 0n : entry.outcome === 'push' ? bet : bet * 2n;
              await insertSettledRound(sut.db, {
                memberId: player.id,
                gameType: entry.category,
                bet,
                win,
                settledAt: new Date(start + (index + 1) * 3_600_000),
              });
              if (entry.outcome !== 'push') counted[entry.category] += bet * edges[entry.category];
            }
            for (const category of ['RNG', 'LIVE'] as const) {
              // ⌊counted⌋ then ⌊counted × rate ÷ 100 major units⌋ (10,000 poisha; rates in hundredths).
              points += ((counted[category] / 500n) * rates[category]) / 1_000_000n;
            }
            await creditPoints(sut.db, settings, { now: startOfDayKey(addDays(day, 1), ZONE) + 600_000 });
          } else {
            const body: { requestId: string; points: string; paymentPassword: string } =
              next.replay && last
                ? { ...last, paymentPassword: PASSWORD }
                : {
                    requestId: `prop-${runs}-${++request}`,
                    points: String(next.points),
                    paymentPassword: PASSWORD,
                  };
            const wanted = BigInt(body.points);
            const isReplay = next.replay && last !== null;
            const goes = !isReplay && wanted >= 10n && wanted % 3n === 0n && wanted <= points;
            const answer = await convertPoints(
              sut.db,
              settings,
              { memberId: player.id, type: 0 },
              body,
              '127.0.0.1',
            ).then(
              (value) => value,
              (error: unknown) => error,
            );
            if (isReplay) {
              expect(answer).toMatchObject({ replayed: true, points: body.points });
            } else if (goes) {
              expect(answer).toMatchObject({ replayed: false, points: body.points });
              points -= wanted;
              cash += (wanted * 100n) / 30n;
              last = { requestId: body.requestId, points: body.points };
            } else {
              expect(answer).toBeInstanceOf(AppError);
              expect(['POINTS_BELOW_MINIMUM', 'INSUFFICIENT_POINTS']).toContain((answer as AppError).code);
            }
          }
          expect(await pointsBalanceOf(sut.db, player.id)).toBe(points);
        }
        expect(await mainBalanceOf(sut.db, player.id)).toBe(cash);
      }),
      { numRuns: 12 },
    );
    const verification = await verifyPoints(sut.db);
    expect(verification.ok, formatVerification(verification)).toBe(true);
    await expectLedgerValid(sut.db);
  });
});
