/**
 * House-games maths: pure, deterministic game logic and provably-fair randomness for our own
 * vendor's games. No I/O, no Node-only modules: everything exported here also runs in the
 * browser (the verify page). Amounts are bigint minor units; details are plain JSON.
 *
 * Randomness (src/fair)
 * - `Rng`: `{ int(n) }`, a uniform integer in [0, n), n <= 2^32, by rejection sampling.
 * - `fairRng(serverSeed, clientSeed, nonce)`: the Rng of a real round. Words are big-endian
 *   32-bit chunks of HMAC-SHA256(key = serverSeed text, message = `${clientSeed}:${nonce}:${cursor}`),
 *   cursor 0, 1, 2 … . `hashServerSeed(seed)`: the SHA-256 hex commitment shown before play.
 * - Node only, import from '../fair/node-crypto.ts': `newServerSeed()` (32 random bytes as hex)
 *   and `cryptoRng()` (fast buffered node:crypto Rng for simulation, never for real rounds).
 * - `verifyRound(game, { serverSeed, clientSeed, serverSeedHash? }, nonce, inputs)`: replays a
 *   round; returns `{ serverSeedHash, commitmentMatches, outcome }`.
 * - `sha256`, `hmacSha256`, `utf8`, `toHex`: the pure-TS hashes underneath.
 *
 * Games (each `play(rng, input) -> { stake, win, detail }`, win gross: stake included)
 * - `GAMES[code]`: `{ code, kind, lines, declaredRtp, rtpByBet?, rtpBasisPoints, check(input),
 *   play(rng, input) }` for code in `GAME_CODES`; `playRound(code, rng, input)`;
 *   `GameInputs[code]` and `GameDetails[code]` type each game's input and detail.
 * - classic3x3 `{ stake }`: 3x3, 5 lines, RTP 95.985 % (exact, enumerated).
 * - video5x3 `{ stake }`: 5x3, 20 lines, wilds, scatters, 10 free spins x2 with retriggers,
 *   RTP 95.931 % (exact, analytic). Free spins are part of the same round.
 * - baccarat `{ bets: { player?, banker?, tie? } }`: 8 decks fresh per round; RTP player
 *   98.765 %, banker 98.942 %, tie 85.640 % (exact).
 * - roulette `{ bets: RouletteBet[] }`: European; straight, split, street, corner, line, dozen,
 *   column, red, black, odd, even, low, high; RTP 36/37 = 97.297 %. `settleRoulette(number, input)`.
 * - dice `{ stake, target, direction }`: target in hundredths, win chance 1 % … 98 %; RTP 99 %.
 * - crash `{ stake, cashOutAt }`: auto cash-out in hundredths (101 … 1000000); RTP just under 99 %.
 * - mines `{ stake, mines, picks }`: 5x5; live play through `minesLayout(rng, mines)` at round
 *   start, `isMine(layout, tile)` per reveal, `settleMines(layout, input)` at the end; RTP 99 %.
 * - `GameInputError { field, message }`: a refused input (400); thrown before any randomness.
 * - Wins are floored to minor units (`payout`): slots with a stake divisible by the line count,
 *   roulette and baccarat player/tie lose nothing to it; see docs/games-rtp.md for the rest.
 *
 * Round draws, in order (what the verify page replays): slots one `int(stripLength)` per reel,
 * reel 1 first, for the base spin then each free spin; baccarat one per card dealt (lazy
 * Fisher-Yates over 416 cards); roulette `int(37)`; dice `int(10000)`; crash `int(2^32)`;
 * mines `int(25)`, `int(24)` … one per mine.
 *
 * RTP simulation: `npm run games:rtp` (src/maths/rtp-cli.ts), figures in docs/games-rtp.md.
 */

export { fairRng, fairWords, hashServerSeed, rngFromWords, uniformInt, type Rng } from '../fair/rng.ts';
export { hmacSha256, sha256, toHex, utf8 } from '../fair/sha256.ts';
export { verifyRound, type RoundSeeds, type VerifiedRound } from '../fair/verify-round.ts';
export {
  GAMES,
  GAME_CODES,
  isGameCode,
  playRound,
  type GameCode,
  type GameDefinition,
  type GameDetails,
  type GameInputs,
} from './games.ts';
export { GameInputError, checkStake, payout, type Outcome } from './outcome.ts';
export type { LineWin, SlotSpin } from './slot-reels.ts';
export * from './classic3x3.ts';
export * from './video5x3.ts';
export * from './baccarat.ts';
export * from './roulette.ts';
export * from './dice.ts';
export * from './crash.ts';
export * from './mines.ts';
