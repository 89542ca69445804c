/**
 * The read path against a Fastify hello-world in the same run (issue 12, point 5): the game list
 * (GCSGAME_gameList) and the calls every first view of the home page makes (the boot calls the
 * server answers into the page's HTML, and the home page's hot games), each with req/s, p50, p99,
 * the server's CPU per request and the ratio to the hello-world measured just before and after it
 * (goal ≥ 0.4 for the game list and the boot calls).
 *   npx tsx bench/read-path.ts                                   # sources under tsx, PGlite
 *   DATABASE_URL=postgres://… REDIS_URL=redis://… npx tsx bench/read-path.ts --server=dist
 *   npx tsx bench/read-path.ts --server-root=/path/to/other/checkout   # the same bench, another server
 * BENCH_SECONDS (default 5) and BENCH_CONNECTIONS (default 20) tune each row; each row warms up
 * for a second first. BENCH_SERVER_PROFILE=<dir> runs the server under `node --cpu-prof` (its
 * profile is written there on exit: `npx tsx bench/cpu-profile-top.ts <file>`), and BENCH_ONLY=<name
 * prefix> measures only the rows whose name starts with it (with the hello-world), and
 * BENCH_LOG_LEVEL=info logs as production does (the default is warn). Loopback only; the servers are started on free ports and stopped at the end.
 */
import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
// The contract's routes (zod-free), imported by path: bench is tooling, not a package user.
import * as routes from '../packages/contract/src/call-routes.ts';
import { processCpuMs } from './process-cpu.ts';
import {
  benchDatabase,
  benchServerEnv,
  freePort,
  stopBenchServer,
  waitUntilReady,
  type RateRow,
} from './support.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverRoot = path.resolve(
  process.argv.find((arg) => arg.startsWith('--server-root='))?.slice('--server-root='.length) ?? root,
);
const useDist = process.argv.includes('--server=dist');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const redisUrl = process.env.REDIS_URL;
// This checkout's tsx, so another checkout's server runs whatever its node_modules hold.
const tsxLoader = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href;
/** The same kind of process for both: plain node for the built server, node + tsx for the sources. */
const runner = useDist ? [] : ['--import', tsxLoader];
const profileDir = process.env.BENCH_SERVER_PROFILE;
const only = process.env.BENCH_ONLY;

/**
 * Server and load client on a core each (taskset, on a machine of 2 cores or more): the servers on
 * the last core, this process (autocannon) on the first, so neither's scheduling moves the other's
 * figures (unpinned, the same build's rows moved by up to half from run to run on a 2-core VM).
 * BENCH_PIN=0 leaves them to the scheduler.
 */
const serverCore = cpus().length - 1;
const pinned =
  process.env.BENCH_PIN !== '0' && cpus().length >= 2 && spawnSync('taskset', ['-V']).status === 0;
if (pinned) spawnSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });

interface ReadRow extends RateRow {
  /** the measured server's CPU per request, µs (from /proc; undefined elsewhere) */
  serverUs: number | undefined;
}

async function measure(
  name: string,
  url: string,
  paths: string[],
  headers: Record<string, string>,
  serverPid: number | undefined,
): Promise<ReadRow> {
  const requests = paths.map((requestPath) => ({ method: 'GET' as const, path: requestPath, headers }));
  // A second of warm-up (JIT, caches, pools), then the measured run.
  await autocannon({ url, connections, duration: 1, requests });
  const cpuBefore = processCpuMs(serverPid);
  const result = await autocannon({ url, connections, duration: seconds, requests });
  const cpuAfter = processCpuMs(serverPid);
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    serverUs:
      cpuBefore === undefined || cpuAfter === undefined || result.requests.total === 0
        ? undefined
        : ((cpuAfter - cpuBefore) * 1000) / result.requests.total,
  };
}

function start(
  entry: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  nodeOptions: string[] = [],
): ChildProcess {
  const command = [process.execPath, ...nodeOptions, ...runner, ...entry];
  // taskset execs the command: the child's pid is the server's.
  return spawn(
    pinned ? 'taskset' : command[0]!,
    pinned ? ['-c', String(serverCore), ...command] : command.slice(1),
    {
      cwd,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
}

/** A call's row and the hello-world's rate around it: the mean of the runs just before and after. */
const rows: (ReadRow & { hello: number; helloUs: number | undefined })[] = [];
const helloRuns: ReadRow[] = [];

// --- the baseline: a Fastify hello-world, measured before every row and after the last (a row's
// ratio is to the mean of the two runs around it: a machine whose speed drifts moves both) ---
const helloPort = await freePort();
const hello = start([path.join(root, 'bench/hello-world.mjs')], root, {
  ...process.env,
  PORT: String(helloPort),
});
const helloUrl = `http://127.0.0.1:${helloPort}`;
await waitUntilReady(`${helloUrl}/`, Date.now() + 30_000);

// --- the server: embedded PGlite in a temporary folder, or a scratch PostgreSQL database ---
const data = await benchDatabase();
const entry = useDist
  ? path.join(serverRoot, 'apps/server/dist/main.js')
  : path.join(serverRoot, 'apps/server/src/main.ts');
if (!existsSync(entry))
  throw new Error(`no server at ${entry} (npm run build -w @khela/server for --server=dist)`);
// The demo catalogue is the house vendor's: the server refuses to start without its pages.
if (!useDist && !existsSync(path.join(serverRoot, 'apps/house-games/dist/web/game.js'))) {
  spawnSync(process.execPath, [...runner, path.join(serverRoot, 'apps/house-games/src/pages/build-web.ts')], {
    cwd: serverRoot,
    stdio: 'inherit',
  });
}
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'khela-bench-read-'));
const server = start(
  [entry],
  serverRoot,
  {
    ...benchServerEnv(port, dataDir, {
      ...data.env,
      // A key prefix of its own, so the run never reads another run's (or a site's) cached answers.
      REDIS_PREFIX: `khela-bench-${randomBytes(4).toString('hex')}:`,
      // BENCH_LOG_LEVEL=info logs as production does (the default is warn).
      ...(process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}),
    }),
  },
  profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [],
);
try {
  await waitUntilReady(`${base}/readyz`, Date.now() + 120_000);
  // The game type of the first header category, as a visitor's first lobby would ask for it.
  // Slots when the catalogue has them (a full page of 21), else the first header category. The
  // house vendor's catalogue is synced by a job just after start: wait up to 30 s for its slots.
  let categories: string[] = [];
  for (const deadline = Date.now() + 30_000; ;) {
    const menus = (await (await fetch(`${base}${routes.gameMenus.path}`)).json()) as {
      value: { category: string }[];
    };
    categories = menus.value.map((menu) => menu.category);
    if (categories.includes('RNG') || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const gameType = categories.includes('RNG') ? 'RNG' : (categories[0] ?? 'RNG');
  const language = 'BN';
  const query = (values: Record<string, string>) => new URLSearchParams(values).toString();
  // The web's own query strings (apps/web/src/features/games/api, plugins/web-app.ts boot calls).
  const gameList = `${routes.gameList.path}?${query({ clientType: '3', platform: 'flash,html5-desktop', gameType, pageNo: '1', pageSize: '21' })}`;
  const boot = [
    routes.whitelabel.path,
    routes.gameMenus.path,
    `${routes.status.path}?${query({ url: '127.0.0.1' })}`,
    `${routes.banners.path}?${query({ group: 'home', language })}`,
  ];
  const hotGames = `${routes.hotGames.path}?${query({ isPlatform: '2', platform: 'html5-desktop', gameType })}`;
  // Every path answers 200 before the run (a wrong path would measure 404s).
  for (const target of [gameList, ...boot, hotGames]) {
    const response = await fetch(`${base}${target}`, { headers: { language } });
    if (response.status !== 200)
      throw new Error(`${target}: HTTP ${response.status} ${await response.text()}`);
  }
  // The server's own start-up work (jobs, the house vendor's catalogue) settles first.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const measureHello = async () => {
    const run = await measure('Fastify hello-world', helloUrl, ['/'], {}, hello.pid);
    helloRuns.push(run);
    return run;
  };
  let helloBefore = await measureHello();
  const row = async (
    name: string,
    paths: string[],
    headers: Record<string, string> = {},
    target = { url: base, pid: server.pid },
  ): Promise<void> => {
    if (only && !name.startsWith(only)) return;
    const measured = await measure(name, target.url, paths, headers, target.pid);
    const helloAfter = await measureHello();
    const helloUs =
      helloBefore.serverUs === undefined || helloAfter.serverUs === undefined
        ? undefined
        : (helloBefore.serverUs + helloAfter.serverUs) / 2;
    rows.push({ ...measured, hello: (helloBefore.rps + helloAfter.rps) / 2, helloUs });
    helloBefore = helloAfter;
  };
  // The same hello-world sending a JSON text of the game list's size: the share of the gap that is
  // only the answer's size (shown, not a goal).
  const listBytes = (await (await fetch(`${base}${gameList}`)).arrayBuffer()).byteLength;
  await row(
    `Fastify, a JSON text of the game list's size (${listBytes} B)`,
    [`/bytes/${listBytes}`],
    {},
    { url: helloUrl, pid: hello.pid },
  );
  await row(`GCSGAME_gameList (${gameType}, page 1 of 21)`, [gameList]);
  // As a browser asks for it: compressed (brotli or gzip, once per key and TTL: register-call.ts).
  await row('GCSGAME_gameList, as a browser asks (br, gzip)', [gameList], {
    'accept-encoding': 'gzip, deflate, br',
  });
  await row('home boot: the 4 calls in turn', boot);
  for (const target of boot) await row(`home boot: ${target.split('?')[0]}`, [target]);
  await row('home: GCSGAME_hotGamesV2', [hotGames]);
} finally {
  await stopBenchServer(server, dataDir);
  hello.kill('SIGTERM');
  await new Promise((resolve) => hello.once('exit', resolve));
  await data.drop();
}

const database = data.kind;
const cache = redisUrl ? 'Redis' : 'no Redis';
const header =
  `Khela read path — ${database}, ${cache}, ${useDist ? 'built server' : 'server under tsx'}` +
  `${serverRoot === root ? '' : ` from ${serverRoot}`}, ${connections} connections, ${seconds}s each` +
  ` after 1s warm-up, ${pinned ? `servers on core ${serverCore} and load client on core 0` : 'not pinned'},` +
  ` ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}, node ${process.version}`;
const rates = helloRuns.map((run) => run.rps);
const cpuText = (us: number | undefined) => (us === undefined ? '' : us.toFixed(1));
const lines = [
  header,
  '',
  `Baseline: a Fastify hello-world measured before every row and after the last (${helloRuns.length} runs,` +
    ` ${Math.min(...rates)}–${Math.max(...rates)} req/s); a row's ratio is to the mean of the two runs around it.` +
    " The CPU ratio is the hello-world's server CPU per request ÷ the row's (how many of its requests one core" +
    ' serves per hello-world request; no load client in it).',
  '',
  '| call | req/s | p50 ms | p99 ms | non-2xx+errors | server CPU µs/request | hello-world req/s around it | ratio to hello-world | CPU ratio |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    (row) =>
      `| ${row.name} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.errors} | ${cpuText(row.serverUs)} |` +
      ` ${Math.round(row.hello)} | ${(row.rps / row.hello).toFixed(2)} |` +
      ` ${row.serverUs && row.helloUs ? (row.helloUs / row.serverUs).toFixed(2) : ''} |`,
  ),
];
console.log(lines.join('\n'));
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const file = `read-path-${database.toLowerCase()}${redisUrl ? '-redis' : ''}.md`;
writeFileSync(path.join(root, 'bench/results', file), `${lines.join('\n')}\n`);
