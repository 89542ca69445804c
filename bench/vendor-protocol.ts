/**
 * Rounds per second through the whole vendor wallet protocol (docs/vendor-protocol.md), over real
 * HTTP against the server on PostgreSQL, from N concurrent players. One round is what a vendor
 * and a player cause for one spin:
 *
 *   POST /wps/game/launchGame (player, bearer token)  → launch URL with a one-time token
 *   POST /vendor-wallet/BENCH/authenticate (signed)    → wallet session
 *   POST /vendor-wallet/BENCH/debit        (signed)    → bet, opens the round
 *   POST /vendor-wallet/BENCH/credit       (signed)    → win (every other round 0), final: settles it
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/vendor-protocol.ts
 *   BENCH_SECONDS=10 BENCH_PLAYERS=32 …   (measured seconds, default 8; concurrent players, default 32)
 *   --server=dist                         (run apps/server/dist/main.js; default: the sources under tsx)
 *
 * A second row plays debit + credit only, in one session per player (a vendor authenticates once
 * and plays many rounds), for the same time.
 *
 * The baseline row is the ledger alone in this process: bet + win entries (postEntry, the same two
 * journal entries a round writes) from the same number of clients, for the same time. The ratio
 * (rounds/s ÷ ledger pairs/s) shows what HTTP, signatures, sessions, rounds and idempotency records
 * cost on top of the money movements. A scratch database is created next to DATABASE_URL's and
 * dropped afterwards; the verifier checks the ledger at the end.
 *
 * The limit (issue 12) is one bet as ONE statement on the same PostgreSQL in the same run
 * (one-statement-bet.ts: guarded wallet update + bet row + 2 journal rows in one CTE, simple
 * protocol, as many clients as players, BENCH_LIMIT_WALLETS wallets, default 100,000). The goal rows
 * compare money calls/s (a debit and a credit are two) with its bets/s.
 *
 * The full rounds, the in-session rounds and the limit run in turns (BENCH_SLICES, default 3,
 * slices of BENCH_SECONDS / slices each), after BENCH_WARMUP_SECONDS (default 5) of warm-up: on a
 * shared machine the speed drifts within a minute, and rows measured minutes apart compared the
 * drift as much as the server.
 *
 *   BENCH_POOL_SIZE=<n>          the server's DATABASE_POOL_SIZE (default: the server's own, 10)
 *   MONEY_BATCH_CONCURRENCY, MONEY_BATCH_SIZE   passed to the server, and used by the reference row
 *   BENCH_SERVER_PROFILE=<dir>   the server runs with `node --cpu-prof` and writes its profile there
 *                                on exit (read it with `npx tsx bench/cpu-profile-top.ts <file>`)
 *   BENCH_LOG_LEVEL=info         the server's LOG_LEVEL (default warn)
 *   BENCH_NODE_FLAGS='--trace-gc …'   more node flags for the server (space-separated)
 *   BENCH_LATENCY_DUMP=<file>    appends each in-session debit as "<sent at> <latency>" (epoch ms,
 *                                ms; "# slice" between slices): whether the slow calls come together
 *                                (a pause) or spread (queueing), next to the server's GC or PG's log
 *   BENCH_KEEP_DATABASE=1        keeps the scratch database (its name is printed) to try changes on
 */
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/open-database.ts';
import type { Database, DatabaseHandle } from '../apps/server/src/db/database.ts';
import { seedDemoData } from '../apps/server/src/seed/seed.ts';
import { addCpu, cpuPerCall, cpuSnapshot, noCpu } from './process-cpu.ts';
import { members } from '../apps/server/src/modules/accounts/accounts.tables.ts';
import { createSession } from '../apps/server/src/modules/accounts/session.service.ts';
import { memberWalletAddress, systemAddress } from '../apps/server/src/modules/ledger/ledger.addresses.ts';
import {
  getOrOpenMemberWallet,
  openSystemAccounts,
  postEntry,
  rowsOf,
} from '../apps/server/src/modules/ledger/ledger.service.ts';
import { formatVerification, verifyLedger } from '../apps/server/src/modules/ledger/ledger.verifier.ts';
import { games, gameVendors, vendorConnections } from '../apps/server/src/modules/games/games.tables.ts';
import { signVendorPayload } from '../apps/server/src/modules/games/vendor-signature.ts';
import { runMoneyFunction } from './money-function.ts';
import { openOneStatementBets } from './one-statement-bet.ts';
import { createScratchDatabase, freePort, keepAliveClient, percentile, waitUntilReady } from './support.ts';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.log(
    'bench/vendor-protocol.ts: skipped (set DATABASE_URL to a PostgreSQL server; PGlite runs one transaction at a time)',
  );
  process.exit(0);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const players = Number(process.env.BENCH_PLAYERS ?? 32);
const useDist = process.argv.includes('--server=dist');
const limitWallets = Number(process.env.BENCH_LIMIT_WALLETS ?? 100_000);
const profileDir = process.env.BENCH_SERVER_PROFILE;
const latencyDump = process.env.BENCH_LATENCY_DUMP;
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const slices = Math.max(1, Number(process.env.BENCH_SLICES ?? 3));
/** The server's money-call batching (its env, else its defaults), for the reference row too. */
const batching = {
  concurrency: Number(process.env.MONEY_BATCH_CONCURRENCY ?? 1),
  maxBatch: Number(process.env.MONEY_BATCH_SIZE ?? 16),
};
const CURRENCY = 'BDT';
const VENDOR = 'BENCH';
const SECRET = randomBytes(32).toString('hex');
const STAKE = 1_000; // 10.00 BDT
const PRIZE = 1_900;
const FUNDING = 100_000_000_000n;

type Step = 'launch' | 'authenticate' | 'debit' | 'credit';
const steps: Step[] = ['launch', 'authenticate', 'debit', 'credit'];

/** Players with a funded main wallet and a member session; a vendor with one slot game. */
async function prepare(db: Database): Promise<{ tokens: string[]; nodeId: number; memberIds: number[] }> {
  await seedDemoData(db, { scrypt: { N: 1024, r: 8, p: 1 } });
  await openSystemAccounts(db, { currency: CURRENCY });
  await db
    .insert(vendorConnections)
    .values({ vendorCode: VENDOR, apiBaseUrl: 'http://127.0.0.1:9/bench-vendor', walletSecret: SECRET });
  await db.insert(gameVendors).values({
    vassalage: 'BENCH_SLOTS',
    accountTypeId: 0,
    displayName: 'Bench Slots',
    gameType: 'RNG',
    vendorCode: VENDOR,
  });
  const [game] = await db
    .insert(games)
    .values({
      vassalage: 'BENCH_SLOTS',
      vendorCode: VENDOR,
      gameCode: 'bench-slot',
      gameType: 'RNG',
      names: { en: 'Bench slot' },
      minBet: 10n,
    })
    .returning({ nodeId: games.nodeId });
  const tokens: string[] = [];
  const memberIds: number[] = [];
  for (let index = 0; index < players * 2; index += 1) {
    const [member] = await db
      .insert(members)
      .values({ account: `bench${index}`, nickname: `Bench ${index}`, registerMethod: 'BENCH' })
      .returning({ id: members.id });
    const memberId = member!.id;
    const wallet = await getOrOpenMemberWallet(db, { memberId, kind: 'main', currency: CURRENCY });
    await postEntry(db, {
      kind: 'deposit',
      idempotencyKey: `bench-fund-${memberId}`,
      postings: [
        { address: systemAddress('world', CURRENCY), amount: -FUNDING },
        { address: wallet.address, amount: FUNDING },
      ],
    });
    memberIds.push(memberId);
    tokens.push(
      await createSession({
        db,
        env: { SESSION_IDLE_MINUTES: 60, SESSION_ABSOLUTE_HOURS: 24 },
        memberId,
        site: 'member',
        ip: null,
        userAgent: null,
      }),
    );
  }
  return { tokens, nodeId: game!.nodeId, memberIds };
}

class CallError extends Error {}

const client = keepAliveClient(players * 2);

async function post(url: string, body: unknown, headers: Record<string, string>) {
  const { status, text } = await client.post(url, JSON.stringify(body), headers);
  if (status !== 200) throw new CallError(`${url}: HTTP ${status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

const scratch = await createScratchDatabase(databaseUrl);
const { name: scratchName, url: scratchUrl } = scratch;
let handle: DatabaseHandle | undefined;
let server: ReturnType<typeof spawn> | undefined;
const lines: string[] = [];
let failed = false;
try {
  handle = await openDatabase({ kind: 'pg', url: scratchUrl, poolSize: 4 });
  await handle.migrate();
  const db = handle.db;
  const { tokens, nodeId, memberIds } = await prepare(db);
  const serverVersion =
    rowsOf<{ version: string }>(await db.execute(sql`select current_setting('server_version') as version`))[0]
      ?.version ?? '?';

  // --- the protocol over HTTP ---
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const entry = useDist
    ? [path.join(root, 'apps/server/dist/main.js')]
    : ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')];
  if (useDist && !existsSync(entry[0]!))
    throw new Error('build the server first: npm run build -w @khela/server');
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  const nodeFlags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  server = spawn(process.execPath, [...profile, ...nodeFlags, ...entry], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: scratchUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST: '',
      // The scratch database holds the demo seed (public demo passwords): a demo start.
      DEMO_MODE: 'true',
      RATE_LIMIT_PER_MINUTE: '100000000',
      GAME_LAUNCH_RATE_LIMIT_PER_MINUTE: '100000000',
      GAME_SYNC_INTERVAL_MINUTES: '0',
      // The server's own pool size (DATABASE_POOL_SIZE, 10) unless BENCH_POOL_SIZE says otherwise.
      ...(process.env.BENCH_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.BENCH_POOL_SIZE } : {}),
      ...(process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) =>
    server!.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready`))),
  );
  await Promise.race([waitUntilReady(`${base}/readyz`, Date.now() + 60_000), exited]);

  const signed = (action: string, body: Record<string, unknown>) => {
    const raw = JSON.stringify(body);
    return client
      .post(`${base}/vendor-wallet/${VENDOR}/${action}`, raw, {
        'x-khela-signature': signVendorPayload(SECRET, raw),
      })
      .then(({ status, text }) => {
        if (status !== 200) throw new CallError(`${action}: HTTP ${status} ${text.slice(0, 200)}`);
        return JSON.parse(text) as Record<string, unknown>;
      });
  };

  let roundSequence = 0;

  /** A vendor's signed protocol request for autocannon. */
  const signedRequest = (request: autocannon.Request, body: Record<string, unknown>) => {
    const raw = JSON.stringify(body);
    return {
      ...request,
      body: raw,
      headers: { 'content-type': 'application/json', 'x-khela-signature': signVendorPayload(SECRET, raw) },
    };
  };

  /** Debit + credit rounds in one wallet session per connection, for `durationSeconds`. */
  async function playInSession(wallets: string[], durationSeconds: number) {
    const free = [...wallets];
    const debits: number[] = [];
    const dump: string[] = [];
    let rounds = 0;
    let errors = 0;
    interface Play {
      sessionId?: string;
      round?: number;
      begin?: bigint;
    }
    const answered = (status: number, body: string) => status === 200 && body.startsWith('{"ok":true');
    const started = process.hrtime.bigint();
    const startedAt = Date.now();
    await autocannon({
      url: base,
      connections: wallets.length,
      duration: durationSeconds,
      requests: [
        {
          method: 'POST',
          path: `/vendor-wallet/${VENDOR}/debit`,
          setupRequest: (request, context: Play) => {
            // One session per connection at a time: taken here, given back when its credit answers.
            context.sessionId = free.pop();
            context.round = ++roundSequence;
            context.begin = process.hrtime.bigint();
            return signedRequest(request, {
              sessionId: context.sessionId,
              transactionId: `d-${context.round}`,
              roundId: `r-${context.round}`,
              gameCode: 'bench-slot',
              amount: STAKE,
            });
          },
          onResponse: (status, body, context: Play) => {
            const latency = Number(process.hrtime.bigint() - context.begin!) / 1e6;
            debits.push(latency);
            if (latencyDump)
              dump.push(
                `${(startedAt + Number(context.begin! - started) / 1e6).toFixed(1)} ${latency.toFixed(2)}`,
              );
            if (!answered(status, body)) errors += 1;
          },
        },
        {
          method: 'POST',
          path: `/vendor-wallet/${VENDOR}/credit`,
          setupRequest: (request, context: Play) =>
            signedRequest(request, {
              sessionId: context.sessionId,
              transactionId: `c-${context.round}`,
              roundId: `r-${context.round}`,
              amount: context.round! % 2 === 0 ? PRIZE : 0,
              final: true,
            }),
          onResponse: (status, body, context: Play) => {
            free.push(context.sessionId!);
            if (answered(status, body)) rounds += 1;
            else errors += 1;
          },
        },
      ],
    });
    if (latencyDump) appendFileSync(latencyDump, `${dump.join('\n')}\n# slice\n`);
    return { rounds, errors, debits, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
  }
  /**
   * Full rounds (launch → authenticate → debit → credit), one player per connection, for
   * `durationSeconds`; autocannon plays both the player's page and the vendor.
   */
  async function playRounds(durationSeconds: number, record: boolean) {
    const latencies = new Map<Step, number[]>(steps.map((step) => [step, []]));
    const free = tokens.slice(0, players);
    let rounds = 0;
    let errors = 0;
    let firstError: string | undefined;
    interface Round {
      token?: string;
      round?: number;
      launchToken?: string;
      sessionId?: string;
      begin?: bigint;
      failed?: boolean;
    }
    const begin = (context: Round) => {
      context.begin = process.hrtime.bigint();
    };
    /** Times the step; false (and the round failed) when the answer is not a 200 `ok`. */
    const answered = (step: Step, status: number, body: string, context: Round) => {
      if (record) latencies.get(step)!.push(Number(process.hrtime.bigint() - context.begin!) / 1e6);
      const ok = status === 200 && (body.startsWith('{"ok":true') || body.startsWith('{"success":true'));
      if (!ok && !context.failed) {
        context.failed = true;
        errors += 1;
        firstError ??= `${step}: HTTP ${status} ${body.slice(0, 200)}`;
      }
      return ok;
    };
    const vendorRequest = (request: autocannon.Request, context: Round, body: Record<string, unknown>) => {
      begin(context);
      return signedRequest(request, body);
    };
    const started = process.hrtime.bigint();
    await autocannon({
      url: base,
      connections: players,
      duration: durationSeconds,
      requests: [
        {
          method: 'POST',
          path: '/wps/game/launchGame',
          setupRequest: (request, context: Round) => {
            // One player per connection at a time: taken here, given back when its round ends.
            context.token = free.pop();
            context.round = ++roundSequence;
            begin(context);
            return {
              ...request,
              body: JSON.stringify({ nodeId }),
              headers: { 'content-type': 'application/json', authorization: `Bearer ${context.token}` },
            };
          },
          onResponse: (status, body, context: Round) => {
            if (!answered('launch', status, body, context)) return;
            const { value } = JSON.parse(body) as { value: { content: string } };
            context.launchToken = new URL(value.content).searchParams.get('token') ?? '';
          },
        },
        {
          method: 'POST',
          path: `/vendor-wallet/${VENDOR}/authenticate`,
          setupRequest: (request, context: Round) =>
            vendorRequest(request, context, { launchToken: context.launchToken ?? 'none' }),
          onResponse: (status, body, context: Round) => {
            if (answered('authenticate', status, body, context)) {
              context.sessionId = (JSON.parse(body) as { sessionId: string }).sessionId;
            }
          },
        },
        {
          method: 'POST',
          path: `/vendor-wallet/${VENDOR}/debit`,
          setupRequest: (request, context: Round) =>
            vendorRequest(request, context, {
              sessionId: context.sessionId ?? '0',
              transactionId: `d-${context.round}`,
              roundId: `r-${context.round}`,
              gameCode: 'bench-slot',
              amount: STAKE,
            }),
          onResponse: (status, body, context: Round) => void answered('debit', status, body, context),
        },
        {
          method: 'POST',
          path: `/vendor-wallet/${VENDOR}/credit`,
          setupRequest: (request, context: Round) =>
            vendorRequest(request, context, {
              sessionId: context.sessionId ?? '0',
              transactionId: `c-${context.round}`,
              roundId: `r-${context.round}`,
              amount: context.round! % 2 === 0 ? PRIZE : 0,
              final: true,
              detail: { bench: true },
            }),
          onResponse: (status, body, context: Round) => {
            free.push(context.token!);
            if (answered('credit', status, body, context) && !context.failed) rounds += 1;
          },
        },
      ],
    });
    if (firstError) console.error('first error:', firstError);
    return { rounds, errors, seconds: Number(process.hrtime.bigint() - started) / 1e9, latencies };
  }

  // Play within one session per player (a vendor authenticates once and plays many rounds).
  const sessions = await Promise.all(
    tokens.slice(0, players).map(async (token) => {
      const launched = await post(
        `${base}/wps/game/launchGame`,
        { nodeId },
        { authorization: `Bearer ${token}` },
      );
      const launchToken = new URL((launched.value as { content: string }).content).searchParams.get('token')!;
      return (await signed('authenticate', { launchToken })).sessionId as string;
    }),
  );
  // The server warms up (the JIT compiles the hot paths) before anything is measured.
  await playRounds(warmupSeconds, false);
  await playInSession(sessions, Math.min(2, warmupSeconds));

  // The rows and the limit they are compared with run in turns (slices of seconds/slices each),
  // not one after the other: on a shared machine the speed drifts by ±30 % within a minute, and a
  // ratio of two runs minutes apart measured the drift as much as the server.
  const limitBets = await openOneStatementBets({
    url: scratchUrl,
    clients: players,
    wallets: limitWallets,
  });
  const sliceSeconds = seconds / slices;
  const protocol = {
    rounds: 0,
    errors: 0,
    seconds: 0,
    latencies: new Map<Step, number[]>(steps.map((step) => [step, []])),
  };
  const inSession = { rounds: 0, errors: 0, seconds: 0, debits: [] as number[] };
  const limitTotal = { bets: 0, refused: 0, seconds: 0, latencies: [] as number[] };
  // CPU by process in each row (Linux): where a money call's cost goes, next to the limit's.
  const cpu = { protocol: noCpu(), inSession: noCpu(), limit: noCpu() };
  const serverPid = server.pid;
  try {
    for (let slice = 0; slice < slices; slice += 1) {
      let mark = cpuSnapshot(serverPid);
      const rounds = await playRounds(sliceSeconds, true);
      let next = cpuSnapshot(serverPid);
      addCpu(cpu.protocol, mark, next);
      mark = next;
      protocol.rounds += rounds.rounds;
      protocol.errors += rounds.errors;
      protocol.seconds += rounds.seconds;
      for (const step of steps) protocol.latencies.get(step)!.push(...rounds.latencies.get(step)!);
      // The vendor's side of this row is autocannon (one keep-alive connection per player, each
      // playing debit → credit → debit …): its client costs less CPU per call than node:http's, and
      // on two cores every microsecond the load client spends is taken from the server and PostgreSQL.
      const played = await playInSession(sessions, sliceSeconds);
      next = cpuSnapshot(serverPid);
      addCpu(cpu.inSession, mark, next);
      mark = next;
      inSession.rounds += played.rounds;
      inSession.errors += played.errors;
      inSession.seconds += played.seconds;
      inSession.debits.push(...played.debits);
      const bets = await limitBets.run(sliceSeconds);
      addCpu(cpu.limit, mark, cpuSnapshot(serverPid));
      limitTotal.bets += bets.bets;
      limitTotal.refused += bets.refused;
      limitTotal.seconds += bets.seconds;
      limitTotal.latencies.push(...bets.latencies);
    }
  } finally {
    await limitBets.close();
  }
  limitTotal.latencies.sort((left, right) => left - right);
  const limit = {
    betsPerSecond: limitTotal.bets / limitTotal.seconds,
    refused: limitTotal.refused,
    p50: percentile(limitTotal.latencies, 0.5),
    p99: percentile(limitTotal.latencies, 0.99),
  };
  console.error(`protocol: ${Math.round(protocol.rounds / protocol.seconds)} rounds/s`);
  const inSessionRounds = inSession.rounds / inSession.seconds;
  const inSessionErrors = inSession.errors;
  const inSessionDebits = inSession.debits;
  console.error(`in session: ${Math.round(inSessionRounds)} rounds/s`);
  console.error(`one statement: ${Math.round(limit.betsPerSecond)} bets/s`);

  // --- the ledger alone (baseline), same clients, same time, other players ---
  const ledgerHandle = await openDatabase({ kind: 'pg', url: scratchUrl, poolSize: players });
  const house = systemAddress('house', CURRENCY);
  let pairs = 0;
  const pairLatencies: number[] = [];
  try {
    const started = process.hrtime.bigint();
    const deadline = started + BigInt(Math.round(seconds * 1e9));
    await Promise.all(
      Array.from({ length: players }, async (_, client) => {
        const wallet = memberWalletAddress(memberIds[players + client]!, 'main');
        for (let sequence = 0; process.hrtime.bigint() < deadline; sequence += 1) {
          const begin = process.hrtime.bigint();
          await postEntry(ledgerHandle.db, {
            kind: 'bet',
            idempotencyKey: `base-${client}-${sequence}-bet`,
            postings: [
              { address: wallet, amount: -BigInt(STAKE) },
              { address: house, amount: BigInt(STAKE) },
            ],
          });
          await postEntry(ledgerHandle.db, {
            kind: 'win',
            idempotencyKey: `base-${client}-${sequence}-win`,
            postings: [
              { address: house, amount: -BigInt(PRIZE) },
              { address: wallet, amount: BigInt(PRIZE) },
            ],
          });
          pairLatencies.push(Number(process.hrtime.bigint() - begin) / 1e6);
          pairs += 1;
        }
      }),
    );
    const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
    pairLatencies.sort((left, right) => left - right);
    const pairRate = pairs / elapsed;
    const roundRate = protocol.rounds / protocol.seconds;

    // --- the money function alone: the same SQL calls as the server, from Node over pg, no HTTP ---
    const direct = await runMoneyFunction({
      url: scratchUrl,
      vendorCode: VENDOR,
      gameCode: 'bench-slot',
      sessions,
      stake: STAKE,
      prize: PRIZE,
      seconds,
      prefix: scratchName,
      batching,
    });
    console.error(`money function alone: ${Math.round(direct.pairsPerSecond)} pairs/s`);
    inSessionDebits.sort((left, right) => left - right);
    const inSessionDebitP99 = percentile(inSessionDebits, 0.99);
    const ratioRow = (what: string, moneyCalls: number, goal: number) => {
      const ratio = moneyCalls / limit.betsPerSecond;
      return `| ${what} | ${moneyCalls.toFixed(0)} money calls/s ÷ ${limit.betsPerSecond.toFixed(0)} bets/s = ${ratio.toFixed(2)} | ≥ ${goal} | ${ratio >= goal ? 'met' : 'not met'} |`;
    };

    const verification = await verifyLedger(db);
    const [settled] = rowsOf<{ settled: string }>(
      await db.execute(sql`select count(*)::text as settled from game_rounds where status = 'settled'`),
    );
    lines.push(
      `Khela vendor protocol: ${players} players over HTTP, PostgreSQL ${serverVersion}, ${useDist ? 'built server' : 'server under tsx'}, ${seconds}s after ${warmupSeconds}s warm-up, ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}, node ${process.version}`,
      '',
      '| call | calls | p50 ms | p99 ms |',
      '|---|---:|---:|---:|',
      ...steps.map((step) => {
        const sorted = protocol.latencies.get(step)!.sort((left, right) => left - right);
        return `| ${step} | ${sorted.length} | ${percentile(sorted, 0.5).toFixed(2)} | ${percentile(sorted, 0.99).toFixed(2)} |`;
      }),
      '',
      '| path | rounds/s | errors | ratio to ledger |',
      '|---|---:|---:|---:|',
      `| protocol: launch + authenticate + debit + credit over HTTP | ${roundRate.toFixed(0)} | ${protocol.errors} | ${(roundRate / pairRate).toFixed(2)} |`,
      `| protocol in one session per player: debit + credit over HTTP | ${inSessionRounds.toFixed(0)} | ${inSessionErrors} | ${(inSessionRounds / pairRate).toFixed(2)} |`,
      `| ledger alone: bet + win entries in-process (p50 ${percentile(pairLatencies, 0.5).toFixed(2)} ms, p99 ${percentile(pairLatencies, 0.99).toFixed(2)} ms per pair) | ${pairRate.toFixed(0)} | 0 | 1.00 |`,
      '',
      `The limit: one bet as one statement (wallet update + bet + 2 journal rows in one CTE, simple protocol, ${players} clients, ${limitWallets} wallets): ${limit.betsPerSecond.toFixed(0)} bets/s, p50 ${limit.p50.toFixed(2)} ms, p99 ${limit.p99.toFixed(2)} ms${limit.refused > 0 ? `, ${limit.refused} refused` : ''}`,
      '',
      '| goal (issue 12) | measured | goal | |',
      '|---|---:|---:|---|',
      ratioRow('in one session per player: debit + credit ÷ one-statement bets', inSessionRounds * 2, 0.6),
      `| in one session per player: debit p99 at ${players} players (the one-statement bet's own p99 in this run: ${limit.p99.toFixed(1)} ms) | ${inSessionDebitP99.toFixed(1)} ms | ≤ 30 ms | ${inSessionDebitP99 <= 30 ? 'met' : 'not met'} |`,
      ratioRow(
        `for reference: vendor_money_call alone, debit + credit over pg without HTTP (debit p50 ${direct.debitP50.toFixed(1)} ms, p99 ${direct.debitP99.toFixed(1)} ms)`,
        direct.pairsPerSecond * 2,
        0.6,
      ),
      ratioRow(
        'full round (launch + authenticate + debit + credit) ÷ one-statement bets',
        roundRate * 2,
        0.3,
      ),
      '',
      'CPU per money call (per bet for the limit), by process, in the same slices:',
      '',
      `- full round: ${cpuPerCall(cpu.protocol, protocol.rounds * 2, protocol.seconds, cpus().length)}`,
      `- in one session: ${cpuPerCall(cpu.inSession, inSession.rounds * 2, inSession.seconds, cpus().length)}`,
      `- the limit: ${cpuPerCall(cpu.limit, limitTotal.bets, limitTotal.seconds, cpus().length)}`,
      '',
      verification.ok
        ? `verifier: all ${verification.checks.length} invariants hold; ${settled?.settled ?? '?'} rounds settled`
        : `verifier: BROKEN\n${formatVerification(verification)}`,
    );
    failed = protocol.errors > 0 || inSessionErrors > 0 || direct.errors > 0 || !verification.ok;
  } finally {
    await ledgerHandle.close();
  }
} finally {
  client.close();
  if (server && server.exitCode === null && server.signalCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server!.once('exit', resolve));
  }
  await handle?.close();
  if (process.env.BENCH_KEEP_DATABASE) console.error(`kept the scratch database ${scratchName}`);
  else await scratch.drop();
}

console.log(lines.join('\n'));
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, 'bench/results', 'vendor-protocol-postgresql.md'), `${lines.join('\n')}\n`);
if (failed) process.exitCode = 1;
