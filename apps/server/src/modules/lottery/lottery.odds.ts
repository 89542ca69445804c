import { and, asc, eq, sql } from 'drizzle-orm';
import {
  fastOnlyPlayTypes,
  playTypesOf,
  prizeModeOf,
  type LotteryPrizeMode,
  type LotteryRegion,
  type OddsLine,
  type PlayType,
} from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { parseAmountField } from '../ledger/ledger.errors.ts';
import { formatAmount } from '../ledger/money.ts';
import { lotteryOdds } from './lottery.tables.ts';

/**
 * The operator's odds and stake limits per prize mode, region and play type (docs/lottery.md).
 * Odds are kept in thousandths (3.5 → 3500) and served as decimals; stakes in minor units of the
 * brand currency, served in major units. A change applies to bets placed after it.
 */

type OddsRow = typeof lotteryOdds.$inferSelect;

/** 3500 → "3.5", 95000 → "95". */
export function oddsText(oddsMilli: number): string {
  const whole = Math.trunc(oddsMilli / 1000);
  const fraction = String(oddsMilli % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** "3.5" → 3500 (the contract allows at most 3 decimals). */
export function oddsMilliOf(odds: string): number {
  const [whole = '0', fraction = ''] = odds.trim().split('.');
  return Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
}

function lineOf(row: OddsRow, precision: number): OddsLine {
  return {
    prizeMode: row.prizeMode as LotteryPrizeMode,
    region: row.region as LotteryRegion,
    playType: row.playType as PlayType,
    odds: oddsText(row.oddsMilli),
    minStake: formatAmount(row.minStake, precision),
    maxStake: formatAmount(row.maxStake, precision),
  };
}

const lineOrder = [asc(lotteryOdds.prizeMode), asc(lotteryOdds.region), asc(lotteryOdds.playType)];

/** Every odds line (the operator's list). */
export async function listOdds(db: Database, precision: number): Promise<{ list: OddsLine[] }> {
  const rows = await db
    .select()
    .from(lotteryOdds)
    .orderBy(...lineOrder);
  return { list: rows.map((row) => lineOf(row, precision)) };
}

/** The lines of one region's play types, in play type order (a game's odds). */
export async function oddsOfRegion(
  db: Database,
  region: LotteryRegion,
  precision: number,
): Promise<{ list: OddsLine[] }> {
  const rows = await db
    .select()
    .from(lotteryOdds)
    .where(and(eq(lotteryOdds.prizeMode, prizeModeOf(region)), eq(lotteryOdds.region, region)));
  const order = playTypesOf(region);
  return {
    list: rows
      .filter((row) => order.includes(row.playType as PlayType))
      .sort((a, b) => order.indexOf(a.playType as PlayType) - order.indexOf(b.playType as PlayType))
      .map((row) => lineOf(row, precision)),
  };
}

export interface SetOddsInput {
  prizeMode: LotteryPrizeMode;
  region: LotteryRegion;
  playType: PlayType;
  odds: string;
  minStake: string;
  maxStake: string;
}

function invalid(field: string, reason: string): AppError {
  return new AppError('VALIDATION_FAILED', { issues: [{ field, reason }] });
}

/** Sets one line (made if missing). Refuses a play type the region does not offer and min > max. */
export async function setOdds(
  db: Database,
  input: SetOddsInput,
  options: { precision: number; operatorId: number },
): Promise<OddsLine> {
  if (prizeModeOf(input.region) !== input.prizeMode) {
    throw invalid('prizeMode', `the ${input.region} games are of prize mode ${prizeModeOf(input.region)}`);
  }
  if (!playTypesOf(input.region).includes(input.playType)) {
    throw invalid(
      'playType',
      fastOnlyPlayTypes.includes(input.playType)
        ? 'only the fast games offer this play type'
        : `not a play type of the ${input.region} games`,
    );
  }
  const oddsMilli = oddsMilliOf(input.odds);
  // Thousandths are kept in a 32-bit column.
  if (oddsMilli > 2_147_483_647) throw invalid('odds', 'at most 2147483.647');
  const { precision } = options;
  const minStake = parseAmountField(input.minStake, { field: 'minStake', precision });
  const maxStake = parseAmountField(input.maxStake, { field: 'maxStake', precision });
  if (maxStake < minStake) throw invalid('maxStake', 'must be at least minStake');
  const fields = {
    oddsMilli,
    minStake,
    maxStake,
    updatedAt: sql`now()`,
    updatedBy: options.operatorId,
  };
  const [row] = await db
    .insert(lotteryOdds)
    .values({ prizeMode: input.prizeMode, region: input.region, playType: input.playType, ...fields })
    .onConflictDoUpdate({
      target: [lotteryOdds.prizeMode, lotteryOdds.region, lotteryOdds.playType],
      set: fields,
    })
    .returning();
  if (!row) throw new AppError('INTERNAL');
  return lineOf(row, precision);
}
