import { beforeEach, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { members } from '../accounts/accounts.tables.ts';
import { journalEntries } from '../ledger/ledger.tables.ts';
import { onWalletChanged } from '../wallet/wallet.events.ts';
import { gameRounds, gameSessions, games, vendorTransactions } from './games.tables.ts';
import { checkVendorSignature } from './vendor-signature.ts';
import {
  GAME,
  SECRET,
  fund,
  fundedMember,
  houseBalance,
  journalEntryCount,
  launchToken,
  openWalletSession,
  roundCalls,
  setupVendor,
  useVendorTest,
  vendorCall,
  vendorEnabled,
  walletBalance,
} from './vendor-wallet.test-support.ts';

let sut: TestApp;
let playerId: number;
let playerToken: string;
let nodeId: number;

useVendorTest((started) => {
  ({ sut, playerId, playerToken, nodeId } = started);
});

const entryCount = () => journalEntryCount(sut.db);

async function roundOf(roundId: string) {
  const [row] = await sut.db.select().from(gameRounds).where(eq(gameRounds.roundId, roundId));
  return row;
}

describe('routing and signatures', () => {
  it('signs every answer of a known vendor with its secret, and only those', async () => {
    const sessionId = await openWalletSession(sut, playerToken, nodeId);
    const answer = await vendorCall(sut, 'balance', { sessionId });
    expect(answer.status).toBe(200);
    // Server-to-server JSON: nosniff and no-store, none of a page's security headers.
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-security-policy']).toBeUndefined();
    expect(
      checkVendorSignature({ walletSecret: SECRET, rawBody: answer.rawBody, header: answer.signature }),
    ).toBe('ok');
    const refused = await vendorCall(sut, 'balance', { sessionId }, { secret: 'ab'.repeat(32) });
    expect([refused.status, refused.body.code]).toEqual([401, 'BAD_SIGNATURE']);
    expect(
      checkVendorSignature({ walletSecret: SECRET, rawBody: refused.rawBody, header: refused.signature }),
    ).toBe('ok');
  });

  it('refuses an unknown or switched-off vendor, unsigned', async () => {
    const unknown = await vendorCall(sut, 'balance', { sessionId: '1' }, { vendorCode: 'NOPE' });
    expect(unknown).toMatchObject({ status: 404, body: { ok: false, code: 'UNKNOWN_VENDOR' } });
    expect(unknown.signature).toBeUndefined();
    await setupVendor(sut.db, { vendorCode: 'OFF' });
    await vendorEnabled(sut.db, 'OFF', false);
    const off = await vendorCall(sut, 'balance', { sessionId: '1' }, { vendorCode: 'OFF' });
    expect([off.status, off.body.code]).toEqual([404, 'UNKNOWN_VENDOR']);
  });

  it('refuses a missing, malformed, stale, future, forged or tampered signature', async () => {
    const sessionId = await openWalletSession(sut, playerToken, nodeId);
    const body = { sessionId };
    const now = Math.floor(Date.now() / 1000);
    const cases = [
      await vendorCall(sut, 'balance', body, { header: null }),
      await vendorCall(sut, 'balance', body, { header: 'garbage' }),
      await vendorCall(sut, 'balance', body, { at: now - 301 }),
      await vendorCall(sut, 'balance', body, { at: now + 301 }),
      await vendorCall(sut, 'balance', body, { secret: 'cd'.repeat(32) }),
      // Signed for one body, sent with another.
      await vendorCall(sut, 'balance', body, {
        rawBody: JSON.stringify({ sessionId: '999' }),
        header: (await import('./vendor-signature.ts')).signVendorPayload(SECRET, JSON.stringify(body), now),
      }),
    ];
    for (const answer of cases) expect([answer.status, answer.body.code]).toEqual([401, 'BAD_SIGNATURE']);
    // Inside the window is fine.
    expect((await vendorCall(sut, 'balance', body, { at: now - 290 })).status).toBe(200);
  });

  it('answers BAD_REQUEST for an unknown action, a body that is not JSON and bad fields', async () => {
    const sessionId = await openWalletSession(sut, playerToken, nodeId);
    const base = { sessionId, transactionId: 't-1', roundId: 'r-1', gameCode: GAME, amount: 100 };
    const answers = [
      await vendorCall(sut, 'transfer', base),
      await vendorCall(sut, 'debit', null, { rawBody: '{"sessionId":' }),
      await vendorCall(sut, 'debit', { ...base, amount: 0 }),
      await vendorCall(sut, 'debit', { ...base, amount: -5 }),
      await vendorCall(sut, 'debit', { ...base, amount: 1.5 }),
      await vendorCall(sut, 'debit', null, {
        rawBody: JSON.stringify(base).replace('"amount":100', '"amount":"100"'),
      }),
      await vendorCall(sut, 'debit', null, {
        rawBody: JSON.stringify(base).replace('"amount":100', '"amount":9007199254740993'),
      }),
      await vendorCall(sut, 'debit', { ...base, transactionId: '' }),
      await vendorCall(sut, 'debit', { ...base, transactionId: 'has space' }),
      await vendorCall(sut, 'credit', { sessionId, transactionId: 'c-1', roundId: 'r-1', amount: 5 }),
      await vendorCall(sut, 'authenticate', { launchToken: 'short' }),
      await vendorCall(sut, 'balance', { sessionId: 'abc' }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
      expect(typeof answer.body.message).toBe('string');
    }
    expect(await walletBalance(sut.db, playerId)).toBe(100_000n);
  });

  it('is not held back by the per-address rate limit', async () => {
    const limited = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '5' } });
    try {
      await setupVendor(limited.db);
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => vendorCall(limited, 'balance', { sessionId: '1' })),
      );
      expect(answers.every((answer) => answer.status === 401 && answer.body.code === 'INVALID_TOKEN')).toBe(
        true,
      );
    } finally {
      await limited.close();
    }
  });
});

describe('authenticate', () => {
  it('exchanges the launch token once for a wallet session', async () => {
    const token = await launchToken(sut, playerToken, nodeId);
    const answer = await vendorCall(sut, 'authenticate', { launchToken: token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      ok: true,
      sessionId: expect.stringMatching(/^\d+$/),
      playerId: String(playerId),
      nickname: 'Demo Player',
      currency: 'BDT',
      balance: 100_000,
      language: 'bn',
    });
    const [session] = await sut.db.select().from(gameSessions);
    expect(session?.authenticatedAt).not.toBeNull();
    expect(session!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    const again = await vendorCall(sut, 'authenticate', { launchToken: token });
    expect([again.status, again.body.code]).toEqual([401, 'INVALID_TOKEN']);
  });

  it('refuses an unknown token, an expired one, another vendor’s and a disabled account’s', async () => {
    const unknown = await vendorCall(sut, 'authenticate', { launchToken: 'A'.repeat(43) });
    expect([unknown.status, unknown.body.code]).toEqual([401, 'INVALID_TOKEN']);

    const expired = await launchToken(sut, playerToken, nodeId);
    await sut.db.update(gameSessions).set({ tokenExpiresAt: sql`now() - interval '1 second'` });
    expect((await vendorCall(sut, 'authenticate', { launchToken: expired })).body.code).toBe('INVALID_TOKEN');

    await setupVendor(sut.db, { vendorCode: 'OTHER' });
    const token = await launchToken(sut, playerToken, nodeId);
    const wrongVendor = await vendorCall(
      sut,
      'authenticate',
      { launchToken: token },
      { vendorCode: 'OTHER' },
    );
    expect(wrongVendor.body.code).toBe('INVALID_TOKEN');

    await sut.db.update(members).set({ status: 'disabled' }).where(eq(members.id, playerId));
    const disabled = await vendorCall(sut, 'authenticate', { launchToken: token });
    expect([disabled.status, disabled.body.code]).toEqual([401, 'INVALID_TOKEN']);
  });
});

describe('balance', () => {
  it('answers the wallet balance and slides the session', async () => {
    const sessionId = await openWalletSession(sut, playerToken, nodeId);
    await sut.db.update(gameSessions).set({ expiresAt: sql`now() + interval '2 minutes'` });
    const answer = await vendorCall(sut, 'balance', { sessionId });
    expect(answer).toMatchObject({ status: 200, body: { ok: true, balance: 100_000, currency: 'BDT' } });
    const [session] = await sut.db.select().from(gameSessions);
    expect(session!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
  });

  it('refuses an unknown, unauthenticated, expired or other vendor’s session', async () => {
    const unknown = await vendorCall(sut, 'balance', { sessionId: '424242' });
    expect([unknown.status, unknown.body.code]).toEqual([401, 'INVALID_TOKEN']);
    await launchToken(sut, playerToken, nodeId);
    const [launched] = await sut.db.select().from(gameSessions);
    expect((await vendorCall(sut, 'balance', { sessionId: String(launched!.id) })).body.code).toBe(
      'INVALID_TOKEN',
    );

    const sessionId = await openWalletSession(sut, playerToken, nodeId);
    await setupVendor(sut.db, { vendorCode: 'OTHER' });
    expect((await vendorCall(sut, 'balance', { sessionId }, { vendorCode: 'OTHER' })).body.code).toBe(
      'INVALID_TOKEN',
    );
    await sut.db.update(gameSessions).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await vendorCall(sut, 'balance', { sessionId })).body.code).toBe('INVALID_TOKEN');
  });
});

describe('debit and credit', () => {
  let sessionId: string;
  beforeEach(async () => {
    sessionId = await openWalletSession(sut, playerToken, nodeId);
  });
  const debit = (
    transactionId: string,
    roundId: string,
    amount: number,
    extra: Record<string, unknown> = {},
  ) => vendorCall(sut, 'debit', { sessionId, transactionId, roundId, gameCode: GAME, amount, ...extra });
  const credit = (transactionId: string, roundId: string, amount: number, final: boolean, detail?: object) =>
    vendorCall(sut, 'credit', {
      sessionId,
      transactionId,
      roundId,
      amount,
      final,
      ...(detail ? { detail } : {}),
    });

  it('plays a round: the bet leaves the wallet for the house, the final win comes back and settles it', async () => {
    const changed: number[] = [];
    const stop = onWalletChanged(sut.db, (memberId) => changed.push(memberId));
    const bet = await debit('d-1', 'r-1', 1_000);
    expect(bet.body).toEqual({
      ok: true,
      balance: 99_000,
      transactionId: 'd-1',
      platformTransactionId: expect.stringMatching(/^\d+$/),
    });
    expect(await houseBalance(sut.db)).toBe(1_000n);
    expect(await roundOf('r-1')).toMatchObject({
      status: 'open',
      betAmount: 1_000n,
      memberId: playerId,
      nodeId,
      walletKind: 'main',
      gameType: 'RNG',
    });
    const win = await credit('c-1', 'r-1', 2_500, true, { outcome: 'three sevens', serverSeed: 'abc' });
    expect(win.body).toMatchObject({ ok: true, balance: 101_500, transactionId: 'c-1' });
    expect(await walletBalance(sut.db, playerId)).toBe(101_500n);
    expect(await houseBalance(sut.db)).toBe(-1_500n);
    const round = await roundOf('r-1');
    expect(round).toMatchObject({ status: 'settled', betAmount: 1_000n, winAmount: 2_500n });
    expect(round?.detail).toEqual({ outcome: 'three sevens', serverSeed: 'abc' });
    expect(round?.settledAt).not.toBeNull();
    const kinds = await sut.db
      .select({ kind: journalEntries.kind, key: journalEntries.idempotencyKey })
      .from(journalEntries)
      .where(sql`${journalEntries.idempotencyKey} like 'vendor:%'`)
      .orderBy(journalEntries.id);
    expect(kinds).toEqual([
      { kind: 'bet', key: 'vendor:TESTV:d-1' },
      { kind: 'win', key: 'vendor:TESTV:c-1' },
    ]);
    stop();
    expect(changed).toEqual([playerId, playerId]);
  });

  it('takes several debits into one round, non-final wins, and a final credit of 0 as a loss', async () => {
    expect((await debit('d-1', 'r-1', 300)).status).toBe(200);
    expect((await debit('d-2', 'r-1', 200)).status).toBe(200);
    expect((await credit('c-1', 'r-1', 100, false)).body.balance).toBe(99_600);
    const loss = await credit('c-2', 'r-1', 0, true);
    expect(loss.body).toEqual({
      ok: true,
      balance: 99_600,
      transactionId: 'c-2',
      platformTransactionId: null,
    });
    expect(await roundOf('r-1')).toMatchObject({ status: 'settled', betAmount: 500n, winAmount: 100n });
  });

  it('answers a replay with the first answer and moves nothing; another body under the id is a duplicate', async () => {
    const first = await debit('d-1', 'r-1', 1_000);
    const entries = await entryCount();
    const replay = await debit('d-1', 'r-1', 1_000);
    expect([replay.status, replay.body]).toEqual([first.status, first.body]);
    // Key order and whitespace do not make another body.
    const reordered = await vendorCall(sut, 'debit', null, {
      rawBody: `{ "amount": 1000, "gameCode": "${GAME}", "roundId": "r-1", "transactionId": "d-1", "sessionId": "${sessionId}" }`,
    });
    expect(reordered.body).toEqual(first.body);
    const other = await debit('d-1', 'r-1', 2_000);
    expect([other.status, other.body.code]).toEqual([409, 'DUPLICATE_TRANSACTION']);
    const asCredit = await credit('d-1', 'r-1', 1_000, true);
    expect([asCredit.status, asCredit.body.code]).toEqual([409, 'DUPLICATE_TRANSACTION']);
    expect(await entryCount()).toBe(entries);
    expect(await walletBalance(sut.db, playerId)).toBe(99_000n);

    const won = await credit('c-1', 'r-1', 5_000, true);
    const wonAgain = await credit('c-1', 'r-1', 5_000, true);
    expect(wonAgain.body).toEqual(won.body);
    expect(await walletBalance(sut.db, playerId)).toBe(104_000n);
  });

  it('refuses a bet above the balance, moves nothing, and keeps refusing that transaction id', async () => {
    const entries = await entryCount();
    const refused = await debit('d-1', 'r-1', 100_001);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS', balance: 100_000 });
    expect(await entryCount()).toBe(entries);
    expect(await roundOf('r-1')).toBeUndefined();
    await fund(sut.db, playerId, 1_000n, 'more-funds');
    const replay = await debit('d-1', 'r-1', 100_001);
    expect([replay.status, replay.body]).toEqual([refused.status, refused.body]);
    expect(await walletBalance(sut.db, playerId)).toBe(101_000n);
  });

  it('refuses debits and credits into a settled round, and remembers it', async () => {
    await debit('d-1', 'r-1', 100);
    await credit('c-1', 'r-1', 0, true);
    const late = await debit('d-2', 'r-1', 100);
    expect([late.status, late.body.code]).toEqual([409, 'ROUND_CLOSED']);
    const lateWin = await credit('c-2', 'r-1', 100, true);
    expect([lateWin.status, lateWin.body.code]).toEqual([409, 'ROUND_CLOSED']);
    expect((await debit('d-2', 'r-1', 100)).body).toEqual(late.body);
    expect(await walletBalance(sut.db, playerId)).toBe(99_900n);
  });

  it('answers UNKNOWN_ROUND for a credit before its debit, without remembering it', async () => {
    const early = await credit('c-1', 'r-1', 500, true);
    expect([early.status, early.body.code]).toEqual([404, 'UNKNOWN_ROUND']);
    await debit('d-1', 'r-1', 100);
    const retried = await credit('c-1', 'r-1', 500, true);
    expect(retried).toMatchObject({ status: 200, body: { ok: true, balance: 100_400 } });
  });

  it('refuses a round of another player, an unknown game and a new round of a switched-off game', async () => {
    await debit('d-1', 'r-1', 100);
    const agent = await fundedMember(sut, 'demoagent', 1_000n);
    const agentSession = await openWalletSession(sut, agent.token, nodeId);
    const stolen = await vendorCall(sut, 'debit', {
      sessionId: agentSession,
      transactionId: 'd-2',
      roundId: 'r-1',
      gameCode: GAME,
      amount: 100,
    });
    expect([stolen.status, stolen.body.code]).toEqual([400, 'BAD_REQUEST']);
    const stolenWin = await vendorCall(sut, 'credit', {
      sessionId: agentSession,
      transactionId: 'c-x',
      roundId: 'r-1',
      amount: 100,
      final: true,
    });
    expect(stolenWin.body.code).toBe('BAD_REQUEST');
    expect((await debit('d-3', 'r-2', 100, { gameCode: 'no-such-game' })).body.code).toBe('BAD_REQUEST');

    await sut.db.update(games).set({ enabled: false }).where(eq(games.gameCode, GAME));
    const off = await debit('d-4', 'r-3', 100);
    expect([off.status, off.body.code]).toEqual([409, 'GAME_DISABLED']);
    // A round already open may finish.
    expect((await debit('d-5', 'r-1', 100)).status).toBe(200);
    expect((await credit('c-1', 'r-1', 0, true)).status).toBe(200);
  });

  it('needs a live session to bet, but settles a round after the session ended', async () => {
    await debit('d-1', 'r-1', 100);
    await sut.db.update(gameSessions).set({ expiresAt: sql`now() - interval '1 second'` });
    const bet = await debit('d-2', 'r-2', 100);
    expect([bet.status, bet.body.code]).toEqual([401, 'INVALID_TOKEN']);
    const win = await credit('c-1', 'r-1', 300, true);
    expect(win).toMatchObject({ status: 200, body: { ok: true, balance: 100_200 } });
  });
});

describe('rollback', () => {
  let sessionId: string;
  beforeEach(async () => {
    sessionId = await openWalletSession(sut, playerToken, nodeId);
  });
  const { debit, credit } = roundCalls(() => ({ sut, sessionId }));
  const rollback = (transactionId: string, roundId: string, referenceTransactionId: string) =>
    vendorCall(sut, 'rollback', { sessionId, transactionId, roundId, referenceTransactionId });

  it('undoes a debit whose answer was lost: balance back, round rolled back, the debit replay refused', async () => {
    await debit('d-1', 'r-1', 1_000); // the vendor never saw this answer
    const undone = await rollback('rb-1', 'r-1', 'd-1');
    expect(undone.body).toEqual({
      ok: true,
      balance: 100_000,
      transactionId: 'rb-1',
      platformTransactionId: expect.stringMatching(/^\d+$/),
    });
    expect(await walletBalance(sut.db, playerId)).toBe(100_000n);
    expect(await houseBalance(sut.db)).toBe(0n);
    expect(await roundOf('r-1')).toMatchObject({ status: 'rolled_back', betAmount: 0n });
    const [reversal] = await sut.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.idempotencyKey, 'vendor:TESTV:rb-1'));
    expect(reversal?.kind).toBe('reversal');
    const replayedDebit = await debit('d-1', 'r-1', 1_000);
    expect([replayedDebit.status, replayedDebit.body.code]).toEqual([409, 'TRANSACTION_ROLLED_BACK']);
    expect((await rollback('rb-1', 'r-1', 'd-1')).body).toEqual(undone.body);
    expect(await walletBalance(sut.db, playerId)).toBe(100_000n);
    const credited = await credit('c-1', 'r-1', 500, true);
    expect(credited.body.code).toBe('ROUND_CLOSED');
  });

  it('keeps a tombstone for a debit that never arrived: answers ok, and the late debit is refused', async () => {
    const entries = await entryCount();
    const early = await rollback('rb-1', 'r-1', 'd-1');
    expect(early.body).toEqual({
      ok: true,
      balance: 100_000,
      transactionId: 'rb-1',
      platformTransactionId: null,
    });
    const late = await debit('d-1', 'r-1', 1_000);
    expect([late.status, late.body.code]).toEqual([409, 'TRANSACTION_ROLLED_BACK']);
    // Whatever the late debit carries.
    expect((await debit('d-1', 'r-1', 7)).body.code).toBe('TRANSACTION_ROLLED_BACK');
    expect(await entryCount()).toBe(entries);
    expect(await walletBalance(sut.db, playerId)).toBe(100_000n);
    expect((await credit('c-1', 'r-1', 100, true)).body.code).toBe('UNKNOWN_ROUND');
    // The tombstoned id is a debit's: a credit under it is a duplicate.
    expect((await credit('d-1', 'r-1', 100, true)).body.code).toBe('DUPLICATE_TRANSACTION');
  });

  it('undoes one debit of two: the round stays open and settles on the other', async () => {
    await debit('d-1', 'r-1', 300);
    await debit('d-2', 'r-1', 200);
    expect((await rollback('rb-1', 'r-1', 'd-1')).body.balance).toBe(99_800);
    expect(await roundOf('r-1')).toMatchObject({ status: 'open', betAmount: 200n });
    expect((await credit('c-1', 'r-1', 400, true)).body.balance).toBe(100_200);
  });

  it('refuses a rollback into a settled round and one that points at a credit, a foreign round or itself', async () => {
    await debit('d-1', 'r-1', 300);
    await credit('c-1', 'r-1', 0, true);
    const closed = await rollback('rb-1', 'r-1', 'd-1');
    expect([closed.status, closed.body.code]).toEqual([409, 'ROUND_CLOSED']);
    expect((await rollback('rb-1', 'r-1', 'd-1')).body).toEqual(closed.body);
    await debit('d-2', 'r-2', 100);
    await credit('c-2', 'r-2', 50, false);
    expect((await rollback('rb-2', 'r-2', 'c-2')).body.code).toBe('BAD_REQUEST');
    expect((await rollback('rb-3', 'r-9', 'd-2')).body.code).toBe('BAD_REQUEST');
    expect((await rollback('rb-4', 'r-2', 'rb-4')).body.code).toBe('BAD_REQUEST');
    expect(await walletBalance(sut.db, playerId)).toBe(99_650n);
  });

  it('treats a second rollback of a debit, and a rollback of a refused debit, as done', async () => {
    await debit('d-1', 'r-1', 300);
    await rollback('rb-1', 'r-1', 'd-1');
    const second = await rollback('rb-2', 'r-1', 'd-1');
    expect(second.body).toEqual({
      ok: true,
      balance: 100_000,
      transactionId: 'rb-2',
      platformTransactionId: null,
    });
    const refused = await debit('d-2', 'r-2', 1_000_000);
    expect(refused.body.code).toBe('INSUFFICIENT_FUNDS');
    expect((await rollback('rb-3', 'r-2', 'd-2')).body).toMatchObject({ ok: true, balance: 100_000 });
    const reversals = await sut.db
      .select({ total: count() })
      .from(journalEntries)
      .where(eq(journalEntries.kind, 'reversal'));
    expect(reversals[0]?.total).toBe(1);
  });

  it('needs a known session, not a live one', async () => {
    await debit('d-1', 'r-1', 300);
    await sut.db.update(gameSessions).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await rollback('rb-1', 'r-1', 'd-1')).body.balance).toBe(100_000);
    const unknown = await vendorCall(sut, 'rollback', {
      sessionId: '999999',
      transactionId: 'rb-2',
      roundId: 'r-1',
      referenceTransactionId: 'd-1',
    });
    expect([unknown.status, unknown.body.code]).toEqual([401, 'INVALID_TOKEN']);
  });
});

describe('trial accounts', () => {
  it('play from the trial wallet against the demo clearing account, never the house', async () => {
    const freePlay = await sut.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      payload: {},
    });
    const token = freePlay.json().value.token as string;
    const sessionId = await openWalletSession(sut, token, nodeId);
    const [session] = await sut.db
      .select()
      .from(gameSessions)
      .where(eq(gameSessions.id, Number(sessionId)));
    expect(session?.walletKind).toBe('trial');
    const trialId = session!.memberId;
    const demoFunds = await walletBalance(sut.db, trialId, 'trial');
    expect(demoFunds).toBeGreaterThan(0n);
    const bet = await vendorCall(sut, 'debit', {
      sessionId,
      transactionId: 't-1',
      roundId: 'tr-1',
      gameCode: GAME,
      amount: 500,
    });
    expect(bet.body.balance).toBe(Number(demoFunds) - 500);
    await vendorCall(sut, 'credit', {
      sessionId,
      transactionId: 't-2',
      roundId: 'tr-1',
      amount: 1_000,
      final: true,
    });
    expect(await walletBalance(sut.db, trialId, 'trial')).toBe(demoFunds + 500n);
    expect(await houseBalance(sut.db)).toBe(0n);
    expect(await roundOf('tr-1')).toMatchObject({ walletKind: 'trial', status: 'settled' });
  });
});

describe('concurrency', () => {
  it('lets exactly 20 of 50 simultaneous bets through when the balance allows 20', async () => {
    const sessionId = await openWalletSession(sut, playerToken, nodeId);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        vendorCall(sut, 'debit', {
          sessionId,
          transactionId: `p-${index}`,
          roundId: `pr-${index % 5}`,
          gameCode: GAME,
          amount: 5_000,
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(20);
    expect(answers.filter((answer) => answer.body.code === 'INSUFFICIENT_FUNDS')).toHaveLength(30);
    expect(await walletBalance(sut.db, playerId)).toBe(0n);
    const [bets] = await sut.db
      .select({ total: sql<string>`sum(${gameRounds.betAmount})::text` })
      .from(gameRounds);
    expect(bets?.total).toBe('100000');
  });

  it('applies racing replays of one debit once', async () => {
    const sessionId = await openWalletSession(sut, playerToken, nodeId);
    const body = { sessionId, transactionId: 'same', roundId: 'r-1', gameCode: GAME, amount: 700 };
    const answers = await Promise.all(Array.from({ length: 20 }, () => vendorCall(sut, 'debit', body)));
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(answers[0]?.body.ok).toBe(true);
    expect(await walletBalance(sut.db, playerId)).toBe(99_300n);
    const rows = await sut.db
      .select({ total: count() })
      .from(vendorTransactions)
      .where(and(eq(vendorTransactions.transactionId, 'same')));
    expect(rows[0]?.total).toBe(1);
  });

  it('opens one round for simultaneous first debits of it, and a racing rollback wins or loses cleanly', async () => {
    const sessionId = await openWalletSession(sut, playerToken, nodeId);
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, (_, index) =>
        vendorCall(sut, 'debit', {
          sessionId,
          transactionId: `d-${index}`,
          roundId: 'same-round',
          gameCode: GAME,
          amount: 100,
        }),
      ),
      vendorCall(sut, 'rollback', {
        sessionId,
        transactionId: 'rb-0',
        roundId: 'same-round',
        referenceTransactionId: 'd-0',
      }),
    ]);
    expect(
      answers.every((answer) => answer.status === 200 || answer.body.code === 'TRANSACTION_ROLLED_BACK'),
    ).toBe(true);
    const round = await roundOf('same-round');
    expect(round?.status).toBe('open');
    expect(round?.betAmount).toBe(900n);
    expect(await walletBalance(sut.db, playerId)).toBe(99_100n);
  });
});
