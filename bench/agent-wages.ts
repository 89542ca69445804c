/**
 * Agents' real-time wages on PostgreSQL (issue 14): settling one 5-minute slot for 100,000 agents
 * and 1,000,000 settled lottery bets, with a crash (the settling backend killed) halfway first.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/agent-wages.ts
 *   BENCH_AGENTS=100000 BENCH_BETS=1000000 BENCH_NUMEROS=10 BENCH_KILL_AFTER_MS=3000 …
 *
 * It creates a scratch database next to DATABASE_URL's (migrated like the server's) and drops it
 * afterwards. The fixture, set-based: a tree of agents three levels deep (1 % top agents, 9 % under
 * them, 90 % under those), players under the deepest agents (5 bets each), every agent with an
 * active real-time contract (top agents with the platform, the others with their upline), every
 * upline funded by a deposit; BENCH_NUMEROS lottery numeros settled inside one slot holding the
 * bets (won and lost; the bets' own placement entries are left out: the wage settlement does not
 * read them). Then `settleRealtimeWages` (modules/agents/agents.settlement.ts) is started and its
 * backend terminated after BENCH_KILL_AFTER_MS; the rerun is timed, run a third time (pays
 * nothing), and the ledger verifier runs.
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/open-database.ts';
import type { DatabaseHandle } from '../apps/server/src/db/database.ts';
import { openSystemAccounts, rowsOf } from '../apps/server/src/modules/ledger/ledger.service.ts';
import { formatVerification, verifyLedger } from '../apps/server/src/modules/ledger/ledger.verifier.ts';
import {
  settleDailyWages,
  settleRealtimeWages,
} from '../apps/server/src/modules/agents/agents.settlement.ts';
import { adminStatement } from './support.ts';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.log('bench/agent-wages.ts: skipped (set DATABASE_URL to a PostgreSQL server)');
  process.exit(0);
}

const agents = Number(process.env.BENCH_AGENTS ?? 100_000);
const bets = Number(process.env.BENCH_BETS ?? 1_000_000);
const numeros = Number(process.env.BENCH_NUMEROS ?? 10);
const killAfterMs = Number(process.env.BENCH_KILL_AFTER_MS ?? 3_000);
const betsPerPlayer = 5;
const players = Math.ceil(bets / betsPerPlayer);
const tops = Math.max(1, Math.round(agents / 100));
const middles = Math.max(1, Math.round(agents * 0.09));
const leaves = agents - tops - middles;

const slot = Date.UTC(2026, 10, 26, 12, 0);
const now = new Date(slot + 300_000 + 61_000);

const scratchName = `khela_bench_${randomBytes(5).toString('hex')}`;
const adminUrl = new URL(databaseUrl);
const scratchUrl = new URL(databaseUrl);
scratchUrl.pathname = `/${scratchName}`;

const seconds = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e9;
const lines: string[] = [];
await adminStatement(adminUrl.toString(), `create database ${scratchName}`);
let handle: DatabaseHandle | undefined;
try {
  handle = await openDatabase({ kind: 'pg', url: scratchUrl.toString(), poolSize: 4 });
  await handle.migrate();
  const db = handle.db;
  const [version] = rowsOf<{ version: string }>(
    await db.execute(sql`select current_setting('server_version') as version`),
  );
  await openSystemAccounts(db, { currency: 'BDT', precision: 2 });

  // --- Fixture (not measured) -----------------------------------------------------------------
  let started = process.hrtime.bigint();
  const fixture = [
    sql`insert into members (account, nickname, type) select 'top' || g, 'top' || g, 1 from generate_series(1, ${tops}) g`,
    sql`insert into members (account, nickname, type, upline_id)
        select 'mid' || g, 'mid' || g, 1, (select id from members where account = 'top' || (1 + g % ${tops}))
          from generate_series(1, ${middles}) g`,
    sql`create table bench_mid as select id, row_number() over (order by id) as n from members where account like 'mid%'`,
    sql`insert into members (account, nickname, type, upline_id)
        select 'leaf' || g, 'leaf' || g, 1, m.id from generate_series(1, ${leaves}) g
          join bench_mid m on m.n = 1 + g % ${middles}`,
    sql`create table bench_leaf as select id, row_number() over (order by id) as n from members where account like 'leaf%'`,
    sql`insert into members (account, nickname, type, upline_id)
        select 'player' || g, 'player' || g, 0, l.id from generate_series(1, ${players}) g
          join bench_leaf l on l.n = 1 + g % ${leaves}`,
    // Wallets of every agent; uplines (top and middle agents) funded by one deposit each.
    sql`select ledger_open_member_wallets(array(select id from members where type = 1), 'main', 'BDT')`,
    // The top and middle agents' funds, deposited through the ledger's posting path in one batch.
    sql`with f as (select array_agg(m.id order by m.id) as ids, count(*)::integer as n
                     from members m where m.account like 'top%' or m.account like 'mid%')
        select ledger_post_entries(
                 array_fill('deposit'::text, array[f.n]),
                 array(select 'bench-fund-' || i from unnest(f.ids) as i),
                 null, null, null,
                 array(select e from generate_series(1, f.n) as e, generate_series(1, 2) as leg order by e, leg),
                 array(select case leg when 1 then 'world:BDT' else 'member:' || f.ids[e] || ':main' end
                         from generate_series(1, f.n) as e, generate_series(1, 2) as leg order by e, leg),
                 array(select case leg when 1 then -100000000::bigint else 100000000::bigint end
                         from generate_series(1, f.n) as e, generate_series(1, 2) as leg order by e, leg))
          from f`,
    // Real-time contracts: top agents with the platform, the others with their upline.
    sql`insert into agent_contracts (kind, member_id, upline_id, status, terms, max_rate_bp, started_at)
        select 'realtime', m.id, m.upline_id, 'active',
               jsonb_build_object('kind', 'realtime', 'terms', jsonb_build_object(
                 'winRate', case when m.upline_id is null then '0.5' else '0.4' end,
                 'lossRate', case when m.upline_id is null then '1' else '0.8' end, 'singleBet', '1')),
               case when m.upline_id is null then 100 else 80 end, ${new Date(slot - 86_400_000).toISOString()}::timestamptz
          from members m where m.type = 1`,
    // The lottery: one game, numeros settled inside the slot, the players' bets won or lost.
    sql`insert into lottery_games (game_code, region, names, game_menu_tag, draw_day_of_week, interval_seconds, lock_seconds)
        values ('BENCH_RT', 'fast', '{"en":"Bench"}'::jsonb, 'FAST', '1,2,3,4,5,6,7', 60, 10)`,
    sql`insert into lottery_numeros (game_id, numero, draw_date, status, open_at, lock_at, draw_at, seed, seed_hash, settled_at)
        select g.id, '20261126' || lpad(n::text, 4, '0'), '2026-11-26', 'settled', now(), now(), now(),
               repeat('00', 32), repeat('ff', 32), ${new Date(slot).toISOString()}::timestamptz + n * interval '20 seconds'
          from lottery_games g, generate_series(1, ${numeros}) n`,
    sql`create table bench_numero as select id, game_id, settled_at, row_number() over (order by id) as n from lottery_numeros`,
    sql`create table bench_player as select id, row_number() over (order by id) as n from members where account like 'player%'`,
    sql`insert into lottery_bets (numero_id, game_id, member_id, play_type, selection, stake, odds_milli, currency,
                                  request_id, slip_index, entry_id, status, hits, payout, settled_at)
        select n.id, n.game_id, p.id, 'de', '{12}', 100 * (1 + (p.n + k) % 50), 95000, 'BDT', 'bench', k, 0,
               case when (p.n + k) % 10 = 0 then 'won' else 'lost' end, case when (p.n + k) % 10 = 0 then 1 else 0 end,
               case when (p.n + k) % 10 = 0 then 9500 * (1 + (p.n + k) % 50) else 0 end, n.settled_at
          from bench_player p cross join generate_series(1, ${betsPerPlayer}) k
          join bench_numero n on n.n = 1 + (p.n * ${betsPerPlayer} + k) % ${numeros}`,
    sql`drop table bench_mid, bench_leaf, bench_numero, bench_player`,
    sql`vacuum analyze`,
  ];
  for (const statement of fixture) await db.execute(statement);
  const setupSeconds = seconds(started);
  const [counted] = rowsOf<{ agents: string; bets: string }>(
    await db.execute(sql`select (select count(*) from members where type = 1)::text as agents,
                                (select count(*) from lottery_bets)::text as bets`),
  );

  // --- A crash halfway: the settling backend is terminated ----------------------------------------
  const killer = new pg.Client({ connectionString: scratchUrl.toString() });
  await killer.connect();
  started = process.hrtime.bigint();
  const crashed = settleRealtimeWages(db, now).then(
    () => 'finished before the kill',
    (error: unknown) => `killed (${error instanceof Error ? error.message.slice(0, 60) : 'error'})`,
  );
  await new Promise((resolve) => setTimeout(resolve, killAfterMs));
  await killer.query(`select pg_terminate_backend(pid) from pg_stat_activity
                       where datname = current_database() and pid <> pg_backend_pid()
                         and query like '%agent_wages_settle_period%'`);
  const crashOutcome = await crashed;
  const crashSeconds = seconds(started);
  await killer.end();
  const [afterCrash] = rowsOf<{ lines: string; entries: string }>(
    await db.execute(sql`select (select count(*) from agent_wages)::text as lines,
        (select count(*) from journal_entries where idempotency_key like 'wage:%')::text as entries`),
  );

  // --- The measured run, and a second one -------------------------------------------------------
  started = process.hrtime.bigint();
  const settled = await settleRealtimeWages(db, now);
  const settleSeconds = seconds(started);
  const again = await settleRealtimeWages(db, now);
  const [outcome] = rowsOf<{ lines: string; parts: string; entries: string; paid: string; statuses: string }>(
    await db.execute(sql`select (select count(*) from agent_wages)::text as lines,
        (select count(*) from agent_wage_parts)::text as parts,
        (select count(*) from journal_entries where idempotency_key like 'wage:%')::text as entries,
        (select sum(paid) from agent_wages)::text as paid,
        (select string_agg(status || ' ' || n, ', ' order by status)
           from (select status, count(*) as n from agent_wages group by status) s) as statuses`),
  );
  // --- Daily wages of the same agents over the day of those bets ----------------------------------
  // Every agent gets a daily contract too (tops from the platform, the others from their upline);
  // the day's valid betting is read from member_rounds through each agent's whole team.
  await db.execute(sql`insert into agent_contracts (kind, member_id, upline_id, status, terms, max_rate_bp, started_at)
      select 'daily', m.id, m.upline_id, 'active',
             jsonb_build_object('kind', 'daily', 'terms', jsonb_build_object('tiers', jsonb_build_array(
               jsonb_build_object('teamBet', '1', 'activeMembers', 1,
                                  'rate', case when m.upline_id is null then '1' else '0.8' end)))),
             case when m.upline_id is null then 100 else 80 end, ${new Date(slot - 2 * 86_400_000).toISOString()}::timestamptz
        from members m where m.type = 1`);
  await db.execute(sql`analyze agent_contracts`);
  const [betDay] = rowsOf<{ day: string }>(
    await db.execute(
      // A won or lost bet counts at its draw's settlement (games' member_rounds).
      sql`select to_char(max(settled_at) at time zone 'UTC', 'YYYY-MM-DD') as day from lottery_numeros`,
    ),
  );
  const dayEnd = Date.parse(`${betDay?.day ?? '2026-11-26'}T00:00:00Z`) + 86_400_000;
  started = process.hrtime.bigint();
  const daily = await settleDailyWages(db, new Date(dayEnd + 600_000));
  const dailySeconds = seconds(started);

  started = process.hrtime.bigint();
  const verification = await verifyLedger(db);
  const verifySeconds = seconds(started);

  lines.push(
    `Khela agents' real-time wages on PostgreSQL ${version?.version ?? '?'}, ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}, node ${process.version}`,
    '',
    '| real-time settlement of one 5-minute slot | figure |',
    '|---|---:|',
    `| agents (3 levels) / settled lottery bets / numeros | ${Number(counted?.agents).toLocaleString('en')} / ${Number(counted?.bets).toLocaleString('en')} / ${numeros} |`,
    `| set-up (fixture, not measured) | ${setupSeconds.toFixed(1)} s |`,
    `| run killed after ${(killAfterMs / 1000).toFixed(1)} s | ${crashOutcome}, ${crashSeconds.toFixed(1)} s; then ${afterCrash?.lines} lines, ${afterCrash?.entries} wage entries |`,
    `| **settleRealtimeWages (the rerun)** | **${settleSeconds.toFixed(1)} s** (${settled.lines.toLocaleString('en')} lines, ${settled.paid.toLocaleString('en')} paid) |`,
    `| a second run of the same slot | ${again.lines} lines, ${again.paid} paid |`,
    `| lines / parts / wage entries / paid (minor) | ${outcome?.lines} / ${outcome?.parts} / ${outcome?.entries} / ${outcome?.paid} |`,
    `| statuses | ${outcome?.statuses} |`,
    `| **settleDailyWages, the day of those bets** (every agent also on a daily contract) | **${dailySeconds.toFixed(1)} s** (${daily.lines.toLocaleString('en')} lines, ${daily.paid.toLocaleString('en')} paid) |`,
    `| verifier after settlement (${verifySeconds.toFixed(1)} s) | ${verification.ok ? 'all invariants hold' : 'BROKEN'} |`,
  );
  if (!verification.ok) lines.push('', formatVerification(verification));
} finally {
  await handle?.close();
  await adminStatement(adminUrl.toString(), `drop database if exists ${scratchName} with (force)`);
}
console.log(lines.join('\n'));
