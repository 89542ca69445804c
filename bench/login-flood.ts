/**
 * Logins timed while 50 addresses flood the logins with wrong passwords (issue 35, item 4: eight
 * addresses made a real login wait 21.5 s, the hashing queue's shares being per address). Against
 * a server it starts itself on loopback (scrypt N=2^17, the server's default), bounded by a
 * 10-minute deadline:
 *   npx tsx bench/login-flood.ts
 *   npx tsx bench/login-flood.ts --server-root=/path/to/another/checkout   (the before figures)
 * Each flood address (10.<i>.7.1: 50 different /24s, the worst case for per-network shares) keeps
 * BENCH_IN_FLIGHT (default 2) logins going at the operator and member logins with wrong passwords
 * for usernames of its own, each with a fresh ALTCHA answer and a sealed body, as a bot that solves
 * them would; a refusal (429) is retried after 200 ms. The captcha threshold is raised to its
 * maximum (100) so the flood's passwords are hashed: an attacker who solves captchas. The timed
 * logins: the demo operator (password step) and the demo player, each from a browser that signed in
 * before (its known-device token), and the player from a new browser; each is timed until it is in
 * (a 429 is tried again after 500 ms, as the pages do).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generate } from 'otplib';
// The web's own sealing code (packages/contract), imported by path: bench is tooling, not a package user.
import { sealBody } from '../packages/contract/src/seal.ts';
import {
  altchaAnswer,
  benchServerEnv,
  freePort,
  serverSealingKey,
  stopBenchServer,
  waitUntilReady,
} from './support.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverRoot = path.resolve(
  process.argv.find((arg) => arg.startsWith('--server-root='))?.slice('--server-root='.length) ?? root,
);
const floodAddresses = Array.from(
  { length: Number(process.env.BENCH_ADDRESSES ?? 50) },
  (_, i) => `10.${i + 1}.7.1`,
);
const inFlight = Number(process.env.BENCH_IN_FLIGHT ?? 2);
const timedRounds = Number(process.env.BENCH_ROUNDS ?? 3);
const player = { username: 'demoplayer', password: 'Player-demo-2026' };
const operator = { username: 'operator', password: 'Operator-demo-2026' };
const operatorTotpSecret = 'KHELADEMOOPERATORSECRETTOTPCODES';

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'khela-bench-login-flood-'));
const tsxLoader = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href;
const server = spawn(
  process.execPath,
  ['--import', tsxLoader, path.join(serverRoot, 'apps/server/src/main.ts')],
  {
    cwd: serverRoot,
    env: benchServerEnv(port, dataDir, {
      HOUSE_GAMES: 'off',
      ADMIN_DIST: '',
      TRUST_PROXY_HOPS: '1',
      LOGIN_CAPTCHA_AFTER: '100',
      LOGIN_LOCK_AFTER: '1000',
    }),
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);
const deadline = setTimeout(() => {
  console.error('login-flood: 10-minute deadline passed, stopping');
  server.kill('SIGTERM');
  process.exit(1);
}, 600_000);

const post = (url: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

interface Timed {
  name: string;
  alone: number[];
  flooded: number[];
  statuses: number[];
  tries: number[];
}
const timed: Timed[] = [];
const floodCodes: Record<string, number> = {};
let floodRequests = 0;
let floodSeconds = 0;
try {
  await waitUntilReady(`${base}/readyz`, Date.now() + 240_000);
  const key = await serverSealingKey(base);
  const sealed = async (body: Record<string, unknown>) =>
    JSON.stringify(await sealBody(key, { ...body, altcha: await altchaAnswer(base) }));

  const memberLogin = async (address: string, deviceToken?: string) => {
    const body = await sealed({ type: 'username', ...player, ...(deviceToken ? { deviceToken } : {}) });
    const started = performance.now();
    const response = await post('/wps/session/login', body, { 'x-forwarded-for': address });
    const value = ((await response.json()) as { value?: { deviceToken?: string } }).value;
    return { ms: performance.now() - started, status: response.status, deviceToken: value?.deviceToken };
  };
  const operatorPasswordStep = async (address: string, deviceToken?: string) => {
    const body = await sealed({ ...operator, ...(deviceToken ? { deviceToken } : {}) });
    const started = performance.now();
    const response = await post('/api/operator/session/login', body, { 'x-forwarded-for': address });
    const value = ((await response.json()) as { value?: { challengeId?: string } }).value;
    return { ms: performance.now() - started, status: response.status, challengeId: value?.challengeId };
  };

  // The known devices: one good login each before the flood.
  const memberDevice = (await memberLogin('10.200.0.1')).deviceToken;
  const firstOperator = await operatorPasswordStep('10.200.0.2');
  const granted = await post(
    '/wps/session/login/2fa',
    JSON.stringify(
      await sealBody(key, {
        challengeId: firstOperator.challengeId,
        code: await generate({ secret: operatorTotpSecret }),
      }),
    ),
    { 'x-forwarded-for': '10.200.0.2' },
  );
  const operatorDevice = ((await granted.json()) as { value?: { deviceToken?: string } }).value?.deviceToken;
  if (!memberDevice || !operatorDevice) throw new Error('no known-device token from the first logins');

  // A login as a person's browser makes it: refused (429), it tries again after 500 ms, until it is in.
  const untilIn = async (attempt: () => Promise<{ ms: number; status: number }>) => {
    const started = performance.now();
    let tries = 0;
    for (;;) {
      tries += 1;
      const result = await attempt();
      if (result.status !== 429 || performance.now() - started > 60_000) {
        return { ms: performance.now() - started, status: result.status, tries };
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };
  const kinds: { name: string; run: () => Promise<{ ms: number; status: number; tries: number }> }[] = [
    {
      name: 'operator, known device (password step)',
      run: () => untilIn(() => operatorPasswordStep('10.200.0.2', operatorDevice)),
    },
    { name: 'player, known device', run: () => untilIn(() => memberLogin('10.200.0.1', memberDevice)) },
    { name: 'player, new browser', run: () => untilIn(() => memberLogin('10.201.0.1')) },
  ];
  for (const kind of kinds) {
    const entry: Timed = { name: kind.name, alone: [], flooded: [], statuses: [], tries: [] };
    for (let round = 0; round < timedRounds; round += 1) entry.alone.push((await kind.run()).ms);
    timed.push(entry);
  }

  let flooding = true;
  let botNumber = 0;
  const bot = async (address: string) => {
    while (flooding) {
      try {
        botNumber += 1;
        const isOperator = botNumber % 2 === 0;
        const username = `bot${address.split('.')[1]}x${botNumber}`;
        const body = await sealed(
          isOperator
            ? { username, password: 'wrong-Password-1' }
            : { type: 'username', username, password: 'wrong-Password-1' },
        );
        const response = await post(isOperator ? '/api/operator/session/login' : '/wps/session/login', body, {
          'x-forwarded-for': address,
        });
        const code = ((await response.json()) as { code?: string }).code ?? String(response.status);
        floodCodes[code] = (floodCodes[code] ?? 0) + 1;
        floodRequests += 1;
        if (response.status === 429) await new Promise((resolve) => setTimeout(resolve, 200));
      } catch {
        return; // the server stopped under it
      }
    }
  };
  const floodStarted = performance.now();
  const bots = floodAddresses.flatMap((address) => Array.from({ length: inFlight }, () => bot(address)));
  // Let the flood fill the queue first.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  for (let round = 0; round < timedRounds; round += 1) {
    for (const [index, kind] of kinds.entries()) {
      const result = await kind.run();
      timed[index]!.flooded.push(result.ms);
      timed[index]!.statuses.push(result.status);
      timed[index]!.tries.push(result.tries);
    }
  }
  flooding = false;
  floodSeconds = (performance.now() - floodStarted) / 1000;
  // The flood's last requests are not waited for (some wait behind the queue for long).
  await Promise.race([Promise.all(bots), new Promise((resolve) => setTimeout(resolve, 3000))]);
} finally {
  clearTimeout(deadline);
  await stopBenchServer(server, dataDir);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
console.log(
  `\nKhela login flood: ${floodAddresses.length} addresses (one per /24) × ${inFlight} logins in flight with wrong passwords, server ${serverRoot === root ? 'this checkout' : serverRoot} under tsx, scrypt N=2^17, ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}, node ${process.version}\n`,
);
console.log('| login | alone (median) | in, during the flood (median) | worst | statuses | tries |');
console.log('| --- | ---: | ---: | ---: | --- | --- |');
for (const entry of timed) {
  console.log(
    `| ${entry.name} | ${median(entry.alone).toFixed(0)} ms | ${median(entry.flooded).toFixed(0)} ms | ${Math.max(...entry.flooded).toFixed(0)} ms | ${entry.statuses.join(' ')} | ${entry.tries.join(' ')} |`,
  );
}
console.log(
  `\nflood: ${floodRequests} answered in ${floodSeconds.toFixed(1)} s; answers ${Object.entries(floodCodes)
    .map(([code, count]) => `${code} ${count}`)
    .join(', ')}`,
);
