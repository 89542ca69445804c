import type { Rng } from '../fair/rng.ts';
import { GameInputError, checkStake, payout, type Outcome } from './outcome.ts';

/**
 * Mines: a 5x5 board (tiles 0 … 24, row by row), 1 to 24 mines chosen by the player. The mine
 * tiles are fixed at round start from the round's randomness (`minesLayout`: the first m steps of
 * a forward Fisher-Yates over the 25 tiles, one `rng.int(25 - i)` each). The player reveals tiles
 * one at a time; a mine ends the round with nothing, otherwise the player may cash out after k
 * safe tiles for stake x 0.99 x C(25, k) / C(25 - m, k), floored to minor units. Surviving k
 * reveals has probability C(25 - m, k) / C(25, k) whatever the tiles chosen, so the RTP is 99 %
 * for every strategy (before the flooring of amounts).
 *
 * A live round is played by the server: `minesLayout` at start (kept secret until the end),
 * `isMine` per reveal, `settleMines` at cash-out or on a mine. `playMines` does it all at once
 * for a known list of picks (simulation, verify page).
 */

export const MINES_RTP = 0.99;
export const MINES_TILES = 25;

export interface MinesInput {
  stake: bigint;
  /** How many mines, 1 … 24. */
  mines: number;
  /** Tiles revealed in order (0 … 24, distinct); the round ends at the first mine or cashes out after the last. */
  picks: number[];
}

export interface MinesDetail {
  mines: number;
  /** The mine tiles, ascending. */
  layout: number[];
  /** The tiles actually revealed (up to and including a mine, if one was hit). */
  revealed: number[];
  hitMine: boolean;
  /** Safe tiles revealed. */
  safeReveals: number;
  /** Gross return multiplier paid, 0.99 x C(25, k) / C(25 - m, k), rounded to 4 decimals for display. */
  multiplier: number;
}

function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let index = 0; index < k; index += 1) result = (result * BigInt(n - index)) / BigInt(index + 1);
  return result;
}

function computeMultiplier(mines: number, safeReveals: number): { numerator: bigint; denominator: bigint } {
  return {
    numerator: 99n * binomial(MINES_TILES, safeReveals),
    denominator: 100n * binomial(MINES_TILES - mines, safeReveals),
  };
}

/** Every cash-out multiplier, by mine count (1 … 24) then safe reveals (0 … 25 - mines). */
const MULTIPLIERS = Array.from({ length: MINES_TILES }, (_, mines) =>
  Array.from({ length: MINES_TILES - mines + 1 }, (_, safeReveals) => computeMultiplier(mines, safeReveals)),
);

/**
 * The cash-out multiplier after `safeReveals` safe tiles with `mines` mines, as an exact ratio.
 * Past the last safe tile (safeReveals > 25 - mines) the denominator is 0: no such cash-out.
 */
export function minesMultiplier(
  mines: number,
  safeReveals: number,
): { numerator: bigint; denominator: bigint } {
  return MULTIPLIERS[mines]?.[safeReveals] ?? computeMultiplier(mines, safeReveals);
}

/** The mine tiles of a round, ascending: m `rng.int` draws (25, 24, … 25 - m + 1). */
export function minesLayout(rng: Rng, mines: number): number[] {
  checkMineCount(mines);
  const tiles = new Uint8Array(MINES_TILES);
  for (let tile = 0; tile < MINES_TILES; tile += 1) tiles[tile] = tile;
  for (let index = 0; index < mines; index += 1) {
    const swapWith = index + rng.int(MINES_TILES - index);
    const swapped = tiles[swapWith]!;
    tiles[swapWith] = tiles[index]!;
    tiles[index] = swapped;
  }
  return Array.from(tiles.subarray(0, mines)).sort((a, b) => a - b);
}

export function isMine(layout: readonly number[], tile: number): boolean {
  return layout.includes(tile);
}

function checkMineCount(mines: number): void {
  if (!Number.isInteger(mines) || mines < 1 || mines > 24)
    throw new GameInputError('mines', 'must be from 1 to 24');
}

/** Check stake, mine count and picks before any randomness is drawn. */
export function checkMinesInput(input: MinesInput): bigint {
  const stake = checkStake(input?.stake);
  checkMineCount(input.mines);
  const picks = input.picks;
  if (!Array.isArray(picks) || picks.length === 0)
    throw new GameInputError('picks', 'reveal at least one tile');
  if (picks.length > MINES_TILES - input.mines) {
    throw new GameInputError(
      'picks',
      `at most ${MINES_TILES - input.mines} safe tiles with ${input.mines} mines`,
    );
  }
  const seen = new Set<number>();
  picks.forEach((tile, index) => {
    if (!Number.isInteger(tile) || tile < 0 || tile >= MINES_TILES) {
      throw new GameInputError(`picks[${index}]`, 'must be a tile from 0 to 24');
    }
    if (seen.has(tile)) throw new GameInputError(`picks[${index}]`, 'tile already revealed');
    seen.add(tile);
  });
  return stake;
}

/** Settle a round on a known layout: reveal the picks in order, stop at a mine, else cash out. */
export function settleMines(layout: readonly number[], input: MinesInput): Outcome<MinesDetail> {
  return settleChecked(layout, input, checkMinesInput(input));
}

function settleChecked(layout: readonly number[], input: MinesInput, stake: bigint): Outcome<MinesDetail> {
  if (layout.length !== input.mines) throw new GameInputError('mines', 'does not match the layout');
  const revealed: number[] = [];
  let hitMine = false;
  for (const tile of input.picks) {
    revealed.push(tile);
    if (isMine(layout, tile)) {
      hitMine = true;
      break;
    }
  }
  const safeReveals = hitMine ? revealed.length - 1 : revealed.length;
  const { numerator, denominator } = minesMultiplier(input.mines, safeReveals);
  return {
    stake,
    win: hitMine ? 0n : payout(stake, numerator, denominator),
    detail: {
      mines: input.mines,
      layout: [...layout].sort((a, b) => a - b),
      revealed,
      hitMine,
      safeReveals,
      multiplier: hitMine ? 0 : Math.round((Number(numerator) / Number(denominator)) * 10_000) / 10_000,
    },
  };
}

/** A whole round for a known list of picks: the input is checked, then the layout is drawn. */
export function playMines(rng: Rng, input: MinesInput): Outcome<MinesDetail> {
  const stake = checkMinesInput(input);
  return settleChecked(minesLayout(rng, input.mines), input, stake);
}
