import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../test/helper.ts';
import { postEntry } from '../ledger/ledger.service.ts';
import { memberWalletAddress, systemAddress } from '../ledger/ledger.addresses.ts';
import { cancelBet, placeSlip } from './lottery.bets.ts';
import { betsOffLedger, formatBetsOffLedger } from './lottery.ledger-check.ts';
import { settleNumero, voidNumero } from './lottery.settlement.ts';
import {
  TEST_CURRENCY,
  addFundedMember,
  addLotteryGame,
  addNumero,
  drawWith,
} from './lottery.money.test-support.ts';
import { uncappedLotteryApp } from './lottery.test-support.ts';

/**
 * The lottery bets the betting record, profit and loss and agents' wages read are checked against
 * the ledger (issue 34, figures beside the ledger): lottery_bets_off_ledger lists every bet whose
 * stake or settled win differs from the postings that placed, paid, voided or cancelled it, every
 * bet settled without its posting and every lottery posting without a bet; nothing when they agree.
 */
let sut: TestApp;
let gameId = 0;
let players: number[] = [];
/** Bet ids by what happened to them. */
const bets = { won: 0, lost: 0, cancelled: 0, voided: 0 };

beforeAll(async () => {
  sut = await uncappedLotteryApp();
  gameId = await addLotteryGame(sut.db, 'T_CHECK', 'north');
  players = [];
  for (const account of ['checka', 'checkb']) {
    players.push(
      await addFundedMember(sut.db, {
        account,
        funding: 1_000_000n,
        fundingKey: (id) => `check-fund-${id}`,
      }),
    );
  }
}, 60_000);
afterAll(async () => {
  await sut.close();
});

const slip = (memberId: number, numero: string, numbers: string[]) =>
  placeSlip(sut.db, {
    memberId,
    requestId: `check-${memberId}-${numero}-${numbers.join('-')}`,
    gameCode: 'T_CHECK',
    numero,
    playType: 'lo2',
    numbers,
    unitStake: '10',
    multiplier: 1,
  });

/** A result whose numbers end in 45 and 90 only. */
const result = [
  { tier: 'special' as const, numbers: ['12345'] },
  { tier: 'first' as const, numbers: ['67890'] },
];

describe('lottery bets against the ledger', () => {
  it('finds nothing after placing, cancelling, settling and voiding', async () => {
    const [first, second] = players as [number, number];
    const drawn = await addNumero(sut.db, gameId, '202611300001');
    const placed = await slip(first, '202611300001', ['45', '00', '11']);
    const together = await slip(second, '202611300001', ['45', '91']);
    bets.won = placed.bets[0]!.betId;
    bets.lost = placed.bets[1]!.betId;
    expect(together.bets).toHaveLength(2);
    bets.cancelled = placed.bets[2]!.betId;
    await cancelBet(sut.db, { memberId: first, betId: bets.cancelled });
    expect(await betsOffLedger(sut.db)).toEqual([]);

    await drawWith(sut.db, drawn, result);
    expect((await settleNumero(sut.db, drawn)).done).toBe(true);

    const voided = await addNumero(sut.db, gameId, '202611300002');
    bets.voided = (await slip(first, '202611300002', ['33'])).bets[0]!.betId;
    await sut.db.execute(sql`update lottery_numeros set status = 'void' where id = ${voided}`);
    expect((await voidNumero(sut.db, { numeroId: voided, reason: 'test' })).refundedBets).toBe(1);

    const statuses = await sut.db.execute(
      sql`select status, count(*)::int as n from lottery_bets where game_id = ${gameId}
           group by status order by status`,
    );
    expect((statuses as unknown as { rows: unknown[] }).rows).toEqual([
      { status: 'cancelled', n: 1 },
      { status: 'lost', n: 2 },
      { status: 'void', n: 1 },
      { status: 'won', n: 2 },
    ]);
    expect(await betsOffLedger(sut.db)).toEqual([]);
  });

  it('names a bet whose stake or win was changed, and a bet settled without its posting', async () => {
    await sut.db.execute(sql`update lottery_bets set stake = stake * 10 where id = ${bets.lost}`);
    await sut.db.execute(sql`update lottery_bets set payout = payout + 1 where id = ${bets.won}`);
    // A voided bet that claims it won, without the posting that would have paid it.
    await sut.db.execute(
      sql`update lottery_bets set status = 'won', hits = 1, payout = 80000, settle_entry_id = null
           where id = ${bets.voided}`,
    );
    const found = await betsOffLedger(sut.db);
    expect(
      found.map((problem) => [problem.problem, problem.betIds, problem.recorded, problem.ledger]),
    ).toEqual([
      // The voided bet's refund is now a posting without a bet.
      ['no_bet', [], null, 1_000n],
      ['payout', [bets.won], 80_001n, 80_000n],
      ['settlement', [bets.won], 80_001n, 80_000n],
      ['stake', [bets.lost], 10_000n, 1_000n],
      ['unposted', [bets.voided], 80_000n, null],
    ]);
    expect(found.find((problem) => problem.problem === 'settlement')?.entryKind).toBe('win');
    expect(formatBetsOffLedger(found).split('\n')).toEqual([
      expect.stringMatching(/^no_bet: entry \d+ \(rollback\) member \d+: moved 1000, no bet names it$/),
      `payout: bet ${bets.won} member ${players[0]}: payout 80001 vs stake × odds × hits 80000`,
      expect.stringMatching(
        new RegExp(
          `^settlement: entry \\d+ member \\d+ bets ${bets.won}: recorded 80001 vs ledger 80000 \\(win\\)$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^stake: entry \\d+ member \\d+ bets ${bets.lost}: recorded 10000 vs ledger 1000 \\(bet\\)$`,
        ),
      ),
      `unposted: bet ${bets.voided} member ${players[0]}: 80000 to pay or refund, no settlement entry`,
    ]);
  });

  it('names a lottery posting that no bet names', async () => {
    const [first] = players as [number];
    // An entry under the lottery's own key space, paying a member with no bet behind it.
    await postEntry(sut.db, {
      kind: 'win',
      idempotencyKey: 'lottery-win:999999:1:' + first,
      postings: [
        { address: systemAddress('house', TEST_CURRENCY), amount: -5_000n },
        { address: memberWalletAddress(first, 'main'), amount: 5_000n },
      ],
    });
    const found = await betsOffLedger(sut.db, 100);
    expect(found.filter((problem) => problem.problem === 'no_bet').map((problem) => problem.ledger)).toEqual([
      1_000n,
      5_000n,
    ]);
  });
});
