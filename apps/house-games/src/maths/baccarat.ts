import type { Rng } from '../fair/rng.ts';
import { Fraction } from './fraction.ts';
import { GameInputError, checkStake, payout, type Outcome } from './outcome.ts';

/**
 * Punto banco from a fresh 8-deck shoe every round, standard third-card rules.
 *
 * Bets (gross returns, stake included): player 2x (1:1), banker 1.95x (0.95:1, floored to minor
 * units), tie 9x (8:1); on a tie, player and banker bets push (stake back).
 *
 * Shuffle: Fisher-Yates over the 416 cards, forward: step i swaps position i with position
 * i + int(416 - i), after which card i is final. Cards are dealt from position 0 on (player,
 * banker, player, banker, then the third cards), so only the steps for the dealt cards are
 * performed: a later step never moves a card already dealt, and the round consumes exactly one
 * `rng.int` per card dealt (4 to 6).
 *
 * The declared RTPs are exact for 8 decks (`baccaratExact`: every deal of up to 6 cards,
 * enumerated by value with its exact without-replacement probability).
 */

export type BaccaratBet = 'player' | 'banker' | 'tie';
export type BaccaratResult = 'player' | 'banker' | 'tie';

export const BACCARAT_BETS: readonly BaccaratBet[] = ['player', 'banker', 'tie'];
export const BACCARAT_DECKS = 8;
const SHOE_SIZE = BACCARAT_DECKS * 52;

/** Gross return per unit staked when the bet wins, as numerator / 100. */
const WIN_RETURN_PERCENT: Record<BaccaratBet, number> = { player: 200, banker: 195, tie: 900 };

/**
 * Declared RTP per bet, the exact 8-deck figures of `baccaratExact` (checked by a test): player
 * 98.765 %, banker 98.942 %, tie 85.640 %.
 */
export const BACCARAT_RTP: Record<BaccaratBet, number> = {
  player: 19283843717413 / 19524993263685,
  banker: 10732465128097 / 10847218479825,
  tie: 619306544887 / 723147898655,
};

export interface BaccaratInput {
  /** Stakes in minor units per bet; at least one. */
  bets: Partial<Record<BaccaratBet, bigint>>;
}

export interface BaccaratDetail {
  /** Cards as rank + suit: `A`, `2` … `10`, `J`, `Q`, `K` then `S`, `H`, `D` or `C` (e.g. `10H`). */
  player: string[];
  banker: string[];
  playerTotal: number;
  bankerTotal: number;
  result: BaccaratResult;
  /** Per bet placed: stake and gross return in minor units, as decimal strings. */
  bets: Partial<Record<BaccaratBet, { stake: string; returns: string }>>;
}

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['S', 'H', 'D', 'C'];

/** Baccarat value of a card index in the shoe (0..415): A = 1, 2-9 face value, 10/J/Q/K = 0. */
export function cardValue(card: number): number {
  const rank = card % 13;
  return rank < 9 ? rank + 1 : 0;
}

export function cardName(card: number): string {
  return `${RANKS[card % 13]}${SUITS[Math.floor(card / 13) % 4]}`;
}

/** A shoe shuffled lazily by forward Fisher-Yates (see the top of this file). */
export function createShoe(rng: Rng, size = SHOE_SIZE): { draw(): number } {
  const moved = new Map<number, number>(); // position -> card, only for positions a swap touched
  let next = 0;
  return {
    draw() {
      if (next >= size) throw new RangeError('shoe exhausted');
      const swapWith = next + rng.int(size - next);
      const card = moved.get(swapWith) ?? swapWith;
      moved.set(swapWith, moved.get(next) ?? next);
      next += 1;
      return card;
    },
  };
}

/**
 * Whether the banker draws a third card, given the banker's two-card total and the value of the
 * player's third card (null when the player stood). Naturals are handled before this is asked.
 */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

/** Deal a coup from card values in dealing order: P, B, P, B, then third cards as the rules ask. */
export function dealCoup(nextValue: () => number): {
  player: number[];
  banker: number[];
  playerTotal: number;
  bankerTotal: number;
  result: BaccaratResult;
} {
  const player = [nextValue()];
  const banker = [nextValue()];
  player.push(nextValue());
  banker.push(nextValue());
  const total = (cards: number[]) => cards.reduce((sum, value) => sum + value, 0) % 10;
  let playerTotal = total(player);
  let bankerTotal = total(banker);
  const isNatural = playerTotal >= 8 || bankerTotal >= 8;
  if (!isNatural) {
    let playerThird: number | null = null;
    if (playerTotal <= 5) {
      playerThird = nextValue();
      player.push(playerThird);
      playerTotal = total(player);
    }
    if (bankerDraws(bankerTotal, playerThird)) {
      banker.push(nextValue());
      bankerTotal = total(banker);
    }
  }
  const result: BaccaratResult =
    playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie';
  return { player, banker, playerTotal, bankerTotal, result };
}

/** Gross return of a stake on `bet` when the coup ends in `result`. */
export function baccaratReturn(bet: BaccaratBet, result: BaccaratResult, stake: bigint): bigint {
  if (bet === result) return payout(stake, WIN_RETURN_PERCENT[bet], 100);
  if (result === 'tie') return stake; // player and banker bets push
  return 0n;
}

/** The bets placed, checked (known bet, positive bigint stake, at least one); draws no randomness. */
export function checkBaccaratBets(input: BaccaratInput): [BaccaratBet, bigint][] {
  if (typeof input?.bets !== 'object' || input.bets === null) throw new GameInputError('bets', 'required');
  const placed: [BaccaratBet, bigint][] = [];
  for (const [key, stake] of Object.entries(input.bets)) {
    if (!BACCARAT_BETS.includes(key as BaccaratBet)) throw new GameInputError(`bets.${key}`, 'unknown bet');
    if (stake === undefined) continue;
    placed.push([key as BaccaratBet, checkStake(stake, `bets.${key}`)]);
  }
  if (placed.length === 0) throw new GameInputError('bets', 'place at least one bet');
  return placed;
}

/** One coup: 4 to 6 `rng.int` draws (one per card, see the top of this file). */
export function playBaccarat(rng: Rng, input: BaccaratInput): Outcome<BaccaratDetail> {
  const placed = checkBaccaratBets(input);
  const shoe = createShoe(rng);
  const cards: number[] = [];
  const coup = dealCoup(() => {
    const card = shoe.draw();
    cards.push(card);
    return cardValue(card);
  });
  // Cards were dealt P, B, P, B, [P3], [B3]; split them back by hand.
  const playerCards = [cards[0]!, cards[2]!];
  const bankerCards = [cards[1]!, cards[3]!];
  let index = 4;
  if (coup.player.length === 3) playerCards.push(cards[index++]!);
  if (coup.banker.length === 3) bankerCards.push(cards[index++]!);

  let stake = 0n;
  let win = 0n;
  const bets: BaccaratDetail['bets'] = {};
  for (const [bet, amount] of placed) {
    const returns = baccaratReturn(bet, coup.result, amount);
    stake += amount;
    win += returns;
    bets[bet] = { stake: amount.toString(), returns: returns.toString() };
  }
  return {
    stake,
    win,
    detail: {
      player: playerCards.map(cardName),
      banker: bankerCards.map(cardName),
      playerTotal: coup.playerTotal,
      bankerTotal: coup.bankerTotal,
      result: coup.result,
      bets,
    },
  };
}

/**
 * Exact outcome probabilities for a fresh `decks`-deck shoe, and each bet's RTP, by enumerating
 * every sequence of card values a coup can deal, weighted by its without-replacement probability.
 */
export function baccaratExact(decks = BACCARAT_DECKS): {
  probability: Record<BaccaratResult, Fraction>;
  rtp: Record<BaccaratBet, Fraction>;
} {
  const remaining = [16 * decks, ...Array.from({ length: 9 }, () => 4 * decks)]; // by value 0..9
  const shoeSize = 52 * decks;
  // Every coup is weighted over 6 draws so that all weights share one denominator.
  const denominator = [0, 1, 2, 3, 4, 5].reduce((product, drawn) => product * BigInt(shoeSize - drawn), 1n);
  const weights: Record<BaccaratResult, bigint> = { player: 0n, banker: 0n, tie: 0n };

  const needMoreCards = new Error('the coup needs another card');
  const explore = (sequence: number[], weight: bigint) => {
    // Replay the coup on this value sequence; if it needs one more card, branch on its value.
    let used = 0;
    let needsMore = false;
    let coup: ReturnType<typeof dealCoup> | null = null;
    try {
      coup = dealCoup(() => {
        if (used === sequence.length) throw needMoreCards;
        return sequence[used++]!;
      });
    } catch (error) {
      if (error !== needMoreCards) throw error;
      needsMore = true;
    }
    if (!needsMore && coup) {
      // Scale to 6 draws: multiply by the ways to draw the unused remaining cards.
      let scaled = weight;
      for (let drawn = sequence.length; drawn < 6; drawn += 1) scaled *= BigInt(shoeSize - drawn);
      weights[coup.result] += scaled;
      return;
    }
    for (let value = 0; value <= 9; value += 1) {
      const available = remaining[value]!;
      if (available === 0) continue;
      remaining[value] = available - 1;
      sequence.push(value);
      explore(sequence, weight * BigInt(available));
      sequence.pop();
      remaining[value] = available;
    }
  };
  explore([], 1n);

  const probability = {
    player: new Fraction(weights.player, denominator),
    banker: new Fraction(weights.banker, denominator),
    tie: new Fraction(weights.tie, denominator),
  };
  const rtpOf = (bet: BaccaratBet) =>
    probability[bet]
      .mul(new Fraction(WIN_RETURN_PERCENT[bet], 100))
      .add(bet === 'tie' ? Fraction.ZERO : probability.tie);
  return { probability, rtp: { player: rtpOf('player'), banker: rtpOf('banker'), tie: rtpOf('tie') } };
}
