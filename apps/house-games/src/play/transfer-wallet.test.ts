import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { HouseDatabase } from '../db/database.ts';
import { hgPendingCalls, hgRounds, hgSessions, hgWalletMoves, hgWallets } from '../db/tables.ts';
import { createHouseContext, houseGamesPlugin, type HouseGamesOptions } from '../plugin.ts';
import type { MoneyAnswer } from '../protocol/messages.ts';
import type { WalletClient, WalletResult } from '../protocol/wallet-client.ts';
import { startFakePlatform, type FakePlatform } from '../test/fake-platform.ts';
import {
  freshDatabase,
  freshPostgresDatabase,
  houseOptions,
  makePendingCallsDue,
  openPageSession,
  pageApi,
  silentLog,
  useHouse,
} from '../test/house-harness.ts';
import { callTransfer, transferId } from '../test/transfer-calls.ts';
import { runPendingCalls } from './pending.service.ts';
import { transferMove } from './transfer-funds.service.ts';
import { createTransferWallet } from './transfer-wallet.ts';

/*
 * The transfer-mode wallet: the game balance kept by the house, played through the very page API
 * and round flow of the seamless mode, with the protocol's answers and refusals. The fake platform
 * only ever answers `authenticate` here: no bet or win may reach it.
 */

const house = useHouse({ walletMode: 'transfer' });
/** The platform calls a transfer-mode house makes: who the player is, and is the session live. */
const sessionCalls = new Set(['authenticate', 'balance']);

const transfer = (
  app: FastifyInstance,
  prefix: string,
  action: 'deposit' | 'withdraw',
  playerId: string,
  amount: number,
) =>
  callTransfer(app, {
    prefix,
    secret: house.platform.secret,
    action,
    body: { transactionId: transferId(), playerId, currency: 'BDT', amount },
  });
const deposit = (playerId: string, amount: number) =>
  transfer(house.app, '/house', 'deposit', playerId, amount);

async function walletOf(db: HouseDatabase, playerId: string): Promise<bigint | null> {
  const [row] = await db.select().from(hgWallets).where(eq(hgWallets.playerId, playerId));
  return row?.balance ?? null;
}

/** The balance the player's moves add up to: it must always equal the wallet row's. */
async function movesTotal(db: HouseDatabase, playerId: string): Promise<bigint> {
  const moves = await db.select().from(hgWalletMoves).where(eq(hgWalletMoves.playerId, playerId));
  let total = 0n;
  for (const move of moves) {
    const inward = move.kind === 'deposit' || move.kind === 'credit' || move.kind === 'rollback';
    if (inward && move.status === 'applied') total += move.amount;
    if (move.kind === 'withdraw' && move.status === 'applied') total -= move.amount;
    if (move.kind === 'debit' && (move.status === 'applied' || move.status === 'rolled_back'))
      total -= move.amount;
  }
  return total;
}

async function expectConsistent(db: HouseDatabase, playerId: string) {
  expect(await movesTotal(db, playerId)).toBe((await walletOf(db, playerId)) ?? 0n);
}

/** Launches a player (their platform main wallet holds 777 777) and opens a page session. */
const openSession = (
  harness: { app: FastifyInstance; platform: FakePlatform },
  prefix: string,
  playerId: string,
  game: string,
) => openPageSession(harness, { prefix, playerId, game, balance: 777_777 });

async function sessionIdOf(db: HouseDatabase, playerId: string): Promise<string> {
  const [row] = await db
    .select({ sessionId: hgSessions.platformSessionId })
    .from(hgSessions)
    .where(eq(hgSessions.playerId, playerId))
    .orderBy(desc(hgSessions.id))
    .limit(1);
  return row!.sessionId;
}

interface RoundAnswer {
  status: number;
  body: {
    round: {
      roundId: string;
      status: string;
      stake: number;
      win: number;
      balance: number | null;
      creditPending: boolean;
    };
    code?: string;
  };
}

async function play(
  app: FastifyInstance,
  prefix: string,
  authorization: string,
  payload: object,
): Promise<RoundAnswer> {
  const response = await pageApi(app, authorization, prefix).post('/api/rounds', payload);
  return { status: response.statusCode, body: response.json() };
}

const diceBet = (bet: number) => ({ game: 'dice', bet, inputs: { target: 5000, direction: 'under' } });

const makeDue = makePendingCallsDue;

/** The database failing every credit move (a real fault at the database, not a mock). */
async function failCredits(db: HouseDatabase, on: boolean) {
  if (on) {
    await db.execute(
      sql.raw(`create or replace function hg_test_fail_credit() returns trigger language plpgsql as $$
        begin if new.kind = 'credit' then raise exception 'database unavailable (test)'; end if; return new; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger hg_test_fail_credit before insert on hg_wallet_moves
        for each row execute function hg_test_fail_credit()`),
    );
  } else {
    await db.execute(sql.raw('drop trigger hg_test_fail_credit on hg_wallet_moves'));
  }
}

describe('playing from the game wallet', () => {
  it('moves the local balance only: deposit, rounds of several games, withdraw', async () => {
    expect((await deposit('201', 10_000)).body.balance).toBe(10_000);
    let expected = 10_000;
    const dice = await openSession(house, '/house', '201', 'dice');
    // The page sees the game wallet, not the platform's main wallet.
    expect(dice.balance).toBe(10_000);
    for (let round = 0; round < 3; round += 1) {
      const { status, body } = await play(house.app, '/house', dice.authorization, diceBet(100));
      expect(status).toBe(200);
      expected += -100 + body.round.win;
      expect(body.round).toMatchObject({ status: 'settled', balance: expected, creditPending: false });
    }
    const slots = await openSession(house, '/house', '201', 'classic3x3');
    expect(slots.balance).toBe(expected);
    const spin = await play(house.app, '/house', slots.authorization, { game: 'classic3x3', bet: 50 });
    expected += -50 + spin.body.round.win;
    expect(spin.body.round.balance).toBe(expected);

    // Mines: the debit opens the round, a step cashes it out.
    const mines = await openSession(house, '/house', '201', 'mines');
    const opened = await play(house.app, '/house', mines.authorization, {
      game: 'mines',
      bet: 100,
      inputs: { mines: 1 },
    });
    expect(opened.body.round.status).toBe('open');
    expect(await walletOf(house.db, '201')).toBe(BigInt(expected - 100));
    const [row] = await house.db
      .select()
      .from(hgRounds)
      .where(eq(hgRounds.roundId, opened.body.round.roundId));
    const safe = [...Array(25).keys()].find(
      (tile) => !(row!.state as { layout: number[] }).layout.includes(tile),
    )!;
    for (const action of [{ reveal: safe }, { cashout: true }]) {
      const step = await house.app.inject({
        method: 'POST',
        url: `/house/api/rounds/${opened.body.round.roundId}/step`,
        headers: { authorization: mines.authorization },
        payload: { action },
      });
      expect(step.statusCode).toBe(200);
    }
    expected += 3; // 100 × 0.99 × 25/24 = 103

    const state = await house.app.inject({
      method: 'GET',
      url: '/house/api/state?game=mines',
      headers: { authorization: mines.authorization },
    });
    expect(state.json()).toMatchObject({ balance: expected });
    expect(await walletOf(house.db, '201')).toBe(BigInt(expected));
    await expectConsistent(house.db, '201');

    const out = await transfer(house.app, '/house', 'withdraw', '201', expected);
    expect(out.body).toMatchObject({ ok: true, balance: 0 });
    // Nothing of it reached the platform: identity and the session check only.
    expect(new Set(house.platform.calls.map((call) => call.action))).toEqual(
      new Set(['authenticate', 'balance']),
    );
    expect(house.platform.balanceOf('201')).toBe(777_777);
  });

  it('refuses a bet beyond the game wallet, moving nothing', async () => {
    await deposit('202', 50);
    const { authorization } = await openSession(house, '/house', '202', 'dice');
    const { status, body } = await play(house.app, '/house', authorization, diceBet(100));
    expect(status).toBe(409);
    expect(body.code).toBe('INSUFFICIENT_FUNDS');
    const [round] = await house.db.select().from(hgRounds).where(eq(hgRounds.playerId, '202'));
    expect(round?.status).toBe('refused');
    expect(await walletOf(house.db, '202')).toBe(50n);
    // A player who never had a deposit plays from 0.
    const none = await openSession(house, '/house', '203', 'dice');
    expect(none.balance).toBe(0);
    expect((await play(house.app, '/house', none.authorization, diceBet(10))).body.code).toBe(
      'INSUFFICIENT_FUNDS',
    );
  });
});

/**
 * A platform that vouches for every session at once (the session check, platformVouches), for the
 * races below: they race the wallet's rows, not the platform's answers.
 */
const notHere = async (): Promise<never> => {
  throw new Error('only the session check reaches this platform');
};
const vouchingPlatform: WalletClient = {
  authenticate: notHere,
  balance: async () => ({ kind: 'ok', value: { ok: true, balance: 0, currency: 'BDT' } }),
  debit: notHere,
  credit: notHere,
  rollback: notHere,
  sendOnce: notHere,
};

describe('the protocol answered locally', () => {
  let wallet: WalletClient;
  let sessionId: string;
  beforeAll(async () => {
    wallet = house.context.wallet;
    await deposit('210', 1_000);
    await openSession(house, '/house', '210', 'dice');
    sessionId = await sessionIdOf(house.db, '210');
  });
  const debitOf = (roundId: string, amount = 100, transactionId = `${roundId}:debit`) => ({
    sessionId,
    transactionId,
    roundId,
    gameCode: 'dice',
    amount,
  });
  const creditOf = (roundId: string, amount: number, transactionId = `${roundId}:credit`) => ({
    sessionId,
    transactionId,
    roundId,
    amount,
    final: true,
  });
  const rollbackOf = (roundId: string, transactionId = `${roundId}:rollback`) => ({
    sessionId,
    transactionId,
    roundId,
    referenceTransactionId: `${roundId}:debit`,
  });
  const balance = async () => Number(await walletOf(house.db, '210'));
  const okValue = (result: WalletResult<MoneyAnswer>) => {
    expect(result.kind).toBe('ok');
    return (result as { value: MoneyAnswer }).value;
  };

  it('debits once per transaction id, and refuses the id with another body', async () => {
    const before = await balance();
    const first = okValue(await wallet.debit(debitOf('t-1')));
    expect(first).toMatchObject({ ok: true, balance: before - 100, transactionId: 't-1:debit' });
    expect(first.platformTransactionId).toMatch(/^\d+$/);
    expect(await wallet.debit(debitOf('t-1'))).toEqual({ kind: 'ok', value: first });
    expect(await wallet.debit(debitOf('t-1', 101))).toMatchObject({
      kind: 'refused',
      status: 409,
      code: 'DUPLICATE_TRANSACTION',
    });
    expect(await balance()).toBe(before - 100);
    const paid = okValue(await wallet.credit(creditOf('t-1', 250)));
    expect(paid).toMatchObject({ balance: before + 150 });
    expect(await wallet.credit(creditOf('t-1', 250))).toEqual({ kind: 'ok', value: paid });
    expect(await balance()).toBe(before + 150);
  });

  it('answers UNKNOWN_ROUND to a credit before its debit, without remembering it', async () => {
    expect(await wallet.credit(creditOf('t-2', 50))).toMatchObject({
      kind: 'refused',
      status: 404,
      code: 'UNKNOWN_ROUND',
    });
    okValue(await wallet.debit(debitOf('t-2')));
    const loss = okValue(await wallet.credit(creditOf('t-2', 0)));
    expect(loss.platformTransactionId).toBeNull();
  });

  it('closes a settled round to further debits, credits and rollbacks', async () => {
    okValue(await wallet.debit(debitOf('t-3')));
    okValue(await wallet.credit(creditOf('t-3', 0)));
    const before = await balance();
    const closed = { kind: 'refused', status: 409, code: 'ROUND_CLOSED' };
    expect(await wallet.debit(debitOf('t-3', 100, 't-3:debit-2'))).toMatchObject(closed);
    expect(await wallet.credit(creditOf('t-3', 500, 't-3:credit-2'))).toMatchObject(closed);
    expect(await wallet.rollback(rollbackOf('t-3'))).toMatchObject(closed);
    expect(await balance()).toBe(before);
  });

  it('gives a debit back on rollback; the debit then answers TRANSACTION_ROLLED_BACK', async () => {
    const before = await balance();
    okValue(await wallet.debit(debitOf('t-4')));
    const undone = okValue(await wallet.rollback(rollbackOf('t-4')));
    expect(undone).toMatchObject({ balance: before, platformTransactionId: expect.stringMatching(/^\d+$/) });
    expect(await wallet.rollback(rollbackOf('t-4'))).toEqual({ kind: 'ok', value: undone });
    expect(await wallet.debit(debitOf('t-4'))).toMatchObject({
      kind: 'refused',
      code: 'TRANSACTION_ROLLED_BACK',
    });
    // Another rollback of the same debit has nothing left to give back.
    const again = okValue(await wallet.rollback(rollbackOf('t-4', 't-4:rollback-2')));
    expect(again.platformTransactionId).toBeNull();
    expect(await wallet.credit(creditOf('t-4', 100))).toMatchObject({ code: 'ROUND_CLOSED' });
    expect(await balance()).toBe(before);
  });

  it('leaves a tombstone when the rollback comes first: the late debit takes nothing', async () => {
    const before = await balance();
    const undone = okValue(await wallet.rollback(rollbackOf('t-5')));
    expect(undone).toMatchObject({ balance: before, platformTransactionId: null });
    expect(await wallet.debit(debitOf('t-5'))).toMatchObject({
      kind: 'refused',
      status: 409,
      code: 'TRANSACTION_ROLLED_BACK',
    });
    expect(await wallet.credit(creditOf('t-5', 100))).toMatchObject({ code: 'UNKNOWN_ROUND' });
    expect(await balance()).toBe(before);
  });

  it('remembers an INSUFFICIENT_FUNDS debit even once the wallet has grown', async () => {
    const before = await balance();
    const refused = await wallet.debit(debitOf('t-6', before + 1));
    expect(refused).toMatchObject({ kind: 'refused', status: 409, code: 'INSUFFICIENT_FUNDS' });
    await deposit('210', 10_000);
    expect(await wallet.debit(debitOf('t-6', before + 1))).toEqual(refused);
    // The round never opened: its rollback has nothing to undo.
    expect(okValue(await wallet.rollback(rollbackOf('t-6'))).platformTransactionId).toBeNull();
    expect(await balance()).toBe(before + 10_000);
  });

  it('refuses unknown sessions, bad references and malformed bodies', async () => {
    const noSession = { kind: 'refused', status: 401, code: 'INVALID_TOKEN' };
    expect(await wallet.debit({ ...debitOf('t-7'), sessionId: '999999' })).toMatchObject(noSession);
    expect(await wallet.balance({ sessionId: '999999' })).toMatchObject(noSession);
    okValue(await wallet.debit(debitOf('t-7')));
    const badRequest = { kind: 'refused', status: 400, code: 'BAD_REQUEST' };
    expect(
      await wallet.rollback({ ...rollbackOf('t-7'), referenceTransactionId: 't-7:rollback' }),
    ).toMatchObject(badRequest);
    expect(
      await wallet.rollback({ ...rollbackOf('t-7'), referenceTransactionId: 't-1:credit' }),
    ).toMatchObject(badRequest);
    expect(await wallet.debit({ ...debitOf('t-8'), amount: 0 })).toMatchObject(badRequest);
    expect(await wallet.sendOnce('credit', { transactionId: 'x' })).toMatchObject(badRequest);
    expect(await wallet.balance({ sessionId })).toEqual({
      kind: 'ok',
      value: { ok: true, balance: await balance(), currency: 'BDT' },
    });
    await expectConsistent(house.db, '210');
  });

  it('never overdraws with 30 debits of 10 at once against 100', async () => {
    await deposit('211', 100);
    await openSession(house, '/house', '211', 'dice');
    const session = await sessionIdOf(house.db, '211');
    const local = createTransferWallet({ db: house.db, platform: vouchingPlatform });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        local.debit({ ...debitOf(`c-${index}`, 10), sessionId: session }),
      ),
    );
    expect(answers.filter((answer) => answer.kind === 'ok')).toHaveLength(10);
    expect(
      answers.filter((answer) => answer.kind === 'refused' && answer.code === 'INSUFFICIENT_FUNDS'),
    ).toHaveLength(20);
    expect(await walletOf(house.db, '211')).toBe(0n);
    await expectConsistent(house.db, '211');
  });

  // Only PostgreSQL runs transactions side by side (CI's second pass sets DATABASE_URL).
  it.skipIf(!process.env.DATABASE_URL)(
    'never overdraws on PostgreSQL either, debits and withdrawals racing (DATABASE_URL)',
    async () => {
      const database = await freshPostgresDatabase();
      if (!database) throw new Error('DATABASE_URL is set: a database was expected');
      try {
        const local = createTransferWallet({ db: database.db, platform: vouchingPlatform });
        await database.db.insert(hgSessions).values({
          tokenHash: 'pg-test',
          platformSessionId: '4242',
          playerId: '212',
          nickname: 'pg',
          currency: 'BDT',
          language: 'bn',
          gameCode: 'dice',
          walletMode: 'transfer',
          expiresAt: new Date(Date.now() + 60_000),
        });
        const move = { playerId: '212', currency: 'BDT', amount: 10 };
        await transferMove(database.db, 'deposit', { ...move, transactionId: transferId(), amount: 100 });
        const debits = Array.from({ length: 15 }, (_, index) =>
          local.debit({
            sessionId: '4242',
            transactionId: `p-${index}:debit`,
            roundId: `p-${index}`,
            gameCode: 'dice',
            amount: 10,
          }),
        );
        const withdrawals = Array.from({ length: 15 }, () =>
          transferMove(database.db, 'withdraw', { ...move, transactionId: transferId() }),
        );
        const [debited, withdrawn] = await Promise.all([Promise.all(debits), Promise.all(withdrawals)]);
        const passed =
          debited.filter((answer) => answer.kind === 'ok').length +
          withdrawn.filter((answer) => answer.status === 200).length;
        expect(passed).toBe(10);
        expect(await walletOf(database.db, '212')).toBe(0n);
        await expectConsistent(database.db, '212');
      } finally {
        await database.close();
      }
    },
  );
});

describe('the retry job in transfer mode', () => {
  it('keeps a credit the database failed to take, and the job pays it once', async () => {
    await deposit('220', 1_000);
    const { authorization } = await openSession(house, '/house', '220', 'dice');
    await failCredits(house.db, true);
    let answer: RoundAnswer;
    try {
      answer = await play(house.app, '/house', authorization, diceBet(100));
    } finally {
      await failCredits(house.db, false);
    }
    expect(answer.status).toBe(200);
    expect(answer.body.round).toMatchObject({ status: 'crediting', creditPending: true });
    expect(await walletOf(house.db, '220')).toBe(900n);

    await makeDue(house.db);
    await runPendingCalls(house.context);
    const [round] = await house.db.select().from(hgRounds).where(eq(hgRounds.playerId, '220'));
    expect(round?.status).toBe('settled');
    expect(await walletOf(house.db, '220')).toBe(BigInt(900 + answer.body.round.win));
    await makeDue(house.db);
    await runPendingCalls(house.context);
    expect(await walletOf(house.db, '220')).toBe(BigInt(900 + answer.body.round.win));
    await expectConsistent(house.db, '220');
    expect(house.platform.calls.filter((call) => !sessionCalls.has(call.action))).toEqual([]);
  });

  it('rolls back a round the house died in before its debit, and refuses that debit later', async () => {
    await deposit('221', 1_000);
    const { authorization } = await openSession(house, '/house', '221', 'dice');
    await play(house.app, '/house', authorization, diceBet(100));
    const [played] = await house.db.select().from(hgRounds).where(eq(hgRounds.playerId, '221'));
    const balanceBefore = await walletOf(house.db, '221');
    // What a crash between storing the round and sending its debit leaves behind.
    await house.db
      .update(hgRounds)
      .set({
        roundId: 'hg-crashed-t',
        debitTransactionId: 'hg-crashed-t:debit',
        status: 'debiting',
        createdAt: sql`now() - interval '5 minutes'`,
      })
      .where(eq(hgRounds.roundId, played!.roundId));
    await runPendingCalls(house.context);
    const [crashed] = await house.db.select().from(hgRounds).where(eq(hgRounds.roundId, 'hg-crashed-t'));
    expect(crashed?.status).toBe('rolled_back');
    const late = await house.context.wallet.debit({
      sessionId: crashed!.platformSessionId,
      transactionId: 'hg-crashed-t:debit',
      roundId: 'hg-crashed-t',
      gameCode: 'dice',
      amount: 100,
    });
    expect(late).toMatchObject({ kind: 'refused', code: 'TRANSACTION_ROLLED_BACK' });
    expect(await walletOf(house.db, '221')).toBe(balanceBefore);
  });

  it('returns the bet of a mines board abandoned for a day', async () => {
    await deposit('222', 1_000);
    const { authorization } = await openSession(house, '/house', '222', 'mines');
    const opened = await play(house.app, '/house', authorization, {
      game: 'mines',
      bet: 100,
      inputs: { mines: 1 },
    });
    expect(await walletOf(house.db, '222')).toBe(900n);
    await house.db
      .update(hgRounds)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(hgRounds.roundId, opened.body.round.roundId));
    await runPendingCalls(house.context);
    const [round] = await house.db
      .select()
      .from(hgRounds)
      .where(eq(hgRounds.roundId, opened.body.round.roundId));
    expect(round?.status).toBe('rolled_back');
    expect(await walletOf(house.db, '222')).toBe(1_000n);
  });
});

describe('a seamless and a transfer instance on one database', () => {
  let app: FastifyInstance;
  let platform: FakePlatform;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let options: (walletMode: 'seamless' | 'transfer') => HouseGamesOptions;
  beforeAll(async () => {
    platform = await startFakePlatform();
    database = await freshDatabase();
    app = Fastify({ logger: false });
    options = (walletMode) => houseOptions(platform, database.db, { walletMode });
    await app.register(houseGamesPlugin, { prefix: '/house', ...options('seamless') });
    await app.register(houseGamesPlugin, { prefix: '/house-transfer', ...options('transfer') });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await platform.close();
    await database.close();
  });

  it('keeps sessions, rounds and pending calls apart', async () => {
    const seamlessContext = createHouseContext(options('seamless'), silentLog);
    const transferContext = createHouseContext(options('transfer'), silentLog);
    const harness = { app, platform };
    await callTransfer(app, {
      prefix: '/house-transfer',
      secret: platform.secret,
      action: 'deposit',
      body: { transactionId: transferId(), playerId: '301', currency: 'BDT', amount: 5_000 },
    });
    const seamless = await openSession(harness, '/house', '301', 'dice');
    const local = await openSession(harness, '/house-transfer', '301', 'dice');
    expect([seamless.balance, local.balance]).toEqual([777_777, 5_000]);

    // A page session works only on the instance that opened it.
    for (const [prefix, authorization] of [
      ['/house-transfer', seamless.authorization],
      ['/house', local.authorization],
    ] as const) {
      const state = await app.inject({
        method: 'GET',
        url: `${prefix}/api/state?game=dice`,
        headers: { authorization },
      });
      expect(state.json()).toMatchObject({ code: 'SESSION_EXPIRED' });
    }

    // One credit left pending by each instance.
    platform.inject('credit', 'lose-request', 'lose-request', 'lose-request');
    const paidLater = await play(app, '/house', seamless.authorization, diceBet(100));
    expect(paidLater.body.round.status).toBe('crediting');
    await failCredits(database.db, true);
    let localLater: RoundAnswer;
    try {
      localLater = await play(app, '/house-transfer', local.authorization, diceBet(100));
    } finally {
      await failCredits(database.db, false);
    }
    expect(localLater.body.round.status).toBe('crediting');
    const moneyCalls = () => platform.calls.filter((call) => !sessionCalls.has(call.action)).length;
    const callsBefore = moneyCalls();

    // Each instance's job settles its own round only.
    await makeDue(database.db);
    await runPendingCalls(transferContext);
    const statusOf = async (roundId: string) =>
      (await database.db.select().from(hgRounds).where(eq(hgRounds.roundId, roundId)))[0]?.status;
    expect(await statusOf(localLater.body.round.roundId)).toBe('settled');
    expect(await statusOf(paidLater.body.round.roundId)).toBe('crediting');
    expect(moneyCalls()).toBe(callsBefore);
    await runPendingCalls(seamlessContext);
    expect(await statusOf(paidLater.body.round.roundId)).toBe('settled');
    expect(platform.balanceOf('301')).toBe(777_777 - 100 + paidLater.body.round.win);
    expect(await walletOf(database.db, '301')).toBe(BigInt(5_000 - 100 + localLater.body.round.win));
    const pending = await database.db
      .select({ walletMode: hgPendingCalls.walletMode, status: hgPendingCalls.status })
      .from(hgPendingCalls)
      .where(inArray(hgPendingCalls.roundId, [paidLater.body.round.roundId, localLater.body.round.roundId]));
    expect(pending).toHaveLength(2);
    expect(pending.every((call) => call.status === 'done')).toBe(true);

    // The recall lists each instance's own rounds.
    const recall = await app.inject({
      method: 'GET',
      url: '/house-transfer/api/rounds?game=dice',
      headers: { authorization: local.authorization },
    });
    expect(recall.json<{ rounds: { roundId: string }[] }>().rounds.map((round) => round.roundId)).toEqual([
      localLater.body.round.roundId,
    ]);
    const seamlessRounds = await database.db
      .select({ roundId: hgRounds.roundId })
      .from(hgRounds)
      .where(and(eq(hgRounds.playerId, '301'), eq(hgRounds.walletMode, 'seamless')));
    expect(seamlessRounds.map((round) => round.roundId)).toEqual([paidLater.body.round.roundId]);
  });
});
