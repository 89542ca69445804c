import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { preparedRunnerOf, type PreparedRunner } from '../../db/prepared.ts';
import { demoAccounts } from '../accounts/accounts.seed.ts';
import { createMoneyCallBatcher, moneyCallValues } from './vendor-wallet.money.ts';
import {
  VENDOR,
  GAME,
  fundedMember,
  journalEntryCount,
  openWalletSession,
  useVendorTest,
  vendorCall,
  walletBalance,
} from './vendor-wallet.test-support.ts';

/**
 * Money calls grouped in one statement and one transaction (db/call-batcher.ts) against the real
 * `vendor_money_call` on PostgreSQL. PGlite has no prepared runner: there every call goes alone
 * (the other vendor wallet tests cover that path).
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const vendor = useVendorTest();

function debitValues(sessionId: string, transactionId: string, amount = 100) {
  return moneyCallValues({
    action: 'debit',
    vendorCode: VENDOR,
    sessionId,
    transactionId,
    roundId: `round-${transactionId}`,
    gameCode: GAME,
    amount,
    requestHash: createHash('sha256').update(`${transactionId}:${amount}`).digest('hex'),
    idleMinutes: 30,
  });
}

/** A batcher on the test app's pool (one batch at a time), counting the statements it sends. */
function countingBatcher(db: Database) {
  const runner = preparedRunnerOf(db)!;
  const sent = { alone: 0, batches: 0 };
  const counted: PreparedRunner = (name, text, values) => {
    if (name === 'vendor_money_calls') sent.batches += 1;
    else sent.alone += 1;
    return runner(name, text, values);
  };
  return { sent, batcher: createMoneyCallBatcher(counted, { concurrency: 1, maxBatch: 16 }) };
}

describe.runIf(onPostgres)('vendor money calls in batches (PostgreSQL)', () => {
  it('groups concurrent calls, answers each its own reply and moves each wallet once', async () => {
    const { sut, nodeId, playerId, playerToken } = vendor;
    const other = await fundedMember(sut, demoAccounts.agent.account, 100_000n);
    const sessions = [
      await openWalletSession(sut, playerToken, nodeId),
      await openWalletSession(sut, other.token, nodeId),
    ];
    const { sent, batcher } = countingBatcher(sut.db);
    const entriesBefore = await journalEntryCount(sut.db);

    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        batcher.run(debitValues(sessions[index % 2]!, `batch-${index}`)),
      ),
    );
    expect(replies.every((reply) => reply.status === 200)).toBe(true);
    // The first call went alone; the eleven that waited for it went together.
    expect(sent).toEqual({ alone: 1, batches: 1 });
    expect(await walletBalance(sut.db, playerId)).toBe(100_000n - 600n);
    expect(await walletBalance(sut.db, other.id)).toBe(100_000n - 600n);
    expect(await journalEntryCount(sut.db)).toBe(entriesBefore + 12);
    // Each reply is its own call's: the balances after each debit of one wallet all differ.
    const playerBalances = replies
      .filter((_, index) => index % 2 === 0)
      .map((reply) => (reply.body as { balance: number }).balance);
    expect(new Set(playerBalances).size).toBe(6);
    expect(Math.min(...playerBalances)).toBe(100_000 - 600);
  });

  it('answers a call repeated within one batch as a replay: the wallet moves once', async () => {
    const { sut, nodeId, playerId, playerToken } = vendor;
    const session = await openWalletSession(sut, playerToken, nodeId);
    const { sent, batcher } = countingBatcher(sut.db);
    const [first, ...rest] = await Promise.all([
      batcher.run(debitValues(session, 'warm-up', 10)),
      ...Array.from({ length: 4 }, () => batcher.run(debitValues(session, 'same-id'))),
    ]);
    expect(first!.status).toBe(200);
    expect(sent.batches).toBe(1);
    expect(rest.map((reply) => reply.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(rest.map((reply) => JSON.stringify(reply.body))).size).toBe(1);
    expect(await walletBalance(sut.db, playerId)).toBe(100_000n - 10n - 100n);
  });

  it('a call that breaks its batch fails alone; the batch is rolled back and the others are run again', async () => {
    const { sut, nodeId, playerId, playerToken } = vendor;
    const session = await openWalletSession(sut, playerToken, nodeId);
    const failed: number[] = [];
    const { sent, batcher } = countingBatcher(sut.db);
    const entriesBefore = await journalEntryCount(sut.db);
    // An action the function refuses with an exception, in the batch after a debit it has posted.
    const broken = ['bogus', ...debitValues(session, 'broken').slice(1)];
    const answers = await Promise.allSettled([
      batcher.run(debitValues(session, 'first')),
      batcher.run(debitValues(session, 'good-1')),
      batcher.run(broken),
      batcher.run(debitValues(session, 'good-2')),
      // Not a bigint: alone it fails before the function runs.
      batcher.run(debitValues('99999999999999999999999', 'not-a-session')),
    ]);
    answers.forEach((answer, index) => answer.status === 'rejected' && failed.push(index));
    // `first` alone, the four others in one batch that failed, then each of the four alone.
    expect(sent).toEqual({ alone: 5, batches: 1 });
    expect(failed).toEqual([2, 4]);
    expect(answers.map((answer) => (answer.status === 'fulfilled' ? answer.value.status : 'error'))).toEqual([
      200,
      200,
      'error',
      200,
      'error',
    ]);
    // Three debits, each posted once: good-1's posting in the failed batch was rolled back and
    // posted again alone, nothing twice.
    expect(await walletBalance(sut.db, playerId)).toBe(100_000n - 300n);
    expect(await journalEntryCount(sut.db)).toBe(entriesBefore + 3);
  });

  it('the server batches the vendor calls it receives at once, with the same replies as one by one', async () => {
    const { sut, nodeId, playerId, playerToken } = vendor;
    const session = await openWalletSession(sut, playerToken, nodeId);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        vendorCall(sut, 'debit', {
          sessionId: session,
          transactionId: `http-${index}`,
          roundId: `http-round-${index}`,
          gameCode: GAME,
          amount: 100,
        }),
      ),
    );
    expect(replies.map((reply) => reply.status)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(await walletBalance(sut.db, playerId)).toBe(100_000n - 2_000n);
    // A replay of each answers as the first did.
    const again = await vendorCall(sut, 'debit', {
      sessionId: session,
      transactionId: 'http-7',
      roundId: 'http-round-7',
      gameCode: GAME,
      amount: 100,
    });
    expect(again.body).toEqual(replies[7]!.body);
    expect(await walletBalance(sut.db, playerId)).toBe(100_000n - 2_000n);
  });
});

describe.skipIf(onPostgres)('vendor money calls on PGlite', () => {
  it('have no batcher: PGlite runs one statement at a time in this process', () => {
    expect(preparedRunnerOf(vendor.sut.db)).toBeUndefined();
  });
});
