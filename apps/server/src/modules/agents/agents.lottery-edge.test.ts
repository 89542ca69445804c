import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rtpFraction, type LotteryRegion, type PlayType } from '@khela/contract';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { call } from '../accounts/accounts.test-support.ts';
import { newMember } from '../games/games.test-support.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { ensureLottery } from '../lottery/lottery.routes.ts';

/**
 * The lottery's house edge for agents' wages comes from its odds (issue 35 item 2, docs/agents.md
 * "Bounded by the house edge"): each lottery game of the catalogue declares the highest return of
 * its region's odds lines, so the edge the wages weigh its bets with is never more than any of its
 * play types' own edge, and it follows the operator's odds when they change.
 */
let sut: TestApp;
let operator: { id: number; token: string };

interface Edge {
  vendor_code: string;
  game_code: string;
  region: string;
  edge_bp: number;
}

/** Every line's exact RTP in basis points (a fraction, compared exactly). */
async function linesOf(): Promise<{ region: string; playType: string; oddsMilli: number }[]> {
  return rowsOf<{ region: string; play_type: string; odds_milli: number }>(
    await sut.db.execute(sql`select region, play_type, odds_milli from lottery_odds`),
  ).map((row) => ({ region: row.region, playType: row.play_type, oddsMilli: row.odds_milli }));
}

async function lotteryEdges(): Promise<Edge[]> {
  return rowsOf<Edge>(
    await sut.db.execute(sql`
      select e.vendor_code, e.game_code, g.region, e.edge_bp
        from agent_game_edges(100) e
        join lottery_games g on g.game_code = e.game_code
       where e.vendor_code in ('TCG_LOTTO_VN', 'TCG_SEA')
       order by e.game_code`),
  );
}

beforeAll(async () => {
  sut = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  operator = await newMember(sut, 'edgeodds', 0, 'operator');
  await ensureLottery(sut.db, { catalogue: true });
});
afterAll(async () => {
  await sut.close();
});

describe("the lottery's edge in agents' wages, from its odds", () => {
  it("weighs each lottery game with an edge no larger than any of its region's play types' edge", async () => {
    const edges = await lotteryEdges();
    expect(edges.length).toBeGreaterThan(5);
    const lines = await linesOf();
    for (const edge of edges) {
      const own = lines.filter((line) => line.region === edge.region);
      expect(own.length, edge.game_code).toBeGreaterThan(0);
      // edge ≤ 1 − RTP of every line, exactly: edge × den ≤ (1 − num/den) × 10,000 × den.
      for (const line of own) {
        const { num, den } = rtpFraction(
          line.region as LotteryRegion,
          line.playType as PlayType,
          line.oddsMilli,
        );
        expect(BigInt(edge.edge_bp) * den, `${edge.game_code} ${line.playType}`).toBeLessThanOrEqual(
          10_000n * (den - num),
        );
      }
      // And it is the smallest of them (rounded down to a basis point), not an assumed one.
      const smallest = Math.min(
        ...own.map((line) => {
          const { num, den } = rtpFraction(
            line.region as LotteryRegion,
            line.playType as PlayType,
            line.oddsMilli,
          );
          return Number((10_000n * (den - num)) / den);
        }),
      );
      expect(edge.edge_bp, edge.game_code).toBe(smallest);
    }
    // The games of one region share their odds lines, so one figure.
    const north = edges.filter((edge) => edge.region === 'north').map((edge) => edge.edge_bp);
    expect(new Set(north).size).toBe(1);
  });

  it('follows an odds change: raising the north lô 2 số to 97.98 % lowers the north games’ edge to 2.02 %', async () => {
    const before = (await lotteryEdges()).find((edge) => edge.region === 'north');
    const raised = await call(sut, {
      method: 'PUT',
      url: '/api/operator/lottery/odds',
      token: operator.token,
      body: {
        prizeMode: 'Lott',
        region: 'north',
        playType: 'lo2',
        minStake: '1',
        maxStake: '10000',
        odds: '3.629',
      },
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    const after = (await lotteryEdges()).filter((edge) => edge.region === 'north');
    // 3.629 × 27 / 100 = 97.983 %: an edge of 2.017 %, rounded down to 201 basis points.
    expect(after.map((edge) => edge.edge_bp)).toEqual(after.map(() => 201));
    expect(before?.edge_bp).toBeGreaterThan(201);
    // Other regions are untouched.
    const south = (await lotteryEdges()).find((edge) => edge.region === 'south');
    expect(south?.edge_bp).toBeGreaterThan(201);
  });
});
