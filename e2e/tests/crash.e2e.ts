import { afterAll, describe, expect, it } from 'vitest';
import { callApi, operatorToken, solveAltcha, type CallAnswer } from '../support/api.ts';
import { startServer, stopServers, verifyLedger, type RunningServer } from '../support/server.ts';

/**
 * The server killed with SIGKILL in the middle of a load of money calls (issue: wallet, "Bad input
 * and faults"): after a restart nothing is lost or doubled. Every transfer is then sent again with
 * its request id; each is applied exactly once in all (replayed if it had committed before the
 * crash, applied now if not), so the final balances are exact, and the ledger verifier passes on
 * the crashed database and on the final one.
 */
// Cheap password hashing: the load is of money calls, not of scrypt (the seed hashes with it too).
// One member's many transfers at once on purpose: the per-address and per-account hashing
// admission (docs/accounts.md, which would answer most of them 429) is raised like the rate limits.
const loadEnv = {
  RATE_LIMIT_PER_MINUTE: '100000',
  MONEY_RATE_LIMIT_PER_MINUTE: '100000',
  SCRYPT_N: '1024',
  PASSWORD_HASH_PER_ACCOUNT: '1000',
  PASSWORD_HASH_PER_ADDRESS: '1000',
  PASSWORD_HASH_QUEUE: '1000',
};
const transfers = 150;
const concurrency = 12;
const servers: RunningServer[] = [];
let dataDir: string | null = null;

afterAll(() => stopServers(servers, dataDir));

async function login(baseUrl: string, username: string, password: string): Promise<string> {
  const answer = await callApi(baseUrl, {
    method: 'POST',
    path: '/wps/session/login',
    sealed: true,
    body: { type: 'username', username, password, altcha: await solveAltcha(baseUrl) },
  });
  return (answer.body.value as { token: string }).token;
}

const transfer = (baseUrl: string, token: string, index: number) =>
  callApi(baseUrl, {
    method: 'POST',
    path: '/wps/wallet/transferUpline',
    token,
    sealed: true,
    body: { amount: '1.00', paymentPassword: '246810', requestId: `crash-transfer-${index}` },
  });

async function balanceOf(baseUrl: string, token: string): Promise<string> {
  const answer = await callApi(baseUrl, { method: 'GET', path: '/wps/v2/wallets/balance', token });
  return (answer.body.value as { sumBalance: string }).sumBalance;
}

describe('a crash under load', () => {
  it(
    'loses and doubles nothing: replays settle every transfer exactly once',
    // Two servers, 300 transfers and two ledger checks of the crashed data: 111 s in the last CI,
    // 150 s alone on a slower evening, past 240 s there beside another journey (retried; 399 s).
    { timeout: 420_000 },
    async () => {
      const first = await startServer({ env: loadEnv });
      servers.push(first);
      dataDir = first.dataDir;
      const credit = await callApi(first.baseUrl, {
        method: 'POST',
        path: '/api/operator/wallet/adjust',
        token: await operatorToken(first.baseUrl),
        body: {
          username: 'demoplayer',
          amount: '1000.00',
          reason: 'crash test funds',
          idempotencyKey: 'crash-funds-1',
        },
      });
      expect(credit.status).toBe(200);
      const player = await login(first.baseUrl, 'demoplayer', 'Player-demo-2026');
      const agent = await login(first.baseUrl, 'demoagent', 'Agent-demo-2026');

      // The load: workers send transfers; the server is killed once a third of them have answered.
      let next = 0;
      let answered = 0;
      let crashed: Promise<void> | null = null;
      const results: (CallAnswer | null)[] = [];
      const worker = async () => {
        while (next < transfers) {
          const index = next++;
          try {
            results[index] = await transfer(first.baseUrl, player, index);
          } catch {
            results[index] = null; // the connection died with the server
          }
          answered += 1;
          if (answered === Math.floor(transfers / 3)) crashed = first.crash();
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      await crashed;
      const succeeded = results.filter((answer) => answer?.status === 200).length;
      expect(succeeded).toBeGreaterThanOrEqual(Math.floor(transfers / 3) - concurrency);
      expect(succeeded).toBeLessThan(transfers);

      const afterCrash = verifyLedger(first.dataDir);
      expect(afterCrash.status, afterCrash.output).toBe(0);

      // Restart on the same data and send every transfer again.
      const second = await startServer({ env: loadEnv, dataDir: first.dataDir });
      servers.push(second);
      let replayed = 0;
      for (let index = 0; index < transfers; index += 1) {
        const answer = await transfer(second.baseUrl, player, index);
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        if ((answer.body.value as { replayed: boolean }).replayed) replayed += 1;
      }
      console.log(
        `crash test: ${succeeded} of ${transfers} transfers answered before SIGKILL; after the restart ${replayed} were replays and ${transfers - replayed} applied anew`,
      );
      // Everything that answered 200 before the crash had committed: it is a replay now.
      expect(replayed).toBeGreaterThanOrEqual(succeeded);
      expect(await balanceOf(second.baseUrl, player)).toBe('850.00');
      expect(await balanceOf(second.baseUrl, agent)).toBe('150.00');

      await second.crash();
      const final = verifyLedger(first.dataDir);
      expect(final.status, final.output).toBe(0);
    },
  );
});
