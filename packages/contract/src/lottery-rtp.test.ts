import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  betsOfSlip,
  hitsOf,
  layoutOf,
  lotteryRegions,
  playTypesOf,
  selectionRules,
  type DrawResult,
  type LotteryRegion,
  type PlayType,
} from './lottery-draw.ts';
import {
  bigSmallOutcomes,
  expectedHits,
  maxHits,
  maxOddsMilliFor,
  prizeNumbersWithDigits,
  rtpAbove,
  rtpPercent,
  rtpText,
} from './lottery-rtp.ts';

describe('lottery RTP', () => {
  it("gives docs/lottery.md's figures: lô 2 số at 3.5 in the north 94.5 %, đề at 95 95 %", () => {
    expect(rtpText('north', 'lo2', 3500)).toBe('94.50');
    expect(rtpPercent('north', 'lo2', 3500)).toBe(94.5);
    expect(rtpText('north', 'de', 95_000)).toBe('95.00');
    expect(rtpText('south', 'de', 95_000)).toBe('95.00');
    // Lô in the south: 18 numbers, 5.2 × 18 / 100.
    expect(rtpText('south', 'lo2', 5200)).toBe('93.60');
  });

  it('counts the prize numbers long enough for lô 2, 3 and 4 số in each layout', () => {
    expect([2, 3, 4].map((digits) => prizeNumbersWithDigits('north', digits))).toEqual([27, 23, 20]);
    expect([2, 3, 4].map((digits) => prizeNumbersWithDigits('south', digits))).toEqual([18, 17, 16]);
    expect(expectedHits('fast', 'lo3')).toEqual({ num: 23n, den: 1000n });
    expect(rtpText('north', 'lo3', 40_000)).toBe('92.00');
    expect(rtpText('central', 'lo4', 580_000)).toBe('92.80');
  });

  it('xiên by inclusion–exclusion agrees with the closed form in floating point (issue 36: 55–88 %)', () => {
    const closed = (k: number, n: number) => {
      let sum = 0;
      for (let j = 0; j <= k; j += 1) {
        const choose = [1, k, (k * (k - 1)) / 2, (k * (k - 1) * (k - 2)) / 6, 1][j] ?? 0;
        sum += (j % 2 ? -1 : 1) * choose * (1 - j / 100) ** n;
      }
      return sum;
    };
    for (const [region, n] of [
      ['north', 27],
      ['south', 18],
    ] as const) {
      for (const k of [2, 3, 4] as const) {
        const { num, den } = expectedHits(region, `xien${k}`);
        expect(Number(num) / Number(den)).toBeCloseTo(closed(k, n), 12);
      }
    }
    expect(rtpText('north', 'xien2', 16_000)).toBe('87.81');
    expect(rtpText('south', 'xien4', 1_000_000)).toBe('55.52');
  });

  it('big/small: no tie with an odd number of digits, the tie counted for an even one (brute force)', () => {
    for (const digits of [1, 2, 3, 4]) {
      const tally = { big: 0n, small: 0n, tie: 0n };
      for (let value = 0; value < 10 ** digits; value += 1) {
        const sum = [...String(value).padStart(digits, '0')].reduce((total, char) => total + Number(char), 0);
        if (sum * 2 > 9 * digits) tally.big += 1n;
        else if (sum * 2 < 9 * digits) tally.small += 1n;
        else tally.tie += 1n;
      }
      expect(bigSmallOutcomes(digits)).toEqual({ ...tally, of: 10n ** BigInt(digits) });
    }
    expect(bigSmallOutcomes(5).tie).toBe(0n);
    expect(bigSmallOutcomes(6).tie).toBe(55_252n);
    // Fast games (5 digits): 1.95 returns 97.5 %; a 6-digit special would return less (the tie).
    expect(rtpText('fast', 'big_small', 1950)).toBe('97.50');
    expect(rtpText('south', 'big_small', 1950)).toBe('92.11');
    expect(rtpText('fast', 'odd_even', 1950)).toBe('97.50');
    expect(rtpText('fast', 'sum', 9500)).toBe('95.00');
  });

  it("gives the market's play types their exact E[hits] and RTP (issue 36 item 7)", () => {
    // 3 càng: the special's last three, 1/1000.
    expect(expectedHits('north', 'ba_cang')).toEqual({ num: 1n, den: 1000n });
    expect(rtpText('north', 'ba_cang', 950_000)).toBe('95.00');
    expect(rtpText('fast', 'ba_cang', 950_000)).toBe('95.00');
    // The south's đầu (one 8th prize) and đuôi (the special's last two): 1/100 each.
    expect(expectedHits('south', 'dau_g8')).toEqual({ num: 1n, den: 100n });
    expect(expectedHits('central', 'duoi_db')).toEqual({ num: 1n, den: 100n });
    expect(rtpText('south', 'dau_g8', 95_000)).toBe('95.00');
    expect(rtpText('central', 'duoi_db', 75_000)).toBe('75.00');
    // The north layout has no 8th prize: đầu of the south could never win there.
    expect(expectedHits('north', 'dau_g8').num).toBe(0n);
    // Xỉu chủ: two 3-digit numbers (the 7th prize, the special's last three), 2/1000.
    expect(expectedHits('south', 'xiu_chu')).toEqual({ num: 1n, den: 500n });
    expect(rtpText('south', 'xiu_chu', 475_000)).toBe('95.00');
    expect(rtpAbove('south', 'xiu_chu', 490_000, 98)).toBe(false);
    expect(rtpAbove('south', 'xiu_chu', 490_001, 98)).toBe(true);
    expect(maxOddsMilliFor('south', 'xiu_chu', 98)).toBe(490_000);
    expect(maxOddsMilliFor('north', 'ba_cang', 98)).toBe(980_000);
  });

  it('xỉu chủ by brute force: hitsOf over every special ending and 7th prize gives E[hits]', () => {
    const pad = (value: number) => String(value).padStart(3, '0');
    let hits = 0;
    for (let special = 0; special < 1000; special += 1) {
      for (let seventh = 0; seventh < 1000; seventh += 1) {
        hits += hitsOf(
          'xiu_chu',
          ['123'],
          [
            { tier: 'special', numbers: [`999${pad(special)}`] },
            { tier: 'seventh', numbers: [pad(seventh)] },
          ],
        );
      }
    }
    const { num, den } = expectedHits('south', 'xiu_chu');
    expect(BigInt(hits) * den).toBe(num * 1_000_000n);
  });

  it('compares with a ceiling exactly, and names the largest odds under it', () => {
    // 3.629 × 27 / 100 = 97.983 %, 3.630 × 27 / 100 = 98.01 %.
    expect(maxOddsMilliFor('north', 'lo2', 98)).toBe(3629);
    expect(rtpAbove('north', 'lo2', 3629, 98)).toBe(false);
    expect(rtpAbove('north', 'lo2', 3630, 98)).toBe(true);
    // Exactly at the ceiling is allowed: đề at 98 is 98 %.
    expect(rtpAbove('north', 'de', 98_000, 98)).toBe(false);
    expect(rtpAbove('north', 'de', 98_001, 98)).toBe(true);
    // The mistyped lô "35" for "3.5": 945 %.
    expect(rtpText('north', 'lo2', 35_000)).toBe('945.00');
    expect(maxOddsMilliFor('fast', 'big_small', 97.5)).toBe(1950);
  });

  it('gives the most hits one bet can have in a draw: reached by a draw built for it, never passed by any draw', () => {
    expect(['lo2', 'lo3', 'lo4'].map((type) => maxHits('north', type as PlayType))).toEqual([27, 23, 20]);
    expect(['lo2', 'lo3', 'lo4'].map((type) => maxHits('south', type as PlayType))).toEqual([18, 17, 16]);
    expect(maxHits('fast', 'lo2')).toBe(27);
    expect(maxHits('central', 'xiu_chu')).toBe(2);
    expect(maxHits('south', 'dau_g8')).toBe(1);
    expect(maxHits('north', 'dau_g8')).toBe(0);
    expect(maxHits('north', 'de')).toBe(1);
    expect(maxHits('north', 'xien3')).toBe(1);

    /** A draw of the region's layout whose numbers all end in `ending` where they are long enough. */
    const drawEndingIn = (region: LotteryRegion, ending: string): DrawResult =>
      layoutOf(region).map(({ tier, count, digits }) => ({
        tier,
        numbers: Array.from({ length: count }, () =>
          digits >= ending.length ? ending.padStart(digits, '1') : '0'.repeat(digits),
        ),
      }));
    // Reached: a selection every prize number ends in (xỉu chủ: the 7th prize is it and the special
    // ends in it), for every play type each region offers.
    const selectionFor = (type: PlayType): string[] => {
      const rule = selectionRules[type];
      if (type === 'big_small') return ['small'];
      if (type === 'odd_even') return ['odd'];
      if (type === 'sum') return ['4'];
      if (type === 'dau' || type === 'duoi') return ['2'];
      if (rule.perBet > 1) return ['27', '28', '29', '30'].slice(0, rule.perBet);
      return [['lo3', 'ba_cang', 'xiu_chu'].includes(type) ? '227' : type === 'lo4' ? '2227' : '22'];
    };
    for (const region of lotteryRegions) {
      for (const type of playTypesOf(region)) {
        let selection = selectionFor(type);
        const ending = /^[0-9]{2,}$/.test(selection[0]!) ? selection[0]! : '22';
        let draw = drawEndingIn(region, ending);
        // Odd/even: the parity of the special's digit sum.
        if (type === 'odd_even') {
          const sum = [...draw[0]!.numbers[0]!].reduce((total, digit) => total + Number(digit), 0);
          selection = [sum % 2 === 1 ? 'odd' : 'even'];
        }
        expect(betsOfSlip(type, selection), `${region} ${type}`).not.toBeNull();
        // A xiên needs each of its numbers to end some prize: the last numbers carry the others.
        if (type.startsWith('xien')) {
          const numbers = draw.flatMap((tier) => tier.numbers);
          selection.forEach((number, index) => {
            const at = numbers.length - 1 - index;
            numbers[at] = numbers[at]!.slice(0, -2) + number;
          });
          let next = 0;
          draw = draw.map((tier) => ({ tier: tier.tier, numbers: tier.numbers.map(() => numbers[next++]!) }));
        }
        // Big/small on the special 1…122: a small digit sum. Sum: 2 + 2 = 4.
        expect(hitsOf(type, selection, draw), `${region} ${type}`).toBe(maxHits(region, type));
      }
    }
    // Never passed: any draw of the layout, any selection.
    const digitsOf = (length: number) =>
      fc
        .array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length })
        .map((d) => d.join(''));
    for (const region of lotteryRegions) {
      const drawArbitrary = fc.tuple(
        ...layoutOf(region).map(({ tier, count, digits }) =>
          fc
            .array(digitsOf(digits), { minLength: count, maxLength: count })
            .map((numbers) => ({ tier, numbers })),
        ),
      );
      fc.assert(
        fc.property(drawArbitrary, digitsOf(4), (draw, picked) => {
          for (const type of playTypesOf(region)) {
            const selection = selectionFor(type).map((number) =>
              /^[0-9]+$/.test(number) ? picked.slice(-number.length) : number,
            );
            if (betsOfSlip(type, selection) === null) continue;
            expect(hitsOf(type, selection, draw)).toBeLessThanOrEqual(maxHits(region, type));
          }
        }),
        { numRuns: 300 },
      );
    }
  });
});
