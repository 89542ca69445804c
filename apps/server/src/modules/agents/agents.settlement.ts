import { sql } from 'drizzle-orm';
import { accountTypes, realtimeWageSlotSeconds, type WageKind } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { openSystemAccounts, rowsOf } from '../ledger/ledger.service.ts';
import { getSettings } from '../settings/settings.service.ts';
import { REFERENCE_EDGE_BP, percentToBp } from './agents.edge.ts';
import {
  dayKey,
  formatWallTime,
  instantOfWall,
  offsetLabel,
  periodEnd,
  periodStart,
  wallTime,
} from '@khela/contract/business-day';

/**
 * The four settlement jobs (docs/agents.md "Settlement"): each settles every closed period of its
 * kind since its cursor (agent_wage_runs), one period per statement of the SQL function
 * agent_wages_settle_period (drizzle/0020_agent_wages.sql): lines, payment and cursor commit
 * together, so a crash loses nothing and a rerun pays nothing twice.
 */

/** Real-time waits this long after a slot's end (bets of a numero drawn at the edge settle late). */
export const REALTIME_LAG_MS = 60_000;
/** At most this many periods per run: a long outage catches up over a few runs. */
const MAX_PERIODS_PER_RUN = 2_000;

export interface Period {
  key: string;
  from: Date;
  to: Date;
}

const SLOT = realtimeWageSlotSeconds * 1000;

/**
 * The clock time of `instant` in the key of a period starting then: the zone's wall clock (the
 * brand's day and hour, as the pages show them), with the offset added when that wall time is the
 * second one of a clock turned back (the repeated autumn hour), so that the two keys differ.
 */
function wallKey(instant: number, zone: string, withMinutes: boolean): string {
  const text = formatWallTime(instant, zone).replace(' ', 'T');
  const key = withMinutes ? text : text.slice(0, 13);
  // instantOfWall answers the first instant that shows a wall time: an earlier one means this is
  // the repeat.
  const repeated = instantOfWall(wallTime(instant, zone), zone) < instant;
  return repeated ? `${key} ${offsetLabel(zone, instant)}` : key;
}

/** The start of the period of `kind` holding `instant`: a brand's day or hour, or a 5-minute slot. */
function periodStartOf(kind: WageKind, instant: number, zone: string): number {
  if (kind === 'realtime') return Math.floor(instant / SLOT) * SLOT;
  return periodStart(kind === 'hourly' ? 'hour' : 'day', instant, zone);
}

function periodEndOf(kind: WageKind, instant: number, zone: string): number {
  if (kind === 'realtime') return Math.floor(instant / SLOT) * SLOT + SLOT;
  return periodEnd(kind === 'hourly' ? 'hour' : 'day', instant, zone);
}

/**
 * The period of `kind` from `from` to the end of the brand's day, hour or slot that holds it. A
 * `from` inside a period (the cursor of a brand that changed its zone: the time before it was paid
 * under the old zone) makes a shorter period, keyed with its start (`~HH:MM`) so that it is never
 * mistaken for a whole one already settled under the same date.
 */
export function periodAt(kind: WageKind, from: Date, zone: string): Period {
  const start = from.getTime();
  const to = new Date(periodEndOf(kind, start, zone));
  const whole = periodStartOf(kind, start, zone) === start;
  const piece = whole ? '' : `~${formatWallTime(start, zone).slice(11)}`;
  if (kind === 'realtime') return { key: `R:${wallKey(start, zone, true)}${piece}`, from, to };
  if (kind === 'hourly') return { key: `H:${wallKey(start, zone, false)}${piece}`, from, to };
  return { key: `D:${dayKey(start, zone)}${piece}`, from, to };
}

/**
 * The dividend periods (spec 3: D, W, H, M) that end with the brand's day starting at `day`: the
 * day itself, and the week (Monday to Sunday), half-month (1–15, 16–end) and month whose last day
 * it is, each from its own start in the brand's zone.
 */
export function dividendPeriodsEnding(
  day: Date,
  zone: string,
  key = `D:${dayKey(day.getTime(), zone)}`,
): { letter: string; key: string; from: string }[] {
  const start = day.getTime();
  const end = periodEnd('day', start, zone);
  const periods = [{ letter: 'D', key, from: day.toISOString() }];
  const month = dayKey(start, zone).slice(0, 7);
  if (periodEnd('week', start, zone) === end) {
    const monday = periodStart('week', start, zone);
    periods.push({ letter: 'W', key: `W:${dayKey(monday, zone)}`, from: new Date(monday).toISOString() });
  }
  if (periodEnd('halfMonth', start, zone) === end) {
    const half = periodStart('halfMonth', start, zone);
    const second = dayKey(half, zone).endsWith('-16');
    periods.push({ letter: 'H', key: `H:${month}-${second ? 2 : 1}`, from: new Date(half).toISOString() });
  }
  if (periodEnd('month', start, zone) === end) {
    const first = periodStart('month', start, zone);
    periods.push({ letter: 'M', key: `M:${month}`, from: new Date(first).toISOString() });
  }
  return periods;
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
  // Periods that ended before this edge are closed (real-time: its lag passed too).
  const zone = settings.timeZone;
  // The edge assumed for a game that declares no RTP (agents.edge.ts).
  const undeclaredEdgeBp = percentToBp(settings.agentWages.undeclaredEdge);
  const edge = periodStartOf(kind, now.getTime() - (kind === 'realtime' ? REALTIME_LAG_MS : 0), zone);
  // Without a cursor (the first run) settling starts with the last closed period.
  let start = cursor ? Number(cursor.settled_to) : periodStartOf(kind, edge - 1, zone);
  const result: SettleResult = { kind, periods: 0, lines: 0, paid: 0, settledTo: null };
  while (periodEndOf(kind, start, zone) <= edge && result.periods < MAX_PERIODS_PER_RUN) {
    const period = periodAt(kind, new Date(start), zone);
    const dividends =
      kind === 'dividend' ? JSON.stringify(dividendPeriodsEnding(period.from, zone, period.key)) : null;
    const [row] = rowsOf<{ result: { skipped: boolean; lines?: number; paid?: number } }>(
      await db.execute(sql`select agent_wages_settle_period(${kind}, ${period.key}, ${period.from.toISOString()}::timestamptz,
          ${period.to.toISOString()}::timestamptz, ${dividends}::jsonb, ${currency}, ${precision},
          ${accountTypes.trial}, ${REFERENCE_EDGE_BP}, ${undeclaredEdgeBp}) as result`),
    );
    if (row && !row.result.skipped) {
      result.periods += 1;
      result.lines += row.result.lines ?? 0;
      result.paid += row.result.paid ?? 0;
    }
    result.settledTo = period.to.toISOString();
    start = period.to.getTime();
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
    summary: "Hourly salaries of every closed hour of the brand's clock",
    // Every quarter hour: a zone with a 30- or 45-minute offset (Kolkata, Kathmandu) ends its
    // hours at :30 or :15 UTC. A run before an hour closed settles nothing.
    schedule: { cron: '2,17,32,47 * * * *' },
  },
  {
    name: 'agent-wages-daily',
    kind: 'daily',
    summary: 'Daily wages of every closed day of the brand (settings timeZone)',
    // The brand's midnight is any quarter hour of UTC (and moves with DST and the setting): look
    // every quarter hour; a run before the day closed settles nothing.
    schedule: { cron: '5,20,35,50 * * * *' },
  },
  {
    name: 'agent-dividends',
    kind: 'dividend',
    summary: 'Dividends of every period (D, W, H, M) ending with a closed day of the brand',
    // Ten minutes after the daily wages' look, as before: a day's wages are paid when its
    // dividends (net of the wages paid to the team) are worked out.
    schedule: { cron: '15,30,45,0 * * * *' },
  },
];
