import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { PlayType } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
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
  /** Stake × odds × maxHits of its live bets (the worst case), major units. */
  payout: string;
  bets: number;
  /** The most times one bet of the play type can hit in the numero's layout (lottery-rtp.ts maxHits). */
  maxHits: number;
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
        maxHits: row.maxHits,
        cap: cap > 0n ? formatAmount(cap, options.precision) : null,
        used: used === null ? null : `${used / 100n}.${String(used % 100n).padStart(2, '0')}`,
      };
    }),
  };
}

/**
 * A settled or void numero's exposure rows (issue 36: they were never cleaned): the settlement and
 * the void delete them when their last batch is done (lottery.settlement.ts), and the hourly
 * `lottery-exposure-cleanup` job deletes whatever a run cut off (or an older version) left.
 */
export async function clearExposure(db: Database, numeroId: number): Promise<number> {
  const deleted = await db
    .delete(lotteryExposure)
    .where(eq(lotteryExposure.numeroId, numeroId))
    .returning({ numeroId: lotteryExposure.numeroId });
  return deleted.length;
}

/** Deletes the exposure rows of every settled or void numero; answers how many. */
export async function clearClosedExposure(db: Database): Promise<{ deleted: number }> {
  const [row] = rowsOf<{ deleted: number | string }>(
    await db.execute(sql`
      with gone as (
        delete from lottery_exposure x
         using lottery_numeros n
         where n.id = x.numero_id and n.status in ('settled', 'void')
        returning 1
      )
      select count(*)::int as deleted from gone`),
  );
  return { deleted: Number(row?.deleted ?? 0) };
}
