import { sql } from 'drizzle-orm';
import { accountTypes, realtimeWageSlotSeconds, type WageKind } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { openSystemAccounts, rowsOf } from '../ledger/ledger.service.ts';
import { getSettings } from '../settings/settings.service.ts';

/**
 * The four settlement jobs (docs/agents.md "Settlement"): each settles every closed period of its
 * kind since its cursor (agent_wage_runs), one period per statement of the SQL function
 * agent_wages_settle_period (drizzle/0020_agent_wages.sql): lines, payment and cursor commit
 * together, so a crash loses nothing and a rerun pays nothing twice.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Real-time waits this long after a slot's end (bets of a numero drawn at the edge settle late). */
export const REALTIME_LAG_MS = 60_000;
/** At most this many periods per run: a long outage catches up over a few runs. */
const MAX_PERIODS_PER_RUN = 2_000;

export interface Period {
  key: string;
  from: Date;
  to: Date;
}

const pad = (value: number) => String(value).padStart(2, '0');
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The period of `kind` that starts at `from` (UTC): its key and end. */
export function periodAt(kind: WageKind, from: Date): Period {
  if (kind === 'realtime') {
    const to = new Date(from.getTime() + realtimeWageSlotSeconds * 1000);
    return { key: `R:${isoDay(from)}T${pad(from.getUTCHours())}:${pad(from.getUTCMinutes())}`, from, to };
  }
  if (kind === 'hourly') {
    return { key: `H:${isoDay(from)}T${pad(from.getUTCHours())}`, from, to: new Date(from.getTime() + HOUR) };
  }
  return { key: `D:${isoDay(from)}`, from, to: new Date(from.getTime() + DAY) };
}

function periodLength(kind: WageKind): number {
  return kind === 'realtime' ? realtimeWageSlotSeconds * 1000 : kind === 'hourly' ? HOUR : DAY;
}

/** The dividend periods (spec 3: D, W, H, M) that end with the UTC day starting at `day`. */
export function dividendPeriodsEnding(day: Date): { letter: string; key: string; from: string }[] {
  const end = new Date(day.getTime() + DAY);
  const periods = [{ letter: 'D', key: `D:${isoDay(day)}`, from: day.toISOString() }];
  if (day.getUTCDay() === 0) {
    const monday = new Date(day.getTime() - 6 * DAY);
    periods.push({ letter: 'W', key: `W:${isoDay(monday)}`, from: monday.toISOString() });
  }
  const month = `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}`;
  const monthStart = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1));
  if (day.getUTCDate() === 15)
    periods.push({ letter: 'H', key: `H:${month}-1`, from: monthStart.toISOString() });
  if (end.getUTCDate() === 1) {
    const second = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 16));
    periods.push({ letter: 'H', key: `H:${month}-2`, from: second.toISOString() });
    periods.push({ letter: 'M', key: `M:${month}`, from: monthStart.toISOString() });
  }
  return periods;
}

/** The start of the last period of `kind` closed at `now` (real-time: its lag passed too). */
function lastClosedStart(kind: WageKind, now: Date): number {
  const length = periodLength(kind);
  const edge = now.getTime() - (kind === 'realtime' ? REALTIME_LAG_MS : 0);
  return Math.floor(edge / length) * length - length;
}

export interface SettleResult {
  kind: WageKind;
  periods: number;
  lines: number;
  paid: number;
  settledTo: string | null;
}

/**
 * Settles every closed period of `kind` after its cursor, up to `now`. Without a cursor (the first
 * run) it starts with the last closed period. Safe to run concurrently: the function locks the
 * cursor row and skips a period already settled.
 */
export async function settleWages(
  db: Database,
  kind: WageKind,
  now: Date = new Date(),
): Promise<SettleResult> {
  const settings = await getSettings(db);
  const currency = settings.currency;
  const precision = settings.currencyPrecision;
  await openSystemAccounts(db, { currency, precision });
  const runKind = kind;
  const [cursor] = rowsOf<{ settled_to: string }>(
    await db.execute(sql`select (extract(epoch from settled_to) * 1000)::bigint::text as settled_to
                           from agent_wage_runs where kind = ${runKind}`),
  );
  const last = lastClosedStart(kind, now);
  const length = periodLength(kind);
  let start = cursor ? Number(cursor.settled_to) : last;
  // A cursor off the grid (never written so) is moved to the period holding it.
  start = Math.floor(start / length) * length;
  const result: SettleResult = { kind, periods: 0, lines: 0, paid: 0, settledTo: null };
  while (start <= last && result.periods < MAX_PERIODS_PER_RUN) {
    const period = periodAt(kind, new Date(start));
    const dividends = kind === 'dividend' ? JSON.stringify(dividendPeriodsEnding(period.from)) : null;
    const [row] = rowsOf<{ result: { skipped: boolean; lines?: number; paid?: number } }>(
      await db.execute(sql`select agent_wages_settle_period(${kind}, ${period.key}, ${period.from.toISOString()}::timestamptz,
          ${period.to.toISOString()}::timestamptz, ${dividends}::jsonb, ${currency}, ${precision},
          ${accountTypes.trial}) as result`),
    );
    if (row && !row.result.skipped) {
      result.periods += 1;
      result.lines += row.result.lines ?? 0;
      result.paid += row.result.paid ?? 0;
    }
    result.settledTo = period.to.toISOString();
    start += length;
  }
  return result;
}

export const settleRealtimeWages = (db: Database, now?: Date) => settleWages(db, 'realtime', now);
export const settleHourlyWages = (db: Database, now?: Date) => settleWages(db, 'hourly', now);
export const settleDailyWages = (db: Database, now?: Date) => settleWages(db, 'daily', now);
export const settleDividends = (db: Database, now?: Date) => settleWages(db, 'dividend', now);

/** The jobs' definitions (name, schedule, what runs), for agentWageRoutes. */
export const wageJobs: {
  name: string;
  kind: WageKind;
  summary: string;
  schedule: { cron: string } | { everySeconds: number };
}[] = [
  {
    name: 'agent-wages-realtime',
    kind: 'realtime',
    summary: "Real-time wages: every closed 5-minute slot's lottery bets, paid per agent",
    schedule: { everySeconds: realtimeWageSlotSeconds },
  },
  {
    name: 'agent-wages-hourly',
    kind: 'hourly',
    summary: 'Hourly salaries of every closed hour',
    schedule: { cron: '2 * * * *' },
  },
  {
    name: 'agent-wages-daily',
    kind: 'daily',
    summary: 'Daily wages of every closed day (UTC)',
    schedule: { cron: '5 0 * * *' },
  },
  {
    name: 'agent-dividends',
    kind: 'dividend',
    summary: 'Dividends of every period (D, W, H, M) ending with a closed day',
    schedule: { cron: '15 0 * * *' },
  },
];
