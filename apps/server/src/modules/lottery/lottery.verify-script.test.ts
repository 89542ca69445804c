import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { roundAfter } from '@khela/contract/lottery-beacon';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { members } from '../accounts/accounts.tables.ts';
import { memberWalletAddress, systemAddress } from '../ledger/ledger.addresses.ts';
import { postEntry, rowsOf } from '../ledger/ledger.service.ts';
import { placeSlip } from './lottery.bets.ts';
import { localBeacon } from './lottery.beacon.ts';
import { TEST_CURRENCY, addLotteryGame, addNumero, openWallet } from './lottery.money.test-support.ts';
import { drawDueNumeros, lockDueNumeros } from './lottery.numeros.ts';
import { lotteryNumeros } from './lottery.tables.ts';

/**
 * The independent verifier (issue 36): scripts/verify-draw.py, Python's standard library only, run
 * against a started server on a numero drawn with bets and a beacon round. It must verify the real
 * draw and refuse a changed one.
 */
const script = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../scripts/verify-draw.py',
);
let sut: TestApp;
let url = '';
const numero = '202611280001';
let betId = 0;
let record = '';

/** Runs the script (asynchronously: the server answering it is in this process). */
function verify(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('python3', [script, '--url', url, '--game', 'T_VERIFY', '--numero', numero, ...args]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

beforeAll(async () => {
  sut = await buildTestApp({ seed: true });
  await sut.app.listen({ host: '127.0.0.1', port: 0 });
  const address = sut.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const gameId = await addLotteryGame(sut.db, 'T_VERIFY', 'south');
  const numeroId = await addNumero(sut.db, gameId, numero, { lockInSeconds: 1200 });
  const beacon = localBeacon();
  const seed = '5a'.repeat(32);
  await sut.db.execute(sql`update lottery_numeros
     set seed = ${seed}, seed_hash = encode(sha256(decode(${seed}, 'hex')), 'hex')
   where id = ${numeroId}`);
  const [row] = await sut.db.select().from(lotteryNumeros).where(eq(lotteryNumeros.id, numeroId));
  await sut.db
    .update(lotteryNumeros)
    .set({ beaconRound: roundAfter(beacon.chain, row!.lockAt.getTime()) })
    .where(eq(lotteryNumeros.id, numeroId));
  for (let index = 0; index < 3; index += 1) {
    const [member] = await sut.db
      .insert(members)
      .values({ account: `verify${index}`, nickname: `verify${index}` })
      .returning({ id: members.id });
    await openWallet(sut.db, member!.id);
    await postEntry(sut.db, {
      kind: 'deposit',
      idempotencyKey: `verify-fund-${member!.id}`,
      postings: [
        { address: systemAddress('world', TEST_CURRENCY), amount: -100_000n },
        { address: memberWalletAddress(member!.id, 'main'), amount: 100_000n },
      ],
    });
    const placed = await placeSlip(sut.db, {
      memberId: member!.id,
      requestId: `verify-slip-${index}`,
      gameCode: 'T_VERIFY',
      numero,
      playType: 'lo2',
      numbers: ['10', '21', '32'].slice(0, index + 1),
      unitStake: '3',
      multiplier: 1,
    });
    betId = placed.bets[0]!.betId;
  }
  const [leaf] = rowsOf<{ record: string }>(
    await sut.db.execute(sql`select record from lottery_bet_leaves where bet_id = ${betId}`),
  );
  record = leaf!.record;
  // Betting closes, the round comes out, the draw.
  const drawAt = new Date(row!.drawAt.getTime());
  await lockDueNumeros(sut.db, new Date(row!.lockAt.getTime() + 1));
  expect(await drawDueNumeros(sut.db, drawAt, { beacon })).toBeGreaterThanOrEqual(1);
  const [drawn] = await sut.db.select().from(lotteryNumeros).where(eq(lotteryNumeros.id, numeroId));
  expect(drawn).toMatchObject({ status: 'drawn', betCount: 6 });
  expect(drawn?.beaconValue).toMatch(/^[0-9a-f]{64}$/);
});
afterAll(async () => {
  await sut.close();
});

describe('scripts/verify-draw.py against a started server', () => {
  it('verifies a drawn numero: seed, Merkle root, beacon value, numbers, one bet and its record', async () => {
    const run = await verify(['--bet', String(betId), '--record', record]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('VERIFIED');
    expect(run.stdout).not.toContain('FAIL');
    expect(run.stdout).toContain(`bet ${betId}: inclusion path leads to the root`);
    expect(run.status).toBe(0);
  });

  it('fails a draw whose published numbers were changed, and a record that is not the bet', async () => {
    expect((await verify(['--bet', String(betId), '--record', record.replace('|lo2|', '|de|')])).status).toBe(
      1,
    );
    await sut.db.execute(sql`update lottery_numeros
       set result = jsonb_set(result, '{0,numbers,0}', '"000000"') where numero = ${numero}`);
    const run = await verify([]);
    expect(run.stdout).toContain('FAIL');
    expect(run.status).toBe(1);
  });
});
