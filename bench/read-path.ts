/**
 * The read path against a Fastify hello-world in the same run (issue 12, point 5): the game list
 * (GCSGAME_gameList) and the calls every first view of the home page makes (the boot calls the
 * server answers into the page's HTML, and the home page's hot games), each with req/s, p50, p99
 * and the ratio to the hello-world (goal ≥ 0.4 for the game list and the boot calls).
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
import {
  benchDatabase,
  benchServerEnv,
  freePort,
  rateTable,
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

async function measure(
  name: string,
  url: string,
  paths: string[],
  headers: Record<string, string> = {},
): Promise<RateRow> {
  const requests = paths.map((requestPath) => ({ method: 'GET' as const, path: requestPath, headers }));
  // A second of warm-up (JIT, caches, pools), then the measured run.
  await autocannon({ url, connections, duration: 1, requests });
  const result = await autocannon({ url, connections, duration: seconds, requests });
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

function start(
  entry: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  nodeOptions: string[] = [],
): ChildProcess {
  return spawn(process.execPath, [...nodeOptions, ...runner, ...entry], {
    cwd,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

const rows: RateRow[] = [];

// --- the baseline: a Fastify hello-world, measured before and after the calls (the mean is the
// baseline: other load on the machine moves both) ---
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
  rows.push(await measure('Fastify hello-world, before', helloUrl, ['/']));
  const row = async (name: string, paths: string[], headers: Record<string, string> = {}): Promise<void> => {
    if (!only || name.startsWith(only)) rows.push(await measure(name, base, paths, headers));
  };
  // The same hello-world sending a JSON text of the game list's size: the share of the gap that is
  // only the answer's size (shown, not the baseline).
  const listBytes = (await (await fetch(`${base}${gameList}`)).arrayBuffer()).byteLength;
  if (!only || 'GCSGAME_gameList'.startsWith(only)) {
    rows.push(
      await measure(`Fastify, a JSON text of the game list's size (${listBytes} B)`, helloUrl, [
        `/bytes/${listBytes}`,
      ]),
    );
  }
  await row(`GCSGAME_gameList (${gameType}, page 1 of 21)`, [gameList]);
  // As a browser asks for it: compressed (brotli or gzip, once per key and TTL: register-call.ts).
  await row('GCSGAME_gameList, as a browser asks (br, gzip)', [gameList], {
    'accept-encoding': 'gzip, deflate, br',
  });
  await row('home boot: the 4 calls in turn', boot);
  for (const target of boot) await row(`home boot: ${target.split('?')[0]}`, [target]);
  await row('home: GCSGAME_hotGamesV2', [hotGames]);
  rows.push(await measure('Fastify hello-world, after', helloUrl, ['/']));
} finally {
  await stopBenchServer(server, dataDir);
  hello.kill('SIGTERM');
  await new Promise((resolve) => hello.once('exit', resolve));
  await data.drop();
}

const hellos = rows.filter((row) => row.name.startsWith('Fastify hello-world'));
const baseline = hellos.reduce((sum, row) => sum + row.rps, 0) / Math.max(1, hellos.length);
const database = data.kind;
const cache = redisUrl ? 'Redis' : 'no Redis';
const header =
  `Khela read path — ${database}, ${cache}, ${useDist ? 'built server' : 'server under tsx'}` +
  `${serverRoot === root ? '' : ` from ${serverRoot}`}, ${connections} connections, ${seconds}s each` +
  ` after 1s warm-up, ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}, node ${process.version}`;
const lines = [
  header,
  '',
  `Baseline: the mean of the two hello-world rows, ${Math.round(baseline)} req/s.`,
  '',
  ...rateTable(rows, baseline, 'ratio to hello-world'),
];
console.log(lines.join('\n'));
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const file = `read-path-${database.toLowerCase()}${redisUrl ? '-redis' : ''}.md`;
writeFileSync(path.join(root, 'bench/results', file), `${lines.join('\n')}\n`);
