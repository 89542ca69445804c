/**
 * The lottery's money on PostgreSQL (issue 13): settling 1,000,000 bets of one draw, and placing
 * slips, against the one-statement bet of issue 12 in the same run.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/lottery-settlement.ts
 *   BENCH_LOTTERY_BETS=1000000 BENCH_LOTTERY_MEMBERS=10000 BENCH_LOTTERY_BATCH=50000 BENCH_SECONDS=8 …
 *
 * It creates a scratch database next to DATABASE_URL's (migrated like the server's) and drops it
 * afterwards. Settlement: one fast-game numero with BENCH_LOTTERY_BETS bets of BENCH_LOTTERY_MEMBERS
 * members, every play type, the members' bets interleaved as real play places them (so each batch
 * pays most members: one win entry per member per batch), set up set-based (real placement entries and postings, a fixture: not
 * the placement path), drawn, then settled by `settleNumero` (modules/lottery/lottery.settlement.ts);
 * the verifier runs after it, then the check of every bet against its postings
 * (lottery_bets_off_ledger.sql, as `npm run ledger:verify` runs it). Placement: `placeSlip` in-process from 32 concurrent callers (slips of
 * three lô bets, each its own requestId; all on the same three numbers unless BENCH_LOTTERY_SPREAD=1)
 * for BENCH_SECONDS, then `runOneStatementBets` with the
 * same number of clients for the same time.
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/open-database.ts';
import type { DatabaseHandle } from '../apps/server/src/db/database.ts';
import { memberWalletAddress, systemAddress } from '../apps/server/src/modules/ledger/ledger.addresses.ts';
import { postEntry, rowsOf } from '../apps/server/src/modules/ledger/ledger.service.ts';
import { formatVerification, verifyLedger } from '../apps/server/src/modules/ledger/ledger.verifier.ts';
import { placeSlip } from '../apps/server/src/modules/lottery/lottery.bets.ts';
import { betsOffLedger } from '../apps/server/src/modules/lottery/lottery.ledger-check.ts';
import { settleNumero } from '../apps/server/src/modules/lottery/lottery.settlement.ts';
import {
  TEST_CURRENCY,
  addLotteryGame,
  addNumero,
  bulkBets,
  drawWith,
  openWallet,
} from '../apps/server/src/modules/lottery/lottery.money.test-support.ts';
import { members } from '../apps/server/src/modules/accounts/accounts.tables.ts';
import { updateSettings } from '../apps/server/src/modules/settings/settings.service.ts';
import { runOneStatementBets } from './one-statement-bet.ts';
import { adminStatement, percentile } from './support.ts';

const databaseUrl = process.env.DATABASE_URL;
const spread = process.env.BENCH_LOTTERY_SPREAD === '1';
if (!databaseUrl) {
  console.log('bench/lottery-settlement.ts: skipped (set DATABASE_URL to a PostgreSQL server)');
  process.exit(0);
}

const totalBets = Number(process.env.BENCH_LOTTERY_BETS ?? 1_000_000);
const memberCount = Number(process.env.BENCH_LOTTERY_MEMBERS ?? 10_000);
const batchSize = Number(process.env.BENCH_LOTTERY_BATCH ?? 50_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const clients = 32;
const betsPerMember = Math.ceil(totalBets / memberCount);

const scratchName = `khela_bench_${randomBytes(5).toString('hex')}`;
const adminUrl = new URL(databaseUrl);
const scratchUrl = new URL(databaseUrl);
scratchUrl.pathname = `/${scratchName}`;

const lines: string[] = [];
await adminStatement(adminUrl.toString(), `create database ${scratchName}`);
let handle: DatabaseHandle | undefined;
try {
  handle = await openDatabase({ kind: 'pg', url: scratchUrl.toString(), poolSize: clients });
  await handle.migrate();
  const db = handle.db;
  const [version] = rowsOf<{ version: string }>(
    await db.execute(sql`select current_setting('server_version') as version`),
  );

  // --- Settlement ---------------------------------------------------------------------------
  const gameId = await addLotteryGame(db, 'BENCH_FAST', 'fast');
  const numeroId = await addNumero(db, gameId, '202611260001');
  let started = process.hrtime.bigint();
  await bulkBets(db, {
    numeroId,
    gameId,
    region: 'fast',
    members: memberCount,
    betsPerMember,
    stake: 1_000n,
    prefix: 'bench',
    order: 'interleaved',
  });
  await db.execute(sql`vacuum analyze lottery_bets`);
  await db.execute(sql`vacuum analyze ledger_accounts`);
  const setupSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  const [count] = rowsOf<{ bets: string }>(
    await db.execute(sql`select count(*)::text as bets from lottery_bets where numero_id = ${numeroId}`),
  );
  await drawWith(db, numeroId, [
    { tier: 'special', numbers: ['48213'] },
    { tier: 'first', numbers: ['90417'] },
    { tier: 'second', numbers: ['11852', '60378'] },
    { tier: 'third', numbers: ['22931', '70144', '38865', '51209', '93576', '04421'] },
    { tier: 'fourth', numbers: ['3307', '8813', '1460', '5729'] },
    { tier: 'fifth', numbers: ['6634', '2091', '7785', '4413', '9950', '0266'] },
    { tier: 'sixth', numbers: ['514', '877', '203'] },
    { tier: 'seventh', numbers: ['31', '64', '07', '92'] },
  ]);
  started = process.hrtime.bigint();
  const settled = await settleNumero(db, numeroId, { batchSize });
  const settleSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  const [outcome] = rowsOf<{ won: string; entries: string; paid: string }>(
    await db.execute(sql`select count(*) filter (where status = 'won')::text as won,
        count(distinct settle_entry_id)::text as entries, sum(payout)::text as paid
      from lottery_bets where numero_id = ${numeroId}`),
  );
  console.error(`settled ${settled.settledBets} bets in ${settleSeconds.toFixed(1)} s`);
  started = process.hrtime.bigint();
  const verification = await verifyLedger(db);
  const verifySeconds = Number(process.hrtime.bigint() - started) / 1e9;
  // The bets against their postings (what wages read, issue 34): ledger:verify's lottery check.
  started = process.hrtime.bigint();
  const offLedger = await betsOffLedger(db);
  const offLedgerSeconds = Number(process.hrtime.bigint() - started) / 1e9;

  // --- Placement ----------------------------------------------------------------------------
  const placeGameId = await addLotteryGame(db, 'BENCH_NORTH', 'north');
  // Every bet goes through the liability cap (issue 36: its row of lottery_exposure per number,
  // the worst case here since all 32 callers bet the same three numbers), set too high to refuse.
  await updateSettings(db, { lotteryRisk: { rtpCeiling: 98, liabilityCaps: { lo2: '1000000000000' } } });
  await addNumero(db, placeGameId, '202611260002', { lockInSeconds: 3600 });
  const players: number[] = [];
  for (let index = 0; index < clients; index += 1) {
    const [row] = await db
      .insert(members)
      .values({ account: `placer${index}`, nickname: `placer${index}` })
      .returning({ id: members.id });
    if (!row) throw new Error('no member');
    await openWallet(db, row.id);
    await postEntry(db, {
      kind: 'deposit',
      idempotencyKey: `bench-placer-${row.id}`,
      postings: [
        { address: systemAddress('world', TEST_CURRENCY), amount: -100_000_000_000n },
        { address: memberWalletAddress(row.id, 'main'), amount: 100_000_000_000n },
      ],
    });
    players.push(row.id);
  }
  const latencies: number[] = [];
  let slips = 0;
  let failures = 0;
  let firstFailure: unknown;
  started = process.hrtime.bigint();
  const deadline = started + BigInt(Math.round(seconds * 1e9));
  await Promise.all(
    players.map(async (memberId, client) => {
      for (let sequence = 0; process.hrtime.bigint() < deadline; sequence += 1) {
        const begin = process.hrtime.bigint();
        try {
          await placeSlip(db, {
            memberId,
            requestId: `bench-${client}-${sequence}`,
            gameCode: 'BENCH_NORTH',
            numero: '202611260002',
            playType: 'lo2',
            // BENCH_LOTTERY_SPREAD=1: each slip its own three numbers (no caller waits on another's
            // exposure row); by default all bet the same three, the liability cap's worst case.
            numbers: spread
              ? [0, 1, 2].map((k) => String((client * 3 + k + sequence * 7) % 100).padStart(2, '0'))
              : ['07', '42', '99'],
            unitStake: '10',
            multiplier: 1,
          });
          slips += 1;
        } catch (error) {
          failures += 1;
          firstFailure ??= error;
        }
        latencies.push(Number(process.hrtime.bigint() - begin) / 1e6);
      }
    }),
  );
  const placeSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort((left, right) => left - right);
  if (firstFailure) console.error('first placement failure:', firstFailure);
  const baseline = await runOneStatementBets({
    url: scratchUrl.toString(),
    clients,
    wallets: 100_000,
    seconds,
  });
  const slipRate = slips / placeSeconds;

  lines.push(
    `Khela lottery money on PostgreSQL ${version?.version ?? '?'}, ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}, node ${process.version}`,
    '',
    '| settlement | figure |',
    '|---|---:|',
    `| bets of one numero | ${Number(count?.bets ?? 0).toLocaleString('en')} (${memberCount.toLocaleString('en')} members) |`,
    `| set-up (fixture, not measured) | ${setupSeconds.toFixed(1)} s |`,
    `| **settleNumero, batch ${batchSize.toLocaleString('en')}** | **${settleSeconds.toFixed(1)} s** (${Math.round(settled.settledBets / settleSeconds).toLocaleString('en')} bets/s, ${settled.batches} batches) |`,
    `| bets won / win entries / paid (minor) | ${outcome?.won} / ${outcome?.entries} / ${outcome?.paid} |`,
    `| verifier after settlement (${verifySeconds.toFixed(1)} s) | ${verification.ok ? 'all invariants hold' : 'BROKEN'} |`,
    `| bets against the ledger (lottery_bets_off_ledger, ${offLedgerSeconds.toFixed(1)} s) | ${offLedger.length === 0 ? 'every stake and win match their postings' : 'BROKEN'} |`,
    '',
    `| placement, ${clients} concurrent, ${seconds} s | per s | p50 ms | p99 ms | failures |`,
    '|---|---:|---:|---:|---:|',
    `| placeSlip (3 bets a slip, in-process) | ${Math.round(slipRate)} slips = ${Math.round(slipRate * 3)} bets | ${percentile(latencies, 0.5).toFixed(1)} | ${percentile(latencies, 0.99).toFixed(1)} | ${failures} |`,
    `| one-statement bet (baseline) | ${Math.round(baseline.betsPerSecond)} bets | ${baseline.p50.toFixed(1)} | ${baseline.p99.toFixed(1)} | ${baseline.refused} |`,
    `| ratio (bets placed ÷ baseline bets) | ${((slipRate * 3) / baseline.betsPerSecond).toFixed(2)} | | | |`,
  );
  if (!verification.ok) lines.push('', formatVerification(verification));
} finally {
  await handle?.close();
  await adminStatement(adminUrl.toString(), `drop database if exists ${scratchName} with (force)`);
}
console.log(lines.join('\n'));
