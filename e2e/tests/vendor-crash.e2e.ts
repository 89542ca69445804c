import { afterAll, describe, expect, it } from 'vitest';
import { vendorSignatureHeader } from '@khela/contract';
import { openDatabase } from '../../apps/server/src/db/open-database.ts';
import { signVendorPayload } from '../../apps/server/src/modules/games/vendor-signature.ts';
import { callApi, memberToken, operatorToken } from '../support/api.ts';
import { startServer, stopServers, verifyLedger, type RunningServer } from '../support/server.ts';

/**
 * The server killed with SIGKILL in the middle of a load of vendor money calls (issue 12: each
 * debit and credit is one statement, one transaction): after a restart every call is sent again
 * with its transaction id, and each moved money exactly once in all. The final balance is the
 * funds less every stake plus every win, to the minor unit, and the ledger verifier passes on the
 * crashed database and on the final one.
 */
// The API only (WEB_DIST empty): no page is opened.
const loadEnv = {
  RATE_LIMIT_PER_MINUTE: '100000',
  GAME_LAUNCH_RATE_LIMIT_PER_MINUTE: '100000',
  WEB_DIST: '',
};
const rounds = 120;
const concurrency = 12;
const stake = 500; // 5.00
const winOf = (index: number) => (index % 3 === 0 ? 1_200 : 0);
const servers: RunningServer[] = [];
let dataDir: string | null = null;

afterAll(() => stopServers(servers, dataDir));

/** The in-process house vendor's code, wallet secret and one of its games, read from the stopped server's database. */
async function houseVendorOf(folder: string) {
  const database = await openDatabase({ kind: 'pglite', dataDir: folder });
  try {
    const result = (await database.executeSql(
      `select c.vendor_code, c.wallet_secret, g.node_id, g.game_code
         from vendor_connections c join games g on g.vendor_code = c.vendor_code and g.enabled
        where c.enabled and c.wallet_mode = 'seamless'
        order by g.node_id limit 1`,
    )) as { rows: { vendor_code: string; wallet_secret: string; node_id: number; game_code: string }[] };
    return result.rows[0] ?? null;
  } finally {
    await database.close();
  }
}

describe('a crash under a load of vendor money calls', () => {
  it(
    'loses and doubles nothing: replays settle every debit and credit exactly once',
    { timeout: 300_000 },
    async () => {
      // A first start seeds the demo data, funds the player and syncs the house games' catalogue.
      const first = await startServer({ env: loadEnv });
      servers.push(first);
      dataDir = first.dataDir;
      const operator = await operatorToken(first.baseUrl);
      const funded = await callApi(first.baseUrl, {
        method: 'POST',
        path: '/api/operator/wallet/adjust',
        token: operator,
        body: {
          username: 'demoplayer',
          amount: '1000.00',
          reason: 'vendor crash test',
          idempotencyKey: 'vc-funds',
        },
      });
      expect(funded.status).toBe(200);
      const startBalance = await balanceOf(first.baseUrl, await memberToken(first.baseUrl));
      // The operator's sync: the house lists its games over HTTP (the server's timer is off in tests).
      const synced = await callApi(first.baseUrl, {
        method: 'POST',
        path: '/api/operator/games/sync',
        token: operator,
        body: {},
      });
      expect(synced.body.success, JSON.stringify(synced.body)).toBe(true);
      await first.stop({ keepData: true });
      const house = await houseVendorOf(first.dataDir);
      expect(house).not.toBeNull();
      const { vendor_code: vendorCode, wallet_secret: secret, node_id: nodeId, game_code: gameCode } = house!;

      const second = await startServer({ env: loadEnv, dataDir: first.dataDir });
      servers.push(second);
      const player = await memberToken(second.baseUrl);
      const launched = await callApi(second.baseUrl, {
        method: 'POST',
        path: '/wps/game/launchGame',
        token: player,
        body: { nodeId, language: 'EN', theme: 'light' },
      });
      expect(launched.status, JSON.stringify(launched.body)).toBe(200);
      const launchToken = new URL(
        (launched.body.value as { content: string }).content,
        second.baseUrl,
      ).searchParams.get('token');
      const vendorCall = async (baseUrl: string, action: string, body: Record<string, unknown>) => {
        const raw = JSON.stringify(body);
        const response = await fetch(`${baseUrl}/vendor-wallet/${vendorCode}/${action}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [vendorSignatureHeader]: signVendorPayload(secret, raw),
          },
          body: raw,
        });
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      };
      const opened = await vendorCall(second.baseUrl, 'authenticate', { launchToken });
      expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      const sessionId = opened.body.sessionId as string;
      const debitOf = (index: number) => ({
        sessionId,
        transactionId: `vc-d-${index}`,
        roundId: `vc-r-${index}`,
        gameCode,
        amount: stake,
      });
      const creditOf = (index: number) => ({
        sessionId,
        transactionId: `vc-c-${index}`,
        roundId: `vc-r-${index}`,
        amount: winOf(index),
        final: true,
      });

      // The load: workers play rounds (debit, then the final credit); the server dies a third of the way.
      let next = 0;
      let played = 0;
      let crashed: Promise<void> | null = null;
      const answered = new Map<number, Record<string, unknown>>();
      const playRound = async (index: number) => {
        const bet = await vendorCall(second.baseUrl, 'debit', debitOf(index));
        if (bet.status !== 200) return;
        const win = await vendorCall(second.baseUrl, 'credit', creditOf(index));
        if (win.status === 200) answered.set(index, win.body);
      };
      const worker = async () => {
        while (next < rounds) {
          const index = next++;
          // A connection that dies with the server throws: that round is unanswered.
          await playRound(index).catch(() => undefined);
          played += 1;
          if (played === Math.floor(rounds / 3)) crashed = second.crash();
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      await crashed;
      expect(answered.size).toBeGreaterThanOrEqual(Math.floor(rounds / 3) - concurrency);
      expect(answered.size).toBeLessThan(rounds);
      const afterCrash = verifyLedger(first.dataDir);
      expect(afterCrash.status, afterCrash.output).toBe(0);

      // Restart on the same data and play every round again with the same transaction ids.
      const third = await startServer({ env: loadEnv, dataDir: first.dataDir });
      servers.push(third);
      let balance = -1;
      for (let index = 0; index < rounds; index += 1) {
        const bet = await vendorCall(third.baseUrl, 'debit', debitOf(index));
        expect(bet.status, JSON.stringify(bet.body)).toBe(200);
        const win = await vendorCall(third.baseUrl, 'credit', creditOf(index));
        expect(win.status, JSON.stringify(win.body)).toBe(200);
        balance = win.body.balance as number;
        // A round answered before the crash had committed: its replay is the first answer, unchanged.
        const before = answered.get(index);
        if (before) expect(win.body).toEqual(before);
      }
      let expected = startBalance;
      for (let index = 0; index < rounds; index += 1) expected += winOf(index) - stake;
      expect(await balanceOf(third.baseUrl, await memberToken(third.baseUrl))).toBe(expected);
      expect(balance).toBeGreaterThanOrEqual(0);
      console.log(
        `vendor crash test: ${answered.size} of ${rounds} rounds answered before SIGKILL; all ${rounds} settled once after the restart`,
      );

      await third.crash();
      const final = verifyLedger(first.dataDir);
      expect(final.status, final.output).toBe(0);
    },
  );
});

/** The member's main wallet in minor units (the API answers major units as text). */
async function balanceOf(baseUrl: string, token: string): Promise<number> {
  const answer = await callApi(baseUrl, { method: 'GET', path: '/wps/v2/wallets/balance', token });
  const text = (answer.body.value as { sumBalance: string }).sumBalance;
  return Math.round(Number(text) * 100);
}
