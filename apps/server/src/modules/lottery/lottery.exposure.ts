import { and, desc, eq, gt } from 'drizzle-orm';
import type { PlayType } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { formatAmount, parseAmount } from '../ledger/money.ts';
import { lotteryExposure } from './lottery.risk.tables.ts';

/**
 * The house's possible payout per number of one draw (issue 36 item 6): what lottery_place_slip
 * keeps in lottery_exposure for the play types with a liability cap, largest first, with the cap
 * and how much of it is taken. The back office shows it for an open numero.
 */
export interface ExposureLine {
  playType: PlayType;
  /** The number (a xiên's numbers joined by ","). */
  number: string;
  /** Stake × odds of its live bets (one hit each), major units. */
  payout: string;
  bets: number;
  cap: string | null;
  /** Percent of the cap taken, two decimals rounded down; null without a cap. */
  used: string | null;
}

export async function lotteryExposureOf(
  db: Database,
  options: {
    numeroId: number;
    precision: number;
    caps: Partial<Record<string, string>>;
    limit?: number;
  },
): Promise<{ list: ExposureLine[] }> {
  const rows = await db
    .select()
    .from(lotteryExposure)
    .where(and(eq(lotteryExposure.numeroId, options.numeroId), gt(lotteryExposure.bets, 0)))
    .orderBy(desc(lotteryExposure.payout), lotteryExposure.playType, lotteryExposure.selection)
    .limit(options.limit ?? 100);
  return {
    list: rows.map((row) => {
      const capText = options.caps[row.playType];
      const cap =
        capText === undefined ? 0n : parseAmount(capText, { precision: options.precision, allowZero: true });
      const used = cap > 0n ? (row.payout * 10_000n) / cap : null;
      return {
        playType: row.playType as PlayType,
        number: row.selection,
        payout: formatAmount(row.payout, options.precision),
        bets: row.bets,
        cap: cap > 0n ? formatAmount(cap, options.precision) : null,
        used: used === null ? null : `${used / 100n}.${String(used % 100n).padStart(2, '0')}`,
      };
    }),
  };
}
