import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dayKey } from '@khela/contract/business-day';
import { call } from '../accounts/accounts.test-support.ts';
import { verifyLedger } from '../ledger/ledger.verifier.ts';
import { newMember } from './games.test-support.ts';
import {
  arcadeTransfer,
  diceBet,
  houseCall,
  openHouseDice,
  startHouseSite,
  type HouseSite,
} from './house-play.test-support.ts';
import { houseTransferPrefix, houseTransferVendorCode } from './house-vendor.ts';
import { pullVendorRecords } from './vendor-records.service.ts';
import { fund, journalEntryCount } from './vendor-wallet.test-support.ts';

/**
 * Arcade rounds in the betting record (issue 38, item 4). Khela Arcade (HOUSET) is the house in
 * transfer mode: the member moves money into its game wallet and plays there, and the platform
 * never sees a bet. The rounds reach the member's betting record and profit and loss through the
 * vendor's bet records, read by the `vendor-records` job, named like every other round. The real
 * house is mounted in the real platform and reached over HTTP.
 */

let site: HouseSite;
let member: { id: number; token: string };
const played: { roundId: string; win: number }[] = [];

beforeAll(async () => {
  site = await startHouseSite();
  member = await newMember(site.sut, 'arcaderecord');
  await fund(site.sut.db, member.id, 100_000n);
  const moved = await arcadeTransfer(site, member.token, 'in', '50');
  expect(moved.body.value?.transfers?.[0]?.status, JSON.stringify(moved.body)).toBe('done');
  const authorization = await openHouseDice(site, 'transfer', member.token);
  for (let round = 0; round < 2; round += 1) {
    const answer = await houseCall(site, `${houseTransferPrefix}/api/rounds`, {
      body: diceBet,
      authorization,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { roundId, win } = answer.body.round as { roundId: string; win: number };
    played.push({ roundId, win });
  }
}, 120_000);

afterAll(async () => {
  await site?.sut.close();
});

const record = (language: 'EN' | 'BN') =>
  call(site.sut, {
    method: 'GET',
    url: `/wps/relay/MCSFE_getBettingRecord?language=${language}`,
    token: member.token,
  });

const pull = () =>
  pullVendorRecords(
    { db: site.sut.db, env: { VENDOR_TIMEOUT_MS: 5_000, PORT: site.port } },
    { vendorCode: houseTransferVendorCode },
  );

describe('Khela Arcade rounds', () => {
  it('reach the betting record and profit and loss through the vendor records, named, once', async () => {
    // Played, but not in the member's record until the records are read.
    expect((await record('EN')).body.value.list).toEqual([]);

    // The house serves a round once it settled 5 s ago: let that time pass (in the house's own
    // table, where the house wrote it) rather than wait.
    await site.sut.db.execute(
      sql`update hg_rounds set settled_at = settled_at - interval '1 minute' where wallet_mode = 'transfer'`,
    );
    const entries = () => journalEntryCount(site.sut.db);
    const entriesBefore = await entries();
    const [outcome] = await pull();
    expect(outcome).toMatchObject({
      vendorCode: houseTransferVendorCode,
      read: 2,
      stored: 2,
      reachedEnd: true,
    });
    // Records only: the game wallet's transfers moved the money.
    expect(await entries()).toBe(entriesBefore);

    const english = (await record('EN')).body.value;
    const won = played.reduce((sum, round) => sum + round.win, 0);
    expect(english.totals).toEqual({
      rounds: 2,
      bet: '2.00',
      win: (won / 100).toFixed(2),
      profit: ((won - 200) / 100).toFixed(2),
    });
    expect(english.list.map((line: { roundId: string }) => line.roundId).sort()).toEqual(
      played.map((round) => round.roundId).sort(),
    );
    for (const line of english.list) {
      expect(line).toMatchObject({
        // The arcade's own name of the game (the lobby tells its wallet apart), never the code.
        gameName: 'Dice · Arcade',
        vendorName: 'Khela Arcade',
        gameType: 'RNG',
        bet: '1.00',
        status: 'settled',
        wallet: 'main',
      });
    }
    expect((await record('BN')).body.value.list[0].gameName).toBe('ডাইস · আর্কেড');

    // Profit and loss: on the brand's day the rounds settled.
    const profit = await call(site.sut, {
      method: 'GET',
      url: '/wps/relay/MCSFE_getPersonalProfit',
      token: member.token,
    });
    expect(profit.status).toBe(200);
    const settledDay = dayKey(english.list[0].settledAt as number, profit.body.value.timeZone as string);
    const day = profit.body.value.days.find((entry: { day: string }) => entry.day === settledDay);
    expect(day).toMatchObject({ rounds: 2, bet: '2.00', win: (won / 100).toFixed(2) });

    // A second pull keeps nothing twice.
    expect((await pull())[0]).toMatchObject({ read: 0, stored: 0 });
    expect((await record('EN')).body.value.total).toBe(2);
    expect((await verifyLedger(site.sut.db)).ok).toBe(true);
  });
});
