import { describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { hgPendingCalls, hgRounds } from '../db/tables.ts';
import { makePendingCallsDue, useHouse } from '../test/house-harness.ts';
import { runPendingCalls, startPendingJob } from './pending.service.ts';

/*
 * The wallet's failure modes against the fake platform: lost answers, lost requests, 500s.
 * Whatever happens, money ends where the rounds say: a bet stands with its credit, or is undone.
 */

const house = useHouse();

const diceBet = { game: 'dice', bet: 100, inputs: { target: 5000, direction: 'under' } };

async function play(authorization: string) {
  const response = await house.api(authorization).post('/api/rounds', diceBet);
  return { status: response.statusCode, body: response.json() };
}

async function roundsOf(playerId: string) {
  return house.db.select().from(hgRounds).where(eq(hgRounds.playerId, playerId));
}

const makeDue = () => makePendingCallsDue(house.db);

describe('a debit whose answer never comes', () => {
  it('is rolled back when the platform applied it but the answers were lost', async () => {
    const { authorization } = await house.openSession({ playerId: 'x1', game: 'dice', balance: 1_000 });
    house.platform.inject('debit', 'lose-answer', 'lose-answer');
    const { status, body } = await play(authorization);
    expect(status).toBe(503);
    expect(body.code).toBe('WALLET_UNAVAILABLE');
    const [round] = await roundsOf('x1');
    expect(round?.status).toBe('rolled_back');
    expect(house.platform.balanceOf('x1')).toBe(1_000);
    expect(house.platform.rounds.get(round!.roundId)?.status).toBe('rolled_back');
    const rollback = house.platform.calls.find(
      (call) => call.action === 'rollback' && call.body.roundId === round!.roundId,
    );
    expect(rollback?.body).toMatchObject({ referenceTransactionId: round!.debitTransactionId });
    expect(
      house.platform.calls.some((call) => call.action === 'credit' && call.body.roundId === round!.roundId),
    ).toBe(false);
  });

  it('is rolled back by tombstone when it never arrived, and refused if it arrives late', async () => {
    const { authorization } = await house.openSession({ playerId: 'x2', game: 'dice', balance: 1_000 });
    house.platform.inject('debit', 'lose-request', 'lose-request');
    expect((await play(authorization)).status).toBe(503);
    const [round] = await roundsOf('x2');
    expect(round?.status).toBe('rolled_back');
    const debit = house.platform.calls.find(
      (call) => call.action === 'debit' && call.body.roundId === round!.roundId,
    );
    const late = await house.context.wallet.debit(debit!.body as never);
    expect(late).toMatchObject({ kind: 'refused', code: 'TRANSACTION_ROLLED_BACK' });
    expect(house.platform.balanceOf('x2')).toBe(1_000);
  });

  it('stands when a replay gets through after a 500', async () => {
    const { authorization } = await house.openSession({ playerId: 'x3', game: 'dice', balance: 1_000 });
    house.platform.inject('debit', 'internal');
    const { status, body } = await play(authorization);
    expect(status).toBe(200);
    expect(body.round.status).toBe('settled');
    expect(house.platform.balanceOf('x3')).toBe(1_000 - 100 + body.round.win);
  });

  it('keeps sending the rollback until the platform answers', async () => {
    const { authorization } = await house.openSession({ playerId: 'x4', game: 'dice', balance: 1_000 });
    house.platform.inject('debit', 'lose-answer', 'lose-answer');
    house.platform.inject('rollback', 'lose-request', 'lose-request', 'lose-request');
    expect((await play(authorization)).status).toBe(503);
    const [round] = await roundsOf('x4');
    expect(round?.status).toBe('rolling_back');
    expect(house.platform.balanceOf('x4')).toBe(900);

    await makeDue();
    house.platform.inject('rollback', 'internal');
    await runPendingCalls(house.context);
    expect((await roundsOf('x4'))[0]?.status).toBe('rolling_back');

    await makeDue();
    await runPendingCalls(house.context);
    expect((await roundsOf('x4'))[0]?.status).toBe('rolled_back');
    expect(house.platform.balanceOf('x4')).toBe(1_000);
    const [pending] = await house.db
      .select()
      .from(hgPendingCalls)
      .where(eq(hgPendingCalls.roundId, round!.roundId));
    expect(pending).toMatchObject({ status: 'done', action: 'rollback' });
    expect(pending!.attempts).toBe(2);
  });

  it('is rolled back by the retry job when the house died between debit and answer', async () => {
    const { authorization } = await house.openSession({ playerId: 'x5', game: 'dice', balance: 1_000 });
    // A round stuck in `debiting`, its debit applied by the platform: what a crash leaves behind.
    await play(authorization);
    const [played] = await roundsOf('x5');
    await house.db
      .update(hgRounds)
      .set({
        roundId: 'hg-crashed',
        debitTransactionId: 'hg-crashed:debit',
        status: 'debiting',
        createdAt: sql`now() - interval '5 minutes'`,
      })
      .where(eq(hgRounds.roundId, played!.roundId));
    const session = (await house.db.select().from(hgRounds).where(eq(hgRounds.roundId, 'hg-crashed')))[0]!;
    const applied = await house.context.wallet.debit({
      sessionId: session.platformSessionId,
      transactionId: 'hg-crashed:debit',
      roundId: 'hg-crashed',
      gameCode: 'dice',
      amount: 100,
    });
    expect(applied.kind).toBe('ok');
    const before = house.platform.balanceOf('x5');

    await runPendingCalls(house.context);
    expect(
      (await house.db.select().from(hgRounds).where(eq(hgRounds.roundId, 'hg-crashed')))[0]?.status,
    ).toBe('rolled_back');
    expect(house.platform.balanceOf('x5')).toBe(before + 100);
  });
});

describe('a final credit whose answer never comes', () => {
  it('shows the outcome at once and keeps the credit until the platform takes it, once', async () => {
    const { authorization } = await house.openSession({ playerId: 'y1', game: 'dice', balance: 1_000 });
    house.platform.inject('credit', 'lose-request', 'lose-request', 'lose-request');
    const { status, body } = await play(authorization);
    expect(status).toBe(200);
    expect(body.round).toMatchObject({
      status: 'crediting',
      creditPending: true,
      balance: 900 + body.round.win,
    });
    expect(house.platform.balanceOf('y1')).toBe(900);

    await makeDue();
    house.platform.inject('credit', 'lose-answer');
    await runPendingCalls(house.context);
    // Applied by the platform, answer lost: still pending on our side; the replay must not pay twice.
    expect((await roundsOf('y1'))[0]?.status).toBe('crediting');
    await makeDue();
    await runPendingCalls(house.context);
    const [round] = await roundsOf('y1');
    expect(round?.status).toBe('settled');
    expect(Number(round?.balanceAfter)).toBe(900 + body.round.win);
    expect(house.platform.balanceOf('y1')).toBe(900 + body.round.win);
  });

  it('records a refused credit for the operator instead of retrying it forever', async () => {
    const { authorization } = await house.openSession({ playerId: 'y2', game: 'dice', balance: 1_000 });
    house.platform.inject('credit', 'lose-request', 'lose-request', 'lose-request');
    const { body } = await play(authorization);
    // Someone closed the round meanwhile (e.g. an operator): the platform now refuses the credit.
    house.platform.rounds.get(body.round.roundId)!.status = 'rolled_back';
    await makeDue();
    await runPendingCalls(house.context);
    const [pending] = await house.db
      .select()
      .from(hgPendingCalls)
      .where(eq(hgPendingCalls.roundId, body.round.roundId));
    expect(pending).toMatchObject({ status: 'refused', lastError: expect.stringContaining('ROUND_CLOSED') });
    await makeDue();
    const calls = house.platform.calls.length;
    await runPendingCalls(house.context);
    expect(house.platform.calls.length).toBe(calls);
  });

  it('is delivered by the job running on its own timer', async () => {
    const { authorization } = await house.openSession({ playerId: 'y3', game: 'dice', balance: 1_000 });
    house.platform.inject('credit', 'lose-request', 'lose-request', 'lose-request');
    const { body } = await play(authorization);
    await makeDue();
    const stop = startPendingJob(house.context, 20);
    for (let wait = 0; wait < 100; wait += 1) {
      const [round] = await roundsOf('y3');
      if (round?.status === 'settled') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await stop();
    expect((await roundsOf('y3'))[0]?.status).toBe('settled');
    expect(house.platform.balanceOf('y3')).toBe(900 + body.round.win);
  });
});

describe('a round left open', () => {
  async function openMines(playerId: string) {
    const { authorization } = await house.openSession({ playerId, game: 'mines', balance: 1_000 });
    const response = await house.app.inject({
      method: 'POST',
      url: '/house/api/rounds',
      headers: { authorization },
      payload: { game: 'mines', bet: 100, inputs: { mines: 1 } },
    });
    return { authorization, roundId: response.json().round.roundId as string };
  }

  it('is cashed out for the player after a day when tiles were revealed, or its bet returned if not', async () => {
    const touched = await openMines('z1');
    const [row] = await house.db.select().from(hgRounds).where(eq(hgRounds.roundId, touched.roundId));
    const safe = [...Array(25).keys()].find(
      (tile) => !(row!.state as { layout: number[] }).layout.includes(tile),
    )!;
    await house.app.inject({
      method: 'POST',
      url: `/house/api/rounds/${touched.roundId}/step`,
      headers: { authorization: touched.authorization },
      payload: { action: { reveal: safe } },
    });
    const untouched = await openMines('z2');
    const recent = await openMines('z3');
    await house.db
      .update(hgRounds)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(inArray(hgRounds.roundId, [touched.roundId, untouched.roundId]));

    await runPendingCalls(house.context);
    const statusOf = async (roundId: string) =>
      (await house.db.select().from(hgRounds).where(eq(hgRounds.roundId, roundId)))[0]?.status;
    expect(await statusOf(touched.roundId)).toBe('settled');
    // 0.99 x 25/24 = 1.03125 -> 100 x 1.03125 = 103
    expect(house.platform.balanceOf('z1')).toBe(1_003);
    expect(await statusOf(untouched.roundId)).toBe('rolled_back');
    expect(house.platform.balanceOf('z2')).toBe(1_000);
    expect(await statusOf(recent.roundId)).toBe('open');
  });
});
