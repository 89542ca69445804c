import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * The back office's pre-aggregated daily tables (issue 15, Reports; docs/back-office.md). The
 * `reports-aggregate` job (reports.aggregate.ts) rewrites whole days of them from the rounds,
 * deposits, withdrawals, members and ledger, in one transaction per run; the report calls read only
 * these, so a report over a year costs a few thousand rows however many rounds were played.
 * Days are UTC days; amounts are minor units of the site's currency.
 */

/** The figures of a group of rounds in a day: their number, stake, payout and distinct players. */
const roundFigures = () => ({
  rounds: integer('rounds').notNull(),
  stake: bigint('stake', { mode: 'bigint' }).notNull(),
  payout: bigint('payout', { mode: 'bigint' }).notNull(),
  /** Distinct players of the group that day. */
  players: integer('players').notNull(),
});

/** Per day × vendor × game × category: settled main-wallet rounds by settlement day. */
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
  withdrawals: integer('withdrawals').notNull(),
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
 * The job's one row: how far it has read (the highest game round and lottery bet ids seen, to find
 * rows that arrive late for an old day) and when it last ran.
 */
export const reportState = pgTable('report_state', {
  id: smallint('id').primaryKey(),
  currency: text('currency').notNull(),
  roundCursor: bigint('round_cursor', { mode: 'number' }).notNull(),
  lotteryCursor: bigint('lottery_cursor', { mode: 'number' }).notNull(),
  /** The last day the previous run aggregated (the next run starts the day before it). */
  lastDay: date('last_day', { mode: 'string' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
