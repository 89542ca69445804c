import { sql } from 'drizzle-orm';
import { fastLotteryVendor, vnLotteryVendor } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { applyOwnGames } from '../games/games.service.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { getSettings } from '../settings/settings.service.ts';
import { lotteryCatalogueLists } from './lottery.games.ts';

/**
 * After an odds change took effect: the catalogue's return to player of the lottery's games follows
 * the odds (each game declares the highest return of its region's lines, lottery.games.ts), and with
 * it the edge agents' wages weigh lottery bets with (issue 35 item 2, docs/agents.md "Bounded by the
 * house edge"). Only where the catalogue lists the lottery already: tests may keep theirs empty.
 */
export async function refreshLotteryCatalogueRtp(db: Database): Promise<void> {
  const [listed] = rowsOf<{ listed: boolean }>(
    await db.execute(sql`select exists (select 1 from games_catalogue c
                          where c.vendor_code in (${vnLotteryVendor}, ${fastLotteryVendor})) as listed`),
  );
  if (!listed?.listed) return;
  const { currencyPrecision } = await getSettings(db);
  for (const { vendorCode, list } of await lotteryCatalogueLists(db, currencyPrecision)) {
    await applyOwnGames(db, vendorCode, list);
  }
}
