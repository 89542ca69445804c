import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  primaryKey,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { fourEyesDecision } from '../../db/columns.ts';

/**
 * Our own lottery (docs/lottery.md): games with their timetable, numeros (draw issues) with the
 * seed commitment and result, bets (one journal entry each) and the operator's odds.
 * Amounts in minor units of the brand currency; odds in thousandths (3.5 → 3500).
 */

/**
 * A lottery game: a Vietnamese station (daily at `drawTime` on the weekdays of `drawDayOfWeek`,
 * Mon=2 … Sun=1) or a fast game (every `intervalSeconds`). `gameCode` is also the catalogue game
 * code under vendor TCG_LOTTO_VN (regional) or TCG_SEA (fast).
 */
export const lotteryGames = pgTable(
  'lottery_games',
  {
    id: serial('id').primaryKey(),
    gameCode: text('game_code').notNull(),
    /** north, central, south or fast (lottery-draw.ts lotteryRegions). */
    region: text('region').notNull(),
    /** Names per language (bn, en, vi …). */
    names: jsonb('names').$type<Record<string, string>>().notNull(),
    gameMenuTag: text('game_menu_tag').notNull(),
    remark: text('remark').notNull().default(''),
    /** Comma-separated weekday values (Mon=2 … Sun=1). */
    drawDayOfWeek: text('draw_day_of_week').notNull(),
    /** Daily games: HH:mm in Asia/Ho_Chi_Minh. */
    drawTime: text('draw_time'),
    /** Fast games: seconds between draws. */
    intervalSeconds: integer('interval_seconds'),
    /** Betting closes this many seconds before the draw. */
    lockSeconds: integer('lock_seconds').notNull(),
    isHot: boolean('is_hot').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(1000),
    /**
     * Where a regional game's numbers come from (issue 36 item 5, docs/lottery.md "Result sources"):
     * `house`, our own draw (seed + beacon), or `official`, the state lottery's sheet. The operator's
     * choice; a numero keeps the source it took bets under.
     */
    resultSource: text('result_source', { enum: ['house', 'official'] })
      .notNull()
      .default('house'),
  },
  (table) => [
    uniqueIndex('lottery_games_code_key').on(table.gameCode),
    check('lottery_games_result_source', sql`${table.resultSource} in ('house', 'official')`),
    check('lottery_games_timetable', sql`(${table.drawTime} is null) <> (${table.intervalSeconds} is null)`),
  ],
);

/**
 * A numero (draw issue) of a game: yyyymmdd + 4-digit sequence. open → locked (betting closed,
 * bets digest fixed) → drawn (seed revealed, result stored) → settled; or void (every bet refunded).
 * `seed` is never served before the draw; `seedHash` is public from the opening.
 */
export const lotteryNumeros = pgTable(
  'lottery_numeros',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gameId: integer('game_id').notNull(),
    numero: text('numero').notNull(),
    drawDate: date('draw_date').notNull(),
    status: text('status', { enum: ['open', 'locked', 'drawn', 'settled', 'void'] })
      .notNull()
      .default('open'),
    openAt: timestamp('open_at', { withTimezone: true }).notNull(),
    lockAt: timestamp('lock_at', { withTimezone: true }).notNull(),
    drawAt: timestamp('draw_at', { withTimezone: true }).notNull(),
    seed: text('seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    betsDigest: text('bets_digest'),
    betCount: integer('bet_count'),
    result: jsonb('result').$type<{ tier: string; numbers: string[] }[]>(),
    /** Every prize number, special first (settlement reads this). */
    numbers: text('numbers').array(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    voidReason: text('void_reason'),
    /**
     * The randomness beacon's round whose value the draw mixes in (fixed at the opening from the
     * lock time: the first round after it), and, once fetched and verified, its value and signature.
     */
    beaconRound: bigint('beacon_round', { mode: 'number' }),
    beaconValue: text('beacon_value'),
    beaconSignature: text('beacon_signature'),
    /** A void after the lock: who asked (operator id) and when; a second operator carries it out. */
    voidRequestedBy: bigint('void_requested_by', { mode: 'number' }),
    voidRequestedAt: timestamp('void_requested_at', { withTimezone: true }),
    voidApprovedBy: bigint('void_approved_by', { mode: 'number' }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    /** The game's result source when the numero opened (a change applies to numeros without bets). */
    resultSource: text('result_source', { enum: ['house', 'official'] })
      .notNull()
      .default('house'),
    /** An official result's origin once it arrived: `feed` or `entry` (two operators' matching entries). */
    resultOrigin: text('result_origin', { enum: ['feed', 'entry'] }),
  },
  (table) => [
    uniqueIndex('lottery_numeros_game_numero_key').on(table.gameId, table.numero),
    index('lottery_numeros_due_idx').on(table.status, table.drawAt),
    index('lottery_numeros_game_draw_idx').on(table.gameId, table.drawAt),
    // A won or lost bet counts at its draw's settlement (games' member_rounds): the boards and an
    // agent's period find the settled draws here, not through an index on the bets (drizzle/0052).
    index('lottery_numeros_settled_idx')
      .on(table.settledAt)
      .where(sql`${table.settledAt} is not null`),
  ],
);

/**
 * A void of a numero after its lock, waiting for a second operator (issue 36, four eyes: docs/
 * lottery.md "Settlement and voiding"). Another operator's confirmation voids the numero (approved);
 * any operator may reject it with a reason (the requester too: withdrawing it), never approve their
 * own (a check constraint too). One pending request per numero; the row leaves `pending` once,
 * under the numero's row lock.
 */
export const lotteryVoidRequests = pgTable(
  'lottery_void_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    numeroId: bigint('numero_id', { mode: 'number' }).notNull(),
    /** Why: the public notice on the results list once the numero is void. */
    reason: text('reason').notNull(),
    ...fourEyesDecision(),
  },
  (table) => [
    uniqueIndex('lottery_void_requests_pending_key')
      .on(table.numeroId)
      .where(sql`${table.status} = 'pending'`),
    index('lottery_void_requests_status_idx').on(table.status, table.id),
    check(
      'lottery_void_requests_second_approver',
      sql`${table.status} <> 'approved' or ${table.decidedById} <> ${table.requestedById}`,
    ),
  ],
);

/**
 * One bet: one selection (or a xiên's numbers) on one numero, staked with one journal entry
 * (`entryId`, kind bet). Settled exactly once: open → won / lost, or → cancelled / void with the
 * stake refunded. `oddsMilli` is the odds when placed.
 */
export const lotteryBets = pgTable(
  'lottery_bets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    numeroId: bigint('numero_id', { mode: 'number' }).notNull(),
    gameId: integer('game_id').notNull(),
    memberId: integer('member_id').notNull(),
    playType: text('play_type').notNull(),
    selection: text('selection').array().notNull(),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    oddsMilli: integer('odds_milli').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['open', 'won', 'lost', 'cancelled', 'void'] })
      .notNull()
      .default('open'),
    hits: integer('hits').notNull().default(0),
    payout: bigint('payout', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The slip's request id (idempotency) and the bet's place in it. */
    requestId: text('request_id').notNull(),
    slipIndex: integer('slip_index').notNull(),
    /** The journal entry of the stake. */
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    /** The journal entry that paid the win or refunded the stake (shared by a batch's bets of one member). */
    settleEntryId: bigint('settle_entry_id', { mode: 'number' }),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** The numero's seed commitment and beacon round when the bet was placed (the bettor's copy). */
    seedHash: text('seed_hash'),
    beaconRound: bigint('beacon_round', { mode: 'number' }),
  },
  (table) => [
    uniqueIndex('lottery_bets_request_key').on(table.memberId, table.requestId, table.slipIndex),
    // Not on status, settled_at or any column settling writes: settling a bet then changes no
    // indexed column, so with the free space of fillfactor 50 (drizzle/0016_lottery_money.sql) its
    // update is a HOT update, no index written (lottery.hot-update.test.ts keeps it so; 0052).
    index('lottery_bets_numero_idx').on(table.numeroId, table.id),
    index('lottery_bets_member_idx').on(table.memberId, table.placedAt),
    check('lottery_bets_stake_positive', sql`${table.stake} > 0`),
  ],
);

/** An odds line: the prize mode, region and play type, its odds (thousandths) and stake limits. */
export const oddsLineColumns = () => ({
  prizeMode: text('prize_mode').notNull(),
  region: text('region').notNull(),
  playType: text('play_type').notNull(),
  oddsMilli: integer('odds_milli').notNull(),
  minStake: bigint('min_stake', { mode: 'bigint' }).notNull(),
  maxStake: bigint('max_stake', { mode: 'bigint' }).notNull(),
});

/** The operator's odds and stake limits per prize mode, region and play type (new bets only). */
export const lotteryOdds = pgTable(
  'lottery_odds',
  {
    ...oddsLineColumns(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by'),
  },
  (table) => [
    primaryKey({ columns: [table.prizeMode, table.region, table.playType] }),
    check(
      'lottery_odds_positive',
      sql`${table.oddsMilli} > 0 and ${table.minStake} > 0 and ${table.maxStake} >= ${table.minStake}`,
    ),
  ],
);

/**
 * The lottery's own trail of refused or notable member and system steps (issue 36): a cancel inside
 * the freeze, a beacon value whose signature fails, a numero voided for a missing beacon round.
 * Rows are only ever inserted.
 */
export const lotteryEvents = pgTable(
  'lottery_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** cancel_refused, beacon_invalid, beacon_missing … */
    kind: text('kind').notNull(),
    numeroId: bigint('numero_id', { mode: 'number' }),
    memberId: integer('member_id'),
    betId: bigint('bet_id', { mode: 'number' }),
    detail: jsonb('detail').notNull().default({}),
  },
  (table) => [index('lottery_events_numero_idx').on(table.numeroId, table.id)],
);

/**
 * An operator's typed copy of an official sheet (issue 36 item 5): one per operator and numero (a
 * correction after a mismatch replaces it). Two operators' matching copies are the result.
 */
export const lotterySheetEntries = pgTable(
  'lottery_sheet_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    numeroId: bigint('numero_id', { mode: 'number' }).notNull(),
    operatorId: integer('operator_id').notNull(),
    operator: text('operator').notNull(),
    sheet: jsonb('sheet').$type<{ tier: string; numbers: string[] }[]>().notNull(),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('lottery_sheet_entries_numero_operator_key').on(table.numeroId, table.operatorId)],
);
