import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { hgPlayers, hgRounds } from '../db/tables.ts';
import { useHouse } from '../test/house-harness.ts';

const house = useHouse();

interface Round {
  roundId: string;
  status: string;
  stake: number;
  win: number;
  balance: number | null;
  detail: Record<string, unknown>;
  fair: { nonce: number; serverSeed: string | null };
}

async function play(authorization: string, payload: object) {
  const response = await house.api(authorization).post('/api/rounds', payload);
  return { status: response.statusCode, body: response.json() as { round: Round; code?: string } };
}

async function stepOf(authorization: string, roundId: string, action: object) {
  const response = await house.api(authorization).post(`/api/rounds/${roundId}/step`, { action });
  return { status: response.statusCode, body: response.json() as { round: Round; code?: string } };
}

describe('one-step rounds', () => {
  it('dice: debits, credits the outcome as final and answers the new balance', async () => {
    const { authorization } = await house.openSession({ playerId: 'r1', game: 'dice', balance: 10_000 });
    const { status, body } = await play(authorization, {
      game: 'dice',
      bet: 100,
      inputs: { target: 5000, direction: 'under' },
    });
    expect(status).toBe(200);
    const { round } = body;
    expect(round.status).toBe('settled');
    const win = round.detail.won ? 198 : 0;
    expect(round.win).toBe(win);
    expect(round.balance).toBe(10_000 - 100 + win);
    expect(house.platform.balanceOf('r1')).toBe(round.balance);
    const calls = house.platform.calls.filter((call) => call.body.roundId === round.roundId);
    expect(calls.map((call) => call.action)).toEqual(['debit', 'credit']);
    expect(calls[0]!.body).toMatchObject({ gameCode: 'dice', amount: 100 });
    expect(calls[1]!.body).toMatchObject({
      amount: win,
      final: true,
      detail: { game: 'dice', fair: { nonce: 0, clientSeed: expect.any(String) } },
    });
    expect(round.fair).toMatchObject({ nonce: 0, serverSeed: null });
  });

  it.each([
    ['classic3x3', 50, {}],
    ['video5x3', 200, {}],
    ['crash', 100, { cashOutAt: 150 }],
    [
      'roulette',
      30,
      {
        bets: [
          { kind: 'red', amount: 10 },
          { kind: 'straight', numbers: [17], amount: 20 },
        ],
      },
    ],
    ['baccarat', 150, { bets: { banker: 100, tie: 50 } }],
  ])('%s settles one round per call, nonces in order', async (game, bet, inputs) => {
    const { authorization } = await house.openSession({ playerId: `r-${game}`, game, balance: 100_000 });
    let balance = 100_000;
    for (const nonce of [0, 1, 2]) {
      const { status, body } = await play(authorization, { game, bet, inputs });
      expect(status).toBe(200);
      expect(body.round).toMatchObject({ status: 'settled', stake: bet, fair: { nonce } });
      balance += body.round.win - bet;
      expect(body.round.balance).toBe(balance);
    }
    expect(house.platform.balanceOf(`r-${game}`)).toBe(balance);
  });

  it('refuses bad input with 400 and uses no nonce, moves no money', async () => {
    const { authorization } = await house.openSession({ playerId: 'r2', game: 'dice', balance: 10_000 });
    const cases = [
      { game: 'dice', bet: 100, inputs: { target: 9990, direction: 'under' } },
      { game: 'dice', bet: 100, inputs: { target: 5000, direction: 'sideways' } },
      { game: 'dice', bet: 1, inputs: { target: 5000, direction: 'under' } },
      { game: 'dice', bet: 10.5, inputs: { target: 5000, direction: 'under' } },
      { game: 'dice', bet: 999_999_999, inputs: { target: 5000, direction: 'under' } },
      { game: 'dice', inputs: {} },
    ];
    for (const payload of cases) {
      const { status, body } = await play(authorization, payload);
      expect(status).toBe(400);
      expect(body.code).toBe('BAD_REQUEST');
    }
    const [player] = await house.db.select().from(hgPlayers).where(eq(hgPlayers.playerId, 'r2'));
    expect(player?.nonce).toBe(0);
    expect(house.platform.balanceOf('r2')).toBe(10_000);
    expect(
      house.platform.calls.some(
        (call) =>
          call.action === 'debit' && call.body.gameCode === 'dice' && call.body.amount === 999_999_999,
      ),
    ).toBe(false);
  });

  it('refuses a bet whose total differs from the chips placed', async () => {
    const { authorization } = await house.openSession({ playerId: 'r3', game: 'baccarat' });
    const { status } = await play(authorization, {
      game: 'baccarat',
      bet: 100,
      inputs: { bets: { player: 60 } },
    });
    expect(status).toBe(400);
  });

  it('refuses another game than the session was launched for, and an unknown one', async () => {
    const { authorization } = await house.openSession({ playerId: 'r4', game: 'dice' });
    expect((await play(authorization, { game: 'crash', bet: 100, inputs: { cashOutAt: 200 } })).status).toBe(
      400,
    );
    expect((await play(authorization, { game: 'poker', bet: 100 })).status).toBe(404);
  });

  it('refuses a caller without a session', async () => {
    const { status, body } = await play('Bearer nope', { game: 'dice', bet: 100, inputs: {} });
    expect(status).toBe(401);
    expect(body.code).toBe('SESSION_EXPIRED');
  });

  it('answers INSUFFICIENT_FUNDS when the platform refuses the debit, and nothing moves', async () => {
    const { authorization } = await house.openSession({ playerId: 'r5', game: 'dice', balance: 50 });
    const { status, body } = await play(authorization, {
      game: 'dice',
      bet: 100,
      inputs: { target: 5000, direction: 'under' },
    });
    expect(status).toBe(409);
    expect(body.code).toBe('INSUFFICIENT_FUNDS');
    expect(house.platform.balanceOf('r5')).toBe(50);
    const rows = await house.db.select().from(hgRounds).where(eq(hgRounds.playerId, 'r5'));
    expect(rows.map((row) => row.status)).toEqual(['refused']);
  });

  it('answers BET_LIMIT when the stake is above the maximum bet of a bonus being wagered', async () => {
    const { authorization } = await house.openSession({ playerId: 'r6', game: 'dice', balance: 10_000 });
    house.platform.setMaxBet('r6', 50);
    const { status, body } = await play(authorization, {
      game: 'dice',
      bet: 100,
      inputs: { target: 5000, direction: 'under' },
    });
    expect(status).toBe(409);
    expect(body.code).toBe('BET_LIMIT');
    expect(house.platform.balanceOf('r6')).toBe(10_000);
    const rows = await house.db.select().from(hgRounds).where(eq(hgRounds.playerId, 'r6'));
    expect(rows.map((row) => row.status)).toEqual(['refused']);
  });
});

describe('mines (multi-step, state on the server)', () => {
  async function startMines(playerId: string, mines: number) {
    const { authorization } = await house.openSession({ playerId, game: 'mines', balance: 10_000 });
    const { status, body } = await play(authorization, { game: 'mines', bet: 100, inputs: { mines } });
    expect(status).toBe(200);
    return { authorization, round: body.round };
  }

  async function layoutOf(roundId: string): Promise<number[]> {
    const [row] = await house.db.select().from(hgRounds).where(eq(hgRounds.roundId, roundId));
    return (row?.state as { layout: number[] }).layout;
  }

  it('starts open with the stake debited and never shows the layout before the end', async () => {
    const { authorization, round } = await startMines('m1', 3);
    expect(round).toMatchObject({ status: 'open', stake: 100, balance: 9_900, win: 0 });
    expect(round.detail).toMatchObject({ mines: 3, revealed: [], safeReveals: 0 });
    expect(JSON.stringify(round)).not.toContain('layout');
    expect(house.platform.balanceOf('m1')).toBe(9_900);

    const state = await house.app.inject({
      method: 'GET',
      url: '/house/api/state?game=mines',
      headers: { authorization },
    });
    expect(state.json().openRound).toMatchObject({ roundId: round.roundId, status: 'open' });
    expect(state.body).not.toContain('layout');
  });

  it('reveals safe tiles then cashes out for 0.99 x C(25,k) / C(25-m,k)', async () => {
    const { authorization, round } = await startMines('m2', 3);
    const layout = await layoutOf(round.roundId);
    const safe = [...Array(25).keys()].filter((tile) => !layout.includes(tile)).slice(0, 2);
    let current = round;
    for (const tile of safe) {
      const { status, body } = await stepOf(authorization, round.roundId, { reveal: tile });
      expect(status).toBe(200);
      current = body.round;
      expect(current.status).toBe('open');
    }
    expect(current.detail).toMatchObject({ revealed: safe, safeReveals: 2 });
    const { body } = await stepOf(authorization, round.roundId, { cashout: true });
    // 0.99 x C(25,2) / C(22,2) = 0.99 x 300 / 231 -> 100 x 297 / 231 = 128.57 -> 128
    expect(body.round).toMatchObject({ status: 'settled', win: 128, balance: 10_028 });
    expect(body.round.detail).toMatchObject({ layout, revealed: safe, hitMine: false });
    expect(house.platform.balanceOf('m2')).toBe(10_028);
    const again = await stepOf(authorization, round.roundId, { reveal: 24 });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ROUND_NOT_OPEN');
  });

  it('loses the stake on a mine and credits 0 as final', async () => {
    const { authorization, round } = await startMines('m3', 5);
    const layout = await layoutOf(round.roundId);
    const { body } = await stepOf(authorization, round.roundId, { reveal: layout[0] });
    expect(body.round).toMatchObject({ status: 'settled', win: 0, balance: 9_900 });
    expect(body.round.detail).toMatchObject({ hitMine: true, layout });
    const credit = house.platform.calls.find(
      (call) => call.action === 'credit' && call.body.roundId === round.roundId,
    );
    expect(credit?.body).toMatchObject({ amount: 0, final: true });
  });

  it('refuses a cash-out before any reveal, a tile twice, a bad tile and a stranger', async () => {
    const { authorization, round } = await startMines('m4', 1);
    expect((await stepOf(authorization, round.roundId, { cashout: true })).status).toBe(400);
    const layout = await layoutOf(round.roundId);
    const safe = [...Array(25).keys()].find((tile) => !layout.includes(tile))!;
    expect((await stepOf(authorization, round.roundId, { reveal: safe })).status).toBe(200);
    expect((await stepOf(authorization, round.roundId, { reveal: safe })).status).toBe(400);
    expect((await stepOf(authorization, round.roundId, { reveal: 25 })).status).toBe(400);
    const stranger = await house.openSession({ playerId: 'm5', game: 'mines' });
    const foreign = await stepOf(stranger.authorization, round.roundId, { cashout: true });
    expect(foreign.status).toBe(404);
  });

  it('lets only one of two simultaneous steps through', async () => {
    const { authorization, round } = await startMines('m6', 1);
    const layout = await layoutOf(round.roundId);
    const safe = [...Array(25).keys()].filter((tile) => !layout.includes(tile));
    const answers = await Promise.all(
      safe.slice(0, 2).map((tile) => stepOf(authorization, round.roundId, { reveal: tile })),
    );
    const revealed = answers
      .filter((answer) => answer.status === 200)
      .map((answer) => answer.body.round.detail.revealed);
    // On PGlite the two run one after the other, so both may apply in turn; never both from the same version.
    for (const list of revealed) expect(new Set(list as number[]).size).toBe((list as number[]).length);
    const [row] = await house.db.select().from(hgRounds).where(eq(hgRounds.roundId, round.roundId));
    expect(row?.version).toBe(revealed.length);
  });
});

describe('recall', () => {
  it('lists the last rounds of this game, newest first, with what /verify needs', async () => {
    const { authorization } = await house.openSession({ playerId: 'h1', game: 'dice', balance: 10_000 });
    for (let index = 0; index < 3; index += 1) {
      await play(authorization, {
        game: 'dice',
        bet: 10,
        inputs: { target: 5000 + index, direction: 'over' },
      });
    }
    const response = await house.app.inject({
      method: 'GET',
      url: '/house/api/rounds?game=dice&limit=2',
      headers: { authorization },
    });
    expect(response.statusCode).toBe(200);
    const rounds = response.json().rounds as (Round & { replayInputs: object })[];
    expect(rounds.map((round) => round.fair.nonce)).toEqual([2, 1]);
    expect(rounds[0]!.replayInputs).toEqual({ target: 5002, direction: 'over' });
    const bad = await house.app.inject({
      method: 'GET',
      url: '/house/api/rounds?game=dice&limit=500',
      headers: { authorization },
    });
    expect(bad.statusCode).toBe(400);
  });
});
