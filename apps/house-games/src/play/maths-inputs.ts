import { GameInputError } from '../maths/outcome.ts';
import type { GameCode, GameInputs } from '../maths/games.ts';

/*
 * The page's JSON inputs of a round (amounts as integer numbers of minor units) turned into the
 * maths' inputs (amounts as bigint). One converter for the server and the verify page, so that
 * /verify recomputes a round from exactly what the server played. No zod here: it runs in the
 * browser bundle; the maths' own checks refuse anything out of range.
 */

type JsonInputs = Record<string, unknown>;

function toAmount(value: unknown, field: string): bigint {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
    throw new GameInputError(field, 'must be a positive whole number of minor units');
  }
  return BigInt(value);
}

function toInteger(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value))
    throw new GameInputError(field, 'must be a whole number');
  return value;
}

function isRecord(value: unknown): value is JsonInputs {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function mathsInputsOf<Code extends GameCode>(
  game: Code,
  stake: bigint,
  inputs: JsonInputs,
): GameInputs[Code] {
  return convert(game, stake, inputs) as GameInputs[Code];
}

function convert(game: GameCode, stake: bigint, inputs: JsonInputs): GameInputs[GameCode] {
  switch (game) {
    case 'classic3x3':
    case 'video5x3':
      return { stake };
    case 'dice': {
      const direction = inputs.direction;
      if (direction !== 'under' && direction !== 'over')
        throw new GameInputError('direction', 'must be under or over');
      return { stake, target: toInteger(inputs.target, 'target'), direction };
    }
    case 'crash':
      return { stake, cashOutAt: toInteger(inputs.cashOutAt, 'cashOutAt') };
    case 'mines': {
      const picks = Array.isArray(inputs.picks) ? inputs.picks : [];
      return {
        stake,
        mines: toInteger(inputs.mines, 'mines'),
        picks: picks.map((tile, index) => toInteger(tile, `picks[${index}]`)),
      };
    }
    case 'roulette': {
      if (!Array.isArray(inputs.bets)) throw new GameInputError('bets', 'must be a list of bets');
      const bets = inputs.bets.map((bet: unknown, index) => {
        if (!isRecord(bet) || typeof bet.kind !== 'string')
          throw new GameInputError(`bets[${index}]`, 'must be a bet');
        return { ...bet, amount: toAmount(bet.amount, `bets[${index}].amount`) };
      });
      return { bets } as GameInputs['roulette'];
    }
    case 'baccarat': {
      if (!isRecord(inputs.bets)) throw new GameInputError('bets', 'must name the bets');
      const bets: GameInputs['baccarat']['bets'] = {};
      for (const side of ['player', 'banker', 'tie'] as const) {
        const value = inputs.bets[side];
        if (value !== undefined) bets[side] = toAmount(value, `bets.${side}`);
      }
      return { bets };
    }
    default: {
      const unknown: never = game;
      throw new GameInputError('game', `unknown game ${String(unknown)}`);
    }
  }
}

/**
 * The inputs that replay a finished round in /verify: what the player chose, plus for mines the
 * tiles they revealed (kept in the outcome).
 */
export function replayInputsOf(game: string, inputs: JsonInputs, detail: JsonInputs | null): JsonInputs {
  if (game === 'mines' && detail && Array.isArray(detail.revealed))
    return { ...inputs, picks: detail.revealed };
  return inputs;
}
