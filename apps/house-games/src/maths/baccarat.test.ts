import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRng } from '../fair/node-crypto.ts';
import {
  BACCARAT_RTP,
  baccaratExact,
  baccaratReturn,
  bankerDraws,
  cardName,
  cardValue,
  createShoe,
  dealCoup,
  playBaccarat,
  type BaccaratBet,
} from './baccarat.ts';
import { GameInputError } from './outcome.ts';
import { countingRng, expectSampleRtp, scriptedRng } from './test-support.ts';

describe('baccarat maths', () => {
  const exact = baccaratExact();

  it('gives the published 8-deck probabilities', () => {
    expect(exact.probability.banker.toNumber()).toBeCloseTo(0.458597, 6);
    expect(exact.probability.player.toNumber()).toBeCloseTo(0.446247, 6);
    expect(exact.probability.tie.toNumber()).toBeCloseTo(0.095156, 6);
    const total = exact.probability.banker.add(exact.probability.player).add(exact.probability.tie);
    expect(total.toNumber()).toBe(1);
  });

  it('declares the exact RTPs: house edges 1.06 % banker, 1.24 % player, 14.36 % tie', () => {
    for (const bet of ['player', 'banker', 'tie'] as const)
      expect(BACCARAT_RTP[bet]).toBe(exact.rtp[bet].toNumber());
    expect(1 - BACCARAT_RTP.banker).toBeCloseTo(0.0106, 4);
    expect(1 - BACCARAT_RTP.player).toBeCloseTo(0.0124, 4);
    expect(1 - BACCARAT_RTP.tie).toBeCloseTo(0.1436, 4);
  });

  it('gives the known single-deck banker edge too (1.01 %), a check on the enumeration', () => {
    expect(1 - baccaratExact(1).rtp.banker.toNumber()).toBeCloseTo(0.01012, 5);
  });
});

describe('third-card rules', () => {
  it("banker draws by the standard table (rows: banker total; columns: player's third card 0-9)", () => {
    const table: Record<number, string> = {
      0: 'DDDDDDDDDD',
      1: 'DDDDDDDDDD',
      2: 'DDDDDDDDDD',
      3: 'DDDDDDDDSD',
      4: 'SSDDDDDDSS',
      5: 'SSSSDDDDSS',
      6: 'SSSSSSDDSS',
      7: 'SSSSSSSSSS',
    };
    for (const [total, row] of Object.entries(table)) {
      for (let third = 0; third <= 9; third += 1) {
        expect(bankerDraws(Number(total), third), `banker ${total}, player third ${third}`).toBe(
          row[third] === 'D',
        );
      }
    }
  });

  it('banker draws on 0-5 and stands on 6-7 when the player stood', () => {
    for (let total = 0; total <= 7; total += 1) expect(bankerDraws(total, null)).toBe(total <= 5);
  });

  const deal = (...values: number[]) => {
    let index = 0;
    return dealCoup(() => {
      const value = values[index++];
      if (value === undefined) throw new Error('the coup asked for a card the test did not expect');
      return value;
    });
  };

  it('stops on a natural: nobody draws', () => {
    // Player 3 + 5 = 8 natural; banker 7 + 0 = 7.
    expect(deal(3, 7, 5, 0)).toMatchObject({ playerTotal: 8, bankerTotal: 7, result: 'player' });
    expect(deal(1, 9, 1, 0)).toMatchObject({ player: [1, 1], banker: [9, 0], result: 'banker' });
  });

  it('player draws on 0-5, stands on 6-7; banker then follows the table', () => {
    // Player 2 + 3 = 5 draws an 8 (total 3); banker 1 + 2 = 3 stands on a player 8.
    expect(deal(2, 1, 3, 2, 8)).toMatchObject({ player: [2, 3, 8], banker: [1, 2], result: 'tie' });
    // Player 6 stands; banker 5 draws a 4: 9.
    expect(deal(4, 3, 2, 2, 4)).toMatchObject({ player: [4, 2], banker: [3, 2, 4], result: 'banker' });
    // Player 0 draws a 6; banker 6 draws on a player 6: 6 + 3 = 9.
    expect(deal(0, 6, 0, 0, 6, 3)).toMatchObject({ playerTotal: 6, bankerTotal: 9, result: 'banker' });
    // Player 7 stands, banker 7 stands: tie.
    expect(deal(7, 7, 0, 0)).toMatchObject({ player: [7, 0], banker: [7, 0], result: 'tie' });
  });
});

describe('shoe', () => {
  it('deals a permutation of the shoe (lazy Fisher-Yates)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.string(), (size, seed) => {
        const shoe = createShoe(seededRng(seed), size);
        const cards = Array.from({ length: size }, () => shoe.draw());
        expect([...cards].sort((a, b) => a - b)).toEqual(Array.from({ length: size }, (_, index) => index));
      }),
      { numRuns: 50 },
    );
  });

  it('deals the same cards as an eager forward Fisher-Yates on the same draws', () => {
    const draws = Array.from({ length: 415 }, (_, index) => (index * 7919) % (416 - index));
    const eager = Array.from({ length: 416 }, (_, index) => index);
    draws.forEach((draw, index) => {
      const swapWith = index + draw;
      [eager[index], eager[swapWith]] = [eager[swapWith]!, eager[index]!];
    });
    const shoe = createShoe(scriptedRng([...draws, 0]), 416);
    expect(Array.from({ length: 416 }, () => shoe.draw())).toEqual(eager);
  });

  it('values and names cards: A = 1, 2-9, 10/J/Q/K = 0; 32 of each value 1-9 and 128 zeros per 8 decks', () => {
    expect([0, 1, 8, 9, 10, 11, 12].map(cardValue)).toEqual([1, 2, 9, 0, 0, 0, 0]);
    expect([0, 9, 12, 13, 51].map(cardName)).toEqual(['AS', '10S', 'KS', 'AH', 'KC']);
    const counts = new Array<number>(10).fill(0);
    for (let card = 0; card < 416; card += 1) counts[cardValue(card)]! += 1;
    expect(counts).toEqual([128, 32, 32, 32, 32, 32, 32, 32, 32, 32]);
  });
});

describe('playBaccarat', () => {
  it('pays player 1:1, banker 0.95:1 floored, tie 8:1, and pushes player and banker on a tie', () => {
    expect(baccaratReturn('player', 'player', 100n)).toBe(200n);
    expect(baccaratReturn('banker', 'banker', 100n)).toBe(195n);
    expect(baccaratReturn('banker', 'banker', 33n)).toBe(64n);
    expect(baccaratReturn('tie', 'tie', 100n)).toBe(900n);
    expect(baccaratReturn('player', 'tie', 100n)).toBe(100n);
    expect(baccaratReturn('banker', 'tie', 100n)).toBe(100n);
    expect(baccaratReturn('tie', 'player', 100n)).toBe(0n);
    expect(baccaratReturn('player', 'banker', 100n)).toBe(0n);
  });

  it('draws one card per card dealt and reports the hands it dealt', () => {
    const rng = countingRng(seededRng('baccarat-draws'));
    for (let round = 0; round < 500; round += 1) {
      const before = rng.asked.length;
      const outcome = playBaccarat(rng, { bets: { player: 100n, banker: 200n, tie: 50n } });
      const { player, banker, result, bets } = outcome.detail;
      expect(rng.asked.length - before).toBe(player.length + banker.length);
      expect(rng.asked.slice(before)).toEqual(
        [416, 415, 414, 413, 412, 411].slice(0, player.length + banker.length),
      );
      expect(outcome.stake).toBe(350n);
      const expected = (['player', 'banker', 'tie'] as BaccaratBet[]).reduce(
        (sum, bet) => sum + baccaratReturn(bet, result, BigInt(bets[bet]!.stake)),
        0n,
      );
      expect(outcome.win).toBe(expected);
    }
  });

  it('refuses no bets, unknown bets and stakes that are not positive bigints, before drawing', () => {
    const rng = countingRng(seededRng('x'));
    const refused = [{}, { side: 100n }, { player: 0n }, { banker: -5n }, { tie: 10 }] as unknown as {
      player?: bigint;
    }[];
    for (const bets of refused) expect(() => playBaccarat(rng, { bets })).toThrow(GameInputError);
    expect(() => playBaccarat(rng, {} as { bets: { player?: bigint } })).toThrow(GameInputError);
    expect(rng.asked).toEqual([]);
  });

  it.each(['player', 'banker', 'tie'] as const)(
    'returns the declared %s RTP on a 200 000-round sample',
    (bet) => {
      expectSampleRtp(
        (rng) => playBaccarat(rng, { bets: { [bet]: 1000n } }),
        BACCARAT_RTP[bet],
        200_000,
        `baccarat-${bet}`,
      );
    },
  );
});
