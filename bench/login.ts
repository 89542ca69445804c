/**
 * Login throughput with the real password hashing: scrypt at the server's default (OWASP)
 * parameters, N=2^17, r=8, p=1. Against the built server on loopback, bounded by a request count:
 *   npm run build -w @khela/server && npx tsx bench/login.ts
 *   DATABASE_URL=postgres://… npx tsx bench/login.ts
 * BENCH_LOGINS (default 60 per round) tunes the run; it runs once with 2 connections (latency when
 * the cores are not oversubscribed) and once with BENCH_CONNECTIONS (default 8: throughput and
 * queueing under load). Every login is a
 * real one: a fresh ALTCHA answer and a body sealed with the server's public key, both prepared
 * before the timed part so the client's work is not measured.
 *
 * The baseline row is scrypt itself: verifications per second in this process with the same
 * parameters, one per core in flight. Login cannot beat it; the ratio
 * shows what the HTTP stack, the envelope, ALTCHA and the session writes add.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { randomBytes, scrypt } from 'node:crypto';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// The web's own sealing code (packages/contract), imported by path: bench is tooling, not a package user.
import { sealBody } from '../packages/contract/src/seal.ts';
import {
  altchaAnswer,
  benchDatabase,
  benchServerEnv,
  freePort,
  serverSealingKey,
  stopBenchServer,
  waitUntilReady,
} from './support.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const logins = Number(process.env.BENCH_LOGINS ?? 60);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
const scryptParams = { N: 2 ** 17, r: 8, p: 1 };

async function scryptBaseline(count: number): Promise<number> {
  const salt = randomBytes(16);
  const options = { ...scryptParams, maxmem: 256 * scryptParams.N * scryptParams.r };
  const once = () =>
    new Promise<void>((resolve, reject) =>
      scrypt('Player-demo-2026', salt, 32, options, (error) => (error ? reject(error) : resolve())),
    );
  const started = performance.now();
  // As many as there are cores: more only queues in libuv's pool.
  const inFlight = Math.max(1, cpus().length);
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) {
        next += 1;
        await once();
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'khela-bench-login-'));
const data = await benchDatabase();
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  // Real scrypt (the default); ALTCHA at the production cost per derivation (benchServerEnv).
  // Every connection logs the one demo account in from loopback: the flood guard's per-account and
  // per-address bounds on hashes in flight (2 and 4 by default) would refuse most of a round of 8
  // at once (429), and the row would count refusals as logins. Raised here to the connections.
  env: benchServerEnv(port, dataDir, {
    ...data.env,
    PASSWORD_HASH_PER_ACCOUNT: String(connections),
    PASSWORD_HASH_PER_ADDRESS: String(connections),
  }),
  stdio: ['ignore', 'inherit', 'inherit'],
});

const rounds: { connections: number; result: autocannon.Result }[] = [];
let baseline = 0;
try {
  await waitUntilReady(`${base}/readyz`, Date.now() + 120_000);
  const key = await serverSealingKey(base);
  const prepare = async () => {
    const bodies: string[] = [];
    for (let index = 0; index < logins; index += 1) {
      const altcha = await altchaAnswer(base);
      const body = { type: 'username', username: 'demoplayer', password: 'Player-demo-2026', altcha };
      bodies.push(JSON.stringify(await sealBody(key, body)));
    }
    return bodies;
  };
  baseline = await scryptBaseline(16);
  for (const roundConnections of [2, connections]) {
    const bodies = await prepare();
    let next = 0;
    const result = await autocannon({
      url: `${base}/wps/session/login`,
      connections: roundConnections,
      amount: logins,
      timeout: 60,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }),
        },
      ],
    });
    rounds.push({ connections: roundConnections, result });
  }
} finally {
  await stopBenchServer(server, dataDir);
  await data.drop();
}

const database = data.kind;
const load = loadavg()
  .map((value) => value.toFixed(1))
  .join(' ');
const lines = [
  `Khela login — ${database}, scrypt N=2^17 r=8 p=1, ${logins} logins per round, ${cpus().length} cores, load average ${load}, node ${process.version}`,
  '',
  '| what | logins per second (2xx) | p50 ms | p99 ms | non-2xx+errors | ratio to baseline |',
  '|---|---:|---:|---:|---:|---:|',
  `| baseline: scrypt verify in-process (2 in flight) | ${baseline.toFixed(1)} | | | | 1.00 |`,
  ...rounds.map(({ connections: used, result }) => {
    // Logins that went through: a refusal is counted in its own column, never as a login.
    const rps = result['2xx'] / result.duration;
    return `| POST /wps/session/login, ${used} connections (sealed, ALTCHA, session) | ${rps.toFixed(1)} | ${result.latency.p50} | ${result.latency.p99} | ${result.errors + result.non2xx} | ${(rps / baseline).toFixed(2)} |`;
  }),
];
console.log(lines.join('\n'));
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(
  path.join(root, 'bench/results', `login-${database.toLowerCase()}.md`),
  `${lines.join('\n')}\n`,
);
