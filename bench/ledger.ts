/**
 * Ledger throughput against PostgreSQL: a bet (member → house) followed by a win (house → member),
 * pair after pair, from 32 and then 64 concurrent clients, each client a connection and a player.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/ledger.ts
 *   BENCH_SECONDS=16 … (measured seconds per path and client count, default 8, in 4 slices)
 *
 * Two paths in the same run, on the same database:
 *   - baseline: the same transaction as one hand-written SQL statement (insert the entry, guarded
 *     update of the player's balance, insert both postings) on copies of the ledger tables without
 *     triggers, account ids known in advance;
 *   - ledger: postEntry from modules/ledger (validation, request hash, drizzle, the
 *     ledger_post_entry function, the balance trigger).
 * The ratio column (ledger / baseline throughput) is the figure we track; we aim at ≥ 0.6.
 * It creates a scratch database next to DATABASE_URL's and drops it afterwards; the ledger path is
 * checked with the verifier at the end.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/open-database.ts';
import type { DatabaseHandle } from '../apps/server/src/db/database.ts';
import { memberWalletAddress, systemAddress } from '../apps/server/src/modules/ledger/ledger.addresses.ts';
import {
  getOrOpenMemberWallet,
  openSystemAccounts,
  postEntry,
  rowsOf,
} from '../apps/server/src/modules/ledger/ledger.service.ts';
import { formatVerification, verifyLedger } from '../apps/server/src/modules/ledger/ledger.verifier.ts';
import { createScratchDatabase, percentile } from './support.ts';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.log(
    'bench/ledger.ts: skipped (set DATABASE_URL to a PostgreSQL server; PGlite runs one transaction at a time)',
  );
  process.exit(0);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Measured seconds per path and client count, split into alternating slices. */
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const slices = 4;
const warmupSeconds = 0.5;
const clientCounts = [32, 64];
const maxClients = Math.max(...clientCounts);
const CURRENCY = 'BDT';
const STAKE = 1_000n; // 10.00 BDT in poisha
const PRIZE = 900n;
/** Far more than a run can lose at 0.10 a pair. */
const FUNDING = 100_000_000_000n;

interface Cell {
  path: 'baseline' | 'ledger';
  clients: number;
  transactions: number;
  errors: number;
  seconds: number;
  latencies: number[];
}

/** Runs `clients` loops of bet+win pairs for the given time; records the latency of every transaction. */
async function drive(
  clients: number,
  durationSeconds: number,
  pair: (client: number, sequence: number, half: 'bet' | 'win') => Promise<unknown>,
): Promise<Omit<Cell, 'path' | 'clients'>> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: unknown;
  const started = process.hrtime.bigint();
  const deadline = started + BigInt(Math.round(durationSeconds * 1e9));
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let sequence = 0; process.hrtime.bigint() < deadline; sequence += 1) {
        for (const half of ['bet', 'win'] as const) {
          const begin = process.hrtime.bigint();
          try {
            await pair(client, sequence, half);
            latencies.push(Number(process.hrtime.bigint() - begin) / 1e6);
          } catch (error) {
            errors += 1;
            firstError ??= error;
          }
        }
      }
    }),
  );
  if (firstError) console.error('first error:', firstError);
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  return {
    transactions: latencies.length,
    errors,
    seconds: elapsed,
    latencies,
  };
}

const scratch = await createScratchDatabase(databaseUrl);
const scratchUrl = scratch.url;
let handle: DatabaseHandle | undefined;
const cells: Cell[] = [];
let verificationLine = '';
let serverVersion = '';
try {
  // Setup and the verifier use a small pool; every measured cell opens its own pool of exactly
  // `clients` connections and closes it afterwards (PostgreSQL's max_connections is 100 here).
  handle = await openDatabase({ kind: 'pg', url: scratchUrl, poolSize: 4 });
  await handle.migrate();
  const db = handle.db;
  const house = systemAddress('house', CURRENCY);
  const world = systemAddress('world', CURRENCY);
  await openSystemAccounts(db, { currency: CURRENCY });
  const wallets: { address: string; id: number }[] = [];
  for (let client = 0; client < maxClients; client += 1) {
    const memberId = client + 1;
    const wallet = await getOrOpenMemberWallet(db, { memberId, kind: 'main', currency: CURRENCY });
    await postEntry(db, {
      kind: 'deposit',
      idempotencyKey: `bench-fund-${memberId}`,
      postings: [
        { address: world, amount: -FUNDING },
        { address: wallet.address, amount: FUNDING },
      ],
    });
    wallets.push({ address: memberWalletAddress(memberId, 'main'), id: wallet.id });
  }

  // The baseline's tables: same columns, constraints and indexes, no triggers, its own copy of the
  // accounts (so the two paths never touch the same rows).
  const setup = new pg.Client({ connectionString: scratchUrl });
  await setup.connect();
  let houseId: number;
  try {
    serverVersion = (await setup.query<{ server_version: string }>('show server_version')).rows[0]!
      .server_version;
    await setup.query(`
      create schema bench_raw;
      create table bench_raw.ledger_accounts (like public.ledger_accounts including all);
      create table bench_raw.journal_entries (like public.journal_entries including all);
      create table bench_raw.postings (like public.postings including all);
      insert into bench_raw.ledger_accounts overriding system value select * from public.ledger_accounts;`);
    houseId = Number(
      (await setup.query<{ id: string }>('select id from ledger_accounts where address = $1', [house]))
        .rows[0]!.id,
    );
  } finally {
    await setup.end();
  }
  const rawHash = 'f'.repeat(64);
  const rawStatement = `
    with e as (
      insert into bench_raw.journal_entries (kind, idempotency_key, request_hash, metadata)
      values ($1, $2, $3, '{}') returning id
    ), w as (
      update bench_raw.ledger_accounts set balance = balance + $4
       where id = $5 and balance + $4 >= 0 returning balance
    )
    insert into bench_raw.postings (entry_id, account_id, amount, currency, balance_after)
    select e.id, $5, $4, 'BDT', w.balance from e, w
    union all
    select e.id, $6, -$4::bigint, 'BDT', null from e, w`;

  let round = 0;
  let rawPool: pg.Pool | undefined;
  let ledgerHandle: DatabaseHandle | undefined;
  const baseline = (client: number, sequence: number, half: 'bet' | 'win') => {
    const delta = half === 'bet' ? -STAKE : PRIZE;
    return rawPool!.query(rawStatement, [
      half,
      `raw-${round}-${client}-${sequence}-${half}`,
      rawHash,
      delta.toString(),
      wallets[client]!.id,
      houseId,
    ]);
  };
  const ledger = (client: number, sequence: number, half: 'bet' | 'win') => {
    const wallet = wallets[client]!.address;
    const amount = half === 'bet' ? STAKE : PRIZE;
    return postEntry(ledgerHandle!.db, {
      kind: half,
      idempotencyKey: `ledger-${round}-${client}-${sequence}-${half}`,
      postings:
        half === 'bet'
          ? [
              { address: wallet, amount: -amount },
              { address: house, amount },
            ]
          : [
              { address: house, amount: -amount },
              { address: wallet, amount },
            ],
      metadata: { roundId: `${round}-${client}-${sequence}` },
    });
  };

  // Each path runs in `slices` alternating slices (baseline, ledger, ledger, baseline, …), so
  // neither always meets the bigger tables of a later moment. A slice opens its own pool of
  // exactly `clients` connections and warms it up before measuring.
  for (const clients of clientCounts) {
    const totals = new Map<Cell['path'], Cell>();
    for (let slice = 0; slice < slices; slice += 1) {
      const order: Cell['path'][] = slice % 2 === 0 ? ['baseline', 'ledger'] : ['ledger', 'baseline'];
      for (const name of order) {
        const run = name === 'baseline' ? baseline : ledger;
        if (name === 'baseline') {
          rawPool = new pg.Pool({ connectionString: scratchUrl, max: clients });
        } else {
          ledgerHandle = await openDatabase({ kind: 'pg', url: scratchUrl, poolSize: clients });
        }
        try {
          round += 1;
          await drive(clients, warmupSeconds, run);
          round += 1;
          const measured = await drive(clients, seconds / slices, run);
          const total = totals.get(name) ?? {
            path: name,
            clients,
            transactions: 0,
            errors: 0,
            seconds: 0,
            latencies: [],
          };
          total.transactions += measured.transactions;
          total.errors += measured.errors;
          total.seconds += measured.seconds;
          total.latencies.push(...measured.latencies);
          totals.set(name, total);
        } finally {
          await rawPool?.end();
          await ledgerHandle?.close();
          rawPool = undefined;
          ledgerHandle = undefined;
        }
      }
    }
    for (const name of ['baseline', 'ledger'] as const) {
      const total = totals.get(name)!;
      total.latencies.sort((left, right) => left - right);
      cells.push(total);
      console.error(`${name} at ${clients} clients: ${Math.round(total.transactions / total.seconds)} tx/s`);
    }
  }

  const verification = await verifyLedger(db);
  verificationLine = verification.ok
    ? `verifier: all ${verification.checks.length} invariants hold after the run`
    : `verifier: BROKEN\n${formatVerification(verification)}`;
  const [counts] = rowsOf<{ entries: string }>(
    await db.execute(sql`select count(*)::text as entries from journal_entries`),
  );
  verificationLine += ` (${counts?.entries ?? '?'} journal entries)`;
} finally {
  await handle?.close();
  await scratch.drop();
}

const lines = [
  `Khela ledger: bet + win pairs on PostgreSQL ${serverVersion}, ${seconds}s per cell in ${slices} alternating slices (each after ${warmupSeconds}s warm-up), ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}, node ${process.version}`,
  '',
  '| path | clients | tx/s | pairs/s | p50 ms | p99 ms | errors | ratio to baseline |',
  '|---|---:|---:|---:|---:|---:|---:|---:|',
  ...cells.map((cell) => {
    const rate = cell.transactions / cell.seconds;
    const base = cells.find(
      (candidate) => candidate.path === 'baseline' && candidate.clients === cell.clients,
    )!;
    const baseRate = base.transactions / base.seconds;
    return `| ${cell.path} | ${cell.clients} | ${Math.round(rate)} | ${Math.round(rate / 2)} | ${percentile(cell.latencies, 0.5).toFixed(2)} | ${percentile(cell.latencies, 0.99).toFixed(2)} | ${cell.errors} | ${(rate / baseRate).toFixed(2)} |`;
  }),
  '',
  verificationLine,
];
console.log(lines.join('\n'));
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, 'bench/results', 'ledger-postgresql.md'), `${lines.join('\n')}\n`);
if (cells.some((cell) => cell.errors > 0) || verificationLine.includes('BROKEN')) process.exitCode = 1;
