import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { expectLedgerValid } from '../ledger/ledger.test-support.ts';
import { dividendPeriodsEnding, periodAt, settleDailyWages } from './agents.settlement.ts';
import { memberId, openMember, round } from './agents.wages.test-support.ts';

/** Wage and dividend periods are the brand's (settings timeZone, Asia/Dhaka for the demo brand). */
describe('wage periods in the brand zone', () => {
  let sut: TestApp;
  let top: number;
  let player: number;

  beforeAll(async () => {
    sut = await buildTestApp();
    top = await memberId(sut, 'demoagent');
    player = await openMember(sut, 'zone_player', { type: 0, upline: top });
    // The seed's daily contract (0.5 % from 100 of team betting) ran long before the rounds.
    await sut.db.execute(sql`update agent_contracts set created_at = '2026-10-01T00:00:00Z',
      started_at = '2026-10-01T00:00:00Z' where member_id = ${top} and kind = 'daily'`);
  });
  afterAll(async () => sut.close());

  it('cuts daily wages at Dhaka midnight: 23:30 on the 5th and 00:30 on the 6th are two days', async () => {
    await round(sut, player, 100_000n, 0n, new Date('2026-11-05T17:30:00Z')); // 23:30 Dhaka, 5 Nov
    await round(sut, player, 300_000n, 0n, new Date('2026-11-05T18:30:00Z')); // 00:30 Dhaka, 6 Nov
    // Settled up to the start of 5 November in Dhaka (18:00 UTC on the 4th).
    await sut.db
      .execute(sql`insert into agent_wage_runs (kind, settled_to) values ('daily', '2026-11-04T18:00:00Z')
      on conflict (kind) do update set settled_to = excluded.settled_to`);
    // 00:10 UTC on the 7th is 06:10 in Dhaka: the 5th and the 6th have closed.
    const result = await settleDailyWages(sut.db, new Date('2026-11-07T00:10:00Z'));
    expect(result).toMatchObject({ periods: 2, settledTo: '2026-11-06T18:00:00.000Z' });
    const lines = rowsOf<{ key: string; bet: string; due: string }>(
      await sut.db.execute(sql`select period_key as key, team_bet::text as bet, due::text as due
        from agent_wages where kind = 'daily' and member_id = ${top} order by period_key`),
    );
    // Games with no declared RTP count at the brand's undeclared edge (1 %) of the reference 5 %:
    // a fifth of the betting (docs/agents.md "Bounded by the house edge").
    expect(lines).toEqual([
      { key: 'D:2026-11-05', bet: '100000', due: '100' },
      { key: 'D:2026-11-06', bet: '300000', due: '300' },
    ]);
    await expectLedgerValid(sut.db);
  });

  it('settles the rest of a day cut short by a zone change once, under its own key', async () => {
    // A cursor at UTC midnight (the old UTC days) is 06:00 in Dhaka: the day's remaining 18 hours.
    await sut.db.execute(
      sql`update agent_wage_runs set settled_to = '2026-11-10T00:00:00Z' where kind = 'daily'`,
    );
    await round(sut, player, 200_000n, 0n, new Date('2026-11-10T12:00:00Z')); // 18:00 Dhaka, 10 Nov
    const result = await settleDailyWages(sut.db, new Date('2026-11-10T19:00:00Z'));
    expect(result).toMatchObject({ periods: 1, settledTo: '2026-11-10T18:00:00.000Z' });
    const [line] = rowsOf<{ key: string; bet: string }>(
      await sut.db.execute(sql`select period_key as key, team_bet::text as bet from agent_wages
        where kind = 'daily' and member_id = ${top} and period_key like 'D:2026-11-10%'`),
    );
    expect(line).toEqual({ key: 'D:2026-11-10~06:00', bet: '200000' });
  });
});

describe('period keys and dividend periods', () => {
  it('follows the zone clock for hours, also at a 45-minute offset and in a repeated hour', () => {
    const kathmandu = periodAt('hourly', new Date('2026-12-05T10:15:00Z'), 'Asia/Kathmandu');
    expect(kathmandu.key).toBe('H:2026-12-05T16');
    expect(kathmandu.to.toISOString()).toBe('2026-12-05T11:15:00.000Z');
    const first = periodAt('hourly', new Date('2026-10-25T00:00:00Z'), 'Europe/London');
    const second = periodAt('hourly', first.to, 'Europe/London');
    expect([first.key, second.key]).toEqual(['H:2026-10-25T01', 'H:2026-10-25T01 GMT']);
    expect(periodAt('realtime', new Date('2026-12-05T17:40:00Z'), 'Asia/Dhaka').key).toBe(
      'R:2026-12-05T23:40',
    );
    const day = periodAt('daily', new Date('2026-10-24T23:00:00Z'), 'Europe/London');
    expect([day.key, day.to.toISOString()]).toEqual(['D:2026-10-25', '2026-10-26T00:00:00.000Z']);
  });

  it('ends the week on Sunday and the half-month and month on their last day, in Dhaka', () => {
    // Sunday 29 November 2026 in Dhaka starts at 18:00 UTC on the 28th.
    expect(dividendPeriodsEnding(new Date('2026-11-28T18:00:00Z'), 'Asia/Dhaka')).toEqual([
      { letter: 'D', key: 'D:2026-11-29', from: '2026-11-28T18:00:00.000Z' },
      { letter: 'W', key: 'W:2026-11-23', from: '2026-11-22T18:00:00.000Z' },
    ]);
    expect(dividendPeriodsEnding(new Date('2026-11-29T18:00:00Z'), 'Asia/Dhaka')).toEqual([
      { letter: 'D', key: 'D:2026-11-30', from: '2026-11-29T18:00:00.000Z' },
      { letter: 'H', key: 'H:2026-11-2', from: '2026-11-15T18:00:00.000Z' },
      { letter: 'M', key: 'M:2026-11', from: '2026-10-31T18:00:00.000Z' },
    ]);
    expect(dividendPeriodsEnding(new Date('2026-12-14T18:00:00Z'), 'Asia/Dhaka').map((p) => p.key)).toEqual([
      'D:2026-12-15',
      'H:2026-12-1',
    ]);
  });
});
