import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  betLeafRecord,
  deriveDraw,
  merkleLeafHash,
  merklePath,
  merkleRoot,
  minorUnitsText,
  oddsMilliOf,
  specialOf,
  verifyMerklePath,
  type BetProof,
  type NumeroLeaves,
} from '@khela/contract';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { call } from '../accounts/accounts.test-support.ts';
import { newMember } from '../games/games.test-support.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { updateSettings } from '../settings/settings.service.ts';
import { cancelBet, listMyBets, placeSlip } from './lottery.bets.ts';
import {
  addFundedMember,
  addLotteryGame,
  addNumero,
  fundWallet,
  mainBalanceOf,
  refusal,
} from './lottery.money.test-support.ts';
import { roundAfter, roundTimeMs, verifyBeaconRound, type BeaconRound } from '@khela/contract/lottery-beacon';
import { beaconForStart, drandHttpBeacon, localBeacon, type RandomnessBeacon } from './lottery.beacon.ts';
import { getNumeroProof } from './lottery.lobby.ts';
import { merklePathOf, merkleRootOf } from './lottery.merkle.ts';
import { betsDigestOf, drawDueNumeros, lockDueNumeros, openNumeros } from './lottery.numeros.ts';
import { lotteryEvents, lotteryGames, lotteryNumeros, lotteryVoidRequests } from './lottery.tables.ts';
import { betThenLock } from './lottery.test-support.ts';

/**
 * Issue 36, the attack on the draw: someone who knows the seed (the house, or whoever reads
 * lottery_numeros.seed) places and cancels bets until the bets digest gives the đề they hold. It
 * must fail: a cancelled bet is in neither the digest nor the count, so cancelling undoes the
 * re-roll; and cancels close the brand's freeze before the lock, refused (CANCEL_CLOSED), recorded.
 */
let sut: TestApp;
let gameId = 0;
let sequence = 0;

beforeAll(async () => {
  sut = await buildTestApp({ seed: true });
  gameId = await addLotteryGame(sut.db, 'T_FAIR', 'north');
});
afterAll(async () => {
  await sut.close();
});

const nextNumero = () => {
  sequence += 1;
  return `20261127${String(sequence).padStart(4, '0')}`;
};

const fund = (memberId: number, funding: bigint) =>
  fundWallet(sut.db, memberId, funding, `fair-fund-${memberId}`);

async function member(funding: bigint): Promise<number> {
  sequence += 1;
  return addFundedMember(sut.db, {
    account: `fair${sequence}`,
    funding,
    fundingKey: (id) => `fair-fund-${id}`,
  });
}

const balanceOf = (memberId: number) => mainBalanceOf(sut.db, memberId);

/** Locks the numero now, as the lifecycle does at its lock time; its row after. */
async function lockNow(numeroId: number) {
  await sut.db.update(lotteryNumeros).set({ lockAt: new Date() }).where(eq(lotteryNumeros.id, numeroId));
  await lockDueNumeros(sut.db, new Date());
  const [locked] = await sut.db.select().from(lotteryNumeros).where(eq(lotteryNumeros.id, numeroId));
  return locked;
}

/** The đề (special's last two digits) that a digest gives with the known seed. */
async function deOf(numero: string, betsDigest: string): Promise<string> {
  const result = await deriveDraw({
    gameCode: 'T_FAIR',
    numero,
    region: 'north',
    seed: '00'.repeat(32),
    betsDigest,
  });
  return specialOf(result).slice(-2);
}

describe('steering đề by placing and cancelling bets (issue 36)', () => {
  it('fails: every cancel puts the digest back, so the draw is the one of the bets kept', async () => {
    const numero = nextNumero();
    // Betting closes in 20 minutes: well before the 5-minute cancel freeze.
    const numeroId = await addNumero(sut.db, gameId, numero, { lockInSeconds: 1200 });
    const honest = await member(1_000_000n);
    const attacker = await member(1_000_000n);
    await placeSlip(sut.db, {
      memberId: honest,
      requestId: `honest-${numero}`,
      gameCode: 'T_FAIR',
      numero,
      playType: 'lo2',
      numbers: ['07', '42'],
      unitStake: '10',
      multiplier: 1,
    });
    const baseline = await betsDigestOf(sut.db, numeroId);
    const baselineDe = await deOf(numero, baseline.betsDigest);
    // The attacker holds a đề number other than the one the digest gives now.
    const wanted = baselineDe === '95' ? '96' : '95';
    const before = await balanceOf(attacker);

    // 40 re-rolls: each placed bet changes the digest (so a grinder sees a new đề) …
    const seen = new Set<string>();
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const placed = await placeSlip(sut.db, {
        memberId: attacker,
        requestId: `grind-${numero}-${attempt}`,
        gameCode: 'T_FAIR',
        numero,
        playType: 'de',
        numbers: [wanted],
        unitStake: '1',
        multiplier: 1,
      });
      const rolled = await betsDigestOf(sut.db, numeroId);
      expect(rolled.betsDigest).not.toBe(baseline.betsDigest);
      seen.add(rolled.betsDigest);
      // … but the cancel that a free re-roll needs takes the bet out again: the digest and the count
      // are the baseline's, whatever the attacker found on the way.
      await cancelBet(sut.db, { memberId: attacker, betId: placed.bets[0]!.betId });
      expect(await betsDigestOf(sut.db, numeroId)).toEqual(baseline);
    }
    expect(seen.size).toBe(40);
    // Free re-rolls cost the attacker nothing …
    expect(await balanceOf(attacker)).toBe(before);
    // … and gain nothing: the lock fixes the baseline's digest, the draw is the baseline's đề.
    const locked = await lockNow(numeroId);
    expect(locked).toMatchObject({ status: 'locked', betCount: 2, betsDigest: baseline.betsDigest });
    expect(await deOf(numero, locked!.betsDigest!)).toBe(baselineDe);
    expect(baselineDe).not.toBe(wanted);
  });

  it('refuses a cancel inside the freeze before the lock (CANCEL_CLOSED), moves nothing and records it', async () => {
    await updateSettings(sut.db, { lotteryFairness: { cancelFreezeMinutes: 5 } });
    const numero = nextNumero();
    // Betting closes in 4 minutes: inside the 5-minute freeze. Placing is still open.
    const numeroId = await addNumero(sut.db, gameId, numero, { lockInSeconds: 240 });
    const bettor = await member(100_000n);
    const placed = await placeSlip(sut.db, {
      memberId: bettor,
      requestId: `late-${numero}`,
      gameCode: 'T_FAIR',
      numero,
      playType: 'de',
      numbers: ['13'],
      unitStake: '5',
      multiplier: 1,
    });
    const bet = placed.bets[0]!;
    expect(bet.cancellable).toBe(false);
    expect(bet.cancelUntil).toBeLessThan(Date.now());
    const balance = await balanceOf(bettor);
    const error = await refusal(cancelBet(sut.db, { memberId: bettor, betId: bet.betId }));
    expect(error.code).toBe('CANCEL_CLOSED');
    expect(error.value).toEqual({ freezeMinutes: 5 });
    expect(await balanceOf(bettor)).toBe(balance);
    const [mine] = (await listMyBets(sut.db, { memberId: bettor, pageNo: 1, pageSize: 5 })).list;
    expect(mine).toMatchObject({ betId: bet.betId, status: 'open', cancellable: false });
    const events = await sut.db.select().from(lotteryEvents).where(eq(lotteryEvents.betId, bet.betId));
    expect(events).toMatchObject([{ kind: 'cancel_refused', numeroId, memberId: bettor }]);

    // A brand that sets the freeze to 2 minutes lets the same bet be cancelled now.
    await updateSettings(sut.db, { lotteryFairness: { cancelFreezeMinutes: 2 } });
    const cancelled = await cancelBet(sut.db, { memberId: bettor, betId: bet.betId });
    expect(cancelled.bet.status).toBe('cancelled');
    await updateSettings(sut.db, { lotteryFairness: { cancelFreezeMinutes: 5 } });
  });

  it('counts only live bets at the lock: a cancelled bet is in neither the digest nor the count', async () => {
    const numero = nextNumero();
    const numeroId = await addNumero(sut.db, gameId, numero, { lockInSeconds: 1200 });
    const bettor = await member(100_000n);
    const placed = await placeSlip(sut.db, {
      memberId: bettor,
      requestId: `count-${numero}`,
      gameCode: 'T_FAIR',
      numero,
      playType: 'lo2',
      numbers: ['01', '02', '03'],
      unitStake: '1',
      multiplier: 1,
    });
    await cancelBet(sut.db, { memberId: bettor, betId: placed.bets[1]!.betId });
    const digest = await betsDigestOf(sut.db, numeroId);
    expect(digest.betCount).toBe(2);
    const [row] = rowsOf<{ live: string }>(
      await sut.db.execute(
        sql`select count(*)::text as live from lottery_bets where numero_id = ${numeroId} and status = 'open'`,
      ),
    );
    expect(Number(row?.live)).toBe(2);
  });
});

describe('the bets digest as a Merkle root (issue 36)', () => {
  it('gives the same root and paths on the server (node:crypto) as in the contract (Web Crypto)', async () => {
    for (let size = 0; size <= 9; size += 1) {
      const leaves = await Promise.all(
        Array.from({ length: size }, (_, index) => merkleLeafHash(`leaf ${index}`)),
      );
      const buffers = leaves.map((leaf) => Buffer.from(leaf, 'hex'));
      const root = await merkleRoot(leaves);
      expect(merkleRootOf(buffers)).toBe(root);
      for (let index = 0; index < size; index += 1) {
        const path = merklePathOf(buffers, index);
        expect(await merklePath(leaves, index)).toEqual(path);
        expect(await verifyMerklePath(leaves[index]!, path, root)).toBe(true);
        // Another leaf, or the right leaf with a step changed, does not lead to the root.
        if (size > 1) {
          expect(await verifyMerklePath(leaves[(index + 1) % size]!, path, root)).toBe(false);
          const bent = path.map((step, at) => (at === 0 ? { ...step, hash: leaves[index]! } : step));
          expect(await verifyMerklePath(leaves[index]!, bent, root)).toBe(false);
        }
      }
    }
  });

  it('publishes the leaves of the live bets and gives a bettor the inclusion proof of their own bet', async () => {
    const numero = nextNumero();
    const numeroId = await addNumero(sut.db, gameId, numero, { lockInSeconds: 1200 });
    sequence += 1;
    const bettor = await newMember(sut, `merkle${sequence}`);
    const other = await newMember(sut, `merkleother${sequence}`);
    await fund(bettor.id, 100_000n);
    await fund(other.id, 100_000n);
    const slip = (memberId: number, requestId: string, numbers: string[]) =>
      placeSlip(sut.db, {
        memberId,
        requestId,
        gameCode: 'T_FAIR',
        numero,
        playType: 'lo2',
        numbers,
        unitStake: '2.50',
        multiplier: 2,
      });
    const mine = await slip(bettor.id, `merkle-a-${numero}`, ['11', '22', '33']);
    await slip(other.id, `merkle-b-${numero}`, ['44', '55']);
    await cancelBet(sut.db, {
      memberId: other.id,
      betId: (await slip(other.id, `merkle-c-${numero}`, ['66'])).bets[0]!.betId,
    });

    // Before the lock nothing is published: the leaves are not fixed yet.
    const early = await call(sut, {
      method: 'GET',
      url: `/lgw/vn/numeros/leaves?gameCode=T_FAIR&numero=${numero}`,
    });
    expect(early.status).toBe(409);
    const earlyProof = await call(sut, {
      method: 'GET',
      url: `/lgw/vn/bets/proof?betId=${mine.bets[0]!.betId}`,
      token: bettor.token,
    });
    expect(earlyProof.status).toBe(409);

    const locked = await lockNow(numeroId);
    expect(locked?.betCount).toBe(5);

    // Anyone rebuilds the root from the published leaves (two pages of 3), without the cancelled bet.
    const pages: NumeroLeaves[] = [];
    for (let pageNo = 1; pageNo <= 2; pageNo += 1) {
      const page = await call(sut, {
        method: 'GET',
        url: `/lgw/vn/numeros/leaves?gameCode=T_FAIR&numero=${numero}&pageNo=${pageNo}&pageSize=3`,
      });
      expect(page.status).toBe(200);
      pages.push(page.body.value as NumeroLeaves);
    }
    expect(pages[0]).toMatchObject({ betCount: 5, totalPages: 2, betsDigest: locked?.betsDigest });
    const leaves = pages.flatMap((page) => page.list);
    expect(leaves).toHaveLength(5);
    expect(await merkleRoot(leaves.map((leaf) => leaf.leaf))).toBe(locked?.betsDigest);

    // The bettor's proof: the record is the bet as their bet list shows it, and it leads to the root.
    const [shown] = (
      await listMyBets(sut.db, { memberId: bettor.id, numero, pageNo: 1, pageSize: 10 })
    ).list.filter((bet) => bet.numbers[0] === '22');
    expect(shown?.seedHash).toBe('ff'.repeat(32));
    const answer = await call(sut, {
      method: 'GET',
      url: `/lgw/vn/bets/proof?betId=${shown!.betId}`,
      token: bettor.token,
    });
    expect(answer.status).toBe(200);
    const proof = answer.body.value as BetProof;
    const record = betLeafRecord({
      betId: shown!.betId,
      gameCode: shown!.gameCode,
      numero: shown!.numero,
      playType: shown!.playType,
      numbers: shown!.numbers,
      stakeMinor: minorUnitsText(shown!.stake),
      oddsMilli: oddsMilliOf(shown!.odds),
      seedHash: shown!.seedHash,
    });
    expect(proof.record).toBe(record);
    expect(record).toBe(
      `khela-lottery-bet-v1|${shown!.betId}|T_FAIR|${numero}|lo2|22|500|80000|${'ff'.repeat(32)}`,
    );
    expect(proof.leaf).toBe(await merkleLeafHash(record));
    expect(proof.leaf).toBe(leaves[proof.index]?.leaf);
    expect(await verifyMerklePath(proof.leaf, proof.path, locked!.betsDigest!)).toBe(true);

    // Another member's bet, no session, bad input, a cancelled bet: refused.
    const foreign = await call(sut, {
      method: 'GET',
      url: `/lgw/vn/bets/proof?betId=${shown!.betId}`,
      token: other.token,
    });
    expect(foreign.status).toBe(404);
    expect((await call(sut, { method: 'GET', url: `/lgw/vn/bets/proof?betId=${shown!.betId}` })).status).toBe(
      401,
    );
    expect(
      (await call(sut, { method: 'GET', url: '/lgw/vn/bets/proof?betId=abc', token: bettor.token })).status,
    ).toBe(400);
    const [cancelled] = (
      await listMyBets(sut.db, { memberId: other.id, numero, status: 'cancelled', pageNo: 1, pageSize: 5 })
    ).list;
    const refusedCancelled = await call(sut, {
      method: 'GET',
      url: `/lgw/vn/bets/proof?betId=${cancelled!.betId}`,
      token: other.token,
    });
    expect(refusedCancelled.status).toBe(409);
    expect(
      (
        await call(sut, {
          method: 'GET',
          url: `/lgw/vn/numeros/leaves?gameCode=T_FAIR&numero=${numero}&pageSize=0`,
        })
      ).status,
    ).toBe(400);
  });
});

/** drand's quicknet chain (bls-unchained-g1-rfc9380) and its round 1000, as drand serves it. */
const quicknet = {
  publicKey:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  genesisTime: 1692803367,
  period: 3,
  chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
};
const quicknetRound1000: BeaconRound = {
  round: 1000,
  randomness: 'fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd',
  signature:
    'b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39',
};

/** An instant given in ICT (UTC+7). 3 March 2031 is a Monday. */
const ict = (text: string) => new Date(`${text}+07:00`);

async function fairNumero(numero: string) {
  const [row] = await sut.db
    .select({ numero: lotteryNumeros })
    .from(lotteryNumeros)
    .innerJoin(lotteryGames, eq(lotteryGames.id, lotteryNumeros.gameId))
    .where(sql`${lotteryGames.gameCode} = 'T_FAIR' and ${lotteryNumeros.numero} = ${numero}`);
  return row!.numero;
}

describe('the randomness beacon (issue 36)', () => {
  it("verifies drand's own quicknet round and refuses a changed one; the local beacon signs the same way", () => {
    expect(verifyBeaconRound(quicknet, quicknetRound1000)).toBe(true);
    expect(verifyBeaconRound(quicknet, { ...quicknetRound1000, round: 1001 })).toBe(false);
    expect(verifyBeaconRound(quicknet, { ...quicknetRound1000, randomness: '00'.repeat(32) })).toBe(false);
    const local = localBeacon();
    const round = local.fetchRound(5, new Date(roundTimeMs(local.chain, 5)));
    return round.then(async (signed) => {
      expect(signed && verifyBeaconRound(local.chain, signed)).toBe(true);
      // Under another key (drand's) the local round does not verify, nor a future round get served.
      expect(verifyBeaconRound(quicknet, signed!)).toBe(false);
      expect(await local.fetchRound(6, new Date(roundTimeMs(local.chain, 6) - 1))).toBeNull();
    });
  });

  it('reads rounds from a drand HTTP endpoint (the next URL when one fails)', async () => {
    const asked: string[] = [];
    const fetcher = (async (url: string) => {
      asked.push(url);
      if (url.startsWith('https://down.example')) return new Response('no', { status: 503 });
      return Response.json(quicknetRound1000);
    }) as typeof fetch;
    const beacon = drandHttpBeacon(
      { urls: ['https://down.example', 'https://api.example/'], chain: quicknet },
      fetcher,
    );
    expect(await beacon.fetchRound(1000, new Date())).toEqual(quicknetRound1000);
    expect(asked).toEqual([
      `https://down.example/${quicknet.chainHash}/public/1000`,
      `https://api.example/${quicknet.chainHash}/public/1000`,
    ]);
  });

  it('refuses a production start without a configured beacon; demo mode and tests run the local one', () => {
    const none = { urls: [], chainHash: null, publicKey: null, genesisTime: 0, period: 3 };
    expect(() => beaconForStart({ DEMO_MODE: false, NODE_ENV: 'production' }, none)).toThrow(
      /Refusing to start the lottery with DEMO_MODE=false and no randomness beacon/,
    );
    expect(beaconForStart({ DEMO_MODE: true, NODE_ENV: 'production' }, none).kind).toBe('local');
    const drand = beaconForStart(
      { DEMO_MODE: false, NODE_ENV: 'production' },
      { ...quicknet, urls: ['https://api.example'] },
    );
    expect(drand.kind).toBe('drand');
    expect(drand.chain.publicKey).toBe(quicknet.publicKey);
  });

  it('fixes the round by the lock time, mixes its verified value into the draw and publishes it in the proof', async () => {
    await sut.db.execute(sql`delete from lottery_numeros where numero like '20310303%'`);
    // Only this file's game opens numeros here (the others' would be drawn and voided too).
    await sut.db.execute(sql`update lottery_games set enabled = false where game_code <> 'T_FAIR'`);
    const beacon = localBeacon();
    await openNumeros(sut.db, ict('2031-03-03T10:00:10'), beacon);
    const opened = await fairNumero('203103030001');
    expect(opened.beaconRound).toBe(roundAfter(beacon.chain, opened.lockAt.getTime()));
    expect(roundTimeMs(beacon.chain, opened.beaconRound!)).toBeGreaterThan(opened.lockAt.getTime());
    // The seed and the digest known at the lock do not give the numbers: the round is not out yet.
    await lockDueNumeros(sut.db, ict('2031-03-03T18:14:51'));
    const locked = await fairNumero('203103030001');
    expect(await beacon.fetchRound(locked.beaconRound!, ict('2031-03-03T18:14:51'))).toBeNull();
    const foreseen = await deriveDraw({
      gameCode: 'T_FAIR',
      numero: '203103030001',
      region: 'north',
      seed: locked.seed,
      betsDigest: locked.betsDigest!,
    });

    expect(await drawDueNumeros(sut.db, ict('2031-03-03T18:15:00'), { beacon })).toBeGreaterThanOrEqual(1);
    const drawn = await fairNumero('203103030001');
    const round = await beacon.fetchRound(drawn.beaconRound!, ict('2031-03-03T18:15:00'));
    expect(drawn).toMatchObject({
      status: 'drawn',
      beaconValue: round!.randomness,
      beaconSignature: round!.signature,
    });
    const expected = await deriveDraw({
      gameCode: 'T_FAIR',
      numero: '203103030001',
      region: 'north',
      seed: drawn.seed,
      betsDigest: drawn.betsDigest!,
      beaconValue: round!.randomness,
    });
    expect(drawn.result).toEqual(expected);
    expect(drawn.result).not.toEqual(foreseen);
    const proof = await getNumeroProof(sut.db, 'T_FAIR', '203103030001', beacon);
    expect(proof.beacon).toMatchObject({ round: drawn.beaconRound, publicKey: beacon.chain.publicKey });
    expect(
      verifyBeaconRound(
        { ...beacon.chain, publicKey: proof.beacon!.publicKey! },
        {
          round: proof.beacon!.round,
          randomness: proof.beacon!.randomness!,
          signature: proof.beacon!.signature!,
        },
      ),
    ).toBe(true);
  });

  it('does not use a value whose signature fails (recorded), and voids the numero at the deadline, seed revealed', async () => {
    await sut.db.execute(sql`delete from lottery_numeros where numero like '20310303%'`);
    // Only this file's game opens numeros here (the others' would be drawn and voided too).
    await sut.db.execute(sql`update lottery_games set enabled = false where game_code <> 'T_FAIR'`);
    const honest = localBeacon();
    const forger = localBeacon();
    // Serves rounds signed with another key under the honest chain's public key.
    const lying: RandomnessBeacon = {
      kind: 'drand',
      chain: honest.chain,
      fetchRound: (round, now) => forger.fetchRound(round, now),
    };
    await openNumeros(sut.db, ict('2031-03-03T10:00:10'), honest);
    const { id } = await fairNumero('203103030001');
    await lockDueNumeros(sut.db, ict('2031-03-03T18:14:51'));
    expect(await drawDueNumeros(sut.db, ict('2031-03-03T18:15:00'), { beacon: lying })).toBe(0);
    expect((await fairNumero('203103030001')).status).toBe('locked');
    const events = await sut.db.select().from(lotteryEvents).where(eq(lotteryEvents.numeroId, id));
    expect(events.map((event) => event.kind)).toContain('beacon_invalid');
    const early = await getNumeroProof(sut.db, 'T_FAIR', '203103030001', honest, ict('2031-03-03T18:15:00'));
    expect(early.seed).toBeNull();

    // Ten minutes after the draw time, still no valid round: void, every bet refunded, seed shown.
    expect(
      await drawDueNumeros(sut.db, ict('2031-03-03T18:25:00'), { beacon: lying, deadlineMs: 10 * 60_000 }),
    ).toBe(0);
    const voided = await fairNumero('203103030001');
    expect(voided.status).toBe('void');
    expect(voided.voidReason).toMatch(/beacon round \d+ did not arrive/);
    const proof = await getNumeroProof(sut.db, 'T_FAIR', '203103030001', honest, ict('2031-03-03T18:25:00'));
    expect(proof.seed).toBe(voided.seed);
    expect(proof.result).toBeNull();
    const kinds = (await sut.db.select().from(lotteryEvents).where(eq(lotteryEvents.numeroId, id))).map(
      (e) => e.kind,
    );
    expect(kinds).toContain('beacon_missing');
  });
});

describe('voids in the open (issue 36)', () => {
  it('after the lock a void takes a second operator (audited), then refunds; the seed shows once the draw time passed', async () => {
    await sut.db.execute(sql`update lottery_games set enabled = true where game_code = 'T_FAIR'`);
    sequence += 1;
    const first = await newMember(sut, `voidop${sequence}`, 0, 'operator');
    const second = await newMember(sut, `voidop2${sequence}`, 0, 'operator');
    const numero = nextNumero();
    const numeroId = await addNumero(sut.db, gameId, numero, { lockInSeconds: 1200 });
    const bettor = await member(100_000n);
    // One bet, then betting closed a moment ago; the draw is in a minute.
    await betThenLock(sut.db, numeroId, {
      memberId: bettor,
      requestId: `void-${numero}`,
      gameCode: 'T_FAIR',
      numero,
      numbers: ['01', '02'],
    });
    const voiding = { gameCode: 'T_FAIR', numero, reason: 'power cut at the draw' };
    const post = (token: string) =>
      call(sut, { method: 'POST', url: '/api/operator/lottery/numeros/void', body: voiding, token });

    const requested = await post(first.token);
    expect(requested.status).toBe(200);
    expect(requested.body.value).toMatchObject({
      pending: true,
      refundedBets: 0,
      numero: { status: 'locked' },
    });
    expect((await post(first.token)).body.code).toBe('SECOND_APPROVER_REQUIRED');
    let [row] = await sut.db.select().from(lotteryNumeros).where(eq(lotteryNumeros.id, numeroId));
    expect(row).toMatchObject({ status: 'locked', voidRequestedBy: null });
    const [waiting] = await sut.db
      .select()
      .from(lotteryVoidRequests)
      .where(eq(lotteryVoidRequests.numeroId, numeroId));
    expect(waiting).toMatchObject({
      status: 'pending',
      requestedById: first.id,
      reason: 'power cut at the draw',
    });

    const confirmed = await post(second.token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.value).toMatchObject({
      pending: false,
      refundedBets: 2,
      numero: { status: 'void', voidReason: 'power cut at the draw', seed: null },
    });
    [row] = await sut.db.select().from(lotteryNumeros).where(eq(lotteryNumeros.id, numeroId));
    expect(row).toMatchObject({ status: 'void', voidRequestedBy: first.id, voidApprovedBy: second.id });
    const trail = rowsOf<{ action: string; outcome: string; error_code: string | null }>(
      await sut.db.execute(sql`select action, outcome, error_code from operator_audit
         where target_id = ${`T_FAIR/${numero}`} or (action = 'operatorVoidNumero' and outcome <> 'ok')
         order by id`),
    );
    expect(trail.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['lottery.void.request', 'lottery.void', 'operatorVoidNumero']),
    );
    expect(trail.find((entry) => entry.outcome !== 'ok')?.error_code).toBe('SECOND_APPROVER_REQUIRED');
    // The public notice on the results list.
    const results = await call(sut, { method: 'GET', url: '/lgw/vn/numeros?gameCode=T_FAIR&count=50' });
    expect(
      (results.body.value.list as { numero: string; voidReason: string | null }[]).find(
        (entry) => entry.numero === numero,
      )?.voidReason,
    ).toBe('power cut at the draw');
    // The seed of a void numero is public once its draw time has passed.
    const later = await getNumeroProof(sut.db, 'T_FAIR', numero, null, new Date(Date.now() + 61_000));
    expect(later.seed).toBe('00'.repeat(32));
  });

  it('before the lock one operator voids at once', async () => {
    sequence += 1;
    const operator = await newMember(sut, `voidone${sequence}`, 0, 'operator');
    const numero = nextNumero();
    await addNumero(sut.db, gameId, numero, { lockInSeconds: 1200 });
    const answer = await call(sut, {
      method: 'POST',
      url: '/api/operator/lottery/numeros/void',
      body: { gameCode: 'T_FAIR', numero, reason: 'opened by mistake' },
      token: operator.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.value).toMatchObject({ pending: false, numero: { status: 'void' } });
  });
});
