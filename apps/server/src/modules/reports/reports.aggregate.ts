import { sql } from 'drizzle-orm';
import { accountTypes, agentTypes } from '@khela/contract';
import { addDays, dayKey, isTimeZone, startOfDayKey } from '@khela/contract/business-day';
import type { Database } from '../../db/database.ts';
import { rowsOf } from '../ledger/ledger.service.ts';

/**
 * The `reports-aggregate` job (issue 15, Reports): rewrites whole days of the daily tables
 * (reports.tables.ts) from the rounds (`member_rounds`: vendors' rounds and lottery bets), approved
 * deposits, paid-out withdrawals, new accounts and the ledger's promotional credits.
 *
 * Each run, in ONE transaction (a crash leaves the previous figures whole; a second run rewrites
 * the same days from the same rows, so it changes nothing — idempotent):
 * - the days from the day before the previous run's last day through today (after downtime, every
 *   day since; the current and previous day on a normal run, so a deposit decided or a round
 *   settled just after midnight is never lost);
 * - plus every older day that a round or lottery bet inserted since the previous run settled on
 *   (the cursor: the highest `game_rounds.id` and `lottery_bets.id` seen), so a round that a vendor
 *   reports late for an old day is counted;
 * - the first run (or a change of the site's currency) aggregates every day since the first row.
 * What it does not see: a change to an old day's row that is not a new row (a settled round
 * rolled back days later, a lottery draw voided a week on); an operator rebuilds from a day with
 * `aggregateReports(db, { rebuildFrom })` (the bench and tests use it).
 *
 * Days are the brand's (settings `timeZone`): a day runs from midnight to midnight in that zone,
 * 23 or 25 hours across a DST change. A change of the zone re-cuts the days the next run rewrites;
 * older days keep their old cut until an operator rebuilds them (`rebuildFrom`).
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

/** The brand's day of a timestamptz column, as a date. */
const dayIn = (zone: string) => (column: string) =>
  sql.raw(`(${column} at time zone ${zoneLiteral(zone)})::date`);

export interface AggregateResult {
  /** The days rewritten, as ranges. */
  ranges: { from: string; to: string }[];
  days: number;
  /** Days older than the regular window that late rows touched. */
  lateDays: string[];
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

/** Rewrites the days from..to (both included) of every daily table. */
async function aggregateRange(
  tx: Database,
  { currency, zone }: { currency: string; zone: string },
  from: string,
  to: string,
): Promise<void> {
  const start = new Date(startOfDayKey(from, zone));
  const end = new Date(startOfDayKey(addDays(to, 1), zone));
  const utcDay = dayIn(zone);
  await tx.execute(sql`delete from report_daily_games where day between ${from}::date and ${to}::date`);
  await tx.execute(sql`delete from report_daily_agents where day between ${from}::date and ${to}::date`);
  await tx.execute(sql`delete from report_daily_totals where day between ${from}::date and ${to}::date`);
  // Rounds: one pass over the period's settled main-wallet rounds, per member and game, feeding
  // the games' table, the agents' teams and the day's totals.
  await tx.execute(sql`
    with pm as materialized (
      select ${utcDay('r.settled_at')} as day, r.member_id, r.vendor_code, r.node_id, r.game_type,
             count(*)::int as rounds, sum(r.bet_amount)::bigint as stake, sum(r.win_amount)::bigint as payout
        from member_rounds r
       where r.status = 'settled' and r.wallet_kind = 'main' and r.currency = ${currency}
         and r.settled_at >= ${start} and r.settled_at < ${end}
       group by 1, 2, 3, 4, 5),
    g as (
      insert into report_daily_games (day, vendor_code, node_id, game_type, rounds, stake, payout, players)
      select day, vendor_code, node_id, game_type, sum(rounds), sum(stake), sum(payout), count(*)
        from pm group by 1, 2, 3, 4
      returning 1),
    pd as (
      select day, member_id, sum(rounds)::int as rounds, sum(stake)::bigint as stake, sum(payout)::bigint as payout
        from pm group by 1, 2),
    a as (
      insert into report_daily_agents (day, agent_id, rounds, stake, payout, players)
      select pd.day, t.ancestor_id, sum(pd.rounds), sum(pd.stake), sum(pd.payout), count(*)
        from pd
        join member_tree t on t.descendant_id = pd.member_id
        join members ag on ag.id = t.ancestor_id and ag.type in (${agentTypeList})
       group by 1, 2
      returning 1)
    insert into report_daily_totals (day, rounds, stake, payout, active_players, bonuses, deposits, deposit_amount,
                                     withdrawals, withdrawal_amount, new_players, depositing_players, first_depositors)
    select d.day::date, coalesce(sum(pd.rounds), 0), coalesce(sum(pd.stake), 0), coalesce(sum(pd.payout), 0),
           count(pd.member_id), 0, 0, 0, 0, 0, 0, 0, 0
      from generate_series(${from}::date, ${to}::date, interval '1 day') as d(day)
      left join pd on pd.day = d.day::date
     group by d.day`);
  // Money and players, per day.
  await tx.execute(sql`
    update report_daily_totals t
       set deposits = coalesce(dep.n, 0), deposit_amount = coalesce(dep.amount, 0),
           depositing_players = coalesce(dep.members, 0),
           withdrawals = coalesce(wd.n, 0), withdrawal_amount = coalesce(wd.amount, 0),
           new_players = coalesce(nm.n, 0), first_depositors = coalesce(fd.n, 0),
           bonuses = coalesce(bo.amount, 0)
      from generate_series(${from}::date, ${to}::date, interval '1 day') as d(day)
      left join (
        select ${utcDay('decided_at')} as day, count(*)::int as n, sum(amount)::bigint as amount,
               count(distinct member_id)::int as members
          from deposit_orders
         where status = 'approved' and currency = ${currency} and decided_at >= ${start} and decided_at < ${end}
         group by 1) dep on dep.day = d.day::date
      left join (
        select ${utcDay('disbursed_at')} as day, count(*)::int as n, sum(amount - coalesce(refunded, 0))::bigint as amount
          from withdrawals
         where status in ('disbursed', 'completed', 'disputed') and currency = ${currency}
           and disbursed_at >= ${start} and disbursed_at < ${end}
         group by 1) wd on wd.day = d.day::date
      left join (
        select ${utcDay('created_at')} as day, count(*)::int as n
          from members
         where role = 'player' and type <> ${trialType} and created_at >= ${start} and created_at < ${end}
         group by 1) nm on nm.day = d.day::date
      left join (
        select ${utcDay('f.first_at')} as day, count(*)::int as n
          from (select member_id, min(decided_at) as first_at
                  from deposit_orders
                 where status = 'approved' and currency = ${currency}
                   and member_id in (select member_id from deposit_orders
                                      where status = 'approved' and currency = ${currency}
                                        and decided_at >= ${start} and decided_at < ${end})
                 group by member_id) f
         where f.first_at >= ${start} and f.first_at < ${end}
         group by 1) fd on fd.day = d.day::date
      left join (
        select ${utcDay('e.created_at')} as day, sum(p.amount)::bigint as amount
          from journal_entries e
          join postings p on p.entry_id = e.id
          join ledger_accounts la on la.id = p.account_id
         where e.created_at >= ${start} and e.created_at < ${end}
           and la.owner_member_id is not null and la.kind in ('main', 'bonus') and la.currency = ${currency}
           and (e.kind = 'bonus' or (e.kind = 'adjustment' and e.metadata ->> 'promotional' = 'true'))
         group by 1) bo on bo.day = d.day::date
     where t.day = d.day::date`);
}

interface StateRow {
  currency: string;
  round_cursor: string | number;
  lottery_cursor: string | number;
  last_day: string;
}

/**
 * One run of the job (see above). `now` for tests; `rebuildFrom` rewrites every day since that one.
 */
export async function aggregateReports(
  db: Database,
  {
    currency,
    timeZone: zone,
    now = Date.now(),
    rebuildFrom,
  }: { currency: string; timeZone: string; now?: number; rebuildFrom?: string },
): Promise<AggregateResult> {
  const today = dayKey(now, zone);
  const yesterday = addDays(today, -1);
  const inZone = sql.raw(zoneLiteral(zone));
  return db.transaction(async (tx) => {
    // One run at a time even outside the queue (a test or a bench calling it directly).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('reports-aggregate'))`);
    const [state] = rowsOf<StateRow>(
      await tx.execute(sql`select currency, round_cursor::text as round_cursor, lottery_cursor::text as lottery_cursor,
                                  to_char(last_day, 'YYYY-MM-DD') as last_day
                             from report_state where id = 1 for update`),
    );
    const [cursors] = rowsOf<{ round: string | null; lottery: string | null }>(
      await tx.execute(sql`select (select max(id) from game_rounds)::text as round,
                                  (select max(id) from lottery_bets)::text as lottery`),
    );
    const roundCursor = Number(cursors?.round ?? 0);
    const lotteryCursor = Number(cursors?.lottery ?? 0);
    let from: string;
    const lateDays: string[] = [];
    if (!state || state.currency !== currency || rebuildFrom) {
      if (state && state.currency !== currency) {
        await tx.execute(sql`delete from report_daily_games`);
        await tx.execute(sql`delete from report_daily_agents`);
        await tx.execute(sql`delete from report_daily_totals`);
      }
      const [first] = rowsOf<{ day: string | null }>(
        await tx.execute(sql`
          select to_char(least((select min(settled_at) from game_rounds), (select min(settled_at) from lottery_bets),
                               (select min(decided_at) from deposit_orders), (select min(disbursed_at) from withdrawals),
                               (select min(created_at) from members where role = 'player')) at time zone ${inZone},
                         'YYYY-MM-DD') as day`),
      );
      from = rebuildFrom ?? first?.day ?? yesterday;
    } else {
      const afterLast = addDays(state.last_day, -1);
      from = afterLast < yesterday ? afterLast : yesterday;
      const fromStart = new Date(startOfDayKey(from, zone));
      const late = rowsOf<{ day: string }>(
        await tx.execute(sql`
          select distinct to_char(settled_at at time zone ${inZone}, 'YYYY-MM-DD') as day
            from game_rounds
           where id > ${Number(state.round_cursor)} and status = 'settled' and settled_at < ${fromStart}
          union
          select distinct to_char(settled_at at time zone ${inZone}, 'YYYY-MM-DD')
            from lottery_bets
           where id > ${Number(state.lottery_cursor)} and settled_at is not null
             and settled_at < ${fromStart}`),
      );
      lateDays.push(...late.map((row) => row.day));
    }
    if (from > today) from = today;
    const days: string[] = [...lateDays];
    for (let day = from; day <= today; day = addDays(day, 1)) days.push(day);
    const ranges = rangesOf(days);
    for (const range of ranges) await aggregateRange(tx, { currency, zone }, range.from, range.to);
    await tx.execute(sql`
      insert into report_state (id, currency, round_cursor, lottery_cursor, last_day, updated_at)
      values (1, ${currency}, ${roundCursor}, ${lotteryCursor}, ${today}::date, now())
      on conflict (id) do update set currency = excluded.currency, round_cursor = excluded.round_cursor,
        lottery_cursor = excluded.lottery_cursor, last_day = excluded.last_day, updated_at = excluded.updated_at`);
    return { ranges, days: new Set(days).size, lateDays: lateDays.sort() };
  });
}
