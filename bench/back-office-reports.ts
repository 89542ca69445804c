/**
 * The back office's reports at 10⁷ rounds (issue 15, Reports): the daily tables filled as a year of
 * play would leave them (366 days × 200 games × ~137 rounds a game a day ≈ 10⁷ rounds; 2,000
 * agents' teams per day), then each report call timed over a week, a month and the whole year,
 * and one incremental run of the `reports-aggregate` job over a day of rounds (10⁷ / 366 ≈ 27,400)
 * posted through the ledger (the job reads the journal after its cursor into report_movements).
 *
 *   npx tsx bench/back-office-reports.ts                                          # in-memory PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/back-office-reports.ts
 *   BENCH_GAMES=200 BENCH_DAYS=366 BENCH_AGENTS=2000 BENCH_DAY_ROUNDS=27400 BENCH_REPEAT=7 …
 *
 * With DATABASE_URL it creates a scratch database next to it (migrated like the server's) and drops
 * it afterwards. The report functions are called in-process (reports.service.ts), as the routes call
 * them: what is measured is the database work of a report, not HTTP.
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
// The server's Fastify declarations (the accounts service the agents report reads names through).
import type {} from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/open-database.ts';
import type { DatabaseHandle } from '../apps/server/src/db/database.ts';
import { openSystemAccounts, rowsOf } from '../apps/server/src/modules/ledger/ledger.service.ts';
import { aggregateReports } from '../apps/server/src/modules/reports/reports.aggregate.ts';
import {
  agentsReport,
  gamingReport,
  moneyReport,
  playersReport,
} from '../apps/server/src/modules/reports/reports.service.ts';
import { adminStatement, percentile } from './support.ts';

const games = Number(process.env.BENCH_GAMES ?? 200);
const days = Number(process.env.BENCH_DAYS ?? 366);
const agents = Number(process.env.BENCH_AGENTS ?? 2_000);
const dayRounds = Number(process.env.BENCH_DAY_ROUNDS ?? 27_400);
const repeat = Number(process.env.BENCH_REPEAT ?? 7);
const roundsPerGameDay = Math.round(10_000_000 / (366 * 200));

const dayMs = 86_400_000;
const now = Date.now();
const today = Math.floor(now / dayMs) * dayMs;
const dayKey = (time: number) => new Date(time).toISOString().slice(0, 10);
// The bench lays its rows out on UTC days: the job cuts the same days.
const BENCH_ZONE = 'UTC';
const firstDay = dayKey(today - (days - 1) * dayMs);
const money = { currency: 'BDT', precision: 2 };

const databaseUrl = process.env.DATABASE_URL;
const scratchName = `khela_bench_${randomBytes(5).toString('hex')}`;
const adminUrl = databaseUrl ? new URL(databaseUrl) : null;
const ms = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e6;
const format = (value: number) => (value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en'));

let handle: DatabaseHandle | undefined;
if (adminUrl) await adminStatement(adminUrl.toString(), `create database ${scratchName}`);
try {
  if (adminUrl) {
    const scratchUrl = new URL(adminUrl);
    scratchUrl.pathname = `/${scratchName}`;
    handle = await openDatabase({ kind: 'pg', url: scratchUrl.toString(), poolSize: 4 });
  } else handle = await openDatabase({ kind: 'pglite' });
  await handle.migrate();
  const db = handle.db;
  const [version] = rowsOf<{ version: string }>(
    await db.execute(sql`select current_setting('server_version') as version`),
  );

  // --- Fixture (not measured) ---------------------------------------------------------------------
  let started = process.hrtime.bigint();
  const fixture = [
    sql`insert into games (vassalage, vendor_code, game_code, game_type, names, min_bet)
        select 'V' || (g % 5), 'V' || (g % 5), 'G' || g, (array['SLOT', 'LIVE', 'FISH', 'LOTT'])[1 + g % 4],
               jsonb_build_object('en', 'Game ' || g), 100
          from generate_series(1, ${games}) g`,
    sql`insert into report_daily_games (day, vendor_code, node_id, game_type, rounds, stake, payout, players)
        select d::date, c.vendor_code, c.node_id, c.game_type, r.rounds, r.rounds * 5000, r.rounds * 4800, r.rounds / 4 + 1
          from generate_series(${firstDay}::date, ${dayKey(today)}::date, interval '1 day') d
         cross join games c
         cross join lateral (select ${roundsPerGameDay} - 20 + ((c.node_id * 7 + extract(doy from d)::int) % 41) as rounds) r`,
    sql`insert into report_daily_totals (day, rounds, stake, payout, bonuses, deposits, deposit_amount, withdrawal_count,
                                         withdrawal_amount, new_players, active_players, depositing_players, first_depositors)
        select day, sum(rounds), sum(stake), sum(payout), sum(stake) / 100, 900, 45000000, 300, 30000000, 150,
               sum(players) / 3, 700, 60
          from report_daily_games group by day`,
    sql`insert into members (account, nickname, type) select 'agent' || g, 'agent' || g, 1 from generate_series(1, ${agents}) g`,
    sql`insert into report_daily_agents (day, agent_id, rounds, stake, payout, players)
        select d::date, m.id, 50 + m.id % 200, (50 + m.id % 200) * 5000, (50 + m.id % 200) * 4700, 5 + m.id % 30
          from generate_series(${firstDay}::date, ${dayKey(today)}::date, interval '1 day') d
         cross join members m where m.type = 1`,
    sql`insert into members (account, nickname, type, upline_id)
        select 'player' || g, 'player' || g, 0, (select id from members where account = 'agent' || (1 + g % ${agents}))
          from generate_series(1, 5000) g`,
    sql`analyze`,
  ];
  for (const statement of fixture) await db.execute(statement);
  const [sizes] = rowsOf<{ games: number; agents: number; rounds: string }>(
    await db.execute(sql`select (select count(*)::int from report_daily_games) as games,
                                (select count(*)::int from report_daily_agents) as agents,
                                (select sum(rounds)::text from report_daily_games) as rounds`),
  );
  const fixtureSeconds = ms(started) / 1000;
  // --- Reports --------------------------------------------------------------------------------------
  const periods = [
    ['7 days', dayKey(today - 6 * dayMs)],
    ['30 days', dayKey(today - 29 * dayMs)],
    [`${days} days`, firstDay],
  ] as const;
  const calls: [string, (from: string) => Promise<unknown>][] = [
    [
      'gaming by day',
      (from) => gamingReport(db, { period: { from, to: dayKey(today) }, groupBy: 'day', money }),
    ],
    [
      'gaming by vendor',
      (from) => gamingReport(db, { period: { from, to: dayKey(today) }, groupBy: 'vendor', money }),
    ],
    [
      'gaming by game',
      (from) => gamingReport(db, { period: { from, to: dayKey(today) }, groupBy: 'game', money }),
    ],
    [
      'gaming by category',
      (from) => gamingReport(db, { period: { from, to: dayKey(today) }, groupBy: 'category', money }),
    ],
    ['money', (from) => moneyReport(db, { period: { from, to: dayKey(today) }, money })],
    ['players', (from) => playersReport(db, { period: { from, to: dayKey(today) }, money })],
    [
      'agents (top 20 by GGR)',
      (from) => agentsReport(db, { period: { from, to: dayKey(today) }, sortBy: 'ggr', limit: 20, money }),
    ],
  ];
  const table: string[] = [
    '| report | ' + periods.map(([name]) => `${name} p50 / max (ms)`).join(' | ') + ' |',
  ];
  table.push('| --- |' + periods.map(() => ' ---: |').join(''));
  for (const [name, run] of calls) {
    const cells: string[] = [];
    for (const [, from] of periods) {
      await run(from); // warm
      const times: number[] = [];
      for (let index = 0; index < repeat; index++) {
        const start = process.hrtime.bigint();
        await run(from);
        times.push(ms(start));
      }
      times.sort((a, b) => a - b);
      cells.push(`${format(percentile(times, 0.5))} / ${format(times.at(-1) ?? 0)}`);
    }
    table.push(`| ${name} | ${cells.join(' | ')} |`);
  }

  // --- One incremental job run over a day of rounds -------------------------------------------------
  // The players' wallets funded (not measured), the job's state as after a run yesterday that read
  // the journal up to here; then a day of rounds posted as the vendor wallet posts them (a bet, a win
  // for one round in three; metadata vendor, roundId, gameCode), in batches of the one posting path.
  await openSystemAccounts(db, { currency: 'BDT' });
  await db.execute(
    sql`select ledger_open_member_wallets(array(select id from members where type = 0), 'main', 'BDT')`,
  );
  await db.execute(sql`
    with p as (select id, row_number() over (order by id)::integer as n from members where type = 0)
    select ledger_post_entries(
             array(select 'adjustment' from p order by n), array(select 'bench-fund-' || id from p order by n),
             null, null, null,
             array(select n from p, generate_series(1, 2) leg order by n, leg),
             array(select case leg when 1 then 'platform:BDT' else 'member:' || id || ':main' end
                     from p, generate_series(1, 2) leg order by n, leg),
             array(select case leg when 1 then -1000000::bigint else 1000000::bigint end
                     from p, generate_series(1, 2) leg order by n, leg))`);
  await db.execute(sql`insert into report_state (id, currency, journal_cursor, marks, last_day, updated_at)
                       values (1, 'BDT', (select max(id) from ledger_entries), '[]', ${dayKey(today - dayMs)}::date, now())`);
  started = process.hrtime.bigint();
  const batch = 5_000;
  for (let first = 1; first <= dayRounds; first += batch) {
    const last = Math.min(dayRounds, first + batch - 1);
    // Each round's legs: bet (member → house), and for g % 3 = 0 a win (house → member).
    await db.execute(sql`
      with r as (
        select g, c.vendor_code, c.game_code, p.id as member_id
          from generate_series(${first}::integer, ${last}::integer) g
          join games c on c.node_id = 1 + g % ${games}
          join (select id, row_number() over (order by id) as n from members where type = 0) p on p.n = 1 + g % 5000),
      e as (
        select row_number() over (order by r.g, k.kind)::integer as n, r.*, k.kind
          from r cross join lateral (select 'bet' as kind union all select 'win' where r.g % 3 = 0) k)
      select ledger_post_entries(
               array(select kind from e order by n),
               array(select 'bench:' || vendor_code || ':' || g || ':' || kind from e order by n),
               null,
               array(select jsonb_build_object('vendor', vendor_code, 'roundId', 'bench-' || g, 'gameCode', game_code)
                       from e order by n),
               null,
               array(select n from e, generate_series(1, 2) leg order by n, leg),
               array(select case when (leg = 1) = (kind = 'bet') then 'member:' || member_id || ':main' else 'house:BDT' end
                       from e, generate_series(1, 2) leg order by n, leg),
               array(select case when leg = 1 then -1 else 1 end * case kind when 'bet' then 5000 else 12000 end::bigint
                       from e, generate_series(1, 2) leg order by n, leg))`);
  }
  await db.execute(sql`analyze`);
  const insertSeconds = ms(started) / 1000;
  started = process.hrtime.bigint();
  const run = await aggregateReports(db, { currency: 'BDT', timeZone: BENCH_ZONE, now });
  const jobMs = ms(started);
  started = process.hrtime.bigint();
  await aggregateReports(db, { currency: 'BDT', timeZone: BENCH_ZONE, now });
  const againMs = ms(started);
  const check = await gamingReport(db, {
    period: { from: dayKey(today), to: dayKey(today) },
    groupBy: 'day',
    money,
  });

  const lines = [
    `## back-office reports (${new Date().toISOString()})`,
    '',
    `${adminUrl ? `PostgreSQL ${version?.version}` : `PGlite (PostgreSQL ${version?.version}, in memory)`}, node ${process.version}, ` +
      `${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)}.`,
    `Daily tables as from ${Number(sizes?.rounds ?? 0).toLocaleString('en')} rounds: ` +
      `${sizes?.games.toLocaleString('en')} day × game rows (${days} days × ${games} games), ` +
      `${sizes?.agents.toLocaleString('en')} day × agent rows (${agents} agents); filled in ${fixtureSeconds.toFixed(1)} s.`,
    '',
    ...table,
    '',
    `reports-aggregate job, one incremental run (yesterday + today) over ${dayRounds.toLocaleString('en')} new rounds ` +
      `(their ledger entries posted in ${insertSeconds.toFixed(1)} s; the run reads them into report_movements): ` +
      `${format(jobMs)} ms; the same run again: ${format(againMs)} ms ` +
      `(${run.days} days rewritten; today ${check.rows[0]?.rounds.toLocaleString('en')} rounds, GGR ${check.rows[0]?.ggr}).`,
  ];
  console.log(lines.join('\n'));
} finally {
  await handle?.close();
  if (adminUrl)
    await adminStatement(adminUrl.toString(), `drop database if exists ${scratchName} with (force)`);
}
