import { sql } from 'drizzle-orm';
import type {
  AgentReportRow,
  GamingReportRow,
  MoneyReportRow,
  PlayersReportRow,
  ReportGrouping,
} from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { accountNamesOf } from '../accounts/member.service.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { formatAmount } from '../ledger/money.ts';

/**
 * The report calls (issue 15, Reports): each reads the daily tables (reports.tables.ts) of a
 * period of the brand's days (settings timeZone, cut by reports.aggregate.ts), both ends included —
 * a few rows per day, never the rounds.
 */

export interface Money {
  currency: string;
  precision: number;
}

export interface Period {
  from: string;
  to: string;
}

const dayMs = 86_400_000;

function daysOf({ from, to }: Period): string[] {
  const days: string[] = [];
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= Date.parse(`${to}T00:00:00Z`); time += dayMs) {
    days.push(new Date(time).toISOString().slice(0, 10));
  }
  return days;
}

const big = (value: string | number | null | undefined) => BigInt(value ?? 0);

async function updatedAt(db: Database): Promise<number | null> {
  const [row] = rowsOf<{ at: string | null }>(
    await db.execute(
      sql`select (extract(epoch from updated_at) * 1000)::bigint::text as at from report_state where id = 1`,
    ),
  );
  return row?.at ? Number(row.at) : null;
}

interface TotalsRow {
  day: string;
  rounds: number;
  stake: string;
  payout: string;
  bonuses: string;
  deposits: number;
  deposit_amount: string;
  withdrawal_count: number;
  withdrawal_amount: string;
  new_players: number;
  active_players: number;
  depositing_players: number;
  first_depositors: number;
}

/** The period's rows of report_daily_totals, one per day (a day not aggregated yet is zeros). */
async function totalsByDay(db: Database, period: Period): Promise<TotalsRow[]> {
  const rows = rowsOf<TotalsRow>(
    await db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day, rounds, stake::text as stake, payout::text as payout, bonuses::text as bonuses,
             deposits, deposit_amount::text as deposit_amount, withdrawal_count, withdrawal_amount::text as withdrawal_amount,
             new_players, active_players, depositing_players, first_depositors
        from report_daily_totals
       where day between ${period.from}::date and ${period.to}::date
       order by day`),
  );
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return daysOf(period).map(
    (day) =>
      byDay.get(day) ?? {
        day,
        rounds: 0,
        stake: '0',
        payout: '0',
        bonuses: '0',
        deposits: 0,
        deposit_amount: '0',
        withdrawal_count: 0,
        withdrawal_amount: '0',
        new_players: 0,
        active_players: 0,
        depositing_players: 0,
        first_depositors: 0,
      },
  );
}

/** The most rows a grouping other than by day answers (the biggest first). */
const groupLimit = 1000;

export async function gamingReport(
  db: Database,
  { period, groupBy, money }: { period: Period; groupBy: ReportGrouping; money: Money },
) {
  const amount = (minor: bigint) => formatAmount(minor, money.precision);
  const days = await totalsByDay(db, period);
  const sums = { rounds: 0, stake: 0n, payout: 0n, bonuses: 0n };
  for (const day of days) {
    sums.rounds += day.rounds;
    sums.stake += big(day.stake);
    sums.payout += big(day.payout);
    sums.bonuses += big(day.bonuses);
  }
  let rows: GamingReportRow[];
  if (groupBy === 'day') {
    rows = days.map((day) => {
      const ggr = big(day.stake) - big(day.payout);
      return {
        key: day.day,
        label: day.day,
        vendor: null,
        category: null,
        rounds: day.rounds,
        stake: amount(big(day.stake)),
        payout: amount(big(day.payout)),
        ggr: amount(ggr),
        players: day.active_players,
        bonuses: amount(big(day.bonuses)),
        ngr: amount(ggr - big(day.bonuses)),
      };
    });
  } else {
    const keys = {
      vendor: sql`g.vendor_code`,
      game: sql`g.vendor_code, g.node_id, g.game_type`,
      category: sql`g.game_type`,
    }[groupBy];
    const grouped = rowsOf<{
      vendor_code: string | null;
      node_id: number | null;
      game_type: string | null;
      name: string | null;
      rounds: number;
      stake: string;
      payout: string;
      players: number;
    }>(
      await db.execute(sql`
        select ${groupBy === 'category' ? sql`null` : sql`g.vendor_code`} as vendor_code,
               ${groupBy === 'game' ? sql`g.node_id` : sql`null`} as node_id,
               ${groupBy === 'vendor' ? sql`null` : sql`g.game_type`} as game_type,
               ${
                 groupBy === 'game'
                   ? sql`(select coalesce(c.names ->> 'en', c.game_code) from games_catalogue c where c.node_id = g.node_id)`
                   : sql`null`
               } as name,
               sum(g.rounds)::int as rounds, sum(g.stake)::text as stake, sum(g.payout)::text as payout,
               sum(g.players)::int as players
          from report_daily_games g
         where g.day between ${period.from}::date and ${period.to}::date
         group by ${keys}
         order by sum(g.stake) desc, 1, 2, 3
         limit ${groupLimit}`),
    );
    rows = grouped.map((row) => {
      const stake = big(row.stake);
      const payout = big(row.payout);
      const key =
        groupBy === 'vendor'
          ? (row.vendor_code ?? '')
          : groupBy === 'category'
            ? (row.game_type ?? '')
            : `${row.vendor_code}:${row.node_id}:${row.game_type}`;
      const label =
        groupBy === 'game'
          ? (row.name ?? (row.node_id ? `#${row.node_id}` : `${row.vendor_code} ${row.game_type}`))
          : key;
      return {
        key,
        label,
        vendor: row.vendor_code,
        category: row.game_type,
        rounds: row.rounds,
        stake: amount(stake),
        payout: amount(payout),
        ggr: amount(stake - payout),
        players: row.players,
        bonuses: null,
        ngr: null,
      };
    });
  }
  const ggr = sums.stake - sums.payout;
  return {
    updatedAt: await updatedAt(db),
    currency: money.currency,
    rows,
    totals: {
      rounds: sums.rounds,
      stake: amount(sums.stake),
      payout: amount(sums.payout),
      ggr: amount(ggr),
      bonuses: amount(sums.bonuses),
      ngr: amount(ggr - sums.bonuses),
    },
  };
}

export async function moneyReport(db: Database, { period, money }: { period: Period; money: Money }) {
  const amount = (minor: bigint) => formatAmount(minor, money.precision);
  const totals = { deposits: 0, depositAmount: 0n, withdrawals: 0, withdrawalAmount: 0n };
  const rows: MoneyReportRow[] = (await totalsByDay(db, period)).map((day) => {
    totals.deposits += day.deposits;
    totals.depositAmount += big(day.deposit_amount);
    totals.withdrawals += day.withdrawal_count;
    totals.withdrawalAmount += big(day.withdrawal_amount);
    return {
      day: day.day,
      deposits: day.deposits,
      depositAmount: amount(big(day.deposit_amount)),
      withdrawals: day.withdrawal_count,
      withdrawalAmount: amount(big(day.withdrawal_amount)),
      net: amount(big(day.deposit_amount) - big(day.withdrawal_amount)),
    };
  });
  return {
    updatedAt: await updatedAt(db),
    currency: money.currency,
    rows,
    totals: {
      deposits: totals.deposits,
      depositAmount: amount(totals.depositAmount),
      withdrawals: totals.withdrawals,
      withdrawalAmount: amount(totals.withdrawalAmount),
      net: amount(totals.depositAmount - totals.withdrawalAmount),
    },
  };
}

export async function playersReport(db: Database, { period, money }: { period: Period; money: Money }) {
  const totals = { newPlayers: 0, firstDepositors: 0, peakActivePlayers: 0, peakDepositingPlayers: 0 };
  const rows: PlayersReportRow[] = (await totalsByDay(db, period)).map((day) => {
    totals.newPlayers += day.new_players;
    totals.firstDepositors += day.first_depositors;
    totals.peakActivePlayers = Math.max(totals.peakActivePlayers, day.active_players);
    totals.peakDepositingPlayers = Math.max(totals.peakDepositingPlayers, day.depositing_players);
    return {
      day: day.day,
      newPlayers: day.new_players,
      activePlayers: day.active_players,
      depositingPlayers: day.depositing_players,
      firstDepositors: day.first_depositors,
    };
  });
  return { updatedAt: await updatedAt(db), currency: money.currency, rows, totals };
}

/**
 * The top agents by their team's stake or GGR in the period (report_daily_agents: each agent's
 * whole downline, itself included, as the agents' own team overview counts it), with their names
 * from the accounts module and their team's size now.
 */
export async function agentsReport(
  db: Database,
  { period, sortBy, limit, money }: { period: Period; sortBy: 'stake' | 'ggr'; limit: number; money: Money },
) {
  const amount = (minor: bigint) => formatAmount(minor, money.precision);
  const order = sortBy === 'ggr' ? sql`sum(a.stake - a.payout)` : sql`sum(a.stake)`;
  const top = rowsOf<{
    agent_id: number | string;
    rounds: number;
    stake: string;
    payout: string;
    players: number;
    team: number;
  }>(
    await db.execute(sql`
      select a.agent_id, sum(a.rounds)::int as rounds, sum(a.stake)::text as stake, sum(a.payout)::text as payout,
             sum(a.players)::int as players,
             (select count(*)::int from agents_member_tree t where t.ancestor_id = a.agent_id and t.depth > 0) as team
        from report_daily_agents a
       where a.day between ${period.from}::date and ${period.to}::date
       group by a.agent_id
       order by ${order} desc, a.agent_id
       limit ${limit}`),
  );
  const names = await accountNamesOf(
    db,
    top.map((row) => Number(row.agent_id)),
  );
  const rows: AgentReportRow[] = top.map((row) => {
    const stake = big(row.stake);
    const payout = big(row.payout);
    return {
      agentId: Number(row.agent_id),
      username: names.get(Number(row.agent_id)) ?? `#${row.agent_id}`,
      teamSize: row.team,
      rounds: row.rounds,
      stake: amount(stake),
      payout: amount(payout),
      ggr: amount(stake - payout),
      playerDays: row.players,
    };
  });
  return { updatedAt: await updatedAt(db), currency: money.currency, rows };
}
