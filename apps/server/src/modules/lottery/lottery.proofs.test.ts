import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { BetProof } from '@khela/contract';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { addLotteryGame, addNumero, bulkBets } from './lottery.money.test-support.ts';
import { lockDueNumeros } from './lottery.numeros.ts';
import { betProofOf, proofTreeCache } from './lottery.proofs.ts';
import { lotteryNumeros } from './lottery.tables.ts';

/**
 * A bet's inclusion proof (docs/lottery.md "Fairness") on a numero of 10,000 live bets: every proof
 * checks against the numero's digest, and once a numero's tree is built (its leaves never change
 * after the lock) a proof is the bet's own row and log2(n) hashes from the tree kept per numero,
 * not the numero's 10,000 leaves read and hashed again. The figures (first proof, the next ones)
 * are printed: LOTTERY_PROOF_FIGURES=1 prints them for the report.
 */
let sut: TestApp;
let numeroId = 0;
let digest = '';
let betIds: number[] = [];
const betCount = 10_000;

beforeAll(async () => {
  sut = await buildTestApp({ seed: false });
  const gameId = await addLotteryGame(sut.db, 'T_PROOF', 'north');
  numeroId = await addNumero(sut.db, gameId, '202612010001', { lockInSeconds: 1200 });
  await bulkBets(sut.db, {
    numeroId,
    gameId,
    region: 'north',
    members: 100,
    betsPerMember: betCount / 100,
    stake: 100n,
    prefix: 'proof',
    order: 'interleaved',
  });
  await sut.db.update(lotteryNumeros).set({ lockAt: new Date() }).where(eq(lotteryNumeros.id, numeroId));
  await lockDueNumeros(sut.db, new Date());
  const [row] = await sut.db.select().from(lotteryNumeros).where(eq(lotteryNumeros.id, numeroId));
  digest = row?.betsDigest ?? '';
  betIds = rowsOf<{ id: number | string }>(
    await sut.db.execute(sql`select id from lottery_bets where numero_id = ${numeroId} order by id`),
  ).map((bet) => Number(bet.id));
}, 120_000);
afterAll(async () => {
  await sut.close();
});

/** The root a proof leads to (node = SHA-256(0x01 ‖ left ‖ right)). */
function rootOfProof(proof: BetProof): string {
  let hash = Buffer.from(proof.leaf, 'hex');
  for (const step of proof.path) {
    const sibling = Buffer.from(step.hash, 'hex');
    const [left, right] = step.side === 'left' ? [sibling, hash] : [hash, sibling];
    hash = createHash('sha256')
      .update(Buffer.from([1]))
      .update(left)
      .update(right)
      .digest();
  }
  return hash.toString('hex');
}

async function memberOf(betId: number): Promise<number> {
  const [row] = rowsOf<{ member_id: number | string }>(
    await sut.db.execute(sql`select member_id from lottery_bets where id = ${betId}`),
  );
  return Number(row?.member_id);
}

describe('bet proofs on a numero of 10,000 bets', () => {
  it('lead from each bet to the digest; the tree is built once, then a proof costs one row and log2(n) hashes', async () => {
    expect(betIds).toHaveLength(betCount);
    proofTreeCache.clear();
    const sample = [
      0,
      1,
      2,
      4_095,
      4_096,
      5_000,
      9_998,
      9_999,
      ...Array.from({ length: 40 }, (_, k) => k * 241),
    ];
    const members = await Promise.all(sample.map((index) => memberOf(betIds[index]!)));

    const firstStart = performance.now();
    const first = await betProofOf(sut.db, { memberId: members[0]!, betId: betIds[0]! });
    const firstMs = performance.now() - firstStart;
    expect(first.index).toBe(0);
    expect(rootOfProof(first)).toBe(digest);

    const start = performance.now();
    for (const [position, index] of sample.entries()) {
      const proof = await betProofOf(sut.db, { memberId: members[position]!, betId: betIds[index]! });
      expect(proof.index).toBe(index);
      expect(proof.path.length).toBeLessThanOrEqual(Math.ceil(Math.log2(betCount)));
      expect(rootOfProof(proof), `bet ${index}`).toBe(digest);
    }
    const nextMs = (performance.now() - start) / sample.length;
    expect(proofTreeCache.stats()).toMatchObject({ builds: 1, numeros: 1 });
    if (process.env.LOTTERY_PROOF_FIGURES) {
      console.log(
        `proof of a ${betCount}-bet numero: first ${firstMs.toFixed(1)} ms, then ${nextMs.toFixed(2)} ms each (${sample.length} proofs)`,
      );
    }
  });

  it('builds the tree once for proofs asked at the same time, and again when the cache is full', async () => {
    proofTreeCache.clear();
    const indexes = [10, 20, 30, 40, 50];
    const members = await Promise.all(indexes.map((index) => memberOf(betIds[index]!)));
    const proofs = await Promise.all(
      indexes.map((index, position) =>
        betProofOf(sut.db, { memberId: members[position]!, betId: betIds[index]! }),
      ),
    );
    expect(proofs.map((proof) => proof.index)).toEqual(indexes);
    expect(proofTreeCache.stats()).toMatchObject({ builds: 1, numeros: 1 });
    // A cache too small for the tree keeps none: every proof builds it (and is still right).
    proofTreeCache.clear({ maxBytes: 1024 });
    for (const index of [7, 8]) {
      const proof = await betProofOf(sut.db, {
        memberId: await memberOf(betIds[index]!),
        betId: betIds[index]!,
      });
      expect(rootOfProof(proof)).toBe(digest);
    }
    expect(proofTreeCache.stats()).toMatchObject({ builds: 2, numeros: 0 });
    proofTreeCache.clear();
  });
});
