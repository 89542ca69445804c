import { z } from 'zod';
import { defineCall } from '../define.ts';
import { isoDay } from './operators.ts';
import type { OperatorPermission } from './roles.ts';

/**
 * The back office's reports (issue 15, item 6; docs/back-office.md, Reports). Every report reads
 * the daily tables that the `reports-aggregate` job keeps (never a scan of the rounds), per brand
 * day (settings timeZone) in the site's currency. Amounts are decimal strings in major units, sums of
 * ledger postings on members' wallets (docs/back-office.md, Reports: figures from the ledger).
 *
 * - GGR = stake − payout of main-wallet rounds, on the day each round began (a rollback counts on
 *   its round's day; trial play never counts).
 * - Bonuses = promotional money given to players: ledger entries of kind `bonus` into a member's
 *   main or bonus wallet, plus operator adjustments marked promotional (`metadata.promotional`).
 *   Free-play demo funds (trial wallet) are not money and never count.
 * - NGR = GGR − bonuses.
 */

/** The longest period a report covers, in days (a leap year). */
export const reportMaxDays = 366;

const dayMs = 86_400_000;

/** A real calendar day (YYYY-MM-DD, UTC). */
export const reportDay = isoDay.refine((value) => {
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
}, 'a calendar day');

/** Days in a period, both ends included. */
export function reportPeriodDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs) + 1;
}

const periodShape = { from: reportDay, to: reportDay };

function checkPeriod(value: { from: string; to: string }, context: z.RefinementCtx) {
  const days = reportPeriodDays(value.from, value.to);
  if (!Number.isFinite(days)) return;
  if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: 'on or after from' });
  else if (days > reportMaxDays) {
    context.addIssue({ code: 'custom', path: ['to'], message: `at most ${reportMaxDays} days after from` });
  }
}

export const reportGroupings = ['day', 'vendor', 'game', 'category'] as const;
export type ReportGrouping = (typeof reportGroupings)[number];

const amount = z.string();
const count = z.number().int();

/** When the daily tables were last brought up to date (ms since epoch), null before the first run. */
const freshness = { updatedAt: z.number().nullable(), currency: z.string() };

export const gamingRowSchema = z.object({
  /** The group: a day, a vendor code, a game's node id, or a category (game type). */
  key: z.string(),
  /** What to show: the day, the vendor, the game's name (and vendor), the category. */
  label: z.string(),
  vendor: z.string().nullable(),
  category: z.string().nullable(),
  rounds: count,
  stake: amount,
  payout: amount,
  ggr: amount,
  /**
   * Distinct players: of the day when grouped by day; otherwise the sum over the days of each
   * day's distinct players of the group ("player-days").
   */
  players: count,
  /** Per day only (null for other groupings): bonuses and NGR = GGR − bonuses. */
  bonuses: amount.nullable(),
  ngr: amount.nullable(),
});
export type GamingReportRow = z.infer<typeof gamingRowSchema>;

export const moneyRowSchema = z.object({
  day: z.string(),
  deposits: count,
  depositAmount: amount,
  withdrawals: count,
  withdrawalAmount: amount,
  /** Deposits − withdrawals. */
  net: amount,
});
export type MoneyReportRow = z.infer<typeof moneyRowSchema>;

export const playersRowSchema = z.object({
  day: z.string(),
  /** Accounts opened that day (players, not agents' own or trial accounts). */
  newPlayers: count,
  /** Distinct players with a settled main-wallet round that day. */
  activePlayers: count,
  /** Distinct players with an approved deposit that day. */
  depositingPlayers: count,
  /** Players whose first approved deposit was that day. */
  firstDepositors: count,
});
export type PlayersReportRow = z.infer<typeof playersRowSchema>;

export const agentRowSchema = z.object({
  agentId: z.number().int(),
  username: z.string(),
  /** Accounts in the agent's team now (the agent excluded). */
  teamSize: count,
  rounds: count,
  stake: amount,
  payout: amount,
  ggr: amount,
  /** Distinct team players per day, summed over the period. */
  playerDays: count,
});
export type AgentReportRow = z.infer<typeof agentRowSchema>;

/** The back office's reports calls (issue 15). */
export const reportsAdminCalls = {
  operatorReportGaming: defineCall({
    id: 'operatorReportGaming',
    method: 'GET',
    path: '/api/operator/reports/gaming',
    auth: 'operator',
    encrypted: false,
    summary:
      'Rounds, stake, payout, GGR and players in a period (UTC days, both ends included) by day, vendor, game or category; bonuses and NGR per day',
    tag: 'operator',
    query: z
      .object({ ...periodShape, groupBy: z.enum(reportGroupings).default('day') })
      .superRefine(checkPeriod),
    value: z.object({
      ...freshness,
      rows: z.array(gamingRowSchema),
      totals: z.object({
        rounds: count,
        stake: amount,
        payout: amount,
        ggr: amount,
        bonuses: amount,
        ngr: amount,
      }),
    }),
  }),
  operatorReportMoney: defineCall({
    id: 'operatorReportMoney',
    method: 'GET',
    path: '/api/operator/reports/money',
    auth: 'operator',
    encrypted: false,
    summary: 'Approved deposits and paid-out withdrawals per day of a period (counts and amounts)',
    tag: 'operator',
    query: z.object(periodShape).superRefine(checkPeriod),
    value: z.object({
      ...freshness,
      rows: z.array(moneyRowSchema),
      totals: moneyRowSchema.omit({ day: true }),
    }),
  }),
  operatorReportPlayers: defineCall({
    id: 'operatorReportPlayers',
    method: 'GET',
    path: '/api/operator/reports/players',
    auth: 'operator',
    encrypted: false,
    summary: 'New, active (betting) and depositing players per day of a period',
    tag: 'operator',
    query: z.object(periodShape).superRefine(checkPeriod),
    value: z.object({
      ...freshness,
      rows: z.array(playersRowSchema),
      totals: z.object({
        newPlayers: count,
        firstDepositors: count,
        /** The highest daily figures of the period. */
        peakActivePlayers: count,
        peakDepositingPlayers: count,
      }),
    }),
  }),
  operatorReportAgents: defineCall({
    id: 'operatorReportAgents',
    method: 'GET',
    path: '/api/operator/reports/agents',
    auth: 'operator',
    encrypted: false,
    summary:
      "The top agents by their team's stake or GGR in a period (the agent's whole downline, itself included)",
    tag: 'operator',
    query: z
      .object({
        ...periodShape,
        sortBy: z.enum(['stake', 'ggr']).default('stake'),
        limit: z.coerce.number().int().min(1).max(100).default(20),
      })
      .superRefine(checkPeriod),
    value: z.object({ ...freshness, rows: z.array(agentRowSchema) }),
  }),
};

/** The permission each of these calls needs (call-permissions.ts). */
export const reportsAdminCallPermissions: Record<keyof typeof reportsAdminCalls, OperatorPermission> = {
  operatorReportGaming: 'reports.read',
  operatorReportMoney: 'reports.read',
  operatorReportPlayers: 'reports.read',
  operatorReportAgents: 'reports.read',
};
