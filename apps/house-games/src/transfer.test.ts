import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { catalogue, vendors } from './catalogue/catalogue.ts';
import { hgWalletMoves, hgWallets } from './db/tables.ts';
import { transferMove } from './play/transfer-funds.service.ts';
import { houseGamesPlugin } from './plugin.ts';
import { nowSeconds, signatureHeader, signBody } from './protocol/signature.ts';
import { freshPostgresDatabase, startHouse, useHouse, type HouseHarness } from './test/house-harness.ts';
import { callTransfer, transferId } from './test/transfer-calls.ts';

/*
 * The transfer API (platform → house, transfer mode): signed both ways, idempotent by
 * transactionId, never overdrawn. Called as the platform would, over the plugin's HTTP routes.
 */

const house = useHouse({ walletMode: 'transfer' });

type Call = Omit<Parameters<typeof callTransfer>[1], 'prefix' | 'secret'>;
const transfer = (call: Call) =>
  callTransfer(house.app, { prefix: '/house', secret: house.platform.secret, ...call });
const deposit = (playerId: string, amount: number, transactionId = transferId(), currency = 'BDT') =>
  transfer({ action: 'deposit', body: { transactionId, playerId, currency, amount } });
const withdraw = (playerId: string, amount: number, transactionId = transferId(), currency = 'BDT') =>
  transfer({ action: 'withdraw', body: { transactionId, playerId, currency, amount } });
const balanceOf = async (playerId: string) =>
  (await transfer({ action: 'balance', body: { playerId, currency: 'BDT' } })).body.balance;

describe('balance, deposit and withdraw', () => {
  it('answers 0 for a player without a game wallet, signed', async () => {
    const answer = await transfer({ action: 'balance', body: { playerId: '101', currency: 'BDT' } });
    expect(answer).toEqual({
      status: 200,
      signed: true,
      body: { ok: true, playerId: '101', currency: 'BDT', balance: 0 },
    });
    // A balance call makes no wallet.
    expect(await house.db.select().from(hgWallets).where(eq(hgWallets.playerId, '101'))).toEqual([]);
  });

  it('makes the wallet on the first deposit and answers the balance after each transfer', async () => {
    const first = await deposit('102', 5_000, 'vt-102-a');
    expect(first).toEqual({
      status: 200,
      signed: true,
      body: { ok: true, transactionId: 'vt-102-a', balance: 5_000 },
    });
    expect((await deposit('102', 2_500)).body.balance).toBe(7_500);
    expect((await withdraw('102', 1_000, 'vt-102-w')).body).toEqual({
      ok: true,
      transactionId: 'vt-102-w',
      balance: 6_500,
    });
    expect(await balanceOf('102')).toBe(6_500);
    const [wallet] = await house.db.select().from(hgWallets).where(eq(hgWallets.playerId, '102'));
    expect(wallet).toMatchObject({ currency: 'BDT', balance: 6_500n });
  });

  it('answers a replay with the first answer, as it was then, and moves nothing', async () => {
    const body = { transactionId: 'vt-103-a', playerId: '103', currency: 'BDT', amount: 400 };
    const first = await transfer({ action: 'deposit', body });
    await deposit('103', 100);
    // Same fields in another order: the same call.
    const replay = await transfer({
      action: 'deposit',
      body: { amount: 400, currency: 'BDT', playerId: '103', transactionId: 'vt-103-a' },
    });
    expect(replay).toEqual(first);
    expect(replay.body.balance).toBe(400);
    expect(await balanceOf('103')).toBe(500);
  });

  it('refuses a transaction id reused with another body, or by the other action', async () => {
    await deposit('104', 1_000, 'vt-104-a');
    const other = await deposit('104', 999, 'vt-104-a');
    expect(other).toMatchObject({
      status: 409,
      signed: true,
      body: { ok: false, code: 'DUPLICATE_TRANSACTION' },
    });
    expect((await withdraw('104', 1_000, 'vt-104-a')).body.code).toBe('DUPLICATE_TRANSACTION');
    expect((await deposit('105', 1_000, 'vt-104-a')).body.code).toBe('DUPLICATE_TRANSACTION');
    expect(await balanceOf('104')).toBe(1_000);
    expect(await balanceOf('105')).toBe(0);
  });

  it('refuses a withdrawal beyond the balance, and remembers it for the replay', async () => {
    await deposit('106', 300);
    const refused = await withdraw('106', 500, 'vt-106-w');
    expect(refused).toMatchObject({
      status: 409,
      signed: true,
      body: { ok: false, code: 'INSUFFICIENT_FUNDS', balance: 300 },
    });
    await deposit('106', 1_000);
    // The balance has grown since: the replay is still refused, and nothing moves.
    expect(await withdraw('106', 500, 'vt-106-w')).toEqual(refused);
    expect(await balanceOf('106')).toBe(1_300);
    expect((await withdraw('106', 500)).body.balance).toBe(800);
    // No wallet at all: refused the same way.
    expect((await withdraw('107', 1)).body).toMatchObject({ code: 'INSUFFICIENT_FUNDS', balance: 0 });
  });

  it('refuses another currency than the wallet was made in', async () => {
    await deposit('108', 1_000, transferId(), 'USD');
    for (const answer of [
      await deposit('108', 10),
      await withdraw('108', 10),
      await transfer({ action: 'balance', body: { playerId: '108', currency: 'BDT' } }),
    ]) {
      expect(answer).toMatchObject({
        status: 409,
        signed: true,
        body: { ok: false, code: 'CURRENCY_MISMATCH' },
      });
    }
    expect(
      (await transfer({ action: 'balance', body: { playerId: '108', currency: 'USD' } })).body.balance,
    ).toBe(1_000);
  });
});

describe('the worked example of docs/vendor-protocol.md', () => {
  it('signs and answers exactly as the document shows', async () => {
    const docSecret = '3f8a1c9e5b7d2f4a6c8e0b1d3f5a7c9e2b4d6f8a0c1e3f5b7d9a2c4e6f8b0d1e';
    const request = '{"transactionId":"vt-8Qm2xK4pLr","playerId":"17","currency":"BDT","amount":50000}';
    const answer = '{"ok":true,"transactionId":"vt-8Qm2xK4pLr","balance":50000}';
    expect(signBody(docSecret, request, 1767225600)).toBe(
      't=1767225600,v1=dd9b3c1f26bd5c72f2825a8a34c4b97fef00ed3668cc8dea6335eff5297efb92',
    );
    expect(signBody(docSecret, answer, 1767225601)).toBe(
      't=1767225601,v1=3133e35e8130a8887e569e1c172954473341a50782d0311f101abdf527c08a1d',
    );
    const send = (raw: string) =>
      house.app.inject({
        method: 'POST',
        url: '/house/api/transfer/deposit',
        headers: {
          'content-type': 'application/json',
          [signatureHeader]: signBody(house.platform.secret, raw, nowSeconds()),
        },
        payload: raw,
      });
    const first = await send(request);
    expect([first.statusCode, first.body]).toEqual([200, answer]);
    await deposit('17', 1);
    const again = await send(request);
    expect([again.statusCode, again.body]).toEqual([200, answer]);
    const other = await send(request.replace('50000', '60000'));
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ ok: false, code: 'DUPLICATE_TRANSACTION' });
    expect(await balanceOf('17')).toBe(50_001);
  });
});

describe('refused callers and bodies', () => {
  it('refuses a call not signed with the connection secret, moving nothing', async () => {
    const body = { transactionId: transferId(), playerId: '110', currency: 'BDT', amount: 100 };
    const wrongKey = 'ab'.repeat(32);
    for (const call of [
      { signWith: wrongKey },
      { signWith: null },
      { at: nowSeconds() - 301 },
    ] satisfies Partial<Call>[]) {
      const answer = await transfer({ action: 'deposit', body, ...call });
      expect(answer).toMatchObject({ status: 401, signed: true, body: { ok: false, code: 'BAD_SIGNATURE' } });
    }
    expect(await balanceOf('110')).toBe(0);
  });

  it('checks the signature on the raw bytes: a body changed after signing is refused', async () => {
    const signed = JSON.stringify({
      transactionId: transferId(),
      playerId: '111',
      currency: 'BDT',
      amount: 1,
    });
    const sent = signed.replace('"amount":1', '"amount":100000');
    const response = await house.app.inject({
      method: 'POST',
      url: '/house/api/transfer/deposit',
      headers: {
        'content-type': 'application/json',
        [signatureHeader]: signBody(house.platform.secret, signed, nowSeconds()),
      },
      payload: sent,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'BAD_SIGNATURE' });
    // The same bytes with whitespace the signer did not send differ too.
    const spaced = await house.app.inject({
      method: 'POST',
      url: '/house/api/transfer/balance',
      headers: {
        'content-type': 'application/json',
        [signatureHeader]: signBody(
          house.platform.secret,
          '{"playerId":"111","currency":"BDT"}',
          nowSeconds(),
        ),
      },
      payload: '{"playerId": "111", "currency": "BDT"}',
    });
    expect(spaced.statusCode).toBe(401);
    expect(await balanceOf('111')).toBe(0);
  });

  it('refuses bodies that fail the schema, signed, moving nothing', async () => {
    const good = { transactionId: transferId(), playerId: '112', currency: 'BDT', amount: 100 };
    const bad: (object | string)[] = [
      { ...good, amount: 0 },
      { ...good, amount: 1.5 },
      { ...good, amount: '100' },
      { ...good, amount: Number.MAX_SAFE_INTEGER + 1 },
      { ...good, transactionId: 'no-prefix' },
      { ...good, playerId: 'abc' },
      { ...good, currency: 'bdt' },
      { playerId: '112', currency: 'BDT', amount: 100 },
      'not json',
      '',
    ];
    for (const body of bad) {
      const answer = await transfer({ action: 'deposit', body });
      expect(answer, JSON.stringify(body)).toMatchObject({
        status: 400,
        signed: true,
        body: { ok: false, code: 'BAD_REQUEST' },
      });
    }
    expect((await transfer({ action: 'balance', body: { playerId: '112' } })).status).toBe(400);
    expect(await balanceOf('112')).toBe(0);
  });

  it('answers another content type with a signed BAD_REQUEST', async () => {
    const raw = JSON.stringify({ playerId: '113', currency: 'BDT' });
    const response = await house.app.inject({
      method: 'POST',
      url: '/house/api/transfer/balance',
      headers: {
        'content-type': 'text/plain',
        [signatureHeader]: signBody(house.platform.secret, raw, nowSeconds()),
      },
      payload: raw,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    expect(response.headers[signatureHeader]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });
});

describe('concurrent transfers against one wallet', () => {
  it('lets exactly 10 of 30 withdrawals of 10 through against 100', async () => {
    await deposit('120', 100);
    const answers = await Promise.all(Array.from({ length: 30 }, () => withdraw('120', 10)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
    expect(answers.filter((answer) => answer.body.code === 'INSUFFICIENT_FUNDS')).toHaveLength(20);
    expect(await balanceOf('120')).toBe(0);
  });

  it('applies one transaction id once however many copies arrive at once', async () => {
    const body = { transactionId: transferId(), playerId: '121', currency: 'BDT', amount: 250 };
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => transfer({ action: 'deposit', body })),
    );
    expect(new Set(answers.map((answer) => JSON.stringify(answer)))).toEqual(
      new Set([
        JSON.stringify({
          status: 200,
          body: { ok: true, transactionId: body.transactionId, balance: 250 },
          signed: true,
        }),
      ]),
    );
    expect(await balanceOf('121')).toBe(250);
  });

  // Only PostgreSQL runs transactions side by side (CI's second pass sets DATABASE_URL).
  it.skipIf(!process.env.DATABASE_URL)('never overdraws on PostgreSQL either (DATABASE_URL)', async () => {
    const database = await freshPostgresDatabase();
    if (!database) throw new Error('DATABASE_URL is set: a database was expected');
    try {
      const move = (kind: 'deposit' | 'withdraw', amount: number) =>
        transferMove(database.db, kind, {
          transactionId: transferId(),
          playerId: '122',
          currency: 'BDT',
          amount,
        });
      await move('deposit', 100);
      const answers = await Promise.all(Array.from({ length: 30 }, () => move('withdraw', 10)));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
      const [wallet] = await database.db.select().from(hgWallets).where(eq(hgWallets.playerId, '122'));
      expect(wallet?.balance).toBe(0n);
      const moves = await database.db.select().from(hgWalletMoves).where(eq(hgWalletMoves.playerId, '122'));
      expect(moves.filter((row) => row.status === 'applied')).toHaveLength(11);
    } finally {
      await database.close();
    }
  });
});

describe('the transfer-mode catalogue and pages', () => {
  async function gamesList(harness: HouseHarness) {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/house/api/games',
      headers: { [signatureHeader]: signBody(harness.platform.secret, '', nowSeconds()) },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{
      games: { gameCode: string; vassalage: string; gameType: string; icon: string }[];
      vendors: { vassalage: string; displayName: string; names: Record<string, string>; gameType: string }[];
    }>();
  }

  it('lists the RNG games only, under KHELA_ARCADE', async () => {
    const list = await gamesList(house);
    expect(list.games.map((game) => game.gameCode)).toEqual([
      'classic3x3',
      'video5x3',
      'dice',
      'crash',
      'mines',
    ]);
    expect(new Set(list.games.map((game) => `${game.vassalage}/${game.gameType}`))).toEqual(
      new Set(['KHELA_ARCADE/RNG']),
    );
    expect(list.vendors).toEqual([
      {
        vassalage: 'KHELA_ARCADE',
        displayName: 'Khela Arcade',
        gameType: 'RNG',
        smallIcon: '/house/icons/KHELA_ARCADE.svg',
        names: {
          bn: 'খেলা আর্কেড',
          en: 'Khela Arcade',
          zh: 'Khela 街机',
          vi: 'Khela Arcade',
          ja: 'Khela アーケード',
          th: 'Khela อาร์เคด',
        },
      },
    ]);
    const icon = await house.app.inject({ method: 'GET', url: '/house/icons/KHELA_ARCADE.svg' });
    expect(icon.statusCode).toBe(200);
  });

  it('refuses the games it does not list, on the page and in the page API', async () => {
    const page = await house.app.inject({ method: 'GET', url: '/house/play/roulette?lang=en' });
    expect(page.statusCode).toBe(404);
    expect(page.json()).toMatchObject({ code: 'UNKNOWN_GAME' });
    const dice = await house.app.inject({ method: 'GET', url: '/house/play/dice?lang=en' });
    expect(dice.statusCode).toBe(200);
    // The page knows it plays from the game's own wallet (its balance label and its hint when short).
    expect(dice.body).toContain('"walletMode":"transfer"');
    const token = house.platform.launch({ playerId: '130' });
    const session = await house.app.inject({
      method: 'POST',
      url: '/house/api/session',
      payload: { token, game: 'baccarat' },
    });
    expect(session.statusCode).toBe(404);
    expect(session.json()).toMatchObject({ code: 'UNKNOWN_GAME' });
  });

  it('leaves the seamless list as it was, and registers no transfer API there', async () => {
    const seamless = await startHouse();
    try {
      const list = await gamesList(seamless);
      expect(list.games.map((game) => [game.gameCode, game.vassalage])).toEqual(
        catalogue.map((game) => [game.gameCode, game.vassalage]),
      );
      expect(list.vendors.map((vendor) => vendor.vassalage)).toEqual(
        vendors.map((vendor) => vendor.vassalage),
      );
      const answer = await callTransfer(seamless.app, {
        prefix: '/house',
        secret: seamless.platform.secret,
        action: 'deposit',
        body: { transactionId: transferId(), playerId: '131', currency: 'BDT', amount: 100 },
      });
      expect(answer.status).toBe(404);
    } finally {
      await seamless.close();
    }
  });

  it('keeps its raw-body parser to itself when mounted in another app', async () => {
    const app = Fastify({ logger: false });
    app.post('/platform/echo', async (request) => ({ got: request.body }));
    const harness = house;
    await app.register(houseGamesPlugin, {
      prefix: '/house-transfer',
      walletMode: 'transfer',
      platformUrl: harness.platform.url,
      vendorCode: 'HOUSET',
      walletSecret: harness.platform.secret,
      database: harness.db,
      migrate: false,
      retryIntervalMs: 0,
    });
    try {
      const echo = await app.inject({ method: 'POST', url: '/platform/echo', payload: { a: 1 } });
      expect(echo.json()).toEqual({ got: { a: 1 } });
      const answer = await callTransfer(app, {
        prefix: '/house-transfer',
        secret: harness.platform.secret,
        action: 'balance',
        body: { playerId: '102', currency: 'BDT' },
      });
      expect(answer).toMatchObject({ status: 200, signed: true, body: { balance: 6_500 } });
      // The pages' JSON API inside the plugin still parses JSON as usual.
      const session = await app.inject({
        method: 'POST',
        url: '/house-transfer/api/session',
        payload: { token: 'x'.repeat(20), game: 'dice' },
      });
      expect(session.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    } finally {
      await app.close();
    }
  });
});
