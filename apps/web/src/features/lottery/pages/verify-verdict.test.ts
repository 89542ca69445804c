import { describe, expect, it } from 'vitest';
import type { BetProof, NumeroProof } from '@khela/contract';
import { newBeaconKeyPair, signBeaconRound } from '@khela/contract/lottery-beacon';
import {
  betLeafRecord,
  deriveDraw,
  merkleLeafHash,
  merklePath,
  merkleRoot,
  newServerSeed,
  seedHashOf,
} from '@khela/contract/lottery-draw';
import { betVerdictOf, verdictOf } from './verify-page.tsx';

/**
 * The verify page's checks in the browser (issue 36): the beacon round's BLS signature under the
 * published public key, and an own bet's Merkle proof and stored seed hash against the draw.
 */
async function drawn() {
  const seed = newServerSeed();
  const seedHash = await seedHashOf(seed);
  const records = [1, 2, 3].map((betId) =>
    betLeafRecord({
      betId,
      gameCode: 'MB',
      numero: '202612060001',
      playType: 'lo2',
      numbers: [String(betId * 11)],
      stakeMinor: '1000',
      oddsMilli: 3500,
      seedHash,
    }),
  );
  const leaves = await Promise.all(records.map((record) => merkleLeafHash(record)));
  const betsDigest = await merkleRoot(leaves);
  const keys = newBeaconKeyPair();
  const round = signBeaconRound(keys.secretKey, 777);
  const inputs = { gameCode: 'MB', numero: '202612060001', region: 'north' as const, seed, betsDigest };
  const result = await deriveDraw({ ...inputs, beaconValue: round.randomness });
  const proof: NumeroProof = {
    ...inputs,
    status: 'drawn',
    drawDate: '2026.12.06',
    winningTime: 0,
    seedHash,
    betCount: 3,
    result,
    voidReason: null,
    resultSource: 'house',
    resultOrigin: null,
    beacon: {
      round: 777,
      randomness: round.randomness,
      signature: round.signature,
      publicKey: keys.publicKey,
      chainHash: null,
      scheme: 'bls-unchained-g1-rfc9380',
      roundTime: null,
    },
  };
  const bet: BetProof = {
    betId: 2,
    gameCode: 'MB',
    numero: '202612060001',
    record: records[1]!,
    leaf: leaves[1]!,
    index: 1,
    path: await merklePath(leaves, 1),
    betsDigest,
  };
  return { proof, bet, other: newBeaconKeyPair() };
}

describe('the verify page checks', () => {
  it('recomputes the numbers with the beacon value and verifies its signature; another key fails it', async () => {
    const { proof, other } = await drawn();
    expect(await verdictOf(proof)).toMatchObject({
      seedMatches: true,
      numbersMatch: true,
      beaconValid: true,
    });
    const forged = { ...proof, beacon: { ...proof.beacon!, publicKey: other.publicKey } };
    expect(await verdictOf(forged)).toMatchObject({ numbersMatch: true, beaconValid: false });
    // Without the beacon value the numbers are not the published ones.
    const without = { ...proof, beacon: { ...proof.beacon!, randomness: null } };
    expect(await verdictOf(without)).toMatchObject({ numbersMatch: false, beaconValid: false });
  });

  it("checks an own bet's Merkle proof and its stored seed hash", async () => {
    const { proof, bet } = await drawn();
    expect(await betVerdictOf(proof, bet)).toEqual({ betId: 2, included: true, hashMatches: true });
    const moved = {
      ...bet,
      path: bet.path.map((step) => ({ ...step, side: step.side === 'left' ? 'right' : 'left' })),
    };
    expect((await betVerdictOf(proof, moved as BetProof)).included).toBe(false);
    const changed = { ...bet, record: bet.record.replace('|22|', '|23|') };
    expect((await betVerdictOf(proof, changed)).included).toBe(false);
    const otherSeed = { ...proof, seed: newServerSeed() };
    expect((await betVerdictOf(otherSeed, bet)).hashMatches).toBe(false);
  });
});
