import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { hitsOf, payoutOf, type DrawResult, type PlayType } from '@khela/contract';
import { openDatabase } from '../../db/open-database.ts';
import type { TestApp } from '../../test/helper.ts';
import { AppError } from '../../http/app-error.ts';
import { members } from '../accounts/accounts.tables.ts';
import { memberWalletAddress, systemAddress } from '../ledger/ledger.addresses.ts';
import { expectLedgerValid } from '../ledger/ledger.test-support.ts';
import { requestHashOf, rowsOf } from '../ledger/ledger.service.ts';
import { cancelBet, listMyBets, placeSlip, type PlaceSlipInput } from './lottery.bets.ts';
import { betsOffLedger, formatBetsOffLedger } from './lottery.ledger-check.ts';
import { settleNumero, voidNumero } from './lottery.settlement.ts';
import {
  TEST_CURRENCY,
  addFundedMember,
  addLotteryGame,
  addNumero,
  bulkBets,
  drawWith,
  mainBalanceOf,
  refusal,
  testOdds,
} from './lottery.money.test-support.ts';
import { digits, uncappedLotteryApp } from './lottery.test-support.ts';

/**
 * The lottery's money: placing slips, cancelling, settlement and voiding against the ledger. The
 * numeros are written straight into the tables (the lifecycle job is tested elsewhere). After each
 * test every bet's figures still equal its postings (lottery_bets_off_ledger.sql).
 */
let sut: TestApp;
let northId = 0;
let fastId = 0;
let numeroSequence = 0;

beforeAll(async () => {
  sut = await uncappedLotteryApp();
  northId = await addLotteryGame(sut.db, 'T_NORTH', 'north');
  fastId = await addLotteryGame(sut.db, 'T_FAST', 'fast');
  await addLotteryGame(sut.db, 'T_OFF', 'south', { enabled: false });
});
afterAll(async () => {
  await sut.close();
});
// Every bet's stake and settled win (what the betting record and agents' wages read) equal the
// postings that placed, paid, voided or cancelled it, after every scenario (issue 34).
afterEach(async () => {
  const offLedger = await betsOffLedger(sut.db);
  expect(offLedger, formatBetsOffLedger(offLedger)).toEqual([]);
});

/** A fresh numero code of today. */
function nextNumero(): string {
  numeroSequence += 1;
  return `20261126${String(numeroSequence).padStart(4, '0')}`;
}

let memberSequence = 0;
async function member(funding = 1_000_000n, type = 0): Promise<number> {
  memberSequence += 1;
  const account = `lotto${memberSequence}`;
  return addFundedMember(sut.db, {
    account,
    funding,
    type,
    fundingKey: (id) => `lotto-fund-${id}-${funding}`,
  });
}

const balanceOf = (memberId: number) => mainBalanceOf(sut.db, memberId);

async function entryCount(): Promise<number> {
  const [row] = rowsOf<{ count: string }>(
    await sut.db.execute(sql`select count(*)::text as count from journal_entries`),
  );
  return Number(row?.count);
}

function slip(memberId: number, numero: string, overrides: Partial<PlaceSlipInput> = {}): PlaceSlipInput {
  return {
    memberId,
    requestId: `req-${memberId}-${randomBytes(5).toString('hex')}`,
    gameCode: 'T_NORTH',
    numero,
    playType: 'lo2',
    numbers: ['07', '42', '99'],
    unitStake: '10',
    multiplier: 2,
    ...overrides,
  };
}

/** A north result whose special is `special` (5 digits) and whose other numbers are `others`. */
function northResult(special: string, others: string[]): DrawResult {
  const layout: [DrawResult[number]['tier'], number, number][] = [
    ['first', 1, 5],
    ['second', 2, 5],
    ['third', 6, 5],
    ['fourth', 4, 4],
    ['fifth', 6, 4],
    ['sixth', 3, 3],
    ['seventh', 4, 2],
  ];
  const pool = [...others];
  let filler = 0;
  const take = (digits: number) => {
    const next = pool.shift();
    if (next !== undefined) return next.padStart(digits, '1').slice(-digits);
    filler += 1;
    return String(50_000 + filler * 37)
      .padStart(digits, '3')
      .slice(-digits);
  };
  return [
    { tier: 'special', numbers: [special] },
    ...layout.map(([tier, count, digits]) => ({
      tier,
      numbers: Array.from({ length: count }, () => take(digits)),
    })),
  ];
}

describe('placing a slip', () => {
  it('stakes each bet with one journal entry, all in one call', async () => {
    const memberId = await member(100_000n);
    const numero = nextNumero();
    await addNumero(sut.db, northId, numero);
    const before = await entryCount();
    const result = await placeSlip(sut.db, slip(memberId, numero));
    expect(result.replayed).toBe(false);
    expect(result.bets).toHaveLength(3);
    expect(result.total).toBe('60.00');
    expect(result.balance).toBe('940.00');
    expect(result.bets.map((bet) => bet.numbers)).toEqual([['07'], ['42'], ['99']]);
    expect(result.bets[0]).toMatchObject({
      gameCode: 'T_NORTH',
      gameName: 'Game T_NORTH',
      numero,
      playType: 'lo2',
      stake: '20.00',
      odds: '80',
      status: 'open',
      hits: 0,
      payout: '0.00',
      settledAt: null,
      cancellable: true,
    });
    expect(await entryCount()).toBe(before + 3);
    expect(await balanceOf(memberId)).toBe(94_000n);
    await expectLedgerValid(sut.db);
  });

  it('places a xiên as one bet of all its numbers, sorted', async () => {
    const memberId = await member();
    const numero = nextNumero();
    await addNumero(sut.db, northId, numero);
    const result = await placeSlip(
      sut.db,
      slip(memberId, numero, { playType: 'xien3', numbers: ['42', '07', '88'] }),
    );
    expect(result.bets).toHaveLength(1);
    expect(result.bets[0]?.numbers).toEqual(['07', '42', '88']);
    expect(result.bets[0]?.odds).toBe('65');
  });

  it('replays the same requestId with the same slip, and refuses another slip under it', async () => {
    const memberId = await member(100_000n);
    const numero = nextNumero();
    await addNumero(sut.db, northId, numero);
    const input = slip(memberId, numero);
    const first = await placeSlip(sut.db, input);
    const entries = await entryCount();
    const again = await placeSlip(sut.db, input);
    expect(again.replayed).toBe(true);
    expect(again.bets.map((bet) => bet.betId)).toEqual(first.bets.map((bet) => bet.betId));
    expect(await entryCount()).toBe(entries);
    const other = await refusal(placeSlip(sut.db, { ...input, numbers: ['07', '42', '98'] }));
    expect(other.code).toBe('IDEMPOTENCY_MISMATCH');
    const shorter = await refusal(placeSlip(sut.db, { ...input, numbers: ['07', '42'] }));
    expect(shorter.code).toBe('IDEMPOTENCY_MISMATCH');
    expect(await entryCount()).toBe(entries);
    expect(await balanceOf(memberId)).toBe(94_000n);
  });

  it('places a slip once when the same request arrives twice at the same time', async () => {
    const memberId = await member(100_000n);
    const numero = nextNumero();
    await addNumero(sut.db, northId, numero);
    const input = slip(memberId, numero);
    const results = await Promise.all([placeSlip(sut.db, input), placeSlip(sut.db, input)]);
    expect(results.map((result) => result.replayed).sort()).toEqual([false, true]);
    expect(await balanceOf(memberId)).toBe(94_000n);
    await expectLedgerValid(sut.db);
  });

  it('refuses bad input, naming the field, and moves nothing', async () => {
    const memberId = await member(100_000n);
    const numero = nextNumero();
    await addNumero(sut.db, northId, numero);
    const fastNumero = nextNumero();
    await addNumero(sut.db, fastId, fastNumero);
    const entries = await entryCount();
    const cases: [Partial<PlaceSlipInput>, string, string | null][] = [
      [{ numbers: ['7'] }, 'VALIDATION_FAILED', 'numbers'],
      [{ numbers: ['07', '07'] }, 'VALIDATION_FAILED', 'numbers'],
      [{ numbers: ['0\u00007'] }, 'VALIDATION_FAILED', 'numbers'],
      [
        { numbers: Array.from({ length: 101 }, (_, index) => String(index % 100).padStart(2, '0')) },
        'VALIDATION_FAILED',
        'numbers',
      ],
      [{ playType: 'xien2', numbers: ['01', '02', '03'] }, 'VALIDATION_FAILED', 'numbers'],
      [{ playType: 'xien4', numbers: ['01', '02', '03'] }, 'VALIDATION_FAILED', 'numbers'],
      [{ playType: 'big_small', numbers: ['big'] }, 'VALIDATION_FAILED', 'playType'],
      [{ playType: 'nope' as PlayType }, 'VALIDATION_FAILED', 'playType'],
      [{ unitStake: '-1' }, 'VALIDATION_FAILED', 'unitStake'],
      [{ unitStake: '0' }, 'VALIDATION_FAILED', 'unitStake'],
      [{ unitStake: '1.001' }, 'VALIDATION_FAILED', 'unitStake'],
      [{ unitStake: '1e3' }, 'VALIDATION_FAILED', 'unitStake'],
      [{ multiplier: 0 }, 'VALIDATION_FAILED', 'multiplier'],
      [{ unitStake: '90000000000000000', multiplier: 2 }, 'VALIDATION_FAILED', 'unitStake'],
      [{ multiplier: 1.5 }, 'VALIDATION_FAILED', 'multiplier'],
      [{ unitStake: '0.50', multiplier: 1 }, 'AMOUNT_OUT_OF_RANGE', 'unitStake'],
      [{ unitStake: '10000', multiplier: 2 }, 'AMOUNT_OUT_OF_RANGE', 'unitStake'],
      [{ gameCode: 'T_NONE' }, 'NOT_FOUND', 'gameCode'],
      [{ gameCode: 'T_OFF' }, 'NOT_FOUND', 'gameCode'],
      [{ numero: '202611269999' }, 'NOT_FOUND', 'numero'],
      // The fast game's numero under the north game's code: not this game's.
      [{ numero: fastNumero }, 'NOT_FOUND', 'numero'],
      [{ unitStake: '5000', multiplier: 2, numbers: ['01', '02'] }, 'INSUFFICIENT_FUNDS', null],
    ];
    for (const [overrides, code, field] of cases) {
      const error = await refusal(placeSlip(sut.db, slip(memberId, numero, overrides)));
      expect(error.code, JSON.stringify(overrides).slice(0, 80)).toBe(code);
      if (field) expect(error.issues?.[0]?.field, code).toBe(field);
    }
    const range = await refusal(
      placeSlip(sut.db, slip(memberId, numero, { unitStake: '0.50', multiplier: 1 })),
    );
    expect(range.value).toEqual({ min: '1.00', max: '10000.00' });
    expect(await entryCount()).toBe(entries);
    expect(await balanceOf(memberId)).toBe(100_000n);
  });

  it('takes all of a slip or nothing when the balance covers only part of it', async () => {
    const memberId = await member(5_000n);
    const numero = nextNumero();
    await addNumero(sut.db, northId, numero);
    const entries = await entryCount();
    const error = await refusal(
      placeSlip(sut.db, slip(memberId, numero, { unitStake: '20', multiplier: 1 })),
    );
    expect(error.code).toBe('INSUFFICIENT_FUNDS');
    expect(await balanceOf(memberId)).toBe(5_000n);
    expect(await entryCount()).toBe(entries);
    await expectLedgerValid(sut.db);
  });

  it('refuses bets after the lock, on a locked or drawn numero', async () => {
    const memberId = await member();
    const past = nextNumero();
    await addNumero(sut.db, northId, past, { lockInSeconds: -1 });
    const locked = nextNumero();
    await addNumero(sut.db, northId, locked, { status: 'locked' });
    const drawn = nextNumero();
    await addNumero(sut.db, northId, drawn, { status: 'drawn' });
    for (const numero of [past, locked, drawn]) {
      const error = await refusal(placeSlip(sut.db, slip(memberId, numero)));
      expect(error.code).toBe('BETTING_CLOSED');
    }
    expect(await balanceOf(memberId)).toBe(1_000_000n);
  });

  it('refuses a disabled account and a trial account', async () => {
    const numero = nextNumero();
    await addNumero(sut.db, northId, numero);
    const disabled = await member();
    await sut.db.update(members).set({ status: 'disabled' }).where(eq(members.id, disabled));
    expect((await refusal(placeSlip(sut.db, slip(disabled, numero)))).code).toBe('ACCOUNT_DISABLED');
    const trial = await member(1_000_000n, 4);
    expect((await refusal(placeSlip(sut.db, slip(trial, numero)))).code).toBe('TRIAL_ACCOUNT');
    expect(await balanceOf(disabled)).toBe(1_000_000n);
  });

  it('lets no bet in after the lifecycle locked the numero (the lock waits for bets in flight)', async () => {
    const numero = nextNumero();
    const numeroId = await addNumero(sut.db, northId, numero);
    const players = await Promise.all(Array.from({ length: 6 }, () => member()));
    const placements = players.map((memberId) =>
      placeSlip(sut.db, slip(memberId, numero)).then(
        () => 'placed',
        (error: unknown) => (error instanceof AppError ? error.code : 'failed'),
      ),
    );
    const locking = sut.db.execute(sql`update lottery_numeros set status = 'locked', locked_at = now()
       where id = ${numeroId} and status = 'open' returning (select count(*) from lottery_bets where numero_id = ${numeroId})::text as bets`);
    const outcomes = await Promise.all(placements);
    await locking;
    const [after] = rowsOf<{ bets: string }>(
      await sut.db.execute(
        sql`select count(*)::text as bets from lottery_bets where numero_id = ${numeroId}`,
      ),
    );
    expect(outcomes.every((outcome) => outcome === 'placed' || outcome === 'BETTING_CLOSED')).toBe(true);
    expect(Number(after?.bets)).toBe(outcomes.filter((outcome) => outcome === 'placed').length * 3);
    // Every bet placed is counted by the lock (the digest reads the bets after it): none comes later.
    const late = await refusal(placeSlip(sut.db, slip(players[0] ?? 0, numero)));
    expect(late.code).toBe('BETTING_CLOSED');
    await expectLedgerValid(sut.db);
  });
});

describe('cancelling and listing bets', () => {
  it('refunds an own open bet once, and refuses after the lock, twice or for another member', async () => {
    const memberId = await member(100_000n);
    const other = await member();
    const numero = nextNumero();
    const numeroId = await addNumero(sut.db, northId, numero);
    const placed = await placeSlip(sut.db, slip(memberId, numero));
    const [first, second] = placed.bets;
    if (!first || !second) throw new Error('no bets');
    expect((await refusal(cancelBet(sut.db, { memberId: other, betId: first.betId }))).code).toBe(
      'NOT_FOUND',
    );
    const cancelled = await cancelBet(sut.db, { memberId, betId: first.betId });
    expect(cancelled.bet).toMatchObject({ status: 'cancelled', cancellable: false });
    expect(cancelled.balance).toBe('960.00');
    // One reversal of the placement entry, its request hash the ledger's.
    const [reversal] = rowsOf<{ request_hash: string; reverses: string; key: string }>(
      await sut.db
        .execute(sql`select e.request_hash, e.reverses_entry_id::text as reverses, e.idempotency_key as key
        from journal_entries e join lottery_bets b on b.settle_entry_id = e.id where b.id = ${first.betId}`),
    );
    expect(reversal?.key).toBe(`lottery-cancel:${first.betId}`);
    expect(reversal?.request_hash).toBe(
      requestHashOf({
        kind: 'reversal',
        idempotencyKey: reversal?.key ?? '',
        postings: [
          { address: memberWalletAddress(memberId, 'main'), amount: 2_000n },
          { address: systemAddress('house', TEST_CURRENCY), amount: -2_000n },
        ],
        reversesEntryId: Number(reversal?.reverses),
      }),
    );
    const entries = await entryCount();
    expect((await refusal(cancelBet(sut.db, { memberId, betId: first.betId }))).code).toBe('BETTING_CLOSED');
    const [twice] = await Promise.allSettled([
      cancelBet(sut.db, { memberId, betId: second.betId }),
      cancelBet(sut.db, { memberId, betId: second.betId }),
    ]).then((results) => [results.filter((result) => result.status === 'fulfilled').length]);
    expect(twice).toBe(1);
    expect(await entryCount()).toBe(entries + 1);
    await sut.db.execute(sql`update lottery_numeros set status = 'locked' where id = ${numeroId}`);
    const third = placed.bets[2];
    expect((await refusal(cancelBet(sut.db, { memberId, betId: third?.betId ?? 0 }))).code).toBe(
      'BETTING_CLOSED',
    );
    expect(await balanceOf(memberId)).toBe(98_000n);
    await expectLedgerValid(sut.db);
  });

  it('lists only the caller’s bets, newest first, paged and filtered', async () => {
    const memberId = await member();
    const other = await member();
    const numero = nextNumero();
    await addNumero(sut.db, northId, numero);
    await placeSlip(sut.db, slip(memberId, numero));
    await placeSlip(sut.db, slip(memberId, numero, { playType: 'de', numbers: ['12'] }));
    await placeSlip(sut.db, slip(other, numero));
    const page = await listMyBets(sut.db, { memberId, pageNo: 1, pageSize: 3 });
    expect(page.total).toBe(4);
    expect(page.totalPages).toBe(2);
    expect(page.list[0]?.playType).toBe('de');
    const des = await listMyBets(sut.db, {
      memberId,
      pageNo: 1,
      pageSize: 10,
      status: 'open',
      numero,
      gameCode: 'T_NORTH',
    });
    expect(des.list).toHaveLength(4);
    const bn = await listMyBets(sut.db, { memberId, pageNo: 2, pageSize: 3, language: 'BN' });
    expect(bn.list[0]?.gameName).toBe('খেলা T_NORTH');
    expect((await listMyBets(sut.db, { memberId, pageNo: 1, pageSize: 10, status: 'won' })).total).toBe(0);
  });
});

describe('settlement', () => {
  it('pays each winning bet stake × odds × hits, exactly once, also when run twice at the same time', async () => {
    const winner = await member(100_000n);
    const loser = await member(100_000n);
    const numero = nextNumero();
    const numeroId = await addNumero(sut.db, northId, numero);
    const lo = await placeSlip(
      sut.db,
      slip(winner, numero, { numbers: ['45', '67'], unitStake: '10', multiplier: 1 }),
    );
    const de = await placeSlip(
      sut.db,
      slip(winner, numero, { playType: 'de', numbers: ['45'], unitStake: '1', multiplier: 1 }),
    );
    await placeSlip(sut.db, slip(loser, numero, { numbers: ['00'], unitStake: '10', multiplier: 1 }));
    // 45 ends the special and one other number (two hits); 67 ends none.
    const result = northResult('12345', ['99945']);
    await drawWith(sut.db, numeroId, result);
    const outcomes = await Promise.all([
      settleNumero(sut.db, numeroId, { batchSize: 2 }),
      settleNumero(sut.db, numeroId, { batchSize: 2 }),
    ]);
    expect(outcomes.every((outcome) => outcome.done)).toBe(true);
    expect(outcomes.reduce((sum, outcome) => sum + outcome.settledBets, 0)).toBe(4);
    const again = await settleNumero(sut.db, numeroId);
    expect(again).toEqual({ settledBets: 0, batches: 0, done: true });
    const bets = await listMyBets(sut.db, { memberId: winner, pageNo: 1, pageSize: 10, numero });
    const byNumber = new Map(bets.list.map((bet) => [`${bet.playType}:${bet.numbers[0]}`, bet]));
    expect(byNumber.get('lo2:45')).toMatchObject({ status: 'won', hits: 2, payout: '1600.00' });
    expect(byNumber.get('lo2:67')).toMatchObject({ status: 'lost', hits: 0, payout: '0.00' });
    expect(byNumber.get('de:45')).toMatchObject({ status: 'won', hits: 1, payout: '95.00' });
    expect(lo.bets).toHaveLength(2);
    expect(de.bets).toHaveLength(1);
    expect(await balanceOf(winner)).toBe(100_000n - 2_100n + 160_000n + 9_500n);
    expect(await balanceOf(loser)).toBe(99_000n);
    const [numeroRow] = rowsOf<{ status: string }>(
      await sut.db.execute(sql`select status from lottery_numeros where id = ${numeroId}`),
    );
    expect(numeroRow?.status).toBe('settled');
    await expectLedgerValid(sut.db);
  });

  it('computes the win entries’ request hashes the ledger’s way', async () => {
    const memberId = await member();
    const numero = nextNumero();
    const numeroId = await addNumero(sut.db, northId, numero);
    await placeSlip(sut.db, slip(memberId, numero, { numbers: ['45'], unitStake: '1', multiplier: 1 }));
    await drawWith(sut.db, numeroId, northResult('12345', []));
    await settleNumero(sut.db, numeroId);
    const [entry] = rowsOf<{ request_hash: string; key: string }>(
      await sut.db.execute(sql`select e.request_hash, e.idempotency_key as key from journal_entries e
        join lottery_bets b on b.settle_entry_id = e.id where b.numero_id = ${numeroId}`),
    );
    expect(entry?.key).toMatch(new RegExp(`^lottery-win:${numeroId}:[0-9]+:${memberId}$`));
    expect(entry?.request_hash).toBe(
      requestHashOf({
        kind: 'win',
        idempotencyKey: entry?.key ?? '',
        postings: [
          { address: systemAddress('house', TEST_CURRENCY), amount: -8_000n },
          { address: memberWalletAddress(memberId, 'main'), amount: 8_000n },
        ],
      }),
    );
  });

  it('settles only a drawn numero', async () => {
    const numeroId = await addNumero(sut.db, northId, nextNumero());
    expect((await refusal(settleNumero(sut.db, numeroId))).code).toBe('CONFLICT');
    expect((await refusal(settleNumero(sut.db, 987_654_321))).code).toBe('NOT_FOUND');
  });

  it('settles a bet with a HOT update: no index of lottery_bets holds a column settling writes', async () => {
    // What lottery_close_batch writes on a bet (and a cancel or a void besides the status).
    const written = ['status', 'hits', 'payout', 'settled_at', 'settle_entry_id'];
    const indexes = rowsOf<{ name: string; definition: string }>(
      await sut.db.execute(sql`select indexname as name, indexdef as definition from pg_indexes
                                where tablename = 'lottery_bets'`),
    );
    expect(indexes.length).toBeGreaterThanOrEqual(4);
    for (const { name, definition } of indexes) {
      const columns = definition.slice(definition.indexOf('USING'));
      for (const column of written) expect(columns, name).not.toMatch(new RegExp(`\\b${column}\\b`));
    }
    // And so PostgreSQL settles a batch with (almost) no new index entry: its updates are HOT where
    // the page has room for the new version (fillfactor 50 leaves it on the pages these bets filled;
    // a page shared with earlier tests' bets may be full). With settled_at indexed, none was.
    const numeroId = await addNumero(sut.db, fastId, nextNumero());
    await bulkBets(sut.db, {
      numeroId,
      gameId: fastId,
      region: 'fast',
      members: 5,
      betsPerMember: 40,
      stake: 100n,
      prefix: `hot${numeroId}`,
      order: 'interleaved',
    });
    await drawWith(sut.db, numeroId, northResult('98765', ['11107', '2213']));
    const counts = await sut.db.transaction(async (tx) => {
      await tx.execute(sql`select lottery_close_batch('settle', ${numeroId}::bigint, 0::bigint, 1000)`);
      return rowsOf<{ updated: number; hot: number }>(
        await tx.execute(sql`select n_tup_upd::int as updated, n_tup_hot_upd::int as hot
                               from pg_stat_xact_user_tables where relname = 'lottery_bets'`),
      )[0];
    });
    // (The counts may hold a few updates of this connection not yet flushed to the statistics.)
    expect(counts?.updated).toBeGreaterThanOrEqual(200);
    expect(counts?.hot).toBeGreaterThanOrEqual(190);
  });

  it("counts a won or lost bet's round at its draw's settlement, a cancelled one at its own time", async () => {
    const memberId = await member(100_000n);
    const numero = nextNumero();
    const numeroId = await addNumero(sut.db, northId, numero);
    const placed = await placeSlip(sut.db, slip(memberId, numero));
    const [cancelledBet, ...kept] = placed.bets;
    if (!cancelledBet || kept.length === 0) throw new Error('no bets');
    await cancelBet(sut.db, { memberId, betId: cancelledBet.betId });
    const rounds = async () =>
      rowsOf<{ id: string; status: string; settled: string | null; bet: string | null; draw: string | null }>(
        await sut.db.execute(sql`select r.id::text as id, r.status, r.settled_at::text as settled,
              b.settled_at::text as bet, n.settled_at::text as draw
            from member_rounds r
            join lottery_bets b on r.round_id = 'L' || b.id
            join lottery_numeros n on n.id = b.numero_id
           where b.numero_id = ${numeroId} order by r.id`),
      );
    await drawWith(sut.db, numeroId, northResult('98765', ['11107', '2213']));
    // The draw's first batch has paid some bets: their rounds are settled, without a time yet.
    await sut.db.execute(sql`select lottery_close_batch('settle', ${numeroId}::bigint, 0::bigint, 1)`);
    const during = await rounds();
    expect(during.map((round) => [round.status, round.settled])).toEqual([
      ['rolled_back', during[0]?.bet],
      ['settled', null],
      ...kept.slice(1).map(() => ['open', null]),
    ]);
    expect(during[0]?.bet).not.toBeNull();
    await settleNumero(sut.db, numeroId);
    const after = await rounds();
    expect(after[0]).toMatchObject({ status: 'rolled_back', settled: after[0]?.bet });
    for (const round of after.slice(1)) {
      expect(round.status).toBe('settled');
      expect(round.settled).toBe(round.draw);
      expect(round.draw).not.toBeNull();
    }
  });

  it('goes on from where a run stopped: whole batches done, nothing paid twice', async () => {
    const numero = nextNumero();
    const numeroId = await addNumero(sut.db, fastId, numero);
    const { memberIds } = await bulkBets(sut.db, {
      numeroId,
      gameId: fastId,
      region: 'fast',
      members: 7,
      betsPerMember: 9,
      stake: 100n,
      prefix: `resume${numero}`,
    });
    await drawWith(sut.db, numeroId, northResult('98765', ['11107', '2213']));
    // A run that died after two batches (as if the process had been killed) …
    await sut.db.execute(sql`select lottery_close_batch('settle', ${numeroId}::bigint, 0::bigint, 10)`);
    const [cut] = rowsOf<{ last: string }>(
      await sut.db.execute(
        sql`select max(id)::text as last from lottery_bets where numero_id = ${numeroId} and status <> 'open'`,
      ),
    );
    await sut.db.execute(
      sql`select lottery_close_batch('settle', ${numeroId}::bigint, ${cut?.last}::bigint, 10)`,
    );
    // … and the next run.
    const rest = await settleNumero(sut.db, numeroId, { batchSize: 10 });
    expect(rest.settledBets).toBe(63 - 20);
    expect(rest.done).toBe(true);
    const [paid] = rowsOf<{ total: string; expected: string }>(
      await sut.db.execute(sql`select coalesce(sum(p.amount), 0)::text as total,
          (select sum(payout)::text from lottery_bets where numero_id = ${numeroId}) as expected
        from postings p join journal_entries e on e.id = p.entry_id
        join ledger_accounts a on a.id = p.account_id
       where e.kind = 'win' and e.metadata ->> 'numeroId' = ${String(numeroId)} and a.owner_member_id is not null`),
    );
    expect(paid?.total).toBe(paid?.expected);
    expect(memberIds).toHaveLength(7);
    await expectLedgerValid(sut.db);
  });

  it.runIf(process.env.DATABASE_URL)(
    'settles nothing twice when the settling process dies in the middle of a batch (PostgreSQL)',
    async () => {
      const numero = nextNumero();
      const numeroId = await addNumero(sut.db, fastId, numero);
      await bulkBets(sut.db, {
        numeroId,
        gameId: fastId,
        region: 'fast',
        members: 40,
        betsPerMember: 50,
        stake: 100n,
        prefix: `killed${numero}`,
      });
      await drawWith(sut.db, numeroId, northResult('48213', ['90407', '11852']));
      const [database] = rowsOf<{ name: string }>(
        await sut.db.execute(sql`select current_database() as name`),
      );
      const url = new URL(process.env.DATABASE_URL ?? '');
      url.pathname = `/${database?.name ?? ''}`;
      // The "process" that dies: its own pool. The second half of the members' wallets is held by
      // another transaction, so the run stops inside the first batch that pays one of them (its
      // bets scored, its entries begun) and is killed there.
      const doomed = await openDatabase({ kind: 'pg', url: url.toString(), poolSize: 1 });
      const holder = await openDatabase({ kind: 'pg', url: url.toString(), poolSize: 1 });
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let held = () => {};
      const holding = new Promise<void>((resolve) => {
        held = resolve;
      });
      const holderDone = holder.db.transaction(async (tx) => {
        await tx.execute(sql`select a.id from ledger_accounts a
            join (select distinct member_id from lottery_bets where numero_id = ${numeroId}
                   order by member_id offset 20) m on a.address = 'member:' || m.member_id || ':main'
           for update of a`);
        held();
        await released;
      });
      await holding;
      const dying = settleNumero(doomed.db, numeroId, { batchSize: 20 }).then(
        () => 'finished',
        () => 'died',
      );
      let waiting = 0;
      for (let tries = 0; tries < 1000 && waiting === 0; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        const [blocked] = rowsOf<{ count: string }>(
          await sut.db.execute(sql`select count(*)::text as count from pg_stat_activity a
            where a.datname = current_database() and a.wait_event_type = 'Lock'
              and a.query like '%lottery_close_batch%'`),
        );
        waiting = Number(blocked?.count);
      }
      expect(waiting).toBe(1);
      await sut.db.execute(sql`select pg_terminate_backend(a.pid) from pg_stat_activity a
        where a.datname = current_database() and a.wait_event_type = 'Lock' and a.query like '%lottery_close_batch%'`);
      expect(await dying).toBe('died');
      await doomed.close().catch(() => undefined);
      release();
      await holderDone;
      await holder.close();
      const [halfway] = rowsOf<{ closed: string }>(
        await sut.db.execute(
          sql`select count(*)::text as closed from lottery_bets where numero_id = ${numeroId} and status <> 'open'`,
        ),
      );
      // Whole batches only: what the dead run committed, never a part of a batch.
      expect(Number(halfway?.closed) % 20).toBe(0);
      expect(Number(halfway?.closed)).toBeGreaterThanOrEqual(1000);
      expect(Number(halfway?.closed)).toBeLessThan(2000);
      const rest = await settleNumero(sut.db, numeroId, { batchSize: 20 });
      expect(rest.done).toBe(true);
      expect(Number(halfway?.closed) + rest.settledBets).toBe(2000);
      const [paid] = rowsOf<{ total: string; expected: string; bets: string; winners: string }>(
        await sut.db.execute(sql`select coalesce(sum(p.amount), 0)::text as total,
            (select sum(payout)::text from lottery_bets where numero_id = ${numeroId}) as expected,
            (select sum((e2.metadata ->> 'bets')::integer)::text from journal_entries e2
              where e2.kind = 'win' and e2.metadata ->> 'numeroId' = ${String(numeroId)}) as bets,
            (select count(*)::text from lottery_bets where numero_id = ${numeroId} and payout > 0) as winners
          from postings p join journal_entries e on e.id = p.entry_id
          join ledger_accounts a on a.id = p.account_id
         where e.kind = 'win' and e.metadata ->> 'numeroId' = ${String(numeroId)} and a.owner_member_id is not null`),
      );
      expect(paid?.total).toBe(paid?.expected);
      expect(paid?.bets).toBe(paid?.winners);
      await expectLedgerValid(sut.db);
    },
  );

  it('equals hitsOf and payoutOf over random draws and bets', async () => {
    const two = digits(2);
    const betArbitrary = fc.oneof(
      fc.record({ playType: fc.constantFrom<PlayType>('lo2', 'de'), numbers: two.map((number) => [number]) }),
      fc.record({
        playType: fc.constantFrom<PlayType>('lo3', 'ba_cang'),
        numbers: digits(3).map((number) => [number]),
      }),
      fc.record({ playType: fc.constant<PlayType>('lo4'), numbers: digits(4).map((number) => [number]) }),
      fc.record({
        playType: fc.constantFrom<PlayType>('dau', 'duoi', 'sum'),
        numbers: digits(1).map((number) => [number]),
      }),
      fc.record({
        playType: fc.constant<PlayType>('big_small'),
        numbers: fc.constantFrom(['big'], ['small']),
      }),
      fc.record({ playType: fc.constant<PlayType>('odd_even'), numbers: fc.constantFrom(['odd'], ['even']) }),
      fc.record({
        playType: fc.constantFrom<PlayType>('xien2', 'xien3', 'xien4'),
        numbers: fc
          .uniqueArray(fc.integer({ min: 0, max: 99 }), { minLength: 4, maxLength: 4 })
          .map((list) => list.map((number) => String(number).padStart(2, '0'))),
      }),
    );
    const memberId = await member(1_000_000_000n);
    await fc.assert(
      fc.asyncProperty(
        digits(5),
        fc.array(fc.oneof(digits(2), digits(3), digits(4), digits(5)), { minLength: 26, maxLength: 26 }),
        fc.array(fc.tuple(betArbitrary, fc.integer({ min: 100, max: 1_000_000 })), {
          minLength: 1,
          maxLength: 12,
        }),
        async (special, others, bets) => {
          const numero = nextNumero();
          const numeroId = await addNumero(sut.db, fastId, numero);
          for (const [bet, stake] of bets) {
            const perBet = Number(bet.playType.slice(4)) || 1;
            await placeSlip(sut.db, {
              ...slip(memberId, numero, { gameCode: 'T_FAST' }),
              playType: bet.playType,
              numbers: bet.numbers.slice(0, perBet),
              unitStake: (stake / 100).toFixed(2),
              multiplier: 1,
            });
          }
          const result: DrawResult = [
            { tier: 'special', numbers: [special] },
            { tier: 'first', numbers: others },
          ];
          await drawWith(sut.db, numeroId, result);
          await settleNumero(sut.db, numeroId, { batchSize: 5 });
          const rows = rowsOf<{
            play_type: PlayType;
            selection: string[];
            stake: string;
            hits: number;
            payout: string;
            status: string;
          }>(
            await sut.db.execute(sql`select play_type, selection, stake::text, hits, payout::text, status
              from lottery_bets where numero_id = ${numeroId}`),
          );
          for (const row of rows) {
            const hits = hitsOf(row.play_type, row.selection, result);
            expect(
              row.hits,
              `${row.play_type} ${row.selection.join(',')} on ${special} ${others.join(',')}`,
            ).toBe(hits);
            expect(row.payout).toBe(payoutOf(BigInt(row.stake), testOdds[row.play_type], hits).toString());
            expect(row.status).toBe(hits > 0 ? 'won' : 'lost');
          }
        },
      ),
      { numRuns: 25 },
    );
    await expectLedgerValid(sut.db);
  });
});

describe('voiding', () => {
  it('refunds every open bet once, resumes, and leaves cancelled bets alone', async () => {
    const numero = nextNumero();
    const numeroId = await addNumero(sut.db, northId, numero);
    const players = await Promise.all([member(100_000n), member(100_000n)]);
    for (const memberId of players) await placeSlip(sut.db, slip(memberId, numero));
    const cancelled = (await listMyBets(sut.db, { memberId: players[0] ?? 0, pageNo: 1, pageSize: 1 }))
      .list[0];
    await cancelBet(sut.db, { memberId: players[0] ?? 0, betId: cancelled?.betId ?? 0 });
    await drawWith(sut.db, numeroId, northResult('12307', []));
    // A void that stopped after its first batch …
    await sut.db.execute(
      sql`update lottery_numeros set status = 'void', void_reason = 'draw machine fault' where id = ${numeroId}`,
    );
    await sut.db.execute(sql`select lottery_close_batch('void', ${numeroId}::bigint, 0::bigint, 2)`);
    // … goes on with the next call.
    const rest = await voidNumero(sut.db, { numeroId, reason: 'draw machine fault', batchSize: 2 });
    expect(rest.refundedBets).toBe(3);
    expect((await voidNumero(sut.db, { numeroId, reason: 'again' })).refundedBets).toBe(0);
    for (const memberId of players) expect(await balanceOf(memberId)).toBe(100_000n);
    const statuses = rowsOf<{ status: string; count: string }>(
      await sut.db.execute(
        sql`select status, count(*)::text as count from lottery_bets where numero_id = ${numeroId} group by status order by status`,
      ),
    );
    expect(statuses).toEqual([
      { status: 'cancelled', count: '1' },
      { status: 'void', count: '5' },
    ]);
    expect((await refusal(settleNumero(sut.db, numeroId))).code).toBe('CONFLICT');
    expect((await refusal(placeSlip(sut.db, slip(players[1] ?? 0, numero)))).code).toBe('BETTING_CLOSED');
    await expectLedgerValid(sut.db);
  });

  it('refuses to void a numero whose settlement has begun', async () => {
    const numero = nextNumero();
    const numeroId = await addNumero(sut.db, northId, numero);
    const memberId = await member();
    await placeSlip(sut.db, slip(memberId, numero));
    await drawWith(sut.db, numeroId, northResult('12307', []));
    await sut.db.execute(sql`select lottery_close_batch('settle', ${numeroId}::bigint, 0::bigint, 1)`);
    const error = await refusal(voidNumero(sut.db, { numeroId, reason: 'halfway' }));
    expect(error.code).toBe('CONFLICT');
    expect(error.value).toEqual({ status: 'settling' });
    expect((await settleNumero(sut.db, numeroId)).done).toBe(true);
  });

  it('refuses to void a settled numero', async () => {
    const numeroId = await addNumero(sut.db, northId, nextNumero());
    await drawWith(sut.db, numeroId, northResult('12345', []));
    await settleNumero(sut.db, numeroId);
    expect((await refusal(voidNumero(sut.db, { numeroId, reason: 'too late' }))).code).toBe('CONFLICT');
  });
});
