// CI's proof that the README's start works (issue 10): runs `npm start` itself on this checkout,
// exactly as the README says (PORT and DATA_DIR aside), waits for /readyz, drives the README start
// journey in Chromium against it (e2e/start/readme-start.e2e.ts), then SIGTERMs `npm start` and
// requires a clean exit: code 0 within the grace time and no process of it left behind.
//
//   node scripts/ci-start-journey.mjs              embedded PGlite in a new temporary folder
//   node scripts/ci-start-journey.mjs --postgres   a new PostgreSQL database (createdb on
//                                                  127.0.0.1:5432 as postgres), DEMO_MODE=true
//
// The site is started twice on the same database: the first start builds what is missing and
// seeds the demo data (nothing may be built before it: .ci/run runs this step before its build);
// then the operator's settings tool switches the registration captcha off (a person reads it, a
// script cannot), and the second start, with the build up to date, serves the journey.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const postgres = process.argv.includes('--postgres');
const graceMs = 10_000;
// The first start may build the whole site and seed on a busy two-core machine.
const readyTimeoutMs = Number(process.env.CI_START_READY_TIMEOUT_MS ?? 15 * 60_000);

function log(line) {
  console.info(`[ci-start] ${line}`);
}

/** A failed check, already printed as its one line. */
class StartFailure extends Error {}

function fail(line) {
  console.error(`[ci-start] FAILED: ${line}`);
  throw new StartFailure(line);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Whether any process of the group `pgid` (npm start and everything it started) is alive. */
function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'khela-ci-start-'));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir };
// What the shell CI runs in may have set these for earlier steps; the README's start has none.
for (const name of ['DATABASE_URL', 'NODE_ENV', 'WEB_DIST', 'ADMIN_DIST', 'SEED_DEMO', 'KHELA_BASE_URL'])
  delete env[name];
let database = null;
if (postgres) {
  database = `khela_ci_start_${randomBytes(5).toString('hex')}`;
  const created = spawnSync('createdb', ['-h', '127.0.0.1', '-p', '5432', '-U', 'postgres', database], {
    stdio: 'inherit',
  });
  if (created.status !== 0) fail(`createdb ${database} failed`);
  env.DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${database}`;
  // Demo data and the bKash and Nagad simulators (the journey deposits with bKash (demo)) are off
  // by default with DATABASE_URL: on, explicitly.
  env.DEMO_MODE = 'true';
  log(`PostgreSQL database ${database}`);
} else {
  log(`embedded PGlite in ${dataDir}`);
}

/** `npm start` in its own process group, so the exit check sees every process it started. */
async function startSite(label) {
  log(`${label}: npm start on ${baseUrl}`);
  const child = spawn('npm', ['start'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const { code, signal } = await exited;
      fail(`${label}: npm start exited before it was ready (code ${code}, signal ${signal})`);
    }
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > readyTimeoutMs) {
      process.kill(-child.pid, 'SIGKILL');
      fail(`${label}: not ready in ${readyTimeoutMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  log(`${label}: ready after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { child, exited };
}

/** SIGTERM to `npm start` only (as a service manager would); code 0, in time, nothing left over. */
async function stopSite(label, { child, exited }) {
  const pgid = child.pid;
  const sent = Date.now();
  child.kill('SIGTERM');
  const timeout = new Promise((resolve) => setTimeout(() => resolve(null), graceMs + 5_000));
  const result = await Promise.race([exited, timeout]);
  if (result === null) {
    process.kill(-pgid, 'SIGKILL');
    fail(`${label}: npm start did not exit within ${(graceMs + 5_000) / 1000} s of SIGTERM`);
  }
  // The server may take a moment after npm's own exit; anything alive after that is an orphan.
  const deadline = Date.now() + 3_000;
  while (groupAlive(pgid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (groupAlive(pgid)) {
    const left = spawnSync('ps', ['-o', 'pid,args', '-g', String(pgid)], { encoding: 'utf8' }).stdout;
    process.kill(-pgid, 'SIGKILL');
    fail(`${label}: processes left after npm start exited:\n${left}`);
  }
  if (result.code !== 0)
    fail(`${label}: npm start exited with code ${result.code} (signal ${result.signal})`);
  log(`${label}: clean exit (code 0) ${((Date.now() - sent) / 1000).toFixed(1)} s after SIGTERM`);
}

let site = null;
try {
  // 1. The README's start on a checkout with nothing built: builds, migrates, seeds, serves.
  site = await startSite('first start');
  for (const asset of ['game.js', 'verify.js', 'house.css']) {
    const response = await fetch(`${baseUrl}/house/assets/${asset}`);
    if (response.status !== 200) fail(`/house/assets/${asset} answered ${response.status}`);
  }
  await stopSite('first start', site);
  site = null;

  // 2. The operator's settings tool (docs/operations.md): no image captcha at registration.
  const current = spawnSync('npm', ['run', '--silent', 'settings', '--', 'get'], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  if (current.status !== 0) fail(`settings get failed: ${current.stderr}`);
  const register = JSON.parse(current.stdout.slice(current.stdout.indexOf('{'))).register;
  register.captcha = { ...register.captcha, enabled: false, required: false };
  const changed = spawnSync(
    'npm',
    ['run', '--silent', 'settings', '--', 'set', JSON.stringify({ register })],
    { cwd: root, env, stdio: 'inherit' },
  );
  if (changed.status !== 0) fail('settings set failed');

  // 3. Started again (the build is up to date now), and the journey in Chromium against it.
  site = await startSite('second start');
  const journey = spawnSync('npx', ['vitest', 'run', '--config', 'e2e/vitest.start.config.ts'], {
    cwd: root,
    env: { ...process.env, KHELA_BASE_URL: baseUrl },
    stdio: 'inherit',
  });
  if (journey.status !== 0) fail('the README start journey failed (screenshots in e2e/artifacts/)');
  await stopSite('second start', site);
  site = null;
  log(`README start ${postgres ? 'on PostgreSQL' : 'on PGlite'}: passed`);
} catch (error) {
  process.exitCode = 1;
  if (!(error instanceof StartFailure)) console.error(error);
  if (site && groupAlive(site.child.pid)) process.kill(-site.child.pid, 'SIGKILL');
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  if (database) {
    spawnSync(
      'dropdb',
      ['-h', '127.0.0.1', '-p', '5432', '-U', 'postgres', '--force', '--if-exists', database],
      {
        stdio: 'inherit',
      },
    );
  }
}
