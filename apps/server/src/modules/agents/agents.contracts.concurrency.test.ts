import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { expectLedgerValid } from '../ledger/ledger.test-support.ts';
import { settleHourlyWages } from './agents.settlement.ts';
import { as, memberId, openMember, round, tokenOf } from './agents.wages.test-support.ts';

// PGlite runs one transaction at a time: races need PostgreSQL.
const databaseUrl = process.env.DATABASE_URL;
const DAILY = '/wps/relay/MCS2_processDailySalContract';
const tiers = (rate: string) => ({ tiers: [{ teamBet: '10', activeMembers: 1, rate }] });

describe.runIf(databaseUrl)('contracts and settlement under concurrency (PostgreSQL)', () => {
  let sut: TestApp;
  let top: number;
  let topT: string;
  beforeAll(async () => {
    sut = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    top = await memberId(sut, 'demoagent');
    topT = await tokenOf(sut, top);
  });
  afterAll(async () => {
    await sut.close();
  });

  async function counts(member: number) {
    return rowsOf<{ status: string; n: number }>(
      await sut.db.execute(sql`select status, count(*)::int as n from agent_contracts
                                where member_id = ${member} and kind = 'daily' group by status order by status`),
    );
  }

  it('two accepts of one offer: one wins, the other is CONTRACT_OVERLAP', async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = await openMember(sut, `race_a${round}`, { upline: top });
      const token = await tokenOf(sut, id);
      const offer = await as(sut, topT).post(DAILY, {
        action: 'offer',
        username: `race_a${round}`,
        terms: tiers('0.5'),
        requestId: `race-offer-a${round}`,
      });
      const requestNo = offer.body.value.pendingRequest.id;
      const answers = await Promise.all([
        as(sut, token).post(DAILY, { action: 'accept', requestNo }),
        as(sut, token).post(DAILY, { action: 'accept', requestNo }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(await counts(id)).toEqual([{ status: 'active', n: 1 }]);
    }
  });

  it('an accept racing a new offer: at most one active and one pending', async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = await openMember(sut, `race_b${round}`, { upline: top });
      const token = await tokenOf(sut, id);
      const offer = await as(sut, topT).post(DAILY, {
        action: 'offer',
        username: `race_b${round}`,
        terms: tiers('0.5'),
        requestId: `race-offer-b${round}`,
      });
      await Promise.all([
        as(sut, token).post(DAILY, { action: 'accept', requestNo: offer.body.value.pendingRequest.id }),
        as(sut, topT).post(DAILY, {
          action: 'offer',
          username: `race_b${round}`,
          terms: tiers('1'),
          requestId: `race-offer-b${round}-2`,
        }),
      ]);
      const rows = await counts(id);
      expect(rows.find((row) => row.status === 'active')?.n ?? 0).toBeLessThanOrEqual(1);
      expect(rows.find((row) => row.status === 'pending')?.n ?? 0).toBeLessThanOrEqual(1);
    }
  });

  it('the same offer retried at once makes one contract', async () => {
    const id = await openMember(sut, 'race_c', { upline: top });
    const body = { action: 'offer', username: 'race_c', terms: tiers('0.5'), requestId: 'race-offer-c' };
    const answers = await Promise.all([as(sut, topT).post(DAILY, body), as(sut, topT).post(DAILY, body)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers[0]?.body.value.id).toBe(answers[1]?.body.value.id);
    expect(await counts(id)).toEqual([{ status: 'pending', n: 1 }]);
  });

  it('two settlement runs at once pay each line once', async () => {
    const player = await openMember(sut, 'race_player', { type: 0, upline: top });
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000 + 5 * 3_600_000;
    await round(sut, player, 1_000_000n, 0n, new Date(hour + 60_000));
    const now = new Date(hour + 3_600_000 + 1_000);
    const results = await Promise.all([settleHourlyWages(sut.db, now), settleHourlyWages(sut.db, now)]);
    expect(results.reduce((sum, result) => sum + result.lines, 0)).toBe(1);
    const [paid] = rowsOf<{ n: number }>(
      await sut.db.execute(
        sql`select count(*)::int as n from journal_entries where idempotency_key like 'wage:%:hourly:%'`,
      ),
    );
    expect(paid?.n).toBe(1);
    await expectLedgerValid(sut.db);
  });
});
