// No zod here: the web's verify page imports this file alone ('@khela/contract/lottery-draw'), and
// the server draws with the very same functions, so a draw recomputed in a browser is the draw.

/**
 * The lottery's rules as code (docs/lottery.md): prize layouts, the provably fair derivation of a
 * draw's numbers, and the exact payout of a bet. The server's settlement SQL mirrors `payoutOf`;
 * a property test compares the two on random draws.
 */

/** Regions of the Vietnamese lottery, plus the fast (e-lottery) games that use the north layout. */
export const lotteryRegions = ['north', 'central', 'south', 'fast'] as const;
export type LotteryRegion = (typeof lotteryRegions)[number];

/** Spec 9 prize modes. Lott: the Vietnamese regional draws; Elott: the fast games. */
export const lotteryPrizeModes = ['Lott', 'ZY', 'Elott', 'SEA'] as const;
export type LotteryPrizeMode = (typeof lotteryPrizeModes)[number];

export function prizeModeOf(region: LotteryRegion): LotteryPrizeMode {
  return region === 'fast' ? 'Elott' : 'Lott';
}

/** Prize tiers, from the special prize down. */
export const prizeTiers = [
  'special',
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
] as const;
export type PrizeTier = (typeof prizeTiers)[number];

export interface TierLayout {
  tier: PrizeTier;
  /** How many numbers this tier draws. */
  count: number;
  /** Digits of each number. */
  digits: number;
}

/**
 * North (Miền Bắc): 27 numbers over 8 tiers, a 5-digit special. Central and south: 18 numbers over
 * 9 tiers, a 6-digit special. Numbers are drawn in this order (special first).
 */
const northLayout: readonly TierLayout[] = [
  { tier: 'special', count: 1, digits: 5 },
  { tier: 'first', count: 1, digits: 5 },
  { tier: 'second', count: 2, digits: 5 },
  { tier: 'third', count: 6, digits: 5 },
  { tier: 'fourth', count: 4, digits: 4 },
  { tier: 'fifth', count: 6, digits: 4 },
  { tier: 'sixth', count: 3, digits: 3 },
  { tier: 'seventh', count: 4, digits: 2 },
];
const southLayout: readonly TierLayout[] = [
  { tier: 'special', count: 1, digits: 6 },
  { tier: 'first', count: 1, digits: 5 },
  { tier: 'second', count: 1, digits: 5 },
  { tier: 'third', count: 2, digits: 5 },
  { tier: 'fourth', count: 7, digits: 5 },
  { tier: 'fifth', count: 1, digits: 4 },
  { tier: 'sixth', count: 3, digits: 4 },
  { tier: 'seventh', count: 1, digits: 3 },
  { tier: 'eighth', count: 1, digits: 2 },
];

export function layoutOf(region: LotteryRegion): readonly TierLayout[] {
  return region === 'north' || region === 'fast' ? northLayout : southLayout;
}

/** A drawn result: each tier's numbers, in layout order. */
export type DrawResult = { tier: PrizeTier; numbers: string[] }[];

/** Every prize number of a result, special first (the settlement's `numbers` array). */
export function allNumbersOf(result: DrawResult): string[] {
  return result.flatMap((tier) => tier.numbers);
}

export function specialOf(result: DrawResult): string {
  return result.find((tier) => tier.tier === 'special')?.numbers[0] ?? '';
}

// ---------------------------------------------------------------------------------------------
// Fairness: commit to a seed, reveal it at the draw, derive the numbers from it and public inputs

function hexOf(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let text = '';
  for (const byte of view) text += byte.toString(16).padStart(2, '0');
  return text;
}

function bytesOfHex(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^(?:[0-9a-f]{2})+$/.test(hex)) throw new Error('not lower-case hex');
  const bytes = new Uint8Array(new ArrayBuffer(hex.length / 2));
  for (let index = 0; index < bytes.length; index += 1) {
    bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  }
  return bytes;
}

const encoder = new TextEncoder();

/** SHA-256 of text (UTF-8) or bytes, lower-case hex. Web Crypto: the same in Node 20 and browsers. */
export async function sha256Hex(input: string | Uint8Array<ArrayBuffer>): Promise<string> {
  const data = typeof input === 'string' ? encoder.encode(input) : input;
  return hexOf(await globalThis.crypto.subtle.digest('SHA-256', data));
}

/** The commitment published when a numero opens: SHA-256 of the seed's 32 bytes. */
export function seedHashOf(seedHex: string): Promise<string> {
  return sha256Hex(bytesOfHex(seedHex));
}

/** A fresh server seed: 32 random bytes, hex. */
export function newServerSeed(): string {
  return hexOf(globalThis.crypto.getRandomValues(new Uint8Array(32)));
}

/**
 * The public inputs of a draw, fixed only after betting closed: the bets digest is SHA-256 over
 * one line `betId:entryId:requestHash` per bet of the numero (placed, in bet id order, joined by
 * "\n"; the empty text when there is none). Neither side knows it while bets can still be placed.
 */
export interface DrawInputs {
  gameCode: string;
  numero: string;
  region: LotteryRegion;
  seed: string;
  betsDigest: string;
  /**
   * The randomness of the beacon round fixed by the lock time (hex), mixed into every block; null
   * or absent for a numero opened without a beacon (the message then has no beacon field).
   */
  beaconValue?: string | null;
}

/** The line of one bet in the bets digest. */
export function betDigestLine(bet: {
  betId: number | string;
  entryId: number | string;
  requestHash: string;
}): string {
  return `${bet.betId}:${bet.entryId}:${bet.requestHash}`;
}

/**
 * The numbers of a draw. A stream of HMAC-SHA256 blocks keyed by the seed, over
 * `gameCode|numero|betsDigest|beaconValue|block` (block = 0, 1, …; without a beacon round
 * `gameCode|numero|betsDigest|block`); each byte below 250 gives the digit
 * byte % 10 (rejection keeps the digits uniform), bytes 250–255 are skipped. Digits fill the
 * layout's numbers in order, special first, each number left to right.
 */
export async function deriveDraw(inputs: DrawInputs): Promise<DrawResult> {
  const key = await globalThis.crypto.subtle.importKey(
    'raw',
    bytesOfHex(inputs.seed),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  let block = 0;
  let pending: number[] = [];
  const nextDigit = async (): Promise<number> => {
    for (;;) {
      const byte = pending.shift();
      if (byte !== undefined && byte < 250) return byte % 10;
      if (byte === undefined) {
        const beacon = inputs.beaconValue ? `${inputs.beaconValue}|` : '';
        const message = encoder.encode(
          `${inputs.gameCode}|${inputs.numero}|${inputs.betsDigest}|${beacon}${block}`,
        );
        block += 1;
        pending = [...new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', key, message))];
      }
    }
  };
  const result: DrawResult = [];
  for (const tier of layoutOf(inputs.region)) {
    const numbers: string[] = [];
    for (let count = 0; count < tier.count; count += 1) {
      let number = '';
      for (let digit = 0; digit < tier.digits; digit += 1) number += String(await nextDigit());
      numbers.push(number);
    }
    result.push({ tier: tier.tier, numbers });
  }
  return result;
}

/** What the verify page shows: the commitment holds and the numbers are the ones derived. */
export async function verifyDraw(
  inputs: DrawInputs & { seedHash: string; result: DrawResult },
): Promise<{ seedMatches: boolean; numbersMatch: boolean; derived: DrawResult }> {
  const derived = await deriveDraw(inputs);
  const seedMatches = (await seedHashOf(inputs.seed)) === inputs.seedHash;
  const numbersMatch = JSON.stringify(derived) === JSON.stringify(inputs.result);
  return { seedMatches, numbersMatch, derived };
}

// ---------------------------------------------------------------------------------------------
// The bets digest as a Merkle root (docs/lottery.md "Fairness", issue 36)

/** The bet fields its Merkle leaf is made of (as the bet record shows them, stake in minor units). */
export interface BetLeafFields {
  betId: number | string;
  gameCode: string;
  numero: string;
  playType: string;
  numbers: readonly string[];
  /** Minor units, whole number as text (10.00 at 2 decimals → "1000"). */
  stakeMinor: string;
  /** Thousandths (3.5 → 3500). */
  oddsMilli: number;
  /** The numero's seed commitment the bet was placed under ('' for bets older than it). */
  seedHash: string | null;
}

/**
 * A bet's canonical record: `khela-lottery-bet-v1|betId|gameCode|numero|playType|numbers joined by
 * ","|stake in minor units|odds in thousandths|seedHash`. The SQL view lottery_bet_leaves writes the
 * very same text.
 */
export function betLeafRecord(bet: BetLeafFields): string {
  return [
    'khela-lottery-bet-v1',
    String(bet.betId),
    bet.gameCode,
    bet.numero,
    bet.playType,
    bet.numbers.join(','),
    bet.stakeMinor,
    String(bet.oddsMilli),
    bet.seedHash ?? '',
  ].join('|');
}

/** A decimal amount's minor units as text ("10.00" → "1000", "0.50" → "50", "7" → "7"). */
export function minorUnitsText(amount: string): string {
  const digits = amount.replace('.', '').replace(/^0+(?=\d)/, '');
  return digits === '' ? '0' : digits;
}

/** "3.5" → 3500: the odds as the bet record shows them, in thousandths. */
export function oddsMilliOf(odds: string): number {
  const [whole = '0', fraction = ''] = odds.split('.');
  return Number(whole) * 1000 + Number((fraction + '000').slice(0, 3));
}

function concatBytes(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(new ArrayBuffer(parts.reduce((sum, part) => sum + part.length, 0)));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** A leaf: SHA-256(0x00 ‖ record as UTF-8), hex. */
export function merkleLeafHash(record: string): Promise<string> {
  return sha256Hex(concatBytes(new Uint8Array([0]), encoder.encode(record)));
}

/** An inner node: SHA-256(0x01 ‖ left ‖ right) over the children's 32 bytes, hex. */
export function merkleNodeHash(left: string, right: string): Promise<string> {
  return sha256Hex(concatBytes(new Uint8Array([1]), bytesOfHex(left), bytesOfHex(right)));
}

/**
 * The root over leaves in bet id order, positional (never sorted): each level pairs its nodes
 * left to right; a last node without a partner goes up unchanged. One leaf is its own root; no
 * leaf gives SHA-256 of the empty text (the digest of a numero without bets).
 */
export async function merkleRoot(leaves: readonly string[]): Promise<string> {
  if (leaves.length === 0) return sha256Hex('');
  let level = [...leaves];
  while (level.length > 1) {
    const next: string[] = [];
    for (let index = 0; index < level.length; index += 2) {
      const right = level[index + 1];
      next.push(right === undefined ? level[index]! : await merkleNodeHash(level[index]!, right));
    }
    level = next;
  }
  return level[0]!;
}

/** One step of an inclusion proof: the sibling's hash and on which side it stands. */
export interface MerkleStep {
  side: 'left' | 'right';
  hash: string;
}

/** The inclusion proof of the leaf at `index` (levels where it has no partner give no step). */
export async function merklePath(leaves: readonly string[], index: number): Promise<MerkleStep[]> {
  const path: MerkleStep[] = [];
  let level = [...leaves];
  let position = index;
  while (level.length > 1) {
    const sibling = position % 2 === 0 ? position + 1 : position - 1;
    if (sibling < level.length)
      path.push({ side: position % 2 === 0 ? 'right' : 'left', hash: level[sibling]! });
    const next: string[] = [];
    for (let at = 0; at < level.length; at += 2) {
      const right = level[at + 1];
      next.push(right === undefined ? level[at]! : await merkleNodeHash(level[at]!, right));
    }
    level = next;
    position = Math.floor(position / 2);
  }
  return path;
}

/** Folds a leaf up its path: true when it gives the root. */
export async function verifyMerklePath(
  leaf: string,
  path: readonly MerkleStep[],
  root: string,
): Promise<boolean> {
  let hash = leaf;
  for (const step of path) {
    hash =
      step.side === 'left' ? await merkleNodeHash(step.hash, hash) : await merkleNodeHash(hash, step.hash);
  }
  return hash === root;
}

// ---------------------------------------------------------------------------------------------
// Play types and payouts

/**
 * Play types (docs/lottery.md "Play types"), each offered where the market has it (playTypesOf):
 * - lo2 / lo3 / lo4: a number of 2, 3 or 4 digits; pays stake × odds for EVERY prize number (with
 *   at least that many digits) ending in it: lô in the north, bao lô in the centre and south;
 * - north: de (đề) the special prize's last two digits; dau (đầu) / duoi (đuôi) the first / last of
 *   those two; ba_cang (3 càng) the special's last three;
 * - centre and south: dau_g8 (đầu) the 8th prize's two digits; duoi_db (đuôi) the special's last
 *   two; xiu_chu (xỉu chủ) three digits against the 7th prize and the special's last three (one hit
 *   each);
 * - xien2 / xien3 / xien4: 2–4 different two-digit numbers in ONE bet, paid once when each ends
 *   at least one prize number;
 * - fast games only: big_small and odd_even on the sum of the special's digits (big when the sum
 *   is above half the largest sum: 23–45 for five digits; a sum of exactly half, possible only with
 *   an even number of digits, is neither: both lose), sum: (the đề's two digits added) mod 10.
 */
export const playTypes = [
  'lo2',
  'lo3',
  'lo4',
  'de',
  'dau',
  'duoi',
  'xien2',
  'xien3',
  'xien4',
  'big_small',
  'odd_even',
  'sum',
  'ba_cang',
  'dau_g8',
  'duoi_db',
  'xiu_chu',
] as const;
export type PlayType = (typeof playTypes)[number];

export const fastOnlyPlayTypes: readonly PlayType[] = ['big_small', 'odd_even', 'sum'];

/** What each region offers, in the order the betting view lists them. */
const northPlayTypes: readonly PlayType[] = [
  'lo2',
  'lo3',
  'lo4',
  'de',
  'ba_cang',
  'dau',
  'duoi',
  'xien2',
  'xien3',
  'xien4',
];
const southPlayTypes: readonly PlayType[] = [
  'lo2',
  'lo3',
  'lo4',
  'dau_g8',
  'duoi_db',
  'xiu_chu',
  'xien2',
  'xien3',
  'xien4',
];
const regionPlayTypes: Record<LotteryRegion, readonly PlayType[]> = {
  north: northPlayTypes,
  fast: [...northPlayTypes, ...fastOnlyPlayTypes],
  central: southPlayTypes,
  south: southPlayTypes,
};

export function playTypesOf(region: LotteryRegion): readonly PlayType[] {
  return regionPlayTypes[region];
}

export interface SelectionRule {
  /** A selection's pattern. */
  pattern: RegExp;
  /** Selections in one bet: xiên takes 2–4 numbers together; every other type one. */
  perBet: number;
  /** What a selection looks like, for the slip's hint (e.g. "00–99"). */
  hint: string;
}

export const selectionRules: Record<PlayType, SelectionRule> = {
  lo2: { pattern: /^[0-9]{2}$/, perBet: 1, hint: '00–99' },
  lo3: { pattern: /^[0-9]{3}$/, perBet: 1, hint: '000–999' },
  lo4: { pattern: /^[0-9]{4}$/, perBet: 1, hint: '0000–9999' },
  de: { pattern: /^[0-9]{2}$/, perBet: 1, hint: '00–99' },
  dau: { pattern: /^[0-9]$/, perBet: 1, hint: '0–9' },
  duoi: { pattern: /^[0-9]$/, perBet: 1, hint: '0–9' },
  xien2: { pattern: /^[0-9]{2}$/, perBet: 2, hint: '00–99' },
  xien3: { pattern: /^[0-9]{2}$/, perBet: 3, hint: '00–99' },
  xien4: { pattern: /^[0-9]{2}$/, perBet: 4, hint: '00–99' },
  big_small: { pattern: /^(big|small)$/, perBet: 1, hint: 'big / small' },
  odd_even: { pattern: /^(odd|even)$/, perBet: 1, hint: 'odd / even' },
  sum: { pattern: /^[0-9]$/, perBet: 1, hint: '0–9' },
  ba_cang: { pattern: /^[0-9]{3}$/, perBet: 1, hint: '000–999' },
  dau_g8: { pattern: /^[0-9]{2}$/, perBet: 1, hint: '00–99' },
  duoi_db: { pattern: /^[0-9]{2}$/, perBet: 1, hint: '00–99' },
  xiu_chu: { pattern: /^[0-9]{3}$/, perBet: 1, hint: '000–999' },
};

/** Most numbers one slip may carry (each a bet, or for xiên one bet of all of them). */
export const maxNumbersPerSlip = 100;

/**
 * Splits a slip's numbers into bets: one bet per number, or for xiên one bet of all of them.
 * Returns null when the numbers break the play type's rules (pattern, count, duplicates).
 */
export function betsOfSlip(playType: PlayType, numbers: readonly string[]): string[][] | null {
  const rule = selectionRules[playType];
  if (numbers.length === 0 || numbers.length > maxNumbersPerSlip) return null;
  if (new Set(numbers).size !== numbers.length) return null;
  if (!numbers.every((number) => rule.pattern.test(number))) return null;
  if (rule.perBet > 1) return numbers.length === rule.perBet ? [[...numbers].sort()] : null;
  return numbers.map((number) => [number]);
}

function digitSum(text: string): number {
  let sum = 0;
  for (const char of text) sum += Number(char);
  return sum;
}

/**
 * Big or small on a special's digit sum s of d digits: big when 2s > 9d, small when 2s < 9d, and
 * 'tie' when s is exactly half the largest sum (only with an even d): neither big nor small wins.
 */
export function bigSmallOf(special: string): 'big' | 'small' | 'tie' {
  const twice = digitSum(special) * 2;
  const largest = 9 * special.length;
  return twice > largest ? 'big' : twice < largest ? 'small' : 'tie';
}

/** The numbers of one prize tier of a result ([] when the layout has no such tier). */
export function tierNumbersOf(result: DrawResult, tier: PrizeTier): string[] {
  return result.find((entry) => entry.tier === tier)?.numbers ?? [];
}

/**
 * How many times a bet wins on a result: lô counts every prize number ending in the selection,
 * xỉu chủ the 7th prize and the special's last three (0, 1 or 2); every other type wins once or
 * not at all.
 */
export function hitsOf(playType: PlayType, selection: readonly string[], result: DrawResult): number {
  const numbers = allNumbersOf(result);
  const special = specialOf(result);
  const de = special.slice(-2);
  const first = selection[0] ?? '';
  switch (playType) {
    case 'lo2':
    case 'lo3':
    case 'lo4':
      return numbers.filter((number) => number.length >= first.length && number.endsWith(first)).length;
    case 'de':
    case 'duoi_db':
      return de === first ? 1 : 0;
    case 'dau':
      return de.slice(0, 1) === first ? 1 : 0;
    case 'duoi':
      return de.slice(-1) === first ? 1 : 0;
    case 'ba_cang':
      return special.length >= 3 && special.slice(-3) === first ? 1 : 0;
    case 'dau_g8':
      return tierNumbersOf(result, 'eighth').filter((number) => number === first).length;
    case 'xiu_chu': {
      const seventh = tierNumbersOf(result, 'seventh').filter((number) => number === first).length;
      return seventh + (special.length >= 3 && special.slice(-3) === first ? 1 : 0);
    }
    case 'xien2':
    case 'xien3':
    case 'xien4': {
      const endings = new Set(numbers.map((number) => number.slice(-2)));
      return selection.every((number) => endings.has(number)) ? 1 : 0;
    }
    case 'big_small':
      return bigSmallOf(special) === first ? 1 : 0;
    case 'odd_even':
      return (digitSum(special) % 2 === 1 ? 'odd' : 'even') === first ? 1 : 0;
    case 'sum':
      return String(digitSum(de) % 10) === first ? 1 : 0;
  }
}

/**
 * The payout of a bet in minor units: stake × odds × hits, odds in thousandths, rounded down to
 * the minor unit. Exact: bigint arithmetic only.
 */
export function payoutOf(stakeMinor: bigint, oddsMilli: number, hits: number): bigint {
  return (stakeMinor * BigInt(oddsMilli) * BigInt(hits)) / 1000n;
}

/** Spec 9: the draw date is shown YYYY.MM.DD (from a numero's yyyymmdd prefix). */
export function drawDateOf(numero: string): string {
  return `${numero.slice(0, 4)}.${numero.slice(4, 6)}.${numero.slice(6, 8)}`;
}

/** Spec 4: the lobby refreshes after the smallest remaining time among open draws, at most 30 s; 7 s when that is zero or less. */
export const lotteryTimerCapMs = 30_000;
export const lotteryTimerFallbackMs = 7_000;
export function lotteryRefreshDelay(remainTimes: readonly number[]): number {
  if (remainTimes.length === 0) return lotteryTimerCapMs;
  const smallest = Math.min(...remainTimes);
  if (smallest <= 0) return lotteryTimerFallbackMs;
  return Math.min(smallest, lotteryTimerCapMs);
}

/** Spec 9: the lobby shows at most 6 numbers of a result; lists hold 100 numeros and 100 recent games; popular 20. */
export const lotteryNumberDisplayMax = 6;
export const numeroListCount = 100;
export const recentLotteryCount = 100;

/** Spec 9 weekday values: Mon=2 … Sat=7, Sun=1. */
export const lotteryWeekdays = [2, 3, 4, 5, 6, 7, 1] as const;
