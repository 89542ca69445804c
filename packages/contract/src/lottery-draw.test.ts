import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allNumbersOf,
  betsOfSlip,
  bigSmallOf,
  deriveDraw,
  drawDateOf,
  hitsOf,
  layoutOf,
  lotteryRefreshDelay,
  newServerSeed,
  payoutOf,
  playTypesOf,
  seedHashOf,
  sha256Hex,
  specialOf,
  verifyDraw,
  type DrawResult,
} from './lottery-draw.ts';

const inputs = {
  gameCode: 'FAST_1',
  numero: '202611260001',
  region: 'fast' as const,
  seed: '00'.repeat(32),
  betsDigest: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
};

/** A north-layout result whose numbers are given (special first), for the payout rules. */
function resultOf(numbers: string[]): DrawResult {
  let index = 0;
  return layoutOf('north').map((tier) => ({
    tier: tier.tier,
    numbers: Array.from({ length: tier.count }, () => numbers[index++] ?? '0'.repeat(tier.digits)),
  }));
}

describe('lottery draw', () => {
  it('has the real prize layouts: north 27 numbers and a 5-digit special, central/south 18 and 6 digits', () => {
    const count = (region: 'north' | 'south') => layoutOf(region).reduce((sum, tier) => sum + tier.count, 0);
    expect(count('north')).toBe(27);
    expect(count('south')).toBe(18);
    expect(layoutOf('north')[0]).toEqual({ tier: 'special', count: 1, digits: 5 });
    expect(layoutOf('central')[0]).toEqual({ tier: 'special', count: 1, digits: 6 });
  });

  it('derives the same numbers from the same inputs, and other numbers from another digest or seed', async () => {
    const first = await deriveDraw(inputs);
    expect(await deriveDraw(inputs)).toEqual(first);
    expect(await deriveDraw({ ...inputs, betsDigest: '0'.repeat(64) })).not.toEqual(first);
    expect(await deriveDraw({ ...inputs, seed: '01'.repeat(32) })).not.toEqual(first);
    for (const [index, tier] of layoutOf('fast').entries()) {
      expect(first[index]?.tier).toBe(tier.tier);
      expect(first[index]?.numbers).toHaveLength(tier.count);
      for (const number of first[index]?.numbers ?? [])
        expect(number).toMatch(new RegExp(`^[0-9]{${tier.digits}}$`));
    }
  });

  it('pins the derivation: a known seed gives a known special prize (changing the scheme breaks old proofs)', async () => {
    const result = await deriveDraw(inputs);
    // Computed independently (Python hmac + hashlib); a change here means published draws no longer verify.
    expect(specialOf(result)).toBe('44492');
    expect(allNumbersOf(result)).toHaveLength(27);
  });

  it('commits to the seed: the hash is of its 32 bytes, and verification catches a changed number', async () => {
    const seed = newServerSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    const seedHash = await seedHashOf(seed);
    expect(seedHash).not.toBe(await sha256Hex(seed));
    const result = await deriveDraw({ ...inputs, seed });
    expect(await verifyDraw({ ...inputs, seed, seedHash, result })).toMatchObject({
      seedMatches: true,
      numbersMatch: true,
    });
    const tampered = structuredClone(result);
    tampered[0]!.numbers[0] = tampered[0]!.numbers[0] === '00000' ? '00001' : '00000';
    expect(await verifyDraw({ ...inputs, seed, seedHash, result: tampered })).toMatchObject({
      numbersMatch: false,
    });
    expect(await verifyDraw({ ...inputs, seed: '11'.repeat(32), seedHash, result })).toMatchObject({
      seedMatches: false,
    });
  });

  it('draws digits uniformly enough (a chi-square test over many draws)', async () => {
    const counts = Array.from({ length: 10 }, () => 0);
    for (let draw = 0; draw < 200; draw += 1) {
      const result = await deriveDraw({ ...inputs, numero: `20261126${String(draw).padStart(4, '0')}` });
      for (const number of allNumbersOf(result)) for (const digit of number) counts[Number(digit)]! += 1;
    }
    const total = counts.reduce((sum, count) => sum + count, 0);
    const expected = total / 10;
    const chiSquare = counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    // 9 degrees of freedom: 27.88 is the 0.1 % critical value.
    expect(chiSquare).toBeLessThan(27.88);
  });

  it('splits slips into bets and refuses bad ones', () => {
    expect(betsOfSlip('lo2', ['12', '34'])).toEqual([['12'], ['34']]);
    expect(betsOfSlip('xien3', ['40', '12', '33'])).toEqual([['12', '33', '40']]);
    expect(betsOfSlip('xien3', ['40', '12'])).toBeNull();
    expect(betsOfSlip('lo2', ['12', '12'])).toBeNull();
    expect(betsOfSlip('lo2', ['1'])).toBeNull();
    expect(betsOfSlip('lo3', ['1234'])).toBeNull();
    expect(betsOfSlip('de', ['1\u0000'])).toBeNull();
    expect(betsOfSlip('big_small', ['big'])).toEqual([['big']]);
    expect(betsOfSlip('odd_even', ['big'])).toBeNull();
    expect(betsOfSlip('lo2', [])).toBeNull();
    expect(playTypesOf('north')).not.toContain('big_small');
    expect(playTypesOf('fast')).toContain('sum');
    // The market's own play types (issue 36 item 7): 3 càng in the north, đầu (8th prize), đuôi
    // (the special's last two) and xỉu chủ in the centre and south, which have no đề.
    expect(playTypesOf('north')).toEqual(expect.arrayContaining(['de', 'ba_cang', 'dau', 'duoi']));
    expect(playTypesOf('north')).not.toContain('xiu_chu');
    expect(playTypesOf('south')).toEqual(expect.arrayContaining(['dau_g8', 'duoi_db', 'xiu_chu', 'lo4']));
    expect(playTypesOf('central')).not.toContain('de');
    expect(playTypesOf('south')).not.toContain('ba_cang');
    expect(betsOfSlip('xiu_chu', ['456', '007'])).toEqual([['456'], ['007']]);
    expect(betsOfSlip('xiu_chu', ['45'])).toBeNull();
    expect(betsOfSlip('ba_cang', ['1234'])).toBeNull();
    expect(betsOfSlip('dau_g8', ['7'])).toBeNull();
    expect(betsOfSlip('duoi_db', ['07'])).toEqual([['07']]);
  });

  it("pays the market's play types: 3 càng, the south's đầu and đuôi, xỉu chủ up to twice", () => {
    const south: DrawResult = [
      { tier: 'special', numbers: ['123456'] },
      { tier: 'first', numbers: ['99978'] },
      { tier: 'sixth', numbers: ['0456'] },
      { tier: 'seventh', numbers: ['456'] },
      { tier: 'eighth', numbers: ['78'] },
    ];
    expect(hitsOf('dau_g8', ['78'], south)).toBe(1);
    expect(hitsOf('dau_g8', ['56'], south)).toBe(0);
    expect(hitsOf('duoi_db', ['56'], south)).toBe(1);
    expect(hitsOf('duoi_db', ['78'], south)).toBe(0);
    expect(hitsOf('xiu_chu', ['456'], south)).toBe(2);
    expect(hitsOf('xiu_chu', ['123'], south)).toBe(0);
    expect(hitsOf('lo3', ['456'], south)).toBe(3);
    const north: DrawResult = [
      { tier: 'special', numbers: ['12345'] },
      { tier: 'sixth', numbers: ['345'] },
    ];
    expect(hitsOf('ba_cang', ['345'], north)).toBe(1);
    expect(hitsOf('ba_cang', ['245'], north)).toBe(0);
    // No 8th prize in the north layout: đầu of the south never wins there.
    expect(hitsOf('dau_g8', ['45'], north)).toBe(0);
  });

  it('big/small: a sum of exactly half the largest is a tie that neither side wins, for every digit count', () => {
    for (let digits = 1; digits <= 6; digits += 1) {
      const largest = 9 * digits;
      // Every digit sum once: the special of `digits` digits whose digits add up to it.
      for (let sum = 0; sum <= largest; sum += 1) {
        let left = sum;
        const special = Array.from({ length: digits }, () => {
          const digit = Math.min(9, left);
          left -= digit;
          return String(digit);
        }).join('');
        const result = resultOf([special]);
        const expected = sum * 2 > largest ? 'big' : sum * 2 < largest ? 'small' : 'tie';
        expect(bigSmallOf(special), special).toBe(expected);
        expect(hitsOf('big_small', ['big'], result), special).toBe(expected === 'big' ? 1 : 0);
        expect(hitsOf('big_small', ['small'], result), special).toBe(expected === 'small' ? 1 : 0);
      }
    }
    expect(bigSmallOf('45')).toBe('tie');
    expect(bigSmallOf('999000')).toBe('tie');
    expect(bigSmallOf('99400')).toBe('small');
    expect(bigSmallOf('99500')).toBe('big');
  });

  it('pays by the rules: lô per matching prize number, đề/đầu/đuôi on the special, xiên once, fast sums', () => {
    // special 12345 (sum 15: small, odd; đề 45: sum 9), then 26 more numbers
    const result = resultOf([
      '12345',
      '99945',
      '00045',
      '11111',
      '22222',
      '33333',
      '44444',
      '55555',
      '66666',
      '77777',
      '1234',
      '0000',
      '0000',
      '0000',
      '0000',
      '0000',
      '0000',
      '0000',
      '0000',
      '0000',
      '345',
      '000',
      '000',
      '45',
      '00',
      '00',
      '07',
    ]);
    expect(hitsOf('lo2', ['45'], result)).toBe(5);
    expect(hitsOf('lo3', ['345'], result)).toBe(2);
    expect(hitsOf('lo4', ['2345'], result)).toBe(1);
    expect(hitsOf('lo2', ['98'], result)).toBe(0);
    expect(hitsOf('de', ['45'], result)).toBe(1);
    expect(hitsOf('de', ['44'], result)).toBe(0);
    expect(hitsOf('dau', ['4'], result)).toBe(1);
    expect(hitsOf('duoi', ['5'], result)).toBe(1);
    expect(hitsOf('xien2', ['07', '45'], result)).toBe(1);
    expect(hitsOf('xien3', ['07', '45', '98'], result)).toBe(0);
    expect(hitsOf('big_small', ['small'], result)).toBe(1);
    expect(hitsOf('big_small', ['big'], result)).toBe(0);
    expect(hitsOf('odd_even', ['odd'], result)).toBe(1);
    expect(hitsOf('sum', ['9'], result)).toBe(1);
    expect(payoutOf(1000n, 3500, 4)).toBe(14000n);
    expect(payoutOf(333n, 1950, 1)).toBe(649n);
    expect(payoutOf(1000n, 95000, 0)).toBe(0n);
  });

  it('big and small split the 5-digit sums evenly, and so do odd and even', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999 }), (value) => {
        const special = String(value).padStart(5, '0');
        const result = resultOf([special]);
        const mirrored = resultOf([[...special].map((digit) => String(9 - Number(digit))).join('')]);
        // The digit-wise mirror of a big special is small: the two sides are equally likely.
        expect(hitsOf('big_small', ['big'], result)).toBe(hitsOf('big_small', ['small'], mirrored));
        expect(hitsOf('odd_even', ['odd'], result) + hitsOf('odd_even', ['even'], result)).toBe(1);
      }),
    );
  });

  it('formats draw dates and the lobby refresh timer of spec 4', () => {
    expect(drawDateOf('202611260042')).toBe('2026.11.26');
    expect(lotteryRefreshDelay([45_000, 12_000])).toBe(12_000);
    expect(lotteryRefreshDelay([90_000])).toBe(30_000);
    expect(lotteryRefreshDelay([0, 5000])).toBe(7_000);
    expect(lotteryRefreshDelay([])).toBe(30_000);
  });
});
