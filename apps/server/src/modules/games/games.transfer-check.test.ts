import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call } from '../accounts/accounts.test-support.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { expectLedgerValid } from '../ledger/ledger.test-support.ts';
import { newMember } from './games.test-support.ts';
import { offWalletsMarker, recordsErrorForSite, transferRoundsOffWallets } from './games.transfer-check.ts';
import {
  arcadeTransfer,
  diceBet,
  houseCall,
  openHouseDice,
  startHouseSite,
  type HouseSite,
} from './house-play.test-support.ts';
import { houseTransferPrefix, houseTransferVendorCode } from './house-vendor.ts';
import { fund } from './vendor-wallet.test-support.ts';

/**
 * Khela Arcade's rounds against its game wallets (issue 34, figures beside the ledger). Arcade is
 * the house in transfer mode: its rounds reach game_rounds (and agents' wages) through its signed
 * bet records, which whoever holds its signing secret could fill with rounds never played. The
 * transfers' money proves them: in − out − the balance the vendor reported at a transfer equals
 * stake − win of the rounds before it, and rounds after the last transfer cannot lose more than
 * the wallet held. The real house is mounted in the real platform; the made-up rounds are written
 * into the house's own table, where an insider would write them, and served signed by its records.
 */

let site: HouseSite;
let alice: { id: number; token: string };
let bob: { id: number; token: string };
/** Alice's transfers in the order made: in 50.00, in 10.00, recall. */
let transferIds: string[] = [];

/** The vendor-records job as the queue runs it: the pull, then the check. */
async function runRecordsJob(): Promise<unknown> {
  const job = site.sut.app.jobs.get('vendor-records');
  if (!job) throw new Error('no vendor-records job');
  return job.run({ id: 'test' });
}

async function lastError(): Promise<string | null> {
  const [row] = rowsOf<{ last_error: string | null }>(
    await site.sut.db.execute(
      sql`select last_error from vendor_record_cursors where vendor_code = ${houseTransferVendorCode}`,
    ),
  );
  return row?.last_error ?? null;
}

async function play(authorization: string, rounds: number) {
  for (let round = 0; round < rounds; round += 1) {
    const answer = await houseCall(site, `${houseTransferPrefix}/api/rounds`, {
      body: diceBet,
      authorization,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }
}

/**
 * The session as it happened, spread 10 s apart half an hour ago (so that the house serves its
 * rounds and each transfer is past the check's delay, with no round near a transfer): each of
 * Alice's transfers and rounds in the order made.
 */
async function spreadOut(order: ('transfer' | 'round')[]) {
  const rounds = rowsOf<{ id: string }>(
    await site.sut.db.execute(sql`select id::text from hg_rounds
      where wallet_mode = 'transfer' and player_id = ${String(alice.id)} order by id`),
  ).map((row) => row.id);
  const transfers = rowsOf<{ id: string }>(
    await site.sut.db.execute(
      sql`select id::text from vendor_transfers where member_id = ${alice.id} order by id`,
    ),
  ).map((row) => row.id);
  let nextRound = 0;
  let nextTransfer = 0;
  for (const [index, kind] of order.entries()) {
    const at = sql`now() - interval '30 minutes' + ${index * 10} * interval '1 second'`;
    if (kind === 'round') {
      await site.sut.db
        .execute(sql`update hg_rounds set created_at = ${at}, settled_at = ${at} + interval '1 second'
        where id = ${rounds[nextRound++]}`);
    } else {
      await site.sut.db
        .execute(sql`update vendor_transfers set created_at = ${at}, done_at = ${at} + interval '500 milliseconds'
        where id = ${transfers[nextTransfer++]}`);
    }
  }
  expect([nextRound, nextTransfer]).toEqual([rounds.length, transfers.length]);
}

/** A round the house's records serve that no game wallet paid for (a copy of one of Alice's). */
async function madeUpRound(options: {
  roundId: string;
  playerId: number;
  bet: number;
  win: number;
  at: string;
}) {
  await site.sut.db
    .execute(sql`insert into hg_rounds (round_id, player_id, game_code, currency, bet, win, status,
      inputs, detail, server_seed_hash, client_seed, nonce, platform_session_id, debit_transaction_id,
      wallet_mode, created_at, settled_at)
    select ${options.roundId}, ${String(options.playerId)}, game_code, currency, ${options.bet}, ${options.win}, 'settled',
           inputs, detail, server_seed_hash, client_seed, nonce, platform_session_id, ${`${options.roundId}-debit`},
           'transfer', ${options.at}::timestamptz, ${options.at}::timestamptz + interval '1 second'
      from hg_rounds where wallet_mode = 'transfer' and player_id = ${String(alice.id)} order by id limit 1`);
}

beforeAll(async () => {
  site = await startHouseSite();
  alice = await newMember(site.sut, 'arcadealice');
  bob = await newMember(site.sut, 'arcadebob');
  await fund(site.sut.db, alice.id, 100_000n);
  const authorization = await openHouseDice(site, 'transfer', alice.token);
  const moved = await arcadeTransfer(site, alice.token, 'in', '50');
  expect(moved.body.value?.transfers?.[0]?.status, JSON.stringify(moved.body)).toBe('done');
  await play(authorization, 3);
  expect((await arcadeTransfer(site, alice.token, 'in', '10')).body.value?.transfers?.[0]?.status).toBe(
    'done',
  );
  await play(authorization, 2);
  const recall = await call(site.sut, {
    method: 'POST',
    url: '/wps/relay/GCS_walletTransfer',
    token: alice.token,
    body: { requestId: 'recall-1', direction: 'recall' },
  });
  expect(recall.body.value?.transfers?.[0]?.status, JSON.stringify(recall.body)).toBe('done');
  await spreadOut(['transfer', 'round', 'round', 'round', 'transfer', 'round', 'round', 'transfer']);
  transferIds = rowsOf<{ transfer_id: string }>(
    await site.sut.db.execute(
      sql`select transfer_id from vendor_transfers where member_id = ${alice.id} order by id`,
    ),
  ).map((row) => row.transfer_id);
  expect(transferIds).toHaveLength(3);
}, 120_000);

afterAll(async () => {
  await site?.sut.close();
});

describe('Arcade rounds against the game wallets', () => {
  it('finds nothing when every round was paid from the wallet the transfers filled', async () => {
    await runRecordsJob();
    const [stored] = rowsOf<{ rounds: number }>(
      await site.sut.db.execute(sql`select count(*)::int as rounds from game_rounds
        where vendor_code = ${houseTransferVendorCode} and member_id = ${alice.id}`),
    );
    expect(stored?.rounds).toBe(5);
    expect(await transferRoundsOffWallets(site.sut.db)).toEqual([]);
    expect(await lastError()).toBeNull();
    await expectLedgerValid(site.sut.db);
    // Each transfer is checked: a balance the vendor reported one unit off is named there.
    for (const transferId of transferIds) {
      const tamper = (delta: number) =>
        site.sut.db
          .execute(sql`update vendor_transfers set vendor_balance_after = vendor_balance_after + ${delta}
          where transfer_id = ${transferId}`);
      await tamper(1);
      const found = await transferRoundsOffWallets(site.sut.db);
      await tamper(-1);
      expect(found.map((problem) => [problem.rule, problem.transferId])).toEqual([
        ['at_transfer', transferId],
      ]);
    }
  });

  it('names a round signed between two transfers that the wallet never paid for, at the transfer after it', async () => {
    // After the last real round (index 6) and before the recall (index 7): behind none of the
    // rounds already read, so the records serve it.
    const [between] = rowsOf<{ at: string }>(
      await site.sut.db.execute(
        sql`select (now() - interval '30 minutes' + interval '65 seconds')::text as at`,
      ),
    );
    await madeUpRound({ roundId: 'made-up-1', playerId: alice.id, bet: 2_000, win: 0, at: between!.at });
    await expect(runRecordsJob()).rejects.toThrow(/member \d+ at transfer vt-/);
    const [found, ...others] = await transferRoundsOffWallets(site.sut.db);
    expect(others).toEqual([]);
    const [real] = rowsOf<{ bet: string; win: string }>(
      await site.sut.db.execute(sql`select sum(bet)::text as bet, sum(win)::text as win from hg_rounds
        where wallet_mode = 'transfer' and player_id = ${String(alice.id)} and round_id <> 'made-up-1'`),
    );
    const realNet = BigInt(real!.bet) - BigInt(real!.win);
    expect(found).toMatchObject({
      vendorCode: houseTransferVendorCode,
      memberId: alice.id,
      rule: 'at_transfer',
      // The recall: the two transfers in before it still agree with the rounds before them.
      transferId: transferIds[2],
      transfersIn: 6_000n,
      transfersOut: 6_000n - realNet,
      vendorBalance: 0n,
      ledgerResult: -realNet,
      rounds: 6,
      roundsBet: 2_500n,
    });
    // The money says the five real rounds lost realNet; the records say 2,000 more.
    expect(found!.roundsBet - found!.roundsWin).toBe(realNet + 2_000n);
    expect(await lastError()).toContain(offWalletsMarker);
  });

  it('names rounds of a member who never filled a game wallet, and keeps the flag until they go', async () => {
    const [recent] = rowsOf<{ at: string }>(
      await site.sut.db.execute(sql`select (now() - interval '5 minutes')::text as at`),
    );
    await madeUpRound({ roundId: 'made-up-2', playerId: bob.id, bet: 5_000, win: 1_000, at: recent!.at });
    await expect(runRecordsJob()).rejects.toThrow(/no transfer/);
    const found = await transferRoundsOffWallets(site.sut.db);
    expect(found.map((problem) => [problem.memberId, problem.rule])).toEqual([
      [alice.id, 'at_transfer'],
      [bob.id, 'after_last_transfer'],
    ]);
    expect(found.find((problem) => problem.memberId === bob.id)).toMatchObject({
      transferId: null,
      vendorBalance: 0n,
      rounds: 1,
      roundsBet: 5_000n,
      roundsWin: 1_000n,
    });

    // Nothing new to read: the vendor is still flagged, so the job checks every member again.
    await expect(runRecordsJob()).rejects.toThrow(/at transfer/);
    expect(await lastError()).toContain(offWalletsMarker);

    // The made-up rounds taken out (an operator's repair): the flag goes with the next run.
    await site.sut.db.execute(sql`delete from game_rounds where round_id in ('made-up-1', 'made-up-2')`);
    await site.sut.db.execute(sql`delete from hg_rounds where round_id in ('made-up-1', 'made-up-2')`);
    await runRecordsJob();
    expect(await lastError()).toBeNull();
    expect(await transferRoundsOffWallets(site.sut.db)).toEqual([]);
  });
});

describe("the site's vendor list", () => {
  it('says rounds are off the game wallets without naming members or amounts', () => {
    const found = `${offWalletsMarker} ARCADE member 7 after transfer T1: the game wallet held 500 (+ 0 pending), but 2 rounds`;
    expect(recordsErrorForSite(found)).toBe(`${offWalletsMarker} see Money → Ledger check`);
    expect(recordsErrorForSite(`no answer: timed out | ${found}`)).toBe(
      `no answer: timed out | ${offWalletsMarker} see Money → Ledger check`,
    );
    expect(recordsErrorForSite('no answer: timed out')).toBe('no answer: timed out');
    expect(recordsErrorForSite(null)).toBeNull();
  });
});
