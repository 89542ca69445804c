import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverDist = path.join(root, 'apps/server/dist');

export interface RunningServer {
  baseUrl: string;
  /** The embedded database's folder (kept across a crash, removed by stop unless it was given). */
  dataDir: string;
  /** Stops the server; its database folder is removed (if it made it) unless `keepData`. */
  stop(options?: { keepData?: boolean }): Promise<void>;
  /** Kills the server with SIGKILL, as a crash would: nothing is shut down, the data stays. */
  crash(): Promise<void>;
}

/**
 * Runs the built server's ledger verifier (apps/server/dist/ledger-verify.js) on the embedded
 * PGlite database in `folder` (a stopped or crashed server's `dataDir`): its exit status (0 when
 * the ledger checks out) and everything it printed.
 */
export function verifyLedger(folder: string): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [path.join(serverDist, 'ledger-verify.js')], {
    env: { ...process.env, DATA_DIR: folder, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/**
 * Stops every server in `servers`, in order, then removes `dataDir` when set: the database folder
 * they shared, which a restart was given and so is the test's to remove (a suite's afterAll).
 */
export async function stopServers(servers: readonly RunningServer[], dataDir: string | null): Promise<void> {
  for (const server of servers) await server.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

/** A free port on the loopback address. */
export function freePort(): Promise<number> {
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

export interface ServerOptions {
  settings?: Record<string, unknown>;
  env?: Record<string, string>;
  dataDir?: string;
  /**
   * Runs the server with its clock moved, in libfaketime's notation ('+1d', '+2h'): the whole
   * process (and the embedded database in it) lives that much later, as if restarted then. For
   * journeys that need a day to end (daily wages). Needs Debian's `faketime` package.
   */
  clockOffset?: string;
  /**
   * A stopped server's database folder to copy instead of migrating and seeding a new one (the
   * run's seeded template, support/seeded-template.ts); null for a folder made from nothing.
   * Default: the template when the run made one and the journey's environment leaves the demo
   * switch and the database alone.
   */
  template?: string | null;
}

/** The run's seeded database folder (support/seeded-template.ts), when it made one. */
function runTemplate(): string | undefined {
  try {
    return inject('seededDataDir') || undefined;
  } catch {
    // Outside a test file (the template's own setup, a script): no template.
    return undefined;
  }
}

const fakeTimeLibraries = [
  '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1',
];

/** The environment that moves a process's clock by `offset` (libfaketime preloaded). */
function clockEnv(offset: string): Record<string, string> {
  const library = fakeTimeLibraries.find((candidate) => existsSync(candidate));
  if (!library) throw new Error('libfaketime is missing: sudo apt-get install -y faketime');
  // Timers and the event loop keep the real monotonic clock; only the wall clock moves.
  return { LD_PRELOAD: library, FAKETIME: offset, FAKETIME_DONT_FAKE_MONOTONIC: '1' };
}

/**
 * Starts the built server (`npm run build` first) on a free loopback port with a fresh embedded
 * database seeded with the demo data. `settings` is applied with the operator's settings tool
 * before the server starts, exactly as an operator would. `env` adds server environment variables
 * (e.g. the social sign-in provider of a journey); they win over the defaults below.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  // A given folder is another run's database (a restart after a crash): it is the caller's to remove.
  const ownsData = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'khela-e2e-'));
  const changesSeeding =
    options.env !== undefined && ('DEMO_MODE' in options.env || 'DATABASE_URL' in options.env);
  const template =
    options.template === undefined ? (changesSeeding ? undefined : runTemplate()) : options.template;
  // A copy of a database migrated and seeded once for the run: the same demo data a first start
  // writes, without each journey paying the migration and the demo passwords' hashing again.
  if (ownsData && template) cpSync(template, dataDir, { recursive: true });
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...options.env,
    ...(options.clockOffset ? clockEnv(options.clockOffset) : {}),
  };
  delete env.DATABASE_URL;
  if (options.settings) {
    const result = spawnSync(
      process.execPath,
      // --create: a fresh folder is a site set up before its first start.
      [path.join(serverDist, 'settings.js'), 'set', JSON.stringify(options.settings), '--create'],
      {
        env,
        encoding: 'utf8',
      },
    );
    if (result.status !== 0) throw new Error(`settings tool failed: ${result.stderr}`);
  }
  const child: ChildProcess = spawn(process.execPath, [path.join(serverDist, 'main.js')], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // A fresh embedded database migrates and seeds (scrypt for the demo passwords) before it is
  // ready: on a busy two-core machine that alone can take over a minute.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left running behind a failed suite (it would hold a port and a core for nothing).
      child.kill('SIGKILL');
      throw new Error('server did not become ready in 180 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
  return {
    baseUrl,
    dataDir,
    async stop({ keepData = false } = {}) {
      await end('SIGTERM');
      if (ownsData && !keepData) rmSync(dataDir, { recursive: true, force: true });
    },
    crash: () => end('SIGKILL'),
  };
}
