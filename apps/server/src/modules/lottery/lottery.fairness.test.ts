import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { deriveDraw, specialOf } from '@khela/contract';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { AppError } from '../../http/app-error.ts';
import { members } from '../accounts/accounts.tables.ts';
import { memberWalletAddress, systemAddress } from '../ledger/ledger.addresses.ts';
import { getBalance, postEntry, rowsOf } from '../ledger/ledger.service.ts';
import { updateSettings } from '../settings/settings.service.ts';
import { cancelBet, listMyBets, placeSlip } from './lottery.bets.ts';
import { TEST_CURRENCY, addLotteryGame, addNumero, openWallet } from './lottery.money.test-support.ts';
import { betsDigestOf, lockDueNumeros } from './lottery.numeros.ts';
import { lotteryEvents, lotteryNumeros } from './lottery.tables.ts';

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

async function member(funding: bigint): Promise<number> {
  sequence += 1;
  const [row] = await sut.db
    .insert(members)
    .values({ account: `fair${sequence}`, nickname: `fair${sequence}` })
    .returning({ id: members.id });
  if (!row) throw new Error('no member');
  await openWallet(sut.db, row.id);
  await postEntry(sut.db, {
    kind: 'deposit',
    idempotencyKey: `fair-fund-${row.id}`,
    postings: [
      { address: systemAddress('world', TEST_CURRENCY), amount: -funding },
      { address: memberWalletAddress(row.id, 'main'), amount: funding },
    ],
  });
  return row.id;
}

const balanceOf = async (memberId: number) =>
  (await getBalance(sut.db, { address: memberWalletAddress(memberId, 'main') })).balance;

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

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
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
    await sut.db.update(lotteryNumeros).set({ lockAt: new Date() }).where(eq(lotteryNumeros.id, numeroId));
    await lockDueNumeros(sut.db, new Date());
    const [locked] = await sut.db.select().from(lotteryNumeros).where(eq(lotteryNumeros.id, numeroId));
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
