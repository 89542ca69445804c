import type { RoundSeeds } from './fair.service.ts';

/** JSON the page can render (no bigint). */
export type Json = Record<string, unknown>;

/** A round that is over as soon as it starts (slots, dice, crash, roulette, baccarat). */
export interface FinalResult {
  kind: 'final';
  stake: bigint;
  win: bigint;
  detail: Json;
}

/**
 * A round that waits for the player (mines): `state` stays on the server (it holds the secret
 * parts, e.g. where the mines are); `view` is what the page may see of it.
 */
export interface OpenResult {
  kind: 'open';
  stake: bigint;
  state: Json;
  view: Json;
}

export type StepResult = FinalResult | OpenResult;

/**
 * How the house plays one game: the pure maths of src/maths behind a uniform face. `start` and
 * `step` throw GameInputError (a 400) for inputs the game refuses; they never do I/O.
 */
export interface GameAdapter {
  gameCode: string;
  start(options: { seeds: RoundSeeds; stake: bigint; inputs: unknown }): StepResult;
  step?(options: { stake: bigint; state: Json; action: unknown }): StepResult;
}
