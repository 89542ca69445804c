import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAME_CODES, playRound, type GameCode, type GameInputs } from '../maths/games.ts';
import { minesLayout, settleMines } from '../maths/mines.ts';
import { newServerSeed } from './node-crypto.ts';
import { fairRng, hashServerSeed } from './rng.ts';
import { verifyRound } from './verify-round.ts';

const INPUTS: { [Code in GameCode]: GameInputs[Code] } = {
  classic3x3: { stake: 500n },
  video5x3: { stake: 2000n },
  baccarat: { bets: { player: 100n, tie: 10n } },
  roulette: {
    bets: [
      { kind: 'straight', numbers: [7], amount: 10n },
      { kind: 'red', amount: 100n },
    ],
  },
  dice: { stake: 100n, target: 5000, direction: 'over' },
  crash: { stake: 100n, cashOutAt: 150 },
  mines: { stake: 100n, mines: 5, picks: [0, 1, 2] },
};

const serverSeed = 'f'.repeat(64);
const seeds = { serverSeed, clientSeed: 'lucky-7', serverSeedHash: hashServerSeed(serverSeed) };

describe('verifyRound', () => {
  it.each(GAME_CODES)('%s: replays the round the game played from the same seeds and nonce', (game) => {
    const input = INPUTS[game];
    const played = playRound(game, fairRng(seeds.serverSeed, seeds.clientSeed, 3), input);
    const verified = verifyRound(game, seeds, 3, input);
    expect(verified.outcome).toEqual(played);
    expect(verified.commitmentMatches).toBe(true);
    expect(verifyRound(game, seeds, 3, input).outcome).toEqual(played);
  });

  it.each(GAME_CODES)('%s: a different nonce gives a different round (over a few nonces)', (game) => {
    const outcomes = new Set(
      [0, 1, 2, 3, 4, 5].map((nonce) =>
        JSON.stringify(verifyRound(game, seeds, nonce, INPUTS[game]).outcome.detail),
      ),
    );
    expect(outcomes.size).toBeGreaterThan(1);
  });

  it('checks the commitment: true when it matches, false for another seed, null when none is given', () => {
    expect(verifyRound('dice', seeds, 0, INPUTS.dice).serverSeedHash).toBe(seeds.serverSeedHash);
    expect(
      verifyRound('dice', { ...seeds, serverSeedHash: hashServerSeed(newServerSeed()) }, 0, INPUTS.dice)
        .commitmentMatches,
    ).toBe(false);
    expect(
      verifyRound('dice', { ...seeds, serverSeedHash: seeds.serverSeedHash.toUpperCase() }, 0, INPUTS.dice)
        .commitmentMatches,
    ).toBe(true);
    expect(
      verifyRound('dice', { serverSeed, clientSeed: 'lucky-7' }, 0, INPUTS.dice).commitmentMatches,
    ).toBeNull();
  });

  it('recomputes roulette from nothing but node:crypto HMAC (an independent check of the scheme)', () => {
    for (let nonce = 0; nonce < 20; nonce += 1) {
      const block = createHmac('sha256', serverSeed).update(`lucky-7:${nonce}:0`).digest();
      let number: number | undefined;
      for (let offset = 0; offset < 32 && number === undefined; offset += 4) {
        const word = block.readUInt32BE(offset);
        if (word < 2 ** 32 - (2 ** 32 % 37)) number = word % 37;
      }
      expect(verifyRound('roulette', seeds, nonce, INPUTS.roulette).outcome.detail.number).toBe(number);
    }
  });

  it('replays a live mines round: the layout drawn at start settles the picks made later', () => {
    const layout = minesLayout(fairRng(serverSeed, 'lucky-7', 9), 5);
    const safe = Array.from({ length: 25 }, (_, tile) => tile).filter((tile) => !layout.includes(tile));
    const input = { stake: 100n, mines: 5, picks: safe.slice(0, 4) };
    const live = settleMines(layout, input);
    expect(live.detail.hitMine).toBe(false);
    expect(verifyRound('mines', seeds, 9, input).outcome).toEqual(live);
  });
});

describe('browser safety', () => {
  it('src/fair and src/maths import no Node module outside the Node adapter, the CLI and tests', () => {
    const nodeOnly = new Set(['node-crypto.ts', 'rtp-cli.ts', 'rtp-worker.ts', 'test-support.ts']);
    const offenders: string[] = [];
    for (const folder of ['fair', 'maths']) {
      const directory = join(import.meta.dirname, '..', folder);
      for (const file of readdirSync(directory)) {
        if (!file.endsWith('.ts') || file.endsWith('.test.ts') || nodeOnly.has(file)) continue;
        const source = readFileSync(join(directory, file), 'utf8');
        for (const match of source.matchAll(/^(?:import|export)\b[^;]*?\bfrom '([^']+)'/gm)) {
          const specifier = match[1]!;
          if (!specifier.startsWith('.')) offenders.push(`${folder}/${file} imports ${specifier}`);
          if (/node-crypto|rtp-cli|rtp-worker|test-support/.test(specifier))
            offenders.push(`${folder}/${file} imports ${specifier}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
