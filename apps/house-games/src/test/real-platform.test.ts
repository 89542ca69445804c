import { createServer } from 'node:net';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
// The real platform, as `npm start` builds it: this test mounts the house into it in-process,
// on one shared PGlite database, exactly as the lead wires it (see README.md).
import { buildApp } from '../../../server/src/app.ts';
import { loadEnv } from '../../../server/src/config/env.ts';
import { openDatabase } from '../../../server/src/db/open-database.ts';
import type { DatabaseHandle } from '../../../server/src/db/database.ts';
import { seedDemoData } from '../../../server/src/seed/seed.ts';
import { scryptOf } from '../../../server/src/modules/accounts/accounts.context.ts';
import { createSession } from '../../../server/src/modules/accounts/session.service.ts';
import { findMemberByAccount } from '../../../server/src/modules/accounts/members.repository.ts';
import { memberWalletAddress, systemAddress } from '../../../server/src/modules/ledger/ledger.addresses.ts';
import {
  getBalance,
  getOrOpenMemberWallet,
  openSystemAccounts,
  postEntry,
} from '../../../server/src/modules/ledger/ledger.service.ts';
import { syncGameCatalogue } from '../../../server/src/modules/games/catalogue-sync.ts';
import {
  gameRounds,
  games,
  gameVendors,
  vendorConnections,
} from '../../../server/src/modules/games/games.tables.ts';
import { verifyLedger } from '../../../server/src/modules/ledger/ledger.verifier.ts';
import { houseGamesPlugin } from '../plugin.ts';
import type { FetchLike } from '../protocol/wallet-client.ts';

// The server's test defaults (apps/server/src/test/helper.ts), without its vitest-only template.
const testEnv = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SCRYPT_N: '1024',
  // This test mounts the house itself, with a wallet client whose answers it can lose.
  HOUSE_GAMES: 'off',
  // No scheduled jobs' queue: the test drives the platform itself.
  JOB_WORKERS: 'false',
  ALTCHA_COST: '1',
  ALTCHA_MAX_NUMBER: '4',
  ENVELOPE_PRIVATE_KEY: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
    type: 'pkcs8',
    format: 'pem',
  }) as string,
};

const walletBalance = async (memberId: number) =>
  (await getBalance(database.db, { address: memberWalletAddress(memberId, 'main') })).balance;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

let app: FastifyInstance;
let database: DatabaseHandle;
let base: string;
let memberId: number;
let memberToken: string;
/** Wallet calls of these actions lose their answer (the platform applied them) while listed. */
const loseAnswers: string[] = [];

beforeAll(async () => {
  const env = loadEnv(testEnv);
  database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await seedDemoData(database.db, { scrypt: scryptOf(env) });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const secret = randomBytes(32).toString('hex');
  const faultyFetch: FetchLike = async (url, init) => {
    const response = await fetch(url, init);
    const action = url.split('/').pop() ?? '';
    const index = loseAnswers.indexOf(action);
    if (index >= 0) {
      loseAnswers.splice(index, 1);
      await response.text();
      throw new Error('answer lost (test)');
    }
    return response;
  };
  app = await buildApp({ env, database, webRoot: null, logger: false });
  await app.register(houseGamesPlugin, {
    prefix: '/house',
    platformUrl: base,
    vendorCode: 'HOUSE',
    walletSecret: secret,
    database: database.db,
    retryIntervalMs: 0,
    wallet: { timeoutMs: 5_000, retryDelaysMs: [10, 10], fetch: faultyFetch },
  });
  await app.listen({ host: '127.0.0.1', port });
  await database.db
    .insert(vendorConnections)
    .values({ vendorCode: 'HOUSE', apiBaseUrl: `${base}/house`, walletSecret: secret });
  const member = await findMemberByAccount(database.db, 'demoplayer');
  memberId = member!.id;
  // A deposit into the demo player's main wallet (world -> main), as the wallet tests make one.
  await openSystemAccounts(database.db, { currency: 'BDT' });
  await getOrOpenMemberWallet(database.db, { memberId, kind: 'main', currency: 'BDT' });
  await postEntry(database.db, {
    kind: 'deposit',
    idempotencyKey: `house-it-${memberId}`,
    postings: [
      { address: systemAddress('world', 'BDT'), amount: -100_000n },
      { address: memberWalletAddress(memberId, 'main'), amount: 100_000n },
    ],
  });
  memberToken = await createSession({
    db: database.db,
    env,
    memberId,
    site: 'member',
    ip: null,
    userAgent: null,
  });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function launch(gameCode: string): Promise<string> {
  const [game] = await database.db
    .select({ nodeId: games.nodeId })
    .from(games)
    .where(and(eq(games.vendorCode, 'HOUSE'), eq(games.gameCode, gameCode)));
  const response = await app.inject({
    method: 'POST',
    url: '/wps/game/launchGame',
    headers: { authorization: `Bearer ${memberToken}` },
    payload: { nodeId: game!.nodeId, theme: 'dark' },
  });
  expect(response.statusCode).toBe(200);
  return response.json().value.content as string;
}

interface HouseAnswer {
  code?: string;
  sessionToken?: string;
  round: { roundId: string; status: string; win: number; balance: number };
}

async function call(path: string, body?: object, authorization?: string) {
  const response = await fetch(`${base}/house/api/${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(authorization ? { authorization } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as HouseAnswer };
}

async function openHouseSession(gameCode: string): Promise<string> {
  const url = new URL(await launch(gameCode));
  expect(url.pathname).toBe(`/house/play/${gameCode}`);
  const page = await fetch(url);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('data-theme="dark"');
  const session = await call('session', { token: url.searchParams.get('token'), game: gameCode });
  expect(session.status).toBe(200);
  return `Bearer ${session.body.sessionToken}`;
}

describe('the house against the real platform (in-process, shared database)', () => {
  it('is listed by the platform’s catalogue sync', async () => {
    const [result] = await syncGameCatalogue({
      db: database.db,
      env: { VENDOR_TIMEOUT_MS: 5_000 },
      vendorCode: 'HOUSE',
    });
    expect(result).toMatchObject({ ok: true });
    const listed = await database.db.select().from(games).where(eq(games.vendorCode, 'HOUSE'));
    expect(listed.map((game) => game.gameCode).sort()).toEqual([
      'baccarat',
      'classic3x3',
      'crash',
      'dice',
      'mines',
      'roulette',
      'video5x3',
    ]);
    const lobby = await database.db.select().from(gameVendors).where(eq(gameVendors.vendorCode, 'HOUSE'));
    expect(lobby.map((vendor) => vendor.vassalage).sort()).toEqual(['KHELA', 'KHELA_LIVE']);
  });

  it('plays rounds through launch, page, session and the wallet; the ledger balances', async () => {
    const before = await walletBalance(memberId);
    const authorization = await openHouseSession('dice');
    let expected = before;
    for (let index = 0; index < 3; index += 1) {
      const played = await call(
        'rounds',
        { game: 'dice', bet: 100, inputs: { target: 5000, direction: 'over' } },
        authorization,
      );
      expect(played.status).toBe(200);
      expect(played.body.round.status).toBe('settled');
      expected += BigInt(played.body.round.win - 100);
      expect(BigInt(played.body.round.balance)).toBe(expected);
    }
    expect(await walletBalance(memberId)).toBe(expected);

    const mines = await openHouseSession('mines');
    const started = await call('rounds', { game: 'mines', bet: 200, inputs: { mines: 24 } }, mines);
    expect(started.body.round.status).toBe('open');
    const ended = await call(`rounds/${started.body.round.roundId}/step`, { action: { reveal: 0 } }, mines);
    expect(ended.body.round.status).toBe('settled');
    expected += BigInt(ended.body.round.win - 200);
    expect(await walletBalance(memberId)).toBe(expected);

    const [platformRound] = await database.db
      .select()
      .from(gameRounds)
      .where(eq(gameRounds.roundId, started.body.round.roundId));
    expect(platformRound).toMatchObject({ status: 'settled', betAmount: 200n, vendorCode: 'HOUSE' });
    expect(platformRound?.detail).toMatchObject({ game: 'mines' });
    expect((await verifyLedger(database.db)).ok).toBe(true);
  });

  it('rolls back a debit whose answers were lost; the platform closes the round and the money is back', async () => {
    const authorization = await openHouseSession('dice');
    const before = await walletBalance(memberId);
    loseAnswers.push('debit', 'debit');
    const played = await call(
      'rounds',
      { game: 'dice', bet: 100, inputs: { target: 5000, direction: 'over' } },
      authorization,
    );
    expect(played.status).toBe(503);
    expect(played.body.code).toBe('WALLET_UNAVAILABLE');
    expect(await walletBalance(memberId)).toBe(before);
    const rounds = await database.db.select().from(gameRounds).where(eq(gameRounds.status, 'rolled_back'));
    expect(rounds).toHaveLength(1);
    expect((await verifyLedger(database.db)).ok).toBe(true);
  });

  it('ends the game with the platform session: after a logout the next spin says the session ended and takes nothing', async () => {
    const authorization = await openHouseSession('dice');
    const spin = () =>
      call('rounds', { game: 'dice', bet: 100, inputs: { target: 5000, direction: 'over' } }, authorization);
    expect((await spin()).status).toBe(200);
    const logout = await app.inject({
      method: 'DELETE',
      url: '/wps/session/logout',
      headers: { authorization: `Bearer ${memberToken}` },
    });
    expect(logout.statusCode).toBe(200);
    const before = await walletBalance(memberId);
    const refused = await spin();
    // The page shows err_SESSION_EXPIRED ("Your game session has ended…") and disables play.
    expect([refused.status, refused.body.code]).toEqual([401, 'SESSION_EXPIRED']);
    expect(await walletBalance(memberId)).toBe(before);
    expect((await verifyLedger(database.db)).ok).toBe(true);
  });
});
