import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { call, operatorOfRole } from '../accounts/accounts.test-support.ts';
import { insertSettledRound, newMember } from '../games/games.test-support.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { verifyLedger } from '../ledger/ledger.verifier.ts';
import { getSettings, updateSettings } from '../settings/settings.service.ts';

/**
 * The manual rebate (issue 39; docs/promotions.md "Manual rebate"): counted from the member's
 * settled rounds since the last claim, weighed by each game's edge, paid once per period as cash in
 * one journal entry; refused with nothing moved to a guest, a trial account, an agent, when switched
 * off, below the minimum and for a second claim of the same period.
 */
let sut: TestApp;

beforeAll(async () => {
  sut = await buildTestApp({
    env: { RATE_LIMIT_PER_MINUTE: '100000', MONEY_RATE_LIMIT_PER_MINUTE: '100000' },
  });
});
afterAll(() => sut.close());

let accounts = 0;
/** A member opened an hour ago (rounds before an account's opening never count). */
async function member(type = 0) {
  const made = await newMember(sut, `rebate${++accounts}`, type);
  await sut.db.execute(sql`update members set created_at = now() - interval '1 hour' where id = ${made.id}`);
  return made;
}

/** A settled main-wallet round, minor units, settled `minutesAgo` minutes ago. */
async function round(memberId: number, gameType: string, bet: bigint, win: bigint, minutesAgo = 5) {
  const settledAt = new Date(Date.now() - minutesAgo * 60_000);
  await insertSettledRound(sut.db, { memberId, gameType, bet, win, settledAt });
}

/** The edge (basis points) a round of a game outside the catalogue takes in `category`. */
async function categoryEdge(category: string): Promise<bigint> {
  const [row] = rowsOf<{ edge: string | null }>(
    await sut.db.execute(
      sql`select edge_bp::text as edge from agent_game_edges(100) where node_id is null and game_type = ${category}`,
    ),
  );
  return BigInt(row?.edge ?? 100);
}

async function mainBalance(memberId: number): Promise<bigint> {
  const [row] = rowsOf<{ balance: string | null }>(
    await sut.db.execute(
      sql`select balance::text from ledger_accounts where address = ${`member:${memberId}:main`}`,
    ),
  );
  return BigInt(row?.balance ?? 0);
}

async function rebateEntries(memberId: number) {
  return rowsOf<{ id: string; kind: string; claim: string }>(
    await sut.db.execute(sql`
      select e.id::text, e.kind, e.metadata ->> 'claimId' as claim
        from journal_entries e
        join postings p on p.entry_id = e.id
        join ledger_accounts a on a.id = p.account_id
       where a.address = ${`member:${memberId}:main`} and e.metadata ->> 'promotion' = 'rebate'`),
  );
}

const get = (token: string | undefined) => call(sut, { method: 'GET', url: '/wps/promotion/rebate', token });
const claim = (token: string | undefined, body: unknown = {}) =>
  call(sut, { method: 'POST', url: '/wps/promotion/rebate/claim', token, body });

describe('manual rebate', () => {
  it('counts the settled rounds per category by edge, pays the total once, and starts the next period where it ended', async () => {
    const { id, token } = await member();
    // RNG at 0.8 % and LIVE at 0.5 % (the demo seed's rates); a push (win = bet) counts nothing, a
    // round still within the count delay waits for the next claim.
    await round(id, 'RNG', 100_000n, 0n);
    await round(id, 'RNG', 50_000n, 50_000n);
    await round(id, 'LIVE', 40_000n, 90_000n);
    await round(id, 'RNG', 70_000n, 0n, 0);
    const rng = (100_000n * (await categoryEdge('RNG'))) / 500n;
    const live = (40_000n * (await categoryEdge('LIVE'))) / 500n;
    const amounts = { RNG: (rng * 80n) / 10_000n, LIVE: (live * 50n) / 10_000n };
    const total = amounts.RNG + amounts.LIVE;
    expect(total).toBeGreaterThan(100n);

    const before = await get(token);
    expect(before.status).toBe(200);
    const value = before.body.value;
    expect(value.lines).toEqual([
      {
        gameType: 'LIVE',
        validBet: '400.00',
        countedBet: expect.any(String),
        rate: '0.5',
        amount: expect.any(String),
      },
      {
        gameType: 'RNG',
        validBet: '1000.00',
        countedBet: expect.any(String),
        rate: '0.8',
        amount: expect.any(String),
      },
    ]);
    const minor = (text: string) => BigInt(text.replace('.', ''));
    expect(minor(value.lines[0].amount)).toBe(amounts.LIVE);
    expect(minor(value.lines[1].amount)).toBe(amounts.RNG);
    expect(minor(value.total)).toBe(total);
    expect(value.minimum).toBe('1.00');
    expect(value.claims).toEqual([]);
    expect(value.rates).toContainEqual({ gameType: 'RNG', rate: '0.8' });

    const paid = await claim(token);
    expect(paid.status).toBe(200);
    expect(minor(paid.body.value.amount)).toBe(total);
    expect(await mainBalance(id)).toBe(total);
    const entries = await rebateEntries(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'bonus', claim: String(paid.body.value.id) });

    // Nothing since: refused, nothing moved. The page lists the claim and starts where it ended.
    const again = await claim(token);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('REBATE_BELOW_MINIMUM');
    expect(again.body.value).toMatchObject({ total: '0.00', minimum: '1.00' });
    expect(await mainBalance(id)).toBe(total);
    const after = (await get(token)).body.value;
    expect(after.from).toBe(paid.body.value.to);
    expect(after.claims.map((entry: { id: number }) => entry.id)).toEqual([paid.body.value.id]);
    expect((await verifyLedger(sut.db)).ok).toBe(true);
  });

  it('pays once of 50 claims made at the same moment', async () => {
    const { id, token } = await member();
    await round(id, 'RNG', 500_000n, 0n);
    const answers = await Promise.all(Array.from({ length: 50 }, () => claim(token)));
    const paid = answers.filter((answer) => answer.status === 200);
    expect(paid).toHaveLength(1);
    for (const answer of answers.filter((entry) => entry.status !== 200)) {
      expect(answer.status).toBe(409);
      expect(['REBATE_BELOW_MINIMUM', 'REBATE_CLAIM_IN_PROGRESS']).toContain(answer.body.code);
    }
    expect(await rebateEntries(id)).toHaveLength(1);
    expect(await mainBalance(id)).toBe(BigInt(paid[0]!.body.value.amount.replace('.', '')));
    expect((await verifyLedger(sut.db)).ok).toBe(true);
  });

  it('refuses a total below the minimum, a body with fields, a guest, a trial account and an agent, moving nothing', async () => {
    const small = await member();
    await round(small.id, 'RNG', 1_000n, 0n);
    const below = await claim(small.token);
    expect(below.status).toBe(409);
    expect(below.body.code).toBe('REBATE_BELOW_MINIMUM');

    const player = await member();
    await round(player.id, 'RNG', 500_000n, 0n);
    const withAmount = await claim(player.token, { amount: '1000.00' });
    expect(withAmount.status).toBe(400);
    expect(withAmount.body.code).toBe('VALIDATION_FAILED');
    const nul = await claim(player.token, { '\u0000': 1 });
    expect(nul.status).toBe(400);

    expect((await get(undefined)).status).toBe(401);
    expect((await claim(undefined)).status).toBe(401);
    const trial = await member(4);
    expect((await claim(trial.token)).status).toBe(403);
    const agent = await member(1);
    await round(agent.id, 'RNG', 500_000n, 0n);
    const byAgent = await claim(agent.token);
    expect(byAgent.status).toBe(403);
    expect(byAgent.body.code).toBe('FEATURE_DISABLED');
    expect((await get(agent.token)).status).toBe(403);

    for (const who of [small, player, trial, agent]) {
      expect(await mainBalance(who.id)).toBe(0n);
      expect(await rebateEntries(who.id)).toHaveLength(0);
    }
  });

  it("counts nothing settled before the brand's countFrom, where a claim's period then starts", async () => {
    const { id, token } = await member();
    await round(id, 'RNG', 500_000n, 0n, 5);
    const countFrom = new Date(Date.now() - 2 * 60_000).toISOString();
    await updateSettings(sut.db, { rebate: { rates: { RNG: 0.8, LIVE: 0.5 }, countFrom } });
    try {
      const value = (await get(token)).body.value;
      expect(value.from).toBe(Date.parse(countFrom));
      expect(value.lines).toEqual([]);
      const refused = await claim(token);
      expect(refused.body.code).toBe('REBATE_BELOW_MINIMUM');
      expect(await mainBalance(id)).toBe(0n);
    } finally {
      await updateSettings(sut.db, { rebate: { rates: { RNG: 0.8, LIVE: 0.5 }, countFrom: null } });
    }
    // Without it the same round counts.
    expect((await get(token)).body.value.lines).toHaveLength(1);
  });

  it('is refused when the brand switches it off', async () => {
    const { id, token } = await member();
    await round(id, 'RNG', 500_000n, 0n);
    await updateSettings(sut.db, { features: { manualRebate: false } });
    try {
      const answer = await claim(token);
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe('FEATURE_DISABLED');
      expect((await get(token)).status).toBe(403);
      expect(await mainBalance(id)).toBe(0n);
    } finally {
      await updateSettings(sut.db, { features: { manualRebate: true } });
    }
  });
});

describe('rebate rates in the brand settings', () => {
  it('stay within what the agents’ wages leave of the house’s expected win', async () => {
    const refused = async (patch: Parameters<typeof updateSettings>[1]) => {
      await expect(updateSettings(sut.db, patch)).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        // (With loyalty points on, the slots' points are named too: docs/loyalty.md "The bound".)
        issues: expect.arrayContaining([expect.objectContaining({ field: 'rebate.rates.RNG' })]),
      });
    };
    // Points off, the rebate's own bound: wages at 50 %, a rebate of 2.5 % of edge-weighted betting
    // gives away the other half.
    const points = (await getSettings(sut.db)).loyaltyPoints;
    await updateSettings(sut.db, { loyaltyPoints: { ...points, enabled: false } });
    await refused({ rebate: { rates: { RNG: 2.51 } } });
    await refused({ rebate: { rates: { RNG: 1 } }, agentWages: { edgeShare: 81, undeclaredEdge: 1 } });
    await expect(updateSettings(sut.db, { rebate: { rates: { RNG: 0.123 } } })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    const saved = await updateSettings(sut.db, { rebate: { rates: { RNG: 2.5 } } });
    expect(saved.rebate.rates.RNG).toBe(2.5);
    await updateSettings(sut.db, { rebate: { rates: { RNG: 0.8, LIVE: 0.5 }, minimumClaim: '1' } });
    // Points on (the demo's 20 points per ৳100 of slots give away 4 % of the expected win): 2.5 % is
    // too much beside them, 2.3 % (46 %) fills the rest exactly.
    await updateSettings(sut.db, { loyaltyPoints: points });
    await expect(updateSettings(sut.db, { rebate: { rates: { RNG: 2.5 } } })).rejects.toMatchObject({
      issues: [expect.objectContaining({ field: 'loyaltyPoints.rates.RNG' })],
    });
    expect((await updateSettings(sut.db, { rebate: { rates: { RNG: 2.3 } } })).rebate.rates.RNG).toBe(2.3);
    await updateSettings(sut.db, { rebate: { rates: { RNG: 0.8, LIVE: 0.5 }, minimumClaim: '1' } });
  });
});

describe('the back office’s list of rebate claims', () => {
  it('lists the claims with their member, period and entry, their count and sum; refuses bad input and callers without money.read', async () => {
    const { id, token } = await member();
    await round(id, 'RNG', 250_000n, 0n);
    const paid = await claim(token);
    expect(paid.status).toBe(200);
    const finance = await operatorOfRole(sut, 'finance');
    const list = (query: string, who: string | undefined) =>
      call(sut, { method: 'GET', url: `/api/operator/promotion/rebate-claims${query}`, token: who });

    const mine = await list(`?days=7&username=rebate${accounts}`, finance.token);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.value).toMatchObject({ count: 1, total: paid.body.value.amount });
    const [row] = mine.body.value.items;
    expect(row).toMatchObject({
      id: paid.body.value.id,
      username: `rebate${accounts}`,
      from: paid.body.value.from,
      to: paid.body.value.to,
      amount: paid.body.value.amount,
    });
    expect(row.entryId).toBeGreaterThan(0);
    const all = await list('', finance.token);
    expect(all.body.value.count).toBeGreaterThanOrEqual(2);
    expect(all.body.value.items[0].id).toBe(paid.body.value.id);

    expect((await list('?days=0', finance.token)).status).toBe(400);
    expect((await list('?days=91', finance.token)).status).toBe(400);
    expect((await list('', (await operatorOfRole(sut, 'content')).token)).status).toBe(403);
    expect((await list('', token)).status).toBe(403);
    expect((await list('', undefined)).status).toBe(401);
  });
});
