import { afterAll, describe, expect, it } from 'vitest';
import { hitsOf, payoutOf, type DrawResult } from '../../packages/contract/src/lottery-draw.ts';
import { openDatabase } from '../../apps/server/src/db/open-database.ts';
import { callApi, memberToken, operatorToken } from '../support/api.ts';
import { startServer, stopServers, verifyLedger, type RunningServer } from '../support/server.ts';

/**
 * Issue 13: "a draw job that dies halfway is resumed by the next run and settles nothing twice".
 * The server is killed with SIGKILL as soon as a 1-minute draw of 2,000 bets is drawn, when the
 * lottery tick settles it in batches of 10; the crashed database holds whole batches only and the
 * ledger checks out; after a restart (the tick's run the crash cut off is failed at start, so the
 * lottery does not wait for its timeout) the next runs settle the rest, every bet once: each payout is
 * exactly stake × odds × hits of the published result, and the wallet ends at its funds less every
 * stake plus every payout, to the minor unit.
 */
const crashEnv = {
  // As deployed: the lottery's games are in the catalogue (a server under test leaves them out).
  NODE_ENV: 'production',
  LOTTERY_SETTLE_BATCH_SIZE: '10',
  RATE_LIMIT_PER_MINUTE: '100000',
  WEB_DIST: '',
};
const slips = 20;
const numbersPerSlip = 100;
const servers: RunningServer[] = [];
let dataDir: string | null = null;

afterAll(() => stopServers(servers, dataDir));

interface OpenNumero {
  numero: string;
  remainTime: number;
}
interface Proof {
  status: string;
  result: DrawResult | null;
}
interface Bet {
  numbers: string[];
  stake: string;
  odds: string;
  status: string;
  hits: number;
  payout: string;
}

const minor = (text: string) => BigInt(text.replace('.', ''));
const oddsMilli = (odds: string) => {
  const [whole = '0', fraction = ''] = odds.split('.');
  return Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function get<T>(baseUrl: string, path: string, token?: string): Promise<T> {
  const answer = await callApi(baseUrl, { method: 'GET', path, ...(token ? { token } : {}) });
  expect(answer.body.success, `${path}: ${JSON.stringify(answer.body)}`).toBe(true);
  return answer.body.value as T;
}

async function balanceOf(baseUrl: string, token: string): Promise<bigint> {
  const value = await get<{ sumBalance: string }>(baseUrl, '/wps/v2/wallets/balance', token);
  return minor(value.sumBalance);
}

/** The numero's bets by status, read from the crashed server's database. */
async function betStatesOf(folder: string, numero: string) {
  const database = await openDatabase({ kind: 'pglite', dataDir: folder });
  try {
    const result = (await database.executeSql(
      `select b.status, count(*)::int as bets
         from lottery_bets b join lottery_numeros n on n.id = b.numero_id
         join lottery_games g on g.id = n.game_id
        where g.game_code = 'FAST_1' and n.numero = $1
        group by b.status`,
      [numero],
    )) as { rows: { status: string; bets: number }[] };
    return Object.fromEntries(result.rows.map((row) => [row.status, row.bets])) as Record<string, number>;
  } finally {
    await database.close();
  }
}

describe('a crash in the middle of a lottery settlement', () => {
  it(
    'settles every bet exactly once after a restart, with whole batches before the crash',
    { timeout: 420_000 },
    async () => {
      const first = await startServer({ env: crashEnv });
      servers.push(first);
      dataDir = first.dataDir;
      const funded = await callApi(first.baseUrl, {
        method: 'POST',
        path: '/api/operator/wallet/adjust',
        token: await operatorToken(first.baseUrl),
        body: {
          username: 'demoplayer',
          amount: '5000',
          reason: 'lottery crash test',
          idempotencyKey: 'lc-funds',
        },
      });
      expect(funded.body.success, JSON.stringify(funded.body)).toBe(true);
      const token = await memberToken(first.baseUrl);
      const startBalance = await balanceOf(first.baseUrl, token);

      // A draw with time enough left to place every slip before its lock.
      let open = await get<OpenNumero>(first.baseUrl, '/lgw/vn/numeros/opened/game?gameCode=FAST_1');
      while (open.remainTime < 30_000) {
        await sleep(open.remainTime + 6_000);
        open = await get<OpenNumero>(first.baseUrl, '/lgw/vn/numeros/opened/game?gameCode=FAST_1');
      }
      const numbers = Array.from({ length: numbersPerSlip }, (_, index) => String(index).padStart(2, '0'));
      for (let slip = 0; slip < slips; slip += 1) {
        const placed = await callApi(first.baseUrl, {
          method: 'POST',
          path: '/lgw/vn/bets',
          token,
          body: {
            requestId: `crash-slip-${open.numero}-${slip}`,
            gameCode: 'FAST_1',
            numero: open.numero,
            playType: 'lo2',
            numbers,
            unitStake: '1',
            multiplier: 1,
          },
        });
        expect(placed.body.success, JSON.stringify(placed.body)).toBe(true);
      }
      const stakes = BigInt(slips * numbersPerSlip) * 100n;
      expect(await balanceOf(first.baseUrl, token)).toBe(startBalance - stakes);

      // Killed the moment the draw is published: the same tick settles right after it draws.
      const proofPath = `/lgw/vn/numeros/proof?gameCode=FAST_1&numero=${open.numero}`;
      const deadline = Date.now() + 120_000;
      for (;;) {
        const proof = await get<Proof>(first.baseUrl, proofPath);
        if (proof.status === 'drawn' || proof.status === 'settled') break;
        expect(Date.now()).toBeLessThan(deadline);
        await sleep(proof.status === 'open' ? 500 : 5);
      }
      await first.crash();

      const atCrash = await betStatesOf(first.dataDir, open.numero);
      const closed = (atCrash.won ?? 0) + (atCrash.lost ?? 0);
      expect(closed + (atCrash.open ?? 0)).toBe(slips * numbersPerSlip);
      // Whole batches of 10 only (a batch is one transaction). Where the kill lands in the
      // settlement depends on timing (on the embedded database it usually beats the first batch or
      // follows the last); a kill inside a batch is shown deterministically on PostgreSQL by
      // lottery.money.test.ts. Either way the restart must settle every bet once.
      console.info(`lottery crash: ${closed} of ${slips * numbersPerSlip} bets settled at the kill`);
      expect(closed % 10).toBe(0);
      const afterCrash = verifyLedger(first.dataDir);
      expect(afterCrash.status, afterCrash.output).toBe(0);

      const second = await startServer({ env: crashEnv, dataDir: first.dataDir });
      servers.push(second);
      let proof = await get<Proof>(second.baseUrl, proofPath);
      for (let tries = 0; proof.status !== 'settled' && tries < 600; tries += 1) {
        await sleep(100);
        proof = await get<Proof>(second.baseUrl, proofPath);
      }
      expect(proof.status).toBe('settled');
      const result = proof.result;
      expect(result).not.toBeNull();

      const token2 = await memberToken(second.baseUrl);
      let payouts = 0n;
      let seen = 0;
      for (let page = 1; page <= (slips * numbersPerSlip) / 100; page += 1) {
        const bets = await get<{ list: Bet[] }>(
          second.baseUrl,
          `/lgw/vn/bets?gameCode=FAST_1&numero=${open.numero}&pageSize=100&pageNo=${page}`,
          token2,
        );
        for (const bet of bets.list) {
          const hits = hitsOf('lo2', bet.numbers, result!);
          expect(bet.hits).toBe(hits);
          expect(bet.status).toBe(hits > 0 ? 'won' : 'lost');
          expect(minor(bet.payout)).toBe(payoutOf(minor(bet.stake), oddsMilli(bet.odds), hits));
          payouts += minor(bet.payout);
          seen += 1;
        }
      }
      expect(seen).toBe(slips * numbersPerSlip);
      // Every prize number ends in one of 00–99: each slip wins once per prize number (27).
      expect(payouts).toBe((BigInt(slips * 27) * 100n * BigInt(oddsMilli('3.5'))) / 1000n);
      expect(await balanceOf(second.baseUrl, token2)).toBe(startBalance - stakes + payouts);

      await second.stop({ keepData: true });
      const final = verifyLedger(first.dataDir);
      expect(final.status, final.output).toBe(0);
    },
  );
});
