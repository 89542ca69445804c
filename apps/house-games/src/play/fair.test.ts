import { describe, expect, it } from 'vitest';
import { hashServerSeed } from '../fair/rng.ts';
import { verifyRound } from '../fair/verify-round.ts';
import { isGameCode } from '../maths/games.ts';
import { useHouse } from '../test/house-harness.ts';
import { mathsInputsOf } from './maths-inputs.ts';

const house = useHouse();

interface RoundView {
  roundId: string;
  gameCode: string;
  stake: number;
  win: number;
  detail: Record<string, unknown>;
  replayInputs: Record<string, unknown>;
  fair: { serverSeedHash: string; clientSeed: string; nonce: number; serverSeed: string | null };
}

/** What the verify page does: recompute from revealed seeds with the server's own code. */
function recompute(round: RoundView) {
  if (!isGameCode(round.gameCode) || !round.fair.serverSeed) throw new Error('not verifiable');
  return verifyRound(
    round.gameCode,
    {
      serverSeed: round.fair.serverSeed,
      clientSeed: round.fair.clientSeed,
      serverSeedHash: round.fair.serverSeedHash,
    },
    round.fair.nonce,
    mathsInputsOf(round.gameCode, BigInt(round.stake), round.replayInputs),
  );
}

describe('provably fair seeds', () => {
  it('rotating reveals the committed seed; every round it played recomputes exactly', async () => {
    const games: [string, number, object][] = [
      ['dice', 100, { target: 3000, direction: 'over' }],
      ['video5x3', 200, {}],
      ['roulette', 20, { bets: [{ kind: 'dozen', index: 2, amount: 20 }] }],
      ['baccarat', 100, { bets: { player: 100 } }],
    ];
    for (const [game, bet, inputs] of games) {
      const { authorization } = await house.openSession({ playerId: 'f1', game, balance: 100_000 });
      const api = house.api(authorization);
      const before = (await api.get('/api/fair')).json().fair;
      for (let index = 0; index < 2; index += 1) {
        expect((await api.post('/api/rounds', { game, bet, inputs })).statusCode).toBe(200);
      }
      const rotated = await api.post('/api/fair/rotate', {});
      expect(rotated.statusCode).toBe(200);
      const { previous, current } = rotated.json();
      expect(previous.serverSeedHash).toBe(before.serverSeedHash);
      expect(hashServerSeed(previous.serverSeed)).toBe(before.serverSeedHash);
      expect(previous.rounds).toBe(2);
      expect(current).toMatchObject({ nonce: 0, clientSeed: before.clientSeed });
      expect(current.serverSeedHash).not.toBe(before.serverSeedHash);

      const rounds = (await api.get(`/api/rounds?game=${game}`)).json().rounds as RoundView[];
      const onSeed = rounds.filter((round) => round.fair.serverSeedHash === before.serverSeedHash);
      expect(onSeed).toHaveLength(2);
      for (const round of onSeed) {
        expect(round.fair.serverSeed).toBe(previous.serverSeed);
        const verified = recompute(round);
        expect(verified.commitmentMatches).toBe(true);
        expect(Number(verified.outcome.win)).toBe(round.win);
        expect(JSON.parse(JSON.stringify(verified.outcome.detail))).toEqual(round.detail);
      }
    }
  });

  it('recomputes a finished mines round from the tiles revealed', async () => {
    const { authorization } = await house.openSession({ playerId: 'f2', game: 'mines', balance: 10_000 });
    const api = house.api(authorization);
    const started = (await api.post('/api/rounds', { game: 'mines', bet: 100, inputs: { mines: 24 } })).json()
      .round;
    const ended = (await api.post(`/api/rounds/${started.roundId}/step`, { action: { reveal: 12 } })).json()
      .round;
    expect(ended.status).toBe('settled');
    await api.post('/api/fair/rotate', {});
    const [round] = (await api.get('/api/rounds?game=mines')).json().rounds as RoundView[];
    expect(round!.replayInputs).toEqual({ mines: 24, picks: [12] });
    const verified = recompute(round!);
    expect(Number(verified.outcome.win)).toBe(round!.win);
    expect(JSON.parse(JSON.stringify(verified.outcome.detail))).toEqual(round!.detail);
  });

  it('refuses to rotate while a round on the seed is open (it would reveal the mines)', async () => {
    const { authorization } = await house.openSession({ playerId: 'f3', game: 'mines', balance: 10_000 });
    const api = house.api(authorization);
    const started = (await api.post('/api/rounds', { game: 'mines', bet: 100, inputs: { mines: 3 } })).json()
      .round;
    const refused = await api.post('/api/fair/rotate', {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('ROUND_OPEN');
    expect((await api.get('/api/rounds?game=mines')).json().rounds[0].fair.serverSeed).toBeNull();
    const board = started.detail.revealed as number[];
    expect(board).toEqual([]);
  });

  it('lets the player set the client seed (printable, 1–64) and uses it from the next round', async () => {
    const { authorization } = await house.openSession({ playerId: 'f4', game: 'dice', balance: 10_000 });
    const api = house.api(authorization);
    for (const bad of ['', 'has space', 'x'.repeat(65), 'নতুন']) {
      const response = await api.post('/api/fair/client-seed', { clientSeed: bad });
      expect(response.statusCode).toBe(400);
    }
    const saved = await api.post('/api/fair/client-seed', { clientSeed: 'my-lucky-seed' });
    expect(saved.json().fair.clientSeed).toBe('my-lucky-seed');
    const played = (
      await api.post('/api/rounds', { game: 'dice', bet: 100, inputs: { target: 5000, direction: 'under' } })
    ).json();
    expect(played.round.fair.clientSeed).toBe('my-lucky-seed');
    expect(played.fair.nonce).toBe(1);
  });

  it('refuses the fair calls without a session', async () => {
    const response = await house.app.inject({ method: 'POST', url: '/house/api/fair/rotate', payload: {} });
    expect(response.statusCode).toBe(401);
  });
});
