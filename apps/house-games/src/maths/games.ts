import type { Rng } from '../fair/rng.ts';
import {
  BACCARAT_RTP,
  checkBaccaratBets,
  playBaccarat,
  type BaccaratDetail,
  type BaccaratInput,
} from './baccarat.ts';
import {
  CLASSIC3X3_LINES,
  CLASSIC3X3_RTP,
  playClassic3x3,
  type Classic3x3Detail,
  type Classic3x3Input,
} from './classic3x3.ts';
import { CRASH_RTP, checkCrashInput, playCrash, type CrashDetail, type CrashInput } from './crash.ts';
import { DICE_RTP, checkDiceInput, playDice, type DiceDetail, type DiceInput } from './dice.ts';
import { MINES_RTP, checkMinesInput, playMines, type MinesDetail, type MinesInput } from './mines.ts';
import { checkStake, type Outcome } from './outcome.ts';
import {
  ROULETTE_RTP,
  checkRouletteBets,
  playRoulette,
  type RouletteDetail,
  type RouletteInput,
} from './roulette.ts';
import {
  VIDEO5X3_LINES,
  VIDEO5X3_RTP,
  playVideo5x3,
  type Video5x3Detail,
  type Video5x3Input,
} from './video5x3.ts';

/** The registry of house games: one entry per game code, each a pure function of Rng + inputs. */

export const GAME_CODES = [
  'classic3x3',
  'video5x3',
  'baccarat',
  'roulette',
  'dice',
  'crash',
  'mines',
] as const;
export type GameCode = (typeof GAME_CODES)[number];

export interface GameInputs {
  classic3x3: Classic3x3Input;
  video5x3: Video5x3Input;
  baccarat: BaccaratInput;
  roulette: RouletteInput;
  dice: DiceInput;
  crash: CrashInput;
  mines: MinesInput;
}

export interface GameDetails {
  classic3x3: Classic3x3Detail;
  video5x3: Video5x3Detail;
  baccarat: BaccaratDetail;
  roulette: RouletteDetail;
  dice: DiceDetail;
  crash: CrashDetail;
  mines: MinesDetail;
}

export interface GameDefinition<Input, Detail> {
  code: GameCode;
  kind: 'slot' | 'table' | 'mini';
  /** Pay lines (slots only; 0 otherwise). */
  lines: number;
  /**
   * Declared return to player as a fraction (0.96 = 96 %). For baccarat, the lower of the player
   * and banker bets; `rtpByBet` gives every bet.
   */
  declaredRtp: number;
  rtpByBet?: Readonly<Record<string, number>>;
  /** Declared RTP in basis points, rounded down (for `games.rtp_basis_points`). */
  rtpBasisPoints: number;
  /** Throws GameInputError when the input is refused; draws no randomness. */
  check(input: Input): void;
  play(rng: Rng, input: Input): Outcome<Detail>;
}

function define<Input, Detail>(
  definition: Omit<GameDefinition<Input, Detail>, 'rtpBasisPoints'>,
): GameDefinition<Input, Detail> {
  return { ...definition, rtpBasisPoints: Math.floor(definition.declaredRtp * 10_000) };
}

export const GAMES: { readonly [Code in GameCode]: GameDefinition<GameInputs[Code], GameDetails[Code]> } = {
  classic3x3: define({
    code: 'classic3x3',
    kind: 'slot',
    lines: CLASSIC3X3_LINES.length,
    declaredRtp: CLASSIC3X3_RTP,
    check: (input) => checkStake(input?.stake),
    play: playClassic3x3,
  }),
  video5x3: define({
    code: 'video5x3',
    kind: 'slot',
    lines: VIDEO5X3_LINES.length,
    declaredRtp: VIDEO5X3_RTP,
    check: (input) => checkStake(input?.stake),
    play: (rng, input) => playVideo5x3(rng, input),
  }),
  baccarat: define({
    code: 'baccarat',
    kind: 'table',
    lines: 0,
    declaredRtp: Math.min(BACCARAT_RTP.player, BACCARAT_RTP.banker),
    rtpByBet: BACCARAT_RTP,
    check: checkBaccaratBets,
    play: playBaccarat,
  }),
  roulette: define({
    code: 'roulette',
    kind: 'table',
    lines: 0,
    declaredRtp: ROULETTE_RTP,
    check: (input) => checkRouletteBets(input),
    play: playRoulette,
  }),
  dice: define({
    code: 'dice',
    kind: 'mini',
    lines: 0,
    declaredRtp: DICE_RTP,
    check: checkDiceInput,
    play: playDice,
  }),
  crash: define({
    code: 'crash',
    kind: 'mini',
    lines: 0,
    declaredRtp: CRASH_RTP,
    check: checkCrashInput,
    play: playCrash,
  }),
  mines: define({
    code: 'mines',
    kind: 'mini',
    lines: 0,
    declaredRtp: MINES_RTP,
    check: checkMinesInput,
    play: playMines,
  }),
};

export function isGameCode(code: string): code is GameCode {
  return (GAME_CODES as readonly string[]).includes(code);
}

/** Play one round of any game. */
export function playRound<Code extends GameCode>(
  code: Code,
  rng: Rng,
  input: GameInputs[Code],
): Outcome<GameDetails[Code]> {
  const game: GameDefinition<GameInputs[Code], GameDetails[Code]> = GAMES[code];
  return game.play(rng, input);
}
