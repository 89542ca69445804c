// No zod here: the back office shows the RTP of an odds value as it is typed, with the same code
// the server refuses odds with.
import { layoutOf, type LotteryRegion, type PlayType, type TierLayout } from './lottery-draw.ts';

/**
 * The return to player of every play type, exactly (docs/lottery.md "Return to player"). Every digit
 * of a draw is uniform and independent of the others (lottery-draw.ts deriveDraw: rejection
 * sampling), so what a unit stake gets back on average is `odds × E[hits]`, and E[hits] is a
 * rational number that depends only on the region's prize layout:
 *
 * - lô k số: each of the N_k prize numbers with at least k digits ends in the selection with
 *   probability 10^-k, so E[hits] = N_k / 10^k (north 27, 23, 20; central and south 18, 17, 16);
 * - đề 1/100; đầu, đuôi 1/10; sum 1/10 ((a + b) mod 10 is uniform); odd/even 1/2;
 * - 3 càng 1/1000 (the special's last three); the south's đầu (the 8th prize) and đuôi (the
 *   special's last two) 1/100 each; xỉu chủ 2/1000 (the 7th prize and the special's last three,
 *   each matching with probability 1/1000, one hit each);
 * - xiên k: all k (different) selections among the N endings, by inclusion–exclusion
 *   Σ_j (−1)^j C(k, j) (100 − j)^N / 100^N;
 * - big/small on a special of d digits: the d-digit strings whose digit sum s has 2s > 9d (big) or
 *   2s < 9d (small), over 10^d. With an even d the sum can be exactly half the largest (the tie,
 *   e.g. 27 of 54): it is neither big nor small, both lose, so E[hits] < 1/2.
 *
 * Everything is kept as bigint fractions: comparing odds with a ceiling is exact, never a float.
 */

export interface Fraction {
  num: bigint;
  den: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

function fraction(num: bigint, den: bigint): Fraction {
  const divisor = gcd(num, den) || 1n;
  return { num: num / divisor, den: den / divisor };
}

/** How many of a region's prize numbers have at least `digits` digits. */
export function prizeNumbersWithDigits(region: LotteryRegion, digits: number): number {
  return layoutOf(region)
    .filter((tier) => tier.digits >= digits)
    .reduce((sum, tier) => sum + tier.count, 0);
}

/** How many numbers of `digits` digits a region's tier draws (0 when it has none). */
function tierCount(region: LotteryRegion, tier: TierLayout['tier'], digits: number): number {
  return layoutOf(region)
    .filter((entry) => entry.tier === tier && entry.digits === digits)
    .reduce((sum, entry) => sum + entry.count, 0);
}

function binomial(n: number, k: number): bigint {
  let result = 1n;
  for (let index = 1; index <= k; index += 1) result = (result * BigInt(n - k + index)) / BigInt(index);
  return result;
}

/** How many d-digit strings have each digit sum (index = sum). */
function digitSumCounts(digits: number): bigint[] {
  let counts = [1n];
  for (let step = 0; step < digits; step += 1) {
    const next = Array.from({ length: counts.length + 9 }, () => 0n);
    counts.forEach((count, sum) => {
      for (let digit = 0; digit <= 9; digit += 1) next[sum + digit]! += count;
    });
    counts = next;
  }
  return counts;
}

/**
 * Big/small's three outcomes on a special of `digits` digits, as counts over 10^digits. The tie
 * (only with an even number of digits) is the sum of exactly half the largest: neither side wins.
 */
export function bigSmallOutcomes(digits: number): { big: bigint; small: bigint; tie: bigint; of: bigint } {
  let big = 0n;
  let small = 0n;
  let tie = 0n;
  digitSumCounts(digits).forEach((count, sum) => {
    if (sum * 2 > 9 * digits) big += count;
    else if (sum * 2 < 9 * digits) small += count;
    else tie += count;
  });
  return { big, small, tie, of: 10n ** BigInt(digits) };
}

/**
 * E[hits] of one bet of a play type in a region (the best selection's when selections differ; they
 * do not for any play type today: big and small are symmetric).
 */
export function expectedHits(region: LotteryRegion, playType: PlayType): Fraction {
  const layout = layoutOf(region);
  const numbers = layout.reduce((sum, tier) => sum + tier.count, 0);
  const specialDigits = layout[0]?.digits ?? 0;
  switch (playType) {
    case 'lo2':
    case 'lo3':
    case 'lo4': {
      const digits = Number(playType.slice(2));
      return fraction(BigInt(prizeNumbersWithDigits(region, digits)), 10n ** BigInt(digits));
    }
    case 'de':
    case 'duoi_db':
      return fraction(1n, 100n);
    case 'dau_g8':
      return fraction(BigInt(tierCount(region, 'eighth', 2)), 100n);
    case 'ba_cang':
      return fraction(1n, 1000n);
    case 'xiu_chu':
      return fraction(BigInt(tierCount(region, 'seventh', 3) + (specialDigits >= 3 ? 1 : 0)), 1000n);
    case 'dau':
    case 'duoi':
    case 'sum':
      return fraction(1n, 10n);
    case 'odd_even':
      return fraction(1n, 2n);
    case 'big_small': {
      const { big, small, of } = bigSmallOutcomes(specialDigits);
      return fraction(big > small ? big : small, of);
    }
    case 'xien2':
    case 'xien3':
    case 'xien4': {
      const k = Number(playType.slice(4));
      const den = 100n ** BigInt(numbers);
      let num = 0n;
      for (let j = 0; j <= k; j += 1) {
        const term = binomial(k, j) * BigInt(100 - j) ** BigInt(numbers);
        num += j % 2 === 0 ? term : -term;
      }
      return fraction(num, den);
    }
  }
}

/**
 * The most times one bet of a play type can hit in one draw of a region's layout: the house's worst
 * case on a number is stake × odds × this (the liability cap counts it, docs/lottery.md "Liability
 * cap"). Lô k số: every prize number of at least k digits may end in the selection (north 27, 23,
 * 20; central and south 18, 17, 16); the south's đầu: its 8th prize(s); xỉu chủ: the 7th prize(s)
 * of three digits and the special's last three (2); every other play type once (a xiên pays once
 * however many numbers end in its selections). 0 for a play type the layout can never pay.
 */
export function maxHits(region: LotteryRegion, playType: PlayType): number {
  const specialDigits = layoutOf(region)[0]?.digits ?? 0;
  switch (playType) {
    case 'lo2':
    case 'lo3':
    case 'lo4':
      return prizeNumbersWithDigits(region, Number(playType.slice(2)));
    case 'dau_g8':
      return tierCount(region, 'eighth', 2);
    case 'xiu_chu':
      return tierCount(region, 'seventh', 3) + (specialDigits >= 3 ? 1 : 0);
    case 'ba_cang':
      return specialDigits >= 3 ? 1 : 0;
    case 'de':
    case 'duoi_db':
    case 'dau':
    case 'duoi':
    case 'sum':
    case 'odd_even':
    case 'big_small':
    case 'xien2':
    case 'xien3':
    case 'xien4':
      return 1;
  }
}

/** The RTP as a fraction of the stake: odds (thousandths) × E[hits]. */
export function rtpFraction(region: LotteryRegion, playType: PlayType, oddsMilli: number): Fraction {
  const hits = expectedHits(region, playType);
  return fraction(BigInt(oddsMilli) * hits.num, 1000n * hits.den);
}

/** The RTP in percent, for showing (e.g. 94.5 for lô 2 số at 3.5 in the north). */
export function rtpPercent(region: LotteryRegion, playType: PlayType, oddsMilli: number): number {
  const { num, den } = rtpFraction(region, playType, oddsMilli);
  // Ten-thousandths of a percent in integers first, so the float holds only the last rounding.
  return Number((num * 1_000_000n) / den) / 10_000;
}

/** "94.50" — the RTP in percent with two decimals, rounded down (a shown RTP never flatters). */
export function rtpText(region: LotteryRegion, playType: PlayType, oddsMilli: number): string {
  const { num, den } = rtpFraction(region, playType, oddsMilli);
  const hundredths = (num * 10_000n) / den;
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
}

/** A ceiling in percent (up to two decimals, e.g. 98 or 97.5) in basis points of the stake. */
export function basisPointsOf(percent: number): bigint {
  return BigInt(Math.round(percent * 100));
}

/** True when the odds return more than `ceilingPercent` of the stake (exact). */
export function rtpAbove(
  region: LotteryRegion,
  playType: PlayType,
  oddsMilli: number,
  ceilingPercent: number,
): boolean {
  const { num, den } = rtpFraction(region, playType, oddsMilli);
  return num * 10_000n > basisPointsOf(ceilingPercent) * den;
}

/** The largest odds (thousandths) whose RTP is at most `ceilingPercent`. */
export function maxOddsMilliFor(region: LotteryRegion, playType: PlayType, ceilingPercent: number): number {
  const hits = expectedHits(region, playType);
  // oddsMilli × num / (1000 × den) ≤ bp / 10000  ⇔  oddsMilli ≤ bp × 1000 × den / (10000 × num)
  return Number((basisPointsOf(ceilingPercent) * 1000n * hits.den) / (10_000n * hits.num));
}
