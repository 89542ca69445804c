import { sql } from 'drizzle-orm';
import { accountTypes, agentTypes } from '@khela/contract';
import { addDays, dayKey, isTimeZone, startOfDayKey } from '@khela/contract/business-day';
import type { Database } from '../../db/database.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { advanceCursor, readHorizon, readJournal, readMark, type Mark } from './reports.movements.ts';

/**
 * The `reports-aggregate` job (issue 15, Reports; issue 34, figures from the ledger;
 * docs/back-office.md, Reports): keeps the daily tables (reports.tables.ts) as sums of ledger
 * postings, through the read model report_movements (reports.movements.ts).
 *
 * Each run, in ONE transaction under an advisory lock (a crash leaves the previous figures whole; a
 * second run reads nothing new and rewrites the same days from the same rows: idempotent):
 * 1. reads the journal after its cursor into report_movements (the cursor: reports.movements.ts,
 *    advanceCursor) — every entry names the day it counts on: its round's, order's or bonus's;
 * 2. rewrites those days, the days from the day before the previous run's last day through today
 *    (new players, and a day's first minutes), and any days asked for (`rebuild`, the CLI
 *    `npm run reports:rebuild`);
 * 3. moves the cursor and records the run.
 * So a round rolled back, a draw voided or a withdrawal refunded days later changes its own day's
 * figures at the next run, without a rebuild. The first run (or after a change of the site's
 * currency) rewrites every day since the first movement or account.
 *
 * Days are the brand's (settings `timeZone`): a day runs from midnight to midnight in that zone,
 * 23 or 25 hours across a DST change. The read model keeps times, not days, so a change of the
 * zone re-cuts the days a run rewrites; older days keep their old cut until rebuilt.
 */

const trialType = sql.raw(String(accountTypes.trial));
const agentTypeList = sql.raw(agentTypes.join(', '));

/**
 * The brand's zone as an SQL literal. Written into the text rather than bound: the same day
 * expression then appears in SELECT and GROUP BY. The settings refuse any other zone name, and the
 * check here keeps anything else out of the SQL text whatever the caller passes.
 */
function zoneLiteral(zone: string): string {
  if (!isTimeZone(zone)) throw new Error(`not a time zone: ${zone}`);
  return `'${zone}'`;
}

export interface AggregateResult {
  /** The days rewritten, as ranges. */
  ranges: { from: string; to: string }[];
  days: number;
  /** Days outside the regular window that entries read this run (late changes) touched. */
  lateDays: string[];
  /** Movements' days read this run (late or not). */
  journalDays: string[];
  /** The journal cursor after the run. */
  cursor: number;
}

/** Joins sorted days into ranges of consecutive days. */
function rangesOf(days: string[]): { from: string; to: string }[] {
  const sorted = [...new Set(days)].sort();
  const ranges: { from: string; to: string }[] = [];
  for (const day of sorted) {
    const last = ranges.at(-1);
    if (last && day <= addDays(last.to, 1)) {
      if (day > last.to) last.to = day;
    } else ranges.push({ from: day, to: day });
  }
  return ranges;
}

/** Rewrites the days from..to (both included) of every daily table from report_movements. */
async function aggregateRange(
  tx: Database,
  { currency, zone }: { currency: string; zone: string },
  from: string,
  to: string,
): Promise<void> {
  const start = new Date(startOfDayKey(from, zone));
  const end = new Date(startOfDayKey(addDays(to, 1), zone));
  const inZone = sql.raw(zoneLiteral(zone));
  await tx.execute(sql`delete from report_daily_games where day between ${from}::date and ${to}::date`);
  await tx.execute(sql`delete from report_daily_agents where day between ${from}::date and ${to}::date`);
  await tx.execute(sql`delete from report_daily_totals where day between ${from}::date and ${to}::date`);
  // One pass over the period's movements: rounds (per member and game) feeding the games' table,
  // the agents' teams and the day's totals; money per order, withdrawal and bonus.
  await tx.execute(sql`
    with mv as materialized (
      select (m.at at time zone ${inZone})::date as day, m.member_id, m.figure, m.item, m.vendor_code, m.node_id,
             m.game_type, m.amount, m.at
        from report_movements m
       where m.at >= ${start} and m.at < ${end} and m.currency = ${currency}),
    rd as (
      select day, member_id, item, vendor_code, node_id, game_type,
             coalesce(sum(amount) filter (where figure = 'stake'), 0)::bigint as stake,
             coalesce(sum(amount) filter (where figure = 'payout'), 0)::bigint as payout
        from mv where figure in ('stake', 'payout')
       group by 1, 2, 3, 4, 5, 6),
    pm as materialized (
      select day, member_id, vendor_code, node_id, game_type,
             (count(*) filter (where stake > 0))::int as rounds, sum(stake)::bigint as stake,
             sum(payout)::bigint as payout
        from rd group by 1, 2, 3, 4, 5),
    g as (
      insert into report_daily_games (day, vendor_code, node_id, game_type, rounds, stake, payout, players)
      select day, vendor_code, node_id, game_type, sum(rounds), sum(stake), sum(payout), count(*) filter (where rounds > 0)
        from pm group by 1, 2, 3, 4
      having sum(rounds) > 0 or sum(stake) <> 0 or sum(payout) <> 0
      returning 1),
    pd as materialized (
      select day, member_id, sum(rounds)::int as rounds, sum(stake)::bigint as stake, sum(payout)::bigint as payout
        from pm group by 1, 2),
    a as (
      insert into report_daily_agents (day, agent_id, rounds, stake, payout, players)
      select pd.day, t.ancestor_id, sum(pd.rounds), sum(pd.stake), sum(pd.payout), count(*) filter (where pd.rounds > 0)
        from pd
        join agents_member_tree t on t.descendant_id = pd.member_id
        join accounts_members ag on ag.id = t.ancestor_id and ag.type in (${agentTypeList})
       group by 1, 2
      having sum(pd.rounds) > 0 or sum(pd.stake) <> 0 or sum(pd.payout) <> 0
      returning 1),
    mo as materialized (
      select day, figure, item, min(member_id) as member_id, sum(amount)::bigint as amount, min(at) as at
        from mv where figure in ('deposit', 'withdrawal', 'bonus')
       group by 1, 2, 3),
    md as (
      select day,
             coalesce(sum(amount) filter (where figure = 'bonus'), 0)::bigint as bonuses,
             (count(*) filter (where figure = 'deposit' and amount > 0))::int as deposits,
             coalesce(sum(amount) filter (where figure = 'deposit'), 0)::bigint as deposit_amount,
             (count(distinct member_id) filter (where figure = 'deposit' and amount > 0))::int as depositing_players,
             (count(*) filter (where figure = 'withdrawal' and amount > 0))::int as withdrawal_count,
             coalesce(sum(amount) filter (where figure = 'withdrawal'), 0)::bigint as withdrawal_amount,
             (count(distinct member_id) filter (
                where figure = 'deposit' and amount > 0
                  and not exists (select 1 from report_movements e
                                   where e.member_id = mo.member_id and e.figure = 'deposit' and e.currency = ${currency}
                                     and e.amount > 0 and e.at < (mo.day::timestamp at time zone ${inZone}))))::int
               as first_depositors
        from mo group by day),
    nm as (
      select (created_at at time zone ${inZone})::date as day, count(*)::int as n
        from accounts_members
       where role = 'player' and type <> ${trialType} and created_at >= ${start} and created_at < ${end}
       group by 1)
    insert into report_daily_totals (day, rounds, stake, payout, active_players, bonuses, deposits, deposit_amount,
                                     withdrawal_count, withdrawal_amount, new_players, depositing_players, first_depositors)
    select d.day::date, coalesce(r.rounds, 0), coalesce(r.stake, 0), coalesce(r.payout, 0), coalesce(r.players, 0),
           coalesce(md.bonuses, 0), coalesce(md.deposits, 0), coalesce(md.deposit_amount, 0), coalesce(md.withdrawal_count, 0),
           coalesce(md.withdrawal_amount, 0), coalesce(nm.n, 0), coalesce(md.depositing_players, 0),
           coalesce(md.first_depositors, 0)
      from generate_series(${from}::date, ${to}::date, interval '1 day') as d(day)
      left join (select day, sum(rounds)::int as rounds, sum(stake)::bigint as stake, sum(payout)::bigint as payout,
                        (count(*) filter (where rounds > 0))::int as players
                   from pd group by day) r on r.day = d.day::date
      left join md on md.day = d.day::date
      left join nm on nm.day = d.day::date`);
}

interface StateRow {
  currency: string;
  journal_cursor: string;
  marks: Mark[];
  last_day: string;
}

/** The most days a rebuild rewrites at once (the reports' own longest period). */
export const rebuildMaxDays = 366;

/**
 * One run of the job (see above). `now` for tests; `rebuild` rewrites those days too (both ends
 * included) after reading the journal.
 */
export async function aggregateReports(
  db: Database,
  {
    currency,
    timeZone: zone,
    now = Date.now(),
    rebuild,
    cursorLagSeconds,
  }: {
    currency: string;
    timeZone: string;
    now?: number;
    rebuild?: { from: string; to: string };
    /** The cursor's least lag behind the clock (reports.movements.ts; tests set 0). */
    cursorLagSeconds?: number;
  },
): Promise<AggregateResult> {
  const today = dayKey(now, zone);
  const yesterday = addDays(today, -1);
  const inZone = sql.raw(zoneLiteral(zone));
  return db.transaction(async (tx) => {
    // One run at a time even outside the queue (a test, the CLI or a bench calling it directly).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('reports-aggregate'))`);
    const [state] = rowsOf<StateRow>(
      await tx.execute(sql`select currency, journal_cursor::text as journal_cursor, marks,
                                  to_char(last_day, 'YYYY-MM-DD') as last_day
                             from report_state where id = 1 for update`),
    );
    // The mark before the horizon, the horizon before the journal is read (reports.movements.ts).
    const mark = await readMark(tx);
    const horizon = await readHorizon(tx, cursorLagSeconds);
    const cursor = state ? Number(state.journal_cursor) : 0;
    const journalDays = await readJournal(tx, cursor, zone, mark.id);
    let from: string;
    const lateDays: string[] = [];
    if (!state || state.currency !== currency) {
      // Everything again: the first run, or the site's currency changed.
      await tx.execute(sql`delete from report_daily_games`);
      await tx.execute(sql`delete from report_daily_agents`);
      await tx.execute(sql`delete from report_daily_totals`);
      const [first] = rowsOf<{ day: string | null }>(
        await tx.execute(sql`
          select to_char(least((select min(at) from report_movements where currency = ${currency}),
                               (select min(created_at) from accounts_members where role = 'player')) at time zone ${inZone},
                         'YYYY-MM-DD') as day`),
      );
      from = first?.day && first.day < yesterday ? first.day : yesterday;
    } else {
      const afterLast = addDays(state.last_day, -1);
      from = afterLast < yesterday ? afterLast : yesterday;
      lateDays.push(...journalDays.filter((day) => day < from));
    }
    if (from > today) from = today;
    const days: string[] = [...lateDays];
    for (let day = from; day <= today; day = addDays(day, 1)) days.push(day);
    // A movement dated after today (a clock ahead of `now`): its day too.
    days.push(...journalDays.filter((day) => day > today));
    if (rebuild) for (let day = rebuild.from; day <= rebuild.to; day = addDays(day, 1)) days.push(day);
    const ranges = rangesOf(days);
    for (const range of ranges) await aggregateRange(tx, { currency, zone }, range.from, range.to);
    const next = advanceCursor(cursor, [...(state?.marks ?? []), mark], horizon);
    await tx.execute(sql`
      insert into report_state (id, currency, journal_cursor, marks, last_day, updated_at)
      values (1, ${currency}, ${next.cursor}, ${JSON.stringify(next.marks)}::jsonb, ${today}::date, now())
      on conflict (id) do update set currency = excluded.currency, journal_cursor = excluded.journal_cursor,
        marks = excluded.marks, last_day = excluded.last_day, updated_at = excluded.updated_at`);
    return {
      ranges,
      days: new Set(days).size,
      lateDays: [...new Set(lateDays)].sort(),
      journalDays,
      cursor: next.cursor,
    };
  });
}
