import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { fourEyesDecision } from '../../db/columns.ts';
import { oddsLineColumns } from './lottery.tables.ts';

/**
 * The lottery's risk controls (issue 36 item 6, docs/lottery.md "Odds that cannot ruin the house").
 */

/**
 * Odds whose RTP passes the brand's ceiling wait here for a second operator (four eyes, as the
 * back office's adjustments: the requester never decides, a check constraint too). Approving sets
 * the odds line; the row leaves `pending` once, under a row lock.
 */
export const lotteryOddsRequests = pgTable(
  'lottery_odds_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...oddsLineColumns(),
    /** The RTP asked for and the ceiling it passed, in basis points of the stake. */
    rtpBp: integer('rtp_bp').notNull(),
    ceilingBp: integer('ceiling_bp').notNull(),
    reason: text('reason').notNull(),
    ...fourEyesDecision(),
  },
  (table) => [
    index('lottery_odds_requests_status_index').on(table.status, table.id),
    check(
      'lottery_odds_requests_second_approver',
      sql`${table.decidedById} is null or ${table.decidedById} <> ${table.requestedById}`,
    ),
  ],
);

/**
 * What the house may have to pay on one number of one draw: per numero, play type and selection
 * (the number; a xiên's numbers joined by ","), the sum over its live bets of stake × odds ×
 * `maxHits`, the most times one bet of the play type can hit in the numero's layout (lottery-rtp.ts
 * maxHits: a lô 2 số on 27 is paid for each of up to 27 prize numbers in the north), in minor units.
 * `lottery_place_slip` adds to it with a guarded upsert that refuses a bet passing the play type's
 * cap (LIABILITY_LIMIT); `lottery_cancel_bet` takes a cancelled bet off. A settled or void numero's
 * rows are deleted (lottery.exposure.ts clearExposure).
 */
export const lotteryExposure = pgTable(
  'lottery_exposure',
  {
    numeroId: bigint('numero_id', { mode: 'number' }).notNull(),
    playType: text('play_type').notNull(),
    selection: text('selection').notNull(),
    payout: bigint('payout', { mode: 'bigint' }).notNull(),
    bets: integer('bets').notNull(),
    maxHits: integer('max_hits').notNull().default(1),
  },
  (table) => [primaryKey({ columns: [table.numeroId, table.playType, table.selection] })],
);
