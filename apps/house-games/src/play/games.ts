import { z } from 'zod';
import { fairRng } from '../fair/rng.ts';
import { GAMES, isGameCode, type GameCode } from '../maths/games.ts';
import { MINES_TILES, isMine, minesLayout, minesMultiplier, settleMines } from '../maths/mines.ts';
import { GameInputError, checkStake, type Outcome } from '../maths/outcome.ts';
import type { RoundSeeds } from './fair.service.ts';
import type { FinalResult, GameAdapter, Json, OpenResult } from './game-adapter.ts';
import { mathsInputsOf } from './maths-inputs.ts';

/*
 * The games of the house: the page's JSON inputs checked for shape here, converted by
 * maths-inputs.ts and played by the pure maths of src/maths on the round's provably-fair
 * randomness. Mines is played step by step on the server.
 */

function parseInputs<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new GameInputError(issue?.path.join('.') || 'inputs', issue?.message ?? 'invalid');
}

const amount = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The page's inputs per game (shape only; the maths checks the values). */
const inputSchemas: Record<Exclude<GameCode, 'mines'>, z.ZodType<Json>> = {
  classic3x3: z.object({}),
  video5x3: z.object({}),
  dice: z.object({ target: z.number().int(), direction: z.enum(['under', 'over']) }),
  crash: z.object({ cashOutAt: z.number().int() }),
  roulette: z.object({
    bets: z
      .array(
        z.union([
          z.object({
            kind: z.enum(['straight', 'split', 'street', 'corner', 'line']),
            numbers: z.array(z.number().int()).min(1).max(6),
            amount,
          }),
          z.object({ kind: z.enum(['dozen', 'column']), index: z.number().int(), amount }),
          z.object({ kind: z.enum(['red', 'black', 'odd', 'even', 'low', 'high']), amount }),
        ]),
      )
      .min(1)
      .max(200),
  }),
  baccarat: z.object({
    bets: z.object({ player: amount.optional(), banker: amount.optional(), tie: amount.optional() }).strict(),
  }),
};

const rngOf = (seeds: RoundSeeds) => fairRng(seeds.serverSeed, seeds.clientSeed, seeds.nonce);

function final(outcome: Outcome<unknown>): FinalResult {
  return { kind: 'final', stake: outcome.stake, win: outcome.win, detail: outcome.detail as Json };
}

function oneStep(gameCode: Exclude<GameCode, 'mines'>): GameAdapter {
  return {
    gameCode,
    start({ seeds, stake, inputs }) {
      const parsed = parseInputs(inputSchemas[gameCode], inputs);
      const definition = GAMES[gameCode] as {
        play(rng: ReturnType<typeof rngOf>, input: unknown): Outcome<unknown>;
      };
      return final(definition.play(rngOf(seeds), mathsInputsOf(gameCode, stake, parsed)));
    },
  };
}

const minesInputs = z.object({ mines: z.number().int().min(1).max(24) });
const minesAction = z.union([
  z.object({
    reveal: z
      .number()
      .int()
      .min(0)
      .max(MINES_TILES - 1),
  }),
  z.object({ cashout: z.literal(true) }),
]);
const minesState = z.object({
  mines: z.number().int(),
  layout: z.array(z.number().int()),
  revealed: z.array(z.number().int()),
});

/** What the page may see of an open mines round: never the layout. */
function minesView(state: z.infer<typeof minesState>): Json {
  const safeReveals = state.revealed.length;
  const now = minesMultiplier(state.mines, safeReveals);
  const next = minesMultiplier(state.mines, safeReveals + 1);
  return {
    mines: state.mines,
    revealed: state.revealed,
    safeReveals,
    multiplier: safeReveals === 0 ? 0 : Number(now.numerator) / Number(now.denominator),
    nextMultiplier: Number(next.numerator) / Number(next.denominator),
  };
}

/** Mines, live: the layout is drawn at start and kept server-side until the round ends. */
const mines: GameAdapter = {
  gameCode: 'mines',
  start({ seeds, stake, inputs }): OpenResult {
    const { mines: count } = parseInputs(minesInputs, inputs);
    checkStake(stake);
    const state = { mines: count, layout: minesLayout(rngOf(seeds), count), revealed: [] as number[] };
    return { kind: 'open', stake, state, view: minesView(state) };
  },
  step({ stake, state: rawState, action: rawAction }) {
    const state = minesState.parse(rawState);
    const action = parseInputs(minesAction, rawAction);
    if ('cashout' in action) {
      if (state.revealed.length === 0) throw new GameInputError('action', 'reveal a tile before cashing out');
      return final(settleMines(state.layout, { stake, mines: state.mines, picks: state.revealed }));
    }
    if (state.revealed.includes(action.reveal))
      throw new GameInputError('action.reveal', 'tile already revealed');
    const picks = [...state.revealed, action.reveal];
    const isLastSafeTile = picks.length === MINES_TILES - state.mines;
    if (isMine(state.layout, action.reveal) || isLastSafeTile) {
      return final(settleMines(state.layout, { stake, mines: state.mines, picks }));
    }
    const next = { ...state, revealed: picks };
    return { kind: 'open', stake, state: next, view: minesView(next) };
  },
};

const adapters: Record<GameCode, GameAdapter> = {
  classic3x3: oneStep('classic3x3'),
  video5x3: oneStep('video5x3'),
  dice: oneStep('dice'),
  crash: oneStep('crash'),
  roulette: oneStep('roulette'),
  baccarat: oneStep('baccarat'),
  mines,
};

export function findGameAdapter(gameCode: string): GameAdapter | undefined {
  return isGameCode(gameCode) ? adapters[gameCode] : undefined;
}

/** The declared RTP in basis points (rounded down), from the maths. */
export function rtpBasisPointsOf(gameCode: GameCode): number {
  return GAMES[gameCode].rtpBasisPoints;
}
