import { describe, expect, it } from 'vitest';
import { ApiError, type LotteryGame } from '@khela/contract';
import { lotteryRefreshDelay } from '@khela/contract/lottery-draw';
import { amountCases } from '@khela/contract/money-cases';
import { menuRefreshDelay } from '../api/get-game-menu.ts';
import { clockOffset, countdownDays, formatCountdown, remainingMs } from './clock.ts';
import { favouritesKeyOf, readFavourites } from './favourites.ts';
import { drawDaysOf, filterLotteries, isHotLottery, openRemainTimes } from './lobby-filter.ts';
import { slipErrorOf } from './placement-errors.ts';
import { isValidSelection, pickerKindOf, playTypeNameKey, typedDigitsOf } from './play-types.ts';
import { oddsMilliOf, slipSummary } from './slip.ts';

const t = (key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key;
const money = (text: string) => `৳${text}`;

const games = [
  { gameCode: 'FAST_1', gameName: 'Fast 1 minute', drawDayOfWeek: '1,2,3,4,5,6,7' },
  { gameCode: 'MB', gameName: 'Miền Bắc', drawDayOfWeek: '1,2,3,4,5,6,7' },
  { gameCode: 'HCM', gameName: 'Hồ Chí Minh', drawDayOfWeek: '2,7' },
  { gameCode: 'DN', gameName: 'Đà Nẵng', drawDayOfWeek: '4,7' },
];

describe('lobby filters', () => {
  it('reads the weekday values (spec 9: Mon=2 … Sun=1)', () => {
    expect(drawDaysOf({ drawDayOfWeek: '2, 7' })).toEqual([2, 7]);
    expect(drawDaysOf({ drawDayOfWeek: '' })).toEqual([]);
  });

  it('filters by weekday: Monday (2) keeps the daily games and HCM, not Đà Nẵng', () => {
    expect(filterLotteries(games, { weekday: 2, search: '' }).map((game) => game.gameCode)).toEqual([
      'FAST_1',
      'MB',
      'HCM',
    ]);
    expect(filterLotteries(games, { weekday: 4, search: '' }).map((game) => game.gameCode)).toEqual([
      'FAST_1',
      'MB',
      'DN',
    ]);
    expect(filterLotteries(games, { weekday: null, search: '' })).toHaveLength(4);
  });

  it('searches names without case or Vietnamese accents, and codes', () => {
    expect(filterLotteries(games, { weekday: null, search: 'da nang' }).map((g) => g.gameCode)).toEqual([
      'DN',
    ]);
    expect(filterLotteries(games, { weekday: null, search: 'MIEN' }).map((g) => g.gameCode)).toEqual(['MB']);
    expect(filterLotteries(games, { weekday: null, search: 'fast_1' }).map((g) => g.gameCode)).toEqual([
      'FAST_1',
    ]);
    expect(filterLotteries(games, { weekday: 3, search: 'hồ' })).toEqual([]);
  });

  it('counts a game as hot by isHot or its tag', () => {
    expect(isHotLottery({ isHot: 1, tag: null })).toBe(true);
    expect(isHotLottery({ isHot: 0, tag: 'hot' })).toBe(true);
    expect(isHotLottery({ isHot: 0, tag: null })).toBe(false);
  });
});

describe('refresh timer (spec 4)', () => {
  const game = (numero: string | null, remainTime: number) => ({ numero, remainTime }) as LotteryGame;

  it('waits for the smallest remaining time of the open draws, at most 30 s, 7 s when passed', () => {
    expect(
      lotteryRefreshDelay(openRemainTimes([game('202611260001', 12_000), game('202611260002', 50_000)])),
    ).toBe(12_000);
    expect(lotteryRefreshDelay(openRemainTimes([game('202611260001', 90_000)]))).toBe(30_000);
    expect(lotteryRefreshDelay(openRemainTimes([game('202611260001', 0)]))).toBe(7_000);
    expect(lotteryRefreshDelay(openRemainTimes([game('202611260001', -5)]))).toBe(7_000);
  });

  it('ignores games with no open draw, and refreshes every 30 s without any', () => {
    expect(openRemainTimes([game(null, 1_000), game('202611260001', 20_000)])).toEqual([20_000]);
    expect(menuRefreshDelay(undefined)).toBe(30_000);
    expect(
      menuRefreshDelay({ serverTime: 0, gameMenus: [{ tag: 'FAST', games: [game('202611260001', 4_000)] }] }),
    ).toBe(4_000);
  });
});

describe('countdown on the server clock', () => {
  it('shifts the client clock by serverTime and formats mm:ss or hh:mm:ss', () => {
    const offset = clockOffset(1_000_000, 990_000);
    expect(offset).toBe(10_000);
    expect(remainingMs(1_070_000, 1_000_000, offset)).toBe(60_000);
    expect(formatCountdown(65_000)).toBe('01:05');
    expect(formatCountdown(3_725_000)).toBe('01:02:05');
    expect(formatCountdown(-3)).toBe('00:00');
    expect(formatCountdown(400)).toBe('00:01');
    // A station that draws next week: the days apart, then hh:mm:ss.
    expect(countdownDays(5 * 86_400_000 + 3_725_000)).toBe(5);
    expect(formatCountdown(5 * 86_400_000 + 3_725_000)).toBe('01:02:05');
    expect(countdownDays(86_399_000)).toBe(0);
  });
});

describe('favourites per username (spec 3)', () => {
  it('reads the list of one username only, and nothing for a visitor', () => {
    localStorage.setItem(favouritesKeyOf('rahim'), JSON.stringify(['FAST_1', 'MB']));
    localStorage.setItem(favouritesKeyOf('karim'), 'not json');
    expect(favouritesKeyOf('rahim')).toBe('lotteryFav:rahim');
    expect(readFavourites('rahim')).toEqual(['FAST_1', 'MB']);
    expect(readFavourites('karim')).toEqual([]);
    expect(readFavourites(null)).toEqual([]);
  });
});

describe('slip maths', () => {
  it('reads odds in thousandths', () => {
    expect(oddsMilliOf('95')).toBe(95_000);
    expect(oddsMilliOf('3.5')).toBe(3_500);
    expect(oddsMilliOf('1.985')).toBe(1_985);
    expect(oddsMilliOf('x')).toBeNull();
  });

  it.each(amountCases.filter((row) => !row.allowZero && !row.allowNegative))(
    'reads the unit stake by the one amount rule: $text at precision $precision',
    (row) => {
      const summary = slipSummary({
        playType: 'lo2',
        numbers: ['07'],
        unitStake: row.text,
        multiplier: 1,
        odds: '95',
        precision: row.precision,
      });
      expect(summary.stakeMinor).toBe(typeof row.expected === 'bigint' ? row.expected : null);
    },
  );

  it('one bet per number: count, total and the win of one hit', () => {
    const summary = slipSummary({
      playType: 'lo2',
      numbers: ['07', '42', '99'],
      unitStake: '10.50',
      multiplier: 2,
      odds: '3.5',
      precision: 2,
    });
    expect(summary.betCount).toBe(3);
    expect(summary.stakeMinor).toBe(2100n);
    expect(summary.totalMinor).toBe(6300n);
    expect(summary.winPerHitMinor).toBe(7350n);
    expect(summary.numbersProblem).toBeNull();
  });

  it('rounds the possible win down to the minor unit (payoutOf)', () => {
    const summary = slipSummary({
      playType: 'de',
      numbers: ['13'],
      unitStake: '0.01',
      multiplier: 1,
      odds: '1.985',
      precision: 2,
    });
    expect(summary.winPerHitMinor).toBe(1n);
  });

  it('xiên is one bet of exactly 2/3/4 numbers', () => {
    const base = { unitStake: '5', multiplier: 1, odds: '17', precision: 2 } as const;
    const three = slipSummary({ ...base, playType: 'xien3', numbers: ['11', '22', '33'] });
    expect(three.bets).toEqual([['11', '22', '33']]);
    expect(three.betCount).toBe(1);
    expect(three.totalMinor).toBe(500n);
    const short = slipSummary({ ...base, playType: 'xien3', numbers: ['11', '22'] });
    expect(short.bets).toBeNull();
    expect(short.betCount).toBe(0);
    expect(short.numbersProblem).toBe('xien_count');
    expect(slipSummary({ ...base, playType: 'xien2', numbers: [] }).numbersProblem).toBe('none');
  });

  it('has no total while the stake is not an amount', () => {
    const base = { playType: 'lo2', numbers: ['01'], multiplier: 1, odds: '95', precision: 2 } as const;
    expect(slipSummary({ ...base, unitStake: '' }).totalMinor).toBeNull();
    expect(slipSummary({ ...base, unitStake: '1.234' }).totalMinor).toBeNull();
    expect(slipSummary({ ...base, unitStake: '0' }).totalMinor).toBeNull();
    expect(slipSummary({ ...base, unitStake: '2', odds: null }).winPerHitMinor).toBeNull();
  });
});

describe('placement errors', () => {
  const refused = (
    code: string,
    message: string,
    extra: { issues?: never[] | object[]; value?: unknown } = {},
  ) => new ApiError({ code: code as never, message, status: 400, ...(extra as object) });

  it('betting closed is the slip’s message', () => {
    expect(slipErrorOf(refused('BETTING_CLOSED', 'err_betting_closed'), t, money)).toEqual({
      field: 'slip',
      text: 'err_betting_closed',
    });
  });

  it('money refusals go under the stake, with the server’s limits', () => {
    expect(slipErrorOf(refused('INSUFFICIENT_FUNDS', 'err_insufficient_funds'), t, money)).toEqual({
      field: 'unitStake',
      text: 'err_insufficient_funds',
    });
    const range = slipErrorOf(
      refused('AMOUNT_OUT_OF_RANGE', 'err_amount_out_of_range', { value: { min: '1.00', max: '5000.00' } }),
      t,
      money,
    );
    expect(range).toEqual({ field: 'unitStake', text: 'text_amount_range {"min":"৳1.00","max":"৳5000.00"}' });
  });

  it('a field issue goes under its field; anything else is the slip’s', () => {
    const numbers = slipErrorOf(
      refused('VALIDATION_FAILED', 'err_validation', {
        issues: [{ field: 'numbers.1', reason: 'bad', rule: 'invalid_format' }],
      }),
      t,
      money,
    );
    expect(numbers.field).toBe('numbers');
    const other = slipErrorOf(
      refused('VALIDATION_FAILED', 'err_validation', { issues: [{ field: 'requestId', reason: 'bad' }] }),
      t,
      money,
    );
    expect(other.field).toBe('slip');
    expect(slipErrorOf(new Error('boom'), t, money)).toEqual({ field: 'slip', text: 'err_unknown' });
  });
});

describe("the market's play types on screen (issue 36 item 7)", () => {
  it('picks đầu and đuôi of the south on the 00–99 grid, 3 càng and xỉu chủ as typed 3-digit numbers', () => {
    expect(pickerKindOf('dau_g8')).toBe('grid100');
    expect(pickerKindOf('duoi_db')).toBe('grid100');
    expect([pickerKindOf('ba_cang'), typedDigitsOf('ba_cang')]).toEqual(['typed', 3]);
    expect([pickerKindOf('xiu_chu'), typedDigitsOf('xiu_chu')]).toEqual(['typed', 3]);
    expect(isValidSelection('xiu_chu', '045')).toBe(true);
    expect(isValidSelection('xiu_chu', '45')).toBe(false);
  });

  it("names lô as each region's market does: bao lô in the centre and south", () => {
    expect(playTypeNameKey('lo2', 'north')).toBe('lottery_play_lo2');
    expect(playTypeNameKey('lo3', 'south')).toBe('lottery_play_bao_lo3');
    expect(playTypeNameKey('lo4', 'central')).toBe('lottery_play_bao_lo4');
    expect(playTypeNameKey('lo2')).toBe('lottery_play_lo2');
    expect(playTypeNameKey('xiu_chu', 'south')).toBe('lottery_play_xiu_chu');
    expect(playTypeNameKey('dau_g8', 'south')).toBe('lottery_play_dau_g8');
  });
});
