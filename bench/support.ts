import type { ChildProcess } from 'node:child_process';
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { adminStatement } from '../apps/server/src/test/admin-statement.ts';
// The web's own sealing code (packages/contract), imported by path: bench is tooling, not a package user.
import { importSealingKey } from '../packages/contract/src/seal.ts';

/** A free port on the loopback address, for a server the bench starts and stops itself. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Waits until `url` answers 2xx (a server's /readyz), or throws at `deadline` (ms since epoch). */
export async function waitUntilReady(url: string, deadline: number) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server not ready at ${url}`);
}

/** An ALTCHA v2 challenge as `GET /wps/verification/challenge` answers it. */
export interface AltchaChallenge {
  parameters: { nonce: string; salt: string; cost: number; keyLength: number; keyPrefix: string };
}

/** ALTCHA v2 deterministic PBKDF2 challenge: find the counter whose key starts with keyPrefix. */
export function solveAltcha(challenge: AltchaChallenge) {
  const { nonce, salt, cost, keyLength, keyPrefix } = challenge.parameters;
  const password = Buffer.alloc(nonce.length / 2 + 4);
  Buffer.from(nonce, 'hex').copy(password);
  for (let counter = 0; counter < 1_000_000; counter += 1) {
    password.writeUInt32BE(counter, nonce.length / 2);
    const key = pbkdf2Sync(password, Buffer.from(salt, 'hex'), cost, keyLength, 'sha256').toString('hex');
    if (key.startsWith(keyPrefix)) return { counter, derivedKey: key };
  }
  throw new Error('challenge not solved');
}

/** A fresh challenge from the server at `base`, solved: the `altcha` field of a login body. */
export async function altchaAnswer(base: string): Promise<string> {
  const answer = await fetch(`${base}/wps/verification/challenge`);
  if (!answer.ok) throw new Error(`challenge refused: ${answer.status} ${await answer.text()}`);
  const challenge = ((await answer.json()) as { value: AltchaChallenge }).value;
  return Buffer.from(JSON.stringify({ challenge, solution: solveAltcha(challenge) })).toString('base64');
}

/** The server's public key for sealed bodies (`GET /wps/system/publicKey`). */
export async function serverSealingKey(base: string) {
  const answer = (await (await fetch(`${base}/wps/system/publicKey`)).json()) as { value: { spki: string } };
  return importSealingKey(answer.value.spki);
}

/**
 * The environment of a server a bench starts on loopback: its port and data folder, no web app,
 * warnings only, the rate limits out of the way, and a two-value ALTCHA counter so the bench
 * prepares its logins quickly (the server still pays the production cost per derivation).
 */
export function benchServerEnv(port: number, dataDir: string, extra: Record<string, string> = {}) {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST: '',
    RATE_LIMIT_PER_MINUTE: '100000000',
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000000',
    ALTCHA_CHALLENGES_PER_MINUTE: '100000000',
    ALTCHA_MAX_NUMBER: '2',
    ...extra,
  };
}

/** Stops a server the bench started (SIGTERM, waits for its exit) and removes its data folder. */
export async function stopBenchServer(server: ChildProcess, dataDir: string): Promise<void> {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * A light HTTP client for load (node:http on keep-alive sockets): the bench's own CPU is taken from
 * the same two cores as the server's, so it should cost as little as pgbench does. `fetch` (undici)
 * costs several times more per request.
 */
export function keepAliveClient(maxSockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  return {
    post(
      url: string,
      body: string,
      headers: Record<string, string>,
    ): Promise<{ status: number; text: string }> {
      return new Promise((resolve, reject) => {
        const request = http.request(
          url,
          {
            method: 'POST',
            agent,
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              ...headers,
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
            );
            response.on('error', reject);
          },
        );
        request.on('error', reject);
        request.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}

/** A bench's `create database` / `drop database` of its scratch database: the test set-up's own. */
export { adminStatement };

/**
 * A scratch database next to `databaseUrl`'s (same server and credentials), for one bench run:
 * its name, its URL, and `drop` to remove it afterwards.
 */
export async function createScratchDatabase(
  databaseUrl: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `khela_bench_${randomBytes(5).toString('hex')}`;
  await adminStatement(databaseUrl, `create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminStatement(databaseUrl, `drop database if exists ${name} with (force)`),
  };
}

/**
 * Where a bench's server keeps its data. With DATABASE_URL: a scratch database created next to it
 * and dropped by `drop`, so a run never writes the demo seed into the database it was pointed at.
 * Without: the server's embedded PGlite in the bench's data folder. Either way the server starts as
 * a demo (DEMO_MODE, the outbox SMS and mail): the benches call as the seed's demo accounts, and a
 * start with DATABASE_URL is a production start otherwise, which refuses the test providers.
 */
export async function benchDatabase(): Promise<{
  kind: 'PostgreSQL' | 'PGlite';
  env: Record<string, string>;
  drop: () => Promise<void>;
}> {
  const demo = { DEMO_MODE: 'true', ALLOW_TEST_PROVIDERS: 'true' };
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) return { kind: 'PGlite', env: demo, drop: async () => {} };
  const scratch = await createScratchDatabase(databaseUrl);
  return { kind: 'PostgreSQL', env: { ...demo, DATABASE_URL: scratch.url }, drop: scratch.drop };
}

/** The value at `fraction` (0.5 for p50, 0.99 for p99) of ascending `sorted`; 0 when it is empty. */
export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

/** One measured call of an HTTP bench: requests per second, latency percentiles in ms, failures. */
export interface RateRow {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/**
 * The markdown table of `rows` (heading, rule, one line a row), each row's rate also as a ratio to
 * `baseline` req/s in a last column headed `ratioHeading`.
 */
export function rateTable(rows: readonly RateRow[], baseline: number, ratioHeading: string): string[] {
  return [
    `| call | req/s | p50 ms | p99 ms | non-2xx+errors | ${ratioHeading} |`,
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.errors} | ${(row.rps / baseline).toFixed(2)} |`,
    ),
  ];
}
