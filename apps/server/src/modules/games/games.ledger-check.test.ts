import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { members } from '../accounts/accounts.tables.ts';
import { roundsOffLedger } from './games.ledger-check.ts';
import {
  VENDOR,
  fund,
  openWalletSession,
  roundCalls,
  setupVendor,
  tokenFor,
  vendorCall,
} from './vendor-wallet.test-support.ts';

/**
 * The round records the betting record, ranks and agents' wages read are checked against the ledger
 * (issue 34, figures beside the ledger): games_rounds_off_ledger lists every vendor round whose stake
 * or win differs from the postings that moved its money, and nothing when they agree.
 */
let sut: TestApp;
let sessionId: string;

beforeAll(async () => {
  sut = await buildTestApp({
    env: { RATE_LIMIT_PER_MINUTE: '1000000', GAME_LAUNCH_RATE_LIMIT_PER_MINUTE: '1000000' },
  });
  const { nodeId } = await setupVendor(sut.db);
  const [member] = await sut.db
    .insert(members)
    .values({ account: 'offledger', nickname: 'Off ledger', registerMethod: 'TEST' })
    .returning({ id: members.id });
  await fund(sut.db, member!.id, 10_000n);
  sessionId = await openWalletSession(sut, await tokenFor(sut, member!.id), nodeId);
});
afterAll(async () => {
  await sut.close();
});

const { debit, credit } = roundCalls(() => ({ sut, sessionId }));

describe('vendor rounds against the ledger', () => {
  it('finds nothing after bets, wins, a loss and a rollback', async () => {
    expect((await debit('c1', 'won', 300)).status).toBe(200);
    expect((await credit('c2', 'won', 750, true)).status).toBe(200);
    expect((await debit('c3', 'lost', 200)).status).toBe(200);
    expect((await credit('c4', 'lost', 0, true)).status).toBe(200);
    expect((await debit('c5', 'undone', 100)).status).toBe(200);
    expect((await debit('c6', 'undone', 40)).status).toBe(200);
    const rollback = await vendorCall(sut, 'rollback', {
      sessionId,
      transactionId: 'c7',
      roundId: 'undone',
      referenceTransactionId: 'c5',
    });
    expect(rollback.status, JSON.stringify(rollback.body)).toBe(200);
    expect(await roundsOffLedger(sut.db)).toEqual([]);
  });

  it('names a round whose recorded win or stake no longer matches its postings', async () => {
    await sut.db.execute(sql`update game_rounds set win_amount = win_amount + 1 where vendor_code = ${VENDOR}
                              and round_id = 'won'`);
    await sut.db.execute(sql`update game_rounds set bet_amount = 100 where vendor_code = ${VENDOR}
                              and round_id = 'undone'`);
    const found = await roundsOffLedger(sut.db);
    expect(
      found.map((round) => [
        round.roundId,
        round.betAmount,
        round.ledgerBet,
        round.winAmount,
        round.ledgerWin,
      ]),
    ).toEqual([
      ['undone', 100n, 40n, 0n, 0n],
      ['won', 300n, 300n, 751n, 750n],
    ]);
    // A round record with no postings at all is named too.
    await sut.db.execute(sql`update game_rounds set round_id = 'renamed' where vendor_code = ${VENDOR}
                              and round_id = 'lost'`);
    const renamed = await roundsOffLedger(sut.db);
    expect(renamed.filter((round) => round.roundId === 'renamed' || round.roundId === 'lost')).toMatchObject([
      { roundId: 'lost', betAmount: null, ledgerBet: 200n },
      { roundId: 'renamed', betAmount: 200n, ledgerBet: null },
    ]);
  });
});
