import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import {
  bigSmallOf,
  hitsOf,
  payoutOf,
  type DrawResult,
  type PlayType,
  type PrizeTier,
} from '@khela/contract';
import type { TestApp } from '../../test/helper.ts';
import { expectLedgerValid } from '../ledger/ledger.test-support.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { updateSettings } from '../settings/settings.service.ts';
import { placeSlip, type PlaceSlipInput } from './lottery.bets.ts';
import { settleNumero } from './lottery.settlement.ts';
import {
  addFundedMember,
  addLotteryGame,
  addNumero,
  drawWith,
  mainBalanceOf,
  refusal,
  testOdds,
} from './lottery.money.test-support.ts';
import { digits, uncappedLotteryApp, uncappedLotteryRisk } from './lottery.test-support.ts';

/**
 * The market's own rules (issue 36 item 7, docs/lottery.md "Play types, odds and payouts"): the
 * south's đầu (8th prize), đuôi (the special's last two), bao lô and xỉu chủ, the north's 3 càng, each
 * settled on a hand-made sheet by the SQL settlement and compared with hitsOf; slips of the wrong
 * shape or region refused with nothing moved; and big/small's tie for every digit count.
 */
let sut: TestApp;
let southId = 0;
let northId = 0;
let fastId = 0;
let numeroSequence = 0;
let memberSequence = 0;

beforeAll(async () => {
  sut = await uncappedLotteryApp();
  southId = await addLotteryGame(sut.db, 'M_SOUTH', 'south');
  northId = await addLotteryGame(sut.db, 'M_NORTH', 'north');
  fastId = await addLotteryGame(sut.db, 'M_FAST', 'fast');
});
afterAll(async () => {
  await sut.close();
});

function nextNumero(): string {
  numeroSequence += 1;
  return `20261128${String(numeroSequence).padStart(4, '0')}`;
}

async function member(funding = 10_000_000n): Promise<number> {
  memberSequence += 1;
  return addFundedMember(sut.db, {
    account: `market${memberSequence}`,
    funding,
    fundingKey: (id) => `market-fund-${id}`,
  });
}

function slip(memberId: number, numero: string, overrides: Partial<PlaceSlipInput>): PlaceSlipInput {
  return {
    memberId,
    requestId: `mkt-${memberId}-${randomBytes(5).toString('hex')}`,
    gameCode: 'M_SOUTH',
    numero,
    playType: 'lo2',
    numbers: ['07'],
    unitStake: '10',
    multiplier: 1,
    ...overrides,
  };
}

const southTiers: [PrizeTier, number][] = [
  ['special', 1],
  ['first', 1],
  ['second', 1],
  ['third', 2],
  ['fourth', 7],
  ['fifth', 1],
  ['sixth', 3],
  ['seventh', 1],
  ['eighth', 1],
];

/** A south sheet from its 18 numbers in layout order (special first, the 8th prize last). */
function southSheet(numbers: readonly string[]): DrawResult {
  const pool = [...numbers];
  return southTiers.map(([tier, count]) => ({ tier, numbers: pool.splice(0, count) }));
}

interface SettledBet {
  play_type: PlayType;
  selection: string[];
  stake: string;
  odds_milli: number;
  hits: number;
  payout: string;
  status: string;
}

async function settledBets(numeroId: number): Promise<SettledBet[]> {
  return rowsOf<SettledBet>(
    await sut.db.execute(sql`select play_type, selection, stake::text, odds_milli, hits, payout::text, status
      from lottery_bets where numero_id = ${numeroId} order by id`),
  );
}

/** Places one bet per [play type, selection], draws the sheet, settles, and answers the bets. */
async function settleOn(
  gameId: number,
  gameCode: string,
  sheet: DrawResult,
  bets: [PlayType, string][],
): Promise<{ bets: SettledBet[]; memberId: number; before: bigint }> {
  const numero = nextNumero();
  const numeroId = await addNumero(sut.db, gameId, numero);
  const memberId = await member();
  for (const [playType, number] of bets) {
    await placeSlip(sut.db, slip(memberId, numero, { gameCode, playType, numbers: [number] }));
  }
  const before = await mainBalanceOf(sut.db, memberId);
  await drawWith(sut.db, numeroId, sheet);
  expect((await settleNumero(sut.db, numeroId)).done).toBe(true);
  const settled = await settledBets(numeroId);
  for (const bet of settled) {
    // The SQL settlement and the contract's rule agree on every bet.
    expect(bet.hits, `${bet.play_type} ${bet.selection.join(',')}`).toBe(
      hitsOf(bet.play_type, bet.selection, sheet),
    );
    expect(bet.payout).toBe(payoutOf(BigInt(bet.stake), bet.odds_milli, bet.hits).toString());
    expect(bet.status).toBe(bet.hits > 0 ? 'won' : 'lost');
  }
  return { bets: settled, memberId, before };
}

const hitsByBet = (bets: SettledBet[]) =>
  bets.map((bet) => `${bet.play_type}:${bet.selection.join(',')}=${bet.hits}`);

describe("the south's play types on a hand-made sheet", () => {
  // special 123456, 7th prize 456, 8th prize 78; six numbers end in 78, four in 456.
  const sheet = southSheet([
    '123456',
    '00078',
    '11178',
    '22278',
    '33300',
    '45678',
    '00456',
    '99999',
    '12345',
    '54321',
    '67890',
    '11111',
    '0456',
    '7890',
    '1278',
    '5555',
    '456',
    '78',
  ]);

  it('pays bao lô per prize number ending in it, đầu on the 8th prize, đuôi on the special, xỉu chủ twice', async () => {
    const { bets, memberId, before } = await settleOn(southId, 'M_SOUTH', sheet, [
      ['lo2', '78'],
      ['lo2', '13'],
      ['lo3', '456'],
      ['lo4', '3456'],
      ['dau_g8', '78'],
      ['dau_g8', '56'],
      ['duoi_db', '56'],
      ['duoi_db', '78'],
      ['xiu_chu', '456'],
      ['xiu_chu', '123'],
    ]);
    expect(hitsByBet(bets)).toEqual([
      // bao lô 2 số: 00078, 11178, 22278, 45678, 1278 and the 8th prize 78
      'lo2:78=6',
      'lo2:13=0',
      // bao lô 3 số: 123456, 00456, 0456 and the 7th prize 456
      'lo3:456=4',
      'lo4:3456=1',
      // đầu is the 8th prize, not the special's last two
      'dau_g8:78=1',
      'dau_g8:56=0',
      // đuôi is the special's last two, not the 8th prize
      'duoi_db:56=1',
      'duoi_db:78=0',
      // xỉu chủ: the 7th prize and the special's last three, one hit each
      'xiu_chu:456=2',
      'xiu_chu:123=0',
    ]);
    // 10.00 a bet: 6 × 800 + 4 × 9,000 + 50,000 + 950 + 950 + 2 × 4,500 (the fixtures' odds).
    const won = 1000n * BigInt(6 * testOdds.lo2 + 4 * testOdds.lo3 + testOdds.lo4);
    const more = 1000n * BigInt(testOdds.dau_g8 + testOdds.duoi_db + 2 * testOdds.xiu_chu);
    expect(await mainBalanceOf(sut.db, memberId)).toBe(before + (won + more) / 1000n);
    await expectLedgerValid(sut.db);
  });

  it('pays xỉu chủ once when only the 7th prize or only the special matches', async () => {
    const once = southSheet([
      '000789',
      ...Array.from({ length: 15 }, (_, index) => String(10_000 + index * 7)),
      '321',
      '05',
    ]);
    const { bets } = await settleOn(southId, 'M_SOUTH', once, [
      ['xiu_chu', '789'],
      ['xiu_chu', '321'],
      ['xiu_chu', '780'],
    ]);
    expect(hitsByBet(bets)).toEqual(['xiu_chu:789=1', 'xiu_chu:321=1', 'xiu_chu:780=0']);
  });

  it('agrees with hitsOf on random south sheets (SQL settlement against the contract)', async () => {
    const numbers = fc.tuple(
      digits(6),
      fc.array(digits(5), { minLength: 11, maxLength: 11 }),
      fc.array(digits(4), { minLength: 4, maxLength: 4 }),
      digits(3),
      digits(2),
    );
    await fc.assert(
      fc.asyncProperty(numbers, fc.array(fc.nat(), { minLength: 6, maxLength: 6 }), async (drawn, picks) => {
        const [special, fives, fours, seventh, eighth] = drawn;
        const sheet = southSheet([special, ...fives, ...fours, seventh, eighth]);
        // Selections taken from the sheet itself (so some hit) or made up from a pick.
        const drawnNumbers = [special, ...fives, ...fours, seventh];
        const ending = (length: number, pick: number) => {
          const long = drawnNumbers.filter((number) => number.length >= length);
          return pick % 2 === 0
            ? (long[pick % long.length] ?? '').slice(-length)
            : String(pick % 10 ** length).padStart(length, '0');
        };
        const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = picks;
        await settleOn(southId, 'M_SOUTH', sheet, [
          ['lo2', ending(2, a)],
          ['lo3', ending(3, b)],
          ['dau_g8', c % 2 === 0 ? eighth : ending(2, c)],
          ['duoi_db', ending(2, d)],
          ['xiu_chu', e % 2 === 0 ? seventh : ending(3, e)],
          ['xiu_chu', ending(3, f)],
        ]);
      }),
      { numRuns: 12 },
    );
  });
});

describe("the north's 3 càng", () => {
  it('wins once on the special prize last three digits, nowhere else', async () => {
    // special 12345; a 3-digit 6th prize 345 does not count for 3 càng (it does for lô 3 số).
    const sheet: DrawResult = [
      { tier: 'special', numbers: ['12345'] },
      { tier: 'first', numbers: ['99245'] },
      { tier: 'sixth', numbers: ['345', '678'] },
    ];
    const { bets, memberId, before } = await settleOn(northId, 'M_NORTH', sheet, [
      ['ba_cang', '345'],
      ['ba_cang', '245'],
      ['ba_cang', '678'],
      ['lo3', '345'],
    ]);
    expect(hitsByBet(bets)).toEqual(['ba_cang:345=1', 'ba_cang:245=0', 'ba_cang:678=0', 'lo3:345=2']);
    // 10.00 a bet: stake × odds (thousandths) × hits / 1000 = odds × hits in minor units.
    expect(await mainBalanceOf(sut.db, memberId)).toBe(before + BigInt(testOdds.ba_cang + 2 * testOdds.lo3));
  });
});

describe('placing a slip of the market play types with bad input', () => {
  const cases: [string, Partial<PlaceSlipInput>, string][] = [
    ['a north play type on a south game (3 càng)', { playType: 'ba_cang', numbers: ['123'] }, 'playType'],
    ["the north's đề on a south game", { playType: 'de', numbers: ['12'] }, 'playType'],
    ["the north's one-digit đầu on a south game", { playType: 'dau', numbers: ['1'] }, 'playType'],
    [
      'a south play type on a north game (xỉu chủ)',
      { gameCode: 'M_NORTH', playType: 'xiu_chu', numbers: ['123'] },
      'playType',
    ],
    [
      'a south play type on a fast game (đầu)',
      { gameCode: 'M_FAST', playType: 'dau_g8', numbers: ['12'] },
      'playType',
    ],
    ['xỉu chủ of two digits', { playType: 'xiu_chu', numbers: ['12'] }, 'numbers'],
    ['xỉu chủ of four digits', { playType: 'xiu_chu', numbers: ['1234'] }, 'numbers'],
    ['đầu of one digit', { playType: 'dau_g8', numbers: ['7'] }, 'numbers'],
    ['đuôi of three digits', { playType: 'duoi_db', numbers: ['123'] }, 'numbers'],
    ['3 càng of two digits', { gameCode: 'M_NORTH', playType: 'ba_cang', numbers: ['12'] }, 'numbers'],
    ['bao lô 3 số with a letter', { playType: 'lo3', numbers: ['12a'] }, 'numbers'],
    ['an unknown play type', { playType: 'bao_lo' as PlayType, numbers: ['12'] }, 'playType'],
  ];

  it.each(cases)('refuses %s, naming the field; nothing moves', async (_name, overrides, field) => {
    const numero = nextNumero();
    const gameId =
      overrides.gameCode === 'M_NORTH' ? northId : overrides.gameCode === 'M_FAST' ? fastId : southId;
    const numeroId = await addNumero(sut.db, gameId, numero);
    const memberId = await member();
    const before = await mainBalanceOf(sut.db, memberId);
    const error = await refusal(placeSlip(sut.db, slip(memberId, numero, overrides)));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.issues?.[0]?.field).toBe(field);
    expect(await mainBalanceOf(sut.db, memberId)).toBe(before);
    const [placed] = rowsOf<{ count: string }>(
      await sut.db.execute(
        sql`select count(*)::text as count from lottery_bets where numero_id = ${numeroId}`,
      ),
    );
    expect(placed?.count).toBe('0');
  });

  it('holds the new play types to the liability cap', async () => {
    await updateSettings(sut.db, { lotteryRisk: { rtpCeiling: 98, liabilityCaps: { xiu_chu: '100' } } });
    try {
      const numero = nextNumero();
      await addNumero(sut.db, southId, numero);
      const memberId = await member();
      const before = await mainBalanceOf(sut.db, memberId);
      // 1.00 × 450 = 450.00 on 456 passes the cap of 100.00.
      const error = await refusal(
        placeSlip(sut.db, slip(memberId, numero, { playType: 'xiu_chu', numbers: ['456'], unitStake: '1' })),
      );
      expect(error.code).toBe('LIABILITY_LIMIT');
      expect(error.value).toMatchObject({ number: '456', cap: '100.00' });
      expect(await mainBalanceOf(sut.db, memberId)).toBe(before);
    } finally {
      await updateSettings(sut.db, { lotteryRisk: uncappedLotteryRisk });
    }
  });
});

describe('big/small: the tie rule for every digit count', () => {
  // The special with the middle sum of each digit count: half the largest sum exactly (a tie) for an
  // even count, the largest small sum for an odd one (there is no tie).
  const middles: [number, string, 'tie' | 'small'][] = [
    [1, '4', 'small'],
    [2, '45', 'tie'],
    [3, '715', 'small'],
    [4, '9900', 'tie'],
    [5, '99400', 'small'],
    [6, '999000', 'tie'],
  ];

  it.each(middles)(
    '%i digits: special %s is %s, and the settlement pays by it',
    async (_digits, special, outcome) => {
      expect(bigSmallOf(special)).toBe(outcome);
      const { bets } = await settleOn(
        fastId,
        'M_FAST',
        [{ tier: 'special', numbers: [special] }],
        [
          ['big_small', 'big'],
          ['big_small', 'small'],
        ],
      );
      expect(hitsByBet(bets)).toEqual(
        outcome === 'tie'
          ? ['big_small:big=0', 'big_small:small=0']
          : ['big_small:big=0', 'big_small:small=1'],
      );
    },
  );

  it("decides every special of 1 to 4 digits in SQL as lottery-draw.ts's bigSmallOf does", async () => {
    const rows = rowsOf<{ special: string; side: string }>(
      await sut.db.execute(sql`select s.special, lottery_big_small(s.special) as side
        from generate_series(1, 4) d, generate_series(0, (10 ^ d)::integer - 1) g,
             lateral (select lpad(g::text, d, '0') as special) s`),
    );
    expect(rows).toHaveLength(11_110);
    const differing = rows.filter((row) => row.side !== bigSmallOf(row.special));
    expect(differing).toEqual([]);
    expect(rows.filter((row) => row.side === 'tie').length).toBe(10 + 670);
  });
});
