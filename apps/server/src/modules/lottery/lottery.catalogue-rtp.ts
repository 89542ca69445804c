import { sql } from 'drizzle-orm';
import { fastLotteryVendor, vnLotteryVendor } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { applyOwnGames } from '../games/games.service.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { lotteryCatalogueLists } from './lottery.games.ts';

/**
 * Writes the lottery's games into the game catalogue (vendors TCG_LOTTO_VN and TCG_SEA), each with
 * the highest return of its region's odds lines (lottery.games.ts): the edge agents' wages weigh its
 * bets with (issue 35 item 2, docs/agents.md "Bounded by the house edge"). Idempotent.
 */
export async function applyLotteryCatalogue(db: Database, precision: number): Promise<void> {
  for (const { vendorCode, list } of await lotteryCatalogueLists(db, precision)) {
    await applyOwnGames(db, vendorCode, list);
  }
}

/**
 * After an odds change took effect: the catalogue's return to player of the lottery's games follows
 * the odds, where the catalogue lists the lottery already (tests may keep it empty).
 */
export async function refreshLotteryCatalogueRtp(db: Database, precision: number): Promise<void> {
  const [listed] = rowsOf<{ listed: boolean }>(
    await db.execute(sql`select exists (select 1 from games_catalogue c
                          where c.vendor_code in (${vnLotteryVendor}, ${fastLotteryVendor})) as listed`),
  );
  if (listed?.listed) await applyLotteryCatalogue(db, precision);
}
