import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * The back office's pre-aggregated daily tables (issue 15, Reports; docs/back-office.md, Reports:
 * figures from the ledger). The `reports-aggregate` job (reports.aggregate.ts) reads the journal
 * after its cursor into `report_movements` (the read model: what each entry moved on members'
 * wallets, tied to its round, order or bonus) and rewrites whole days of the daily tables from it,
 * in one transaction per run; the report calls read only the daily tables, so a report over a year
 * costs a few thousand rows however many rounds were played. Days are the brand's (settings
 * timeZone); amounts are minor units of the site's currency.
 */

/** The figures of a group of rounds in a day: their number, stake, payout and distinct players. */
const roundFigures = () => ({
  rounds: integer('rounds').notNull(),
  stake: bigint('stake', { mode: 'bigint' }).notNull(),
  payout: bigint('payout', { mode: 'bigint' }).notNull(),
  /** Distinct players of the group that day. */
  players: integer('players').notNull(),
});

/** Per day × vendor × game × category: main-wallet rounds by the day they began (report_movements). */
export const reportDailyGames = pgTable(
  'report_daily_games',
  {
    day: date('day', { mode: 'string' }).notNull(),
    vendorCode: text('vendor_code').notNull(),
    nodeId: integer('node_id').notNull(),
    /** The category (game type: SLOT, LIVE, LOTT …). */
    gameType: text('game_type').notNull(),
    ...roundFigures(),
  },
  (table) => [primaryKey({ columns: [table.day, table.vendorCode, table.nodeId, table.gameType] })],
);

/** Per day: money and players. */
export const reportDailyTotals = pgTable('report_daily_totals', {
  day: date('day', { mode: 'string' }).primaryKey(),
  rounds: integer('rounds').notNull(),
  stake: bigint('stake', { mode: 'bigint' }).notNull(),
  payout: bigint('payout', { mode: 'bigint' }).notNull(),
  /** Promotional money given (see the contract's back-office/reports.ts: NGR = GGR − bonuses). */
  bonuses: bigint('bonuses', { mode: 'bigint' }).notNull(),
  deposits: integer('deposits').notNull(),
  depositAmount: bigint('deposit_amount', { mode: 'bigint' }).notNull(),
  /** Named withdrawal_count in SQL: `withdrawals` is the withdrawals module's table (sql-boundaries). */
  withdrawals: integer('withdrawal_count').notNull(),
  withdrawalAmount: bigint('withdrawal_amount', { mode: 'bigint' }).notNull(),
  newPlayers: integer('new_players').notNull(),
  activePlayers: integer('active_players').notNull(),
  depositingPlayers: integer('depositing_players').notNull(),
  firstDepositors: integer('first_depositors').notNull(),
});

/** Per day × agent: the agent's whole team (itself included), as agentTeamOverview counts it. */
export const reportDailyAgents = pgTable(
  'report_daily_agents',
  {
    day: date('day', { mode: 'string' }).notNull(),
    agentId: bigint('agent_id', { mode: 'number' }).notNull(),
    ...roundFigures(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.agentId] }),
    index('report_daily_agents_agent_idx').on(table.agentId, table.day),
  ],
);

/**
 * What each journal entry moved on members' wallets that a report counts (one row per entry and
 * member): its figure, the signed amount the figure counts (a stake and a withdrawal positive when
 * money leaves the wallet, a payout, deposit or bonus positive when it arrives; a reversal the
 * opposite of what it reverses), what it belongs to (`item`: a round, a deposit order, a withdrawal,
 * the bonus entry) and `at`, the time whose brand day the movement counts on (the round's start,
 * the order's decision, the withdrawal's payout, the bonus's posting): a rollback posted days later
 * counts on its round's day. Filled from the ledger's published views only (ledger_member_postings,
 * member_rounds, lottery_rounds, deposits_orders, withdrawals_requests, games_catalogue).
 */
export const reportMovements = pgTable(
  'report_movements',
  {
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    memberId: integer('member_id').notNull(),
    /** stake | payout | deposit | withdrawal | bonus */
    figure: text('figure').notNull(),
    item: text('item').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The round's game (stake and payout only). */
    vendorCode: text('vendor_code'),
    nodeId: integer('node_id'),
    gameType: text('game_type'),
  },
  (table) => [
    primaryKey({ columns: [table.entryId, table.memberId] }),
    index('report_movements_at_idx').on(table.at),
    // A round's later entries (a win, a rollback) find its time and game by its item.
    index('report_movements_item_idx').on(table.item),
    index('report_movements_member_idx').on(table.memberId, table.figure, table.at),
  ],
);

/**
 * The job's one row: how far it has read the journal (every entry up to `journal_cursor` is in
 * report_movements; later ones are read next run), the marks that move the cursor (reports.aggregate.ts,
 * The cursor) and the last day it aggregated.
 */
export const reportState = pgTable('report_state', {
  id: smallint('id').primaryKey(),
  currency: text('currency').notNull(),
  journalCursor: bigint('journal_cursor', { mode: 'number' }).notNull().default(0),
  /** [{ at: epoch ms, id }]: the highest entry id seen at a moment (newest last). */
  marks: jsonb('marks').notNull().default([]),
  /** The last day the previous run aggregated (the next run starts the day before it). */
  lastDay: date('last_day', { mode: 'string' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
