import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { regionOf, vendorOf } from './lottery.lobby.ts';

/**
 * What other parts of the server read of the lottery (handed in through app.ts: the games module
 * does not import this one).
 */

/**
 * The bets of the last `days` days per lottery game, under its catalogue vendor and game code (the
 * popular games). Read from the numeros' bet counts fixed at their lock: a few thousand rows a
 * week instead of every bet.
 */
export async function lotteryRoundCounts(
  db: Database,
  days: number,
): Promise<{ vendorCode: string; gameCode: string; rounds: number }[]> {
  const rows = rowsOf<{ game_code: string; region: string; rounds: number | string }>(
    await db.execute(sql`
      select g.game_code, g.region, sum(n.bet_count)::int as rounds
        from lottery_numeros n
        join lottery_games g on g.id = n.game_id
       where n.draw_at > now() - make_interval(days => ${days})
         and n.status in ('locked', 'drawn', 'settled')
         and n.bet_count > 0
       group by g.game_code, g.region`),
  );
  return rows.map((row) => ({
    vendorCode: vendorOf(regionOf(row)),
    gameCode: row.game_code,
    rounds: Number(row.rounds),
  }));
}
