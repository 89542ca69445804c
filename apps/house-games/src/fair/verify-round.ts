import {
  GAMES,
  type GameCode,
  type GameDefinition,
  type GameDetails,
  type GameInputs,
} from '../maths/games.ts';
import type { Outcome } from '../maths/outcome.ts';
import { fairRng, hashServerSeed } from './rng.ts';

/** The seeds of a finished round, as revealed to the player. */
export interface RoundSeeds {
  serverSeed: string;
  clientSeed: string;
  /** The commitment shown before play; when given, it is checked against the revealed seed. */
  serverSeedHash?: string;
}

export interface VerifiedRound<Code extends GameCode> {
  game: Code;
  nonce: number;
  /** SHA-256 of the revealed server seed. */
  serverSeedHash: string;
  /** Whether that matches the commitment given (null when none was given). */
  commitmentMatches: boolean | null;
  /** The round replayed from the seeds: it must equal what the game paid. */
  outcome: Outcome<GameDetails[Code]>;
}

/**
 * Recompute a round from its revealed server seed, client seed, nonce and the player's inputs
 * (stake and choices; for mines the tiles picked). Pure: runs in Node and in the browser.
 */
export function verifyRound<Code extends GameCode>(
  game: Code,
  seeds: RoundSeeds,
  nonce: number,
  inputs: GameInputs[Code],
): VerifiedRound<Code> {
  const definition: GameDefinition<GameInputs[Code], GameDetails[Code]> = GAMES[game];
  const serverSeedHash = hashServerSeed(seeds.serverSeed);
  return {
    game,
    nonce,
    serverSeedHash,
    commitmentMatches:
      seeds.serverSeedHash === undefined ? null : seeds.serverSeedHash.toLowerCase() === serverSeedHash,
    outcome: definition.play(fairRng(seeds.serverSeed, seeds.clientSeed, nonce), inputs),
  };
}
