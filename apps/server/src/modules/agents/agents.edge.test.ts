import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ContractTerms } from '@khela/contract';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { operatorLogin } from '../accounts/accounts.test-support.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { expectLedgerValid } from '../ledger/ledger.test-support.ts';
import { updateSettings } from '../settings/settings.service.ts';
import { demoAgentContracts } from './agents.contracts.seed.ts';
import { edgeCostBp, REFERENCE_EDGE_BP } from './agents.edge.ts';
import { settleDailyWages, settleHourlyWages } from './agents.settlement.ts';
import { as, memberId, openMember, tokenOf } from './agents.wages.test-support.ts';

/** Wages bounded by the house edge (issue 35 item 2; docs/agents.md "Bounded by the house edge"). */

const OPERATOR = '/api/operator/agents/contracts';
const DAILY = '/wps/relay/MCS2_processDailySalContract';
const HOURLY = '/wps/relay/MCS2_processContractHourSalary';
const REALTIME = '/wps/relay/MCSFE_processRealTimeSalaryContract';

async function contractCount(sut: TestApp): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await sut.db.execute(sql`select count(*)::int as n from agent_contracts`),
  );
  return row?.n ?? 0;
}

describe('the share of the edge a contract may take', () => {
  it('prices each kind in share of the expected house win', () => {
    expect(REFERENCE_EDGE_BP).toBe(500);
    const daily: ContractTerms = {
      kind: 'daily',
      terms: {
        tiers: [
          { teamBet: '100', activeMembers: 1, rate: '1' },
          { teamBet: '10000', activeMembers: 3, rate: '1.5' },
        ],
      },
    };
    // 1.5 % of betting at the reference edge of 5 %: 30 % of the house's expected win.
    expect(edgeCostBp(daily)).toBe(3000);
    expect(edgeCostBp({ kind: 'realtime', terms: { winRate: '0.3', lossRate: '0.6', singleBet: '1' } })).toBe(
      1200,
    );
    // A dividend on the net loss takes its rate of it; on betting, like a wage.
    const tiers = [{ teamBet: '1000', activeMembers: 1, rate: '10' }];
    expect(edgeCostBp({ kind: 'dividend', terms: { basis: 'loss', period: 'W', tiers } })).toBe(1000);
    expect(edgeCostBp({ kind: 'dividend', terms: { basis: 'betting', period: 'W', tiers } })).toBe(20_000);
  });

  it('the demo contracts take 38 % together, within the default share of 50 %', () => {
    expect(demoAgentContracts.reduce((sum, contract) => sum + edgeCostBp(contract), 0)).toBe(3800);
  });
});

describe('contracts and wages within the brand share of the house edge', () => {
  let sut: TestApp;
  let operator: string;
  let top: number;

  beforeAll(async () => {
    sut = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    await updateSettings(sut.db, { timeZone: 'UTC' });
    operator = await operatorLogin(sut);
    top = await memberId(sut, 'demoagent');
  });
  afterAll(async () => {
    await sut.close();
  });

  it("refuses the operator a platform contract that, with the agent's others, passes the share", async () => {
    await openMember(sut, 'edge_top');
    const before = await contractCount(sut);
    // The old demo rates: 1.5 % daily (30 %) and 0.2 % hourly (4 %) pass; real-time 1 % (20 %) does not.
    const daily = await as(sut, operator).post(OPERATOR, {
      username: 'edge_top',
      kind: 'daily',
      terms: { tiers: [{ teamBet: '100', activeMembers: 1, rate: '1.5' }] },
    });
    expect(daily.status).toBe(200);
    const hourly = await as(sut, operator).post(OPERATOR, {
      username: 'edge_top',
      kind: 'hourly',
      terms: { tiers: [{ teamBet: '100', activeMembers: 1, rate: '0.2' }] },
    });
    expect(hourly.status).toBe(200);
    const realtime = await as(sut, operator).post(OPERATOR, {
      username: 'edge_top',
      kind: 'realtime',
      terms: { winRate: '0.5', lossRate: '1', singleBet: '1' },
    });
    expect(realtime.status).toBe(409);
    expect(realtime.body.code).toBe('CONTRACT_ABOVE_EDGE');
    expect(realtime.body.message).toBe('err_contract_above_edge');
    expect(realtime.body.value.issues).toMatchObject([
      {
        field: 'terms.lossRate',
        reason:
          "with the agent's other contracts, wages could take 54.00 % of the house's expected win; the brand allows 50.00 %",
      },
    ]);
    // Alone above the share: a daily 3 % (60 %) replacing the 1.5 % one.
    const alone = await as(sut, operator).post(OPERATOR, {
      username: 'edge_top',
      kind: 'daily',
      terms: { tiers: [{ teamBet: '100', activeMembers: 1, rate: '3' }] },
    });
    expect(alone.body.value.issues[0].field).toBe('terms.tiers');
    expect(await contractCount(sut)).toBe(before + 2);
    // A member may not call it at all.
    const agentToken = await tokenOf(sut, top);
    expect(
      (await as(sut, agentToken).post(OPERATOR, { username: 'edge_top', kind: 'daily', terms: {} })).status,
    ).toBe(403);
  });

  it('refuses an agent an offer, and a downline an accept, past the share', async () => {
    const b = await openMember(sut, 'edge_b', { upline: top });
    const topT = await tokenOf(sut, top);
    const bT = await tokenOf(sut, b);
    const offer = async (url: string, terms: unknown, requestId: string) =>
      as(sut, topT).post(url, { action: 'offer', username: 'edge_b', terms, requestId });
    const accept = async (url: string, requestNo: number) =>
      as(sut, bT).post(url, { action: 'accept', requestNo });
    // The brand allows 20 %: daily 0.8 % (16 %) and hourly 0.1 % (2 %) fit, real-time 0.5 % (10 %) not.
    await updateSettings(sut.db, { agentWages: { edgeShare: 20, undeclaredEdge: 1 } });
    const daily = await offer(
      DAILY,
      { tiers: [{ teamBet: '100', activeMembers: 1, rate: '0.8' }] },
      'edge-offer-daily',
    );
    expect(daily.status, JSON.stringify(daily.body)).toBe(200);
    expect((await accept(DAILY, daily.body.value.pendingRequest.id)).body.value.status).toBe('active');
    const before = await contractCount(sut);
    const realtime = await offer(
      REALTIME,
      { winRate: '0.25', lossRate: '0.5', singleBet: '1' },
      'edge-offer-realtime',
    );
    expect(realtime.body.code).toBe('CONTRACT_ABOVE_EDGE');
    expect(realtime.body.value.issues[0]).toMatchObject({ field: 'terms.lossRate' });
    expect(realtime.body.value.issues[0].reason).toContain('26.00 %');
    expect(await contractCount(sut)).toBe(before);
    // An offer made under 50 % is refused at its accept once the brand lowered the share.
    await updateSettings(sut.db, { agentWages: { edgeShare: 50, undeclaredEdge: 1 } });
    const hourly = await offer(
      HOURLY,
      { tiers: [{ teamBet: '100', activeMembers: 1, rate: '0.1' }] },
      'edge-offer-hourly',
    );
    expect(hourly.status).toBe(200);
    await updateSettings(sut.db, { agentWages: { edgeShare: 15, undeclaredEdge: 1 } });
    const refused = await accept(HOURLY, hourly.body.value.pendingRequest.id);
    expect(refused.body.code).toBe('CONTRACT_ABOVE_EDGE');
    expect(refused.body.value.issues[0].reason).toContain('18.00 %');
    const mine = (await as(sut, bT).get('/wps/agent/contracts?kind=hourly')).body.value.list;
    expect(mine.map((row: { status: string }) => row.status)).toEqual(['pending']);
    await updateSettings(sut.db, { agentWages: { edgeShare: 50, undeclaredEdge: 1 } });
  });

  it('the dice wage ring: 12,000.00 of dice at 98 % win chance pays at most half the expected house win', async () => {
    // A dice game of the catalogue (RTP 99 %: a 1 % edge), played by a player of the demo agent.
    const [dice] = rowsOf<{ node_id: number }>(
      await sut.db
        .execute(sql`insert into games (vassalage, vendor_code, game_code, game_type, names, min_bet,
          rtp_basis_points) values ('EDGE', 'EDGE', 'dice', 'EDGE_RNG', '{"en":"Dice"}'::jsonb, 100, 9900)
        returning node_id`),
    );
    const player = await openMember(sut, 'edge_dice', { type: 0, upline: top });
    // The demo contracts (daily 0.5 % from 100.00 and 1 active, hourly 0.1 %) started long before.
    await sut.db.execute(sql`update agent_contracts set started_at = '2026-10-01T00:00:00Z'
                              where member_id = ${top} and upline_id is null`);
    // 100 rounds of 120.00 at 98 % win chance (gross 0.99 / 0.98 = 1.0102…): 98 won 121.22, 2 lost.
    const hour = Date.UTC(2026, 10, 20, 10);
    for (let index = 0; index < 100; index += 1) {
      const at = new Date(hour + index * 30_000).toISOString();
      await sut.db
        .execute(sql`insert into game_rounds (vendor_code, round_id, member_id, node_id, game_type, vassalage,
          currency, wallet_kind, bet_amount, win_amount, status, started_at, settled_at)
        values ('EDGE', ${`dice-${index}`}, ${player}, ${dice?.node_id}, 'EDGE_RNG', 'EDGE', 'BDT', 'main', 12000,
                ${index < 98 ? 12122 : 0}, 'settled', ${at}::timestamptz, ${at}::timestamptz)`);
    }
    await sut.db.execute(sql`insert into agent_wage_runs (kind, settled_to) values
        ('hourly', ${new Date(hour).toISOString()}::timestamptz), ('daily', '2026-11-20T00:00:00Z')
      on conflict (kind) do update set settled_to = excluded.settled_to`);
    await settleHourlyWages(sut.db, new Date(hour + 3_600_000 + 60_000));
    await settleDailyWages(sut.db, new Date(Date.UTC(2026, 10, 21, 0, 10)));
    const lines = rowsOf<{ kind: string; basis: string; due: string; paid: string }>(
      await sut.db.execute(sql`select kind, basis_amount::text as basis, due::text as due, paid::text as paid
        from agent_wages where member_id = ${top} and period_from >= '2026-11-20T00:00:00Z'
         and period_to <= '2026-11-21T00:00:00Z' order by kind`),
    );
    // Edge-weighted betting: 12,000.00 × 1 % ÷ 5 % = 2,400.00; daily 0.5 % = 12.00, hourly 0.1 % = 2.40.
    expect(lines).toEqual([
      { kind: 'daily', basis: '240000', due: '1200', paid: '1200' },
      { kind: 'hourly', basis: '240000', due: '240', paid: '240' },
    ]);
    const paid = lines.reduce((sum, line) => sum + BigInt(line.paid), 0n);
    const expectedHouseWin = (1_200_000n * 100n) / 10_000n; // 1 % of 12,000.00 = 120.00
    expect(paid * 2n).toBeLessThanOrEqual(expectedHouseWin); // at most the brand's 50 %
    await expectLedgerValid(sut.db);
  });
});
