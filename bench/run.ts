/**
 * Load benchmark of the platform calls against the built server, on loopback only, bounded in
 * time. Prints one table you can compare from run to run:
 *   npm run bench                      # embedded PGlite in a temporary folder
 *   DATABASE_URL=postgres://… npm run bench
 * BENCH_SECONDS (default 5) and BENCH_CONNECTIONS (default 20) tune each run.
 * The baseline row is /healthz (no database, no settings): the ratio column shows what a call
 * costs on top of the bare HTTP stack in the same run.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir, cpus } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchDatabase, freePort, rateTable, waitUntilReady, type RateRow } from './support.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

const targets = [
  { name: 'baseline /healthz', path: '/healthz' },
  { name: 'GET /wps/system/whitelabel', path: '/wps/system/whitelabel' },
  { name: 'GET /wps/system/status (GeoIP)', path: '/wps/system/status?url=localhost' },
  { name: 'GET /wps/system/setting/register', path: '/wps/system/setting/register' },
  { name: 'GET /lgw/games/game_menus (DB)', path: '/lgw/games/game_menus' },
  { name: 'GET /wps/system/country (DB)', path: '/wps/system/country' },
];

const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'khela-bench-'));
const data = await benchDatabase();
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST: '',
    // The per-address ceiling would turn the run into 429s from one loopback client.
    RATE_LIMIT_PER_MINUTE: '100000000',
    ...data.env,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

const rows: RateRow[] = [];
try {
  await waitUntilReady(`http://127.0.0.1:${port}/readyz`, Date.now() + 60_000);
  for (const target of targets) {
    const result = await autocannon({
      url: `http://127.0.0.1:${port}${target.path}`,
      connections,
      duration: seconds,
    });
    rows.push({
      name: target.name,
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
    });
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
  await data.drop();
}

const baseline = rows[0]?.rps ?? 1;
const database = data.kind;
const header = `Khela platform calls — ${database}, ${connections} connections, ${seconds}s each, ${cpus().length} cores, node ${process.version}`;
const lines = [header, '', ...rateTable(rows, baseline, 'ratio to baseline')];
console.log(lines.join('\n'));
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(
  path.join(root, 'bench/results', `platform-${database.toLowerCase()}.md`),
  `${lines.join('\n')}\n`,
);
