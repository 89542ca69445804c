import { sql } from 'drizzle-orm';
import type { RaffleRule } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import type { TestApp } from '../../test/helper.ts';
import { gameRounds, vendorConnections } from '../games/games.tables.ts';
import { localBeacon } from '../lottery/lottery.beacon.ts';

/**
 * What the raffle's tests share (raffle.test.ts, raffle-admin.test.ts): a rule (a ticket per ৳100
 * counted, at most 50; ৳500 and 2 × ৳100), the local beacon, and the test vendor registered as a
 * seamless one so that its rounds count.
 */
export const testRaffleRule: RaffleRule = {
  ticketTurnover: '100',
  maxTickets: 50,
  prizes: [
    { amount: '500', count: 1 },
    { amount: '100', count: 2 },
  ],
  weights: { RNG: 100 },
  wageringMultiple: 60,
  maxBet: '100',
  expiryDays: 7,
  claimDays: 7,
};

/** The test beacon: its rounds are out once their time has passed, every 3 s. */
export const testRaffleBeacon = localBeacon({ genesisTime: 1_700_000_000, period: 3 });

/** Rounds of the test vendor count as a seamless vendor's (the wagering's rule). */
export async function countTestVendorRounds(sut: TestApp): Promise<void> {
  await sut.db
    .insert(vendorConnections)
    .values({ vendorCode: 'TEST', apiBaseUrl: 'http://127.0.0.1:9', walletSecret: 'ab'.repeat(32) })
    .onConflictDoNothing();
}

/** Waits until a locked raffle's beacon round is out (the test beacon's round time). */
export async function untilRoundOut(round: number): Promise<void> {
  const waitMs = 1_700_000_000_000 + (round - 1) * 3_000 - Date.now();
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs + 50));
}

/** A round for insertRounds: the test vendor's, settled, main wallet, in BDT unless told. */
export interface TestRound {
  memberId: number;
  gameType: string;
  bet: bigint;
  win: bigint;
  settledAt: Date | null;
  /** Microseconds past settledAt's millisecond (0 … 999). */
  settledMicros?: number;
  vendorCode?: string;
  currency?: string;
  walletKind?: 'main' | 'trial';
  status?: 'open' | 'settled' | 'rolled_back';
}

let insertedRounds = 0;

/** Writes many rounds in one statement (a raffle of hundreds of members). */
export async function insertRounds(db: Database, rounds: readonly TestRound[]): Promise<void> {
  if (rounds.length === 0) return;
  await db.insert(gameRounds).values(
    rounds.map((round) => ({
      vendorCode: round.vendorCode ?? 'TEST',
      roundId: `raffle-round-${process.pid}-${++insertedRounds}`,
      memberId: round.memberId,
      nodeId: 0,
      gameType: round.gameType,
      vassalage: 'TEST',
      currency: round.currency ?? 'BDT',
      walletKind: round.walletKind ?? 'main',
      betAmount: round.bet,
      winAmount: round.win,
      status: round.status ?? 'settled',
      startedAt: round.settledAt ?? new Date(),
      settledAt:
        round.settledAt && round.settledMicros
          ? sql`${round.settledAt.toISOString()}::timestamptz + ${round.settledMicros} * interval '1 microsecond'`
          : round.settledAt,
    })),
  );
}
