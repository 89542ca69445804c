/**
 * A login timed while 32 wrong payment passwords arrive at once from four addresses: does a flood
 * of scrypt checks (N=2^17, r=8, p=1, the server's default) starve the logins? Against a server it
 * starts itself on loopback, bounded by BENCH_WAVES (default 3) floods and a 10-minute deadline:
 *   npx tsx bench/password-flood.ts
 *   npx tsx bench/password-flood.ts --server-root=/path/to/another/checkout   (the before figures)
 * The server trusts one proxy hop (TRUST_PROXY_HOPS=1), so X-Forwarded-For gives each flood
 * request its address. Every request is a real one: an ALTCHA answer and a sealed body, prepared
 * before the timed part. Between floods the demo player's payment password lock (when the server
 * has one) is lifted by the operator call, so each flood starts against an unlocked account.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
// The web's own sealing code (packages/contract), imported by path: bench is tooling, not a package user.
import { generate } from 'otplib';
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
const waves = Number(process.env.BENCH_WAVES ?? 3);
const floodSize = 32;
const floodAddresses = ['10.9.0.1', '10.9.0.2', '10.9.0.3', '10.9.0.4'];
const player = { username: 'demoplayer', password: 'Player-demo-2026' };
const operator = { username: 'operator', password: 'Operator-demo-2026' };
/** The demo owner's second step (operators must use one; docs/demo-accounts.md). */
const operatorTotpSecret = 'KHELADEMOOPERATORSECRETTOTPCODES';

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'khela-bench-flood-'));
// This checkout's tsx, so another checkout's server runs whatever its node_modules hold.
const tsxLoader = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href;
const server = spawn(
  process.execPath,
  ['--import', tsxLoader, path.join(serverRoot, 'apps/server/src/main.ts')],
  {
    cwd: serverRoot,
    env: benchServerEnv(port, dataDir, {
      HOUSE_GAMES: 'off',
      TRUST_PROXY_HOPS: '1',
      MONEY_RATE_LIMIT_PER_MINUTE: '100000000',
    }),
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);
const deadline = setTimeout(() => {
  console.error('password-flood: 10-minute deadline passed, stopping');
  server.kill('SIGTERM');
  process.exit(1);
}, 600_000);

interface Wave {
  loginMs: number;
  loginStatus: number;
  floodMs: number;
  codes: Record<string, number>;
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

let alone: number[] = [];
const results: Wave[] = [];
let hasUnlock = false;
try {
  await waitUntilReady(`${base}/readyz`, Date.now() + 240_000);
  const key = await serverSealingKey(base);
  const altcha = () => altchaAnswer(base);
  const loginBody = async (account: { username: string; password: string }) =>
    JSON.stringify(await sealBody(key, { type: 'username', ...account, altcha: await altcha() }));
  const login = async (body: string, address: string) => {
    const started = performance.now();
    const response = await post('/wps/session/login', body, { 'x-forwarded-for': address });
    const answer = (await response.json()) as { value?: { token?: string } };
    return { ms: performance.now() - started, status: response.status, token: answer.value?.token };
  };

  const session = await login(await loginBody(player), '10.7.0.1');
  if (!session.token) throw new Error(`demo player login failed: ${session.status}`);
  const operatorLogin = await post(
    '/api/operator/session/login',
    JSON.stringify(await sealBody(key, { ...operator, altcha: await altcha() })),
  );
  const pending = ((await operatorLogin.json()) as { value?: { challengeId?: string } }).value;
  const secondStep = pending?.challengeId
    ? await post(
        '/wps/session/login/2fa',
        JSON.stringify(
          await sealBody(key, {
            challengeId: pending.challengeId,
            code: await generate({ secret: operatorTotpSecret }),
          }),
        ),
      )
    : null;
  const operatorToken = secondStep
    ? ((await secondStep.json()) as { value?: { token?: string } }).value?.token
    : undefined;

  for (let index = 0; index < 3; index += 1) {
    alone.push((await login(await loginBody(player), '10.8.0.1')).ms);
  }

  let requestNumber = 0;
  for (let wave = 0; wave < waves; wave += 1) {
    if (operatorToken) {
      const unlocked = await post(
        '/api/operator/member/unlock-secrets',
        { account: player.username },
        { authorization: `Bearer ${operatorToken}` },
      );
      hasUnlock = unlocked.ok;
    }
    const floodBodies = await Promise.all(
      Array.from({ length: floodSize }, async () =>
        JSON.stringify(
          await sealBody(key, {
            amount: '1',
            paymentPassword: '000000',
            requestId: `bench-flood-${(requestNumber += 1)}`,
          }),
        ),
      ),
    );
    const timedLogin = await loginBody(player);
    const floodStarted = performance.now();
    const flood = Promise.all(
      floodBodies.map(async (body, index) => {
        const response = await post('/wps/wallet/transferUpline', body, {
          authorization: `Bearer ${session.token}`,
          'x-forwarded-for': floodAddresses[index % floodAddresses.length]!,
        });
        const answer = (await response.json()) as { code?: string };
        return answer.code ?? String(response.status);
      }),
    ).then((codes) => ({ codes, ms: performance.now() - floodStarted }));
    // The login arrives just after the flood, as a member's would in the middle of one.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const timed = await login(timedLogin, '10.8.0.1');
    const { codes, ms } = await flood;
    const counted: Record<string, number> = {};
    for (const code of codes) counted[code] = (counted[code] ?? 0) + 1;
    results.push({ loginMs: timed.ms, loginStatus: timed.status, floodMs: ms, codes: counted });
  }
} finally {
  clearTimeout(deadline);
  await stopBenchServer(server, dataDir);
}

alone = alone.sort((a, b) => a - b);
console.log(
  `\nKhela password flood: ${floodSize} wrong payment passwords from ${floodAddresses.length} addresses against one account, server ${serverRoot === root ? 'this checkout' : serverRoot} under tsx, scrypt N=2^17, ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}, node ${process.version}${hasUnlock ? ', lock lifted before each flood' : ''}\n`,
);
console.log(`login alone (median of 3): ${alone[1]!.toFixed(0)} ms\n`);
console.log('| flood | login during it | login status | flood answered in | flood answers |');
console.log('| ---: | ---: | ---: | ---: | --- |');
results.forEach((wave, index) => {
  const codes = Object.entries(wave.codes)
    .map(([code, count]) => `${code} ${count}`)
    .join(', ');
  console.log(
    `| ${index + 1} | ${wave.loginMs.toFixed(0)} ms | ${wave.loginStatus} | ${wave.floodMs.toFixed(0)} ms | ${codes} |`,
  );
});
