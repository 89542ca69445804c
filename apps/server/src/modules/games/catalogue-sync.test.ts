import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { vendorSignatureHeader, type VendorGame, type VendorGamesList } from '@khela/contract';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { call, operatorLogin } from '../accounts/accounts.test-support.ts';
import { gameVendors, games, vendorConnections } from './games.tables.ts';
import { syncGameCatalogue } from './catalogue-sync.ts';
import { checkVendorSignature, signVendorPayload } from './vendor-signature.ts';
import { memberIdOf, tokenFor } from './vendor-wallet.test-support.ts';

const SECRET = 'a1'.repeat(32);
const OTHER_SECRET = 'b2'.repeat(32);

/**
 * A stand-in vendor on a loopback port: it checks the platform's signature and answers a signed
 * games list that each test sets. A test double of a third party, not of the platform.
 */
interface FakeVendor {
  url: string;
  list: unknown;
  /** What to do instead of a good answer. */
  fault: 'none' | 'status500' | 'badSignature' | 'notJson' | 'slow';
  requests: number;
  lastSignature: string;
}

let vendor: FakeVendor;
let vendorServer: FastifyInstance;

beforeAll(async () => {
  vendorServer = Fastify({ logger: false });
  vendor = { url: '', list: null, fault: 'none', requests: 0, lastSignature: '' };
  vendorServer.get('/api/games', async (request, reply) => {
    vendor.requests += 1;
    const header = request.headers[vendorSignatureHeader];
    vendor.lastSignature = typeof header === 'string' ? header : '';
    if (checkVendorSignature({ walletSecret: SECRET, rawBody: '', header: vendor.lastSignature }) !== 'ok') {
      return reply.code(401).send({ ok: false, code: 'BAD_SIGNATURE', message: 'bad signature' });
    }
    if (vendor.fault === 'slow') await new Promise((resolve) => setTimeout(resolve, 1_500));
    if (vendor.fault === 'status500') return reply.code(500).send({ ok: false });
    const raw = vendor.fault === 'notJson' ? '<html>' : JSON.stringify(vendor.list);
    const key = vendor.fault === 'badSignature' ? OTHER_SECRET : SECRET;
    return reply
      .header(vendorSignatureHeader, signVendorPayload(key, raw))
      .type('application/json')
      .send(raw);
  });
  const address = await vendorServer.listen({ port: 0, host: '127.0.0.1' });
  vendor.url = `${address}/`;
});
afterAll(async () => {
  await vendorServer.close();
});

let sut: TestApp;
let operator: string;

beforeEach(async () => {
  sut = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000', VENDOR_TIMEOUT_MS: '500' } });
  vendor.fault = 'none';
  vendor.requests = 0;
  vendor.list = listOf(['slot-a', 'slot-b', 'table-c']);
  await sut.db
    .insert(vendorConnections)
    .values({ vendorCode: 'HOUSE', apiBaseUrl: vendor.url, walletSecret: SECRET });
  operator = await operatorLogin(sut);
});
afterEach(async () => {
  await sut.close();
});

function gameOf(gameCode: string, overrides: Partial<VendorGame> = {}): VendorGame {
  const isTable = gameCode.startsWith('table');
  return {
    gameCode,
    gameType: isTable ? 'LIVE' : 'RNG',
    vassalage: isTable ? 'KHELA_LIVE' : 'KHELA_SLOTS',
    classify: isTable ? null : 'SC',
    names: { en: `Game ${gameCode}`, bn: `গেম ${gameCode}` },
    icon: `/games/${gameCode}.webp`,
    minBet: 10,
    lineNum: isTable ? 0 : 20,
    isHot: 0,
    rtpBasisPoints: 9650,
    defaultPlayType: null,
    launchFlags: [],
    ...overrides,
  };
}

function listOf(codes: string[], overrides: Record<string, Partial<VendorGame>> = {}): VendorGamesList {
  return {
    ok: true,
    vendors: [
      {
        vassalage: 'KHELA_SLOTS',
        displayName: 'Khela Slots',
        smallIcon: '/v/slots.svg',
        gameType: 'RNG',
        accountTypeId: 0,
      },
    ],
    games: codes.map((code) => gameOf(code, overrides[code])),
  };
}

const sync = (body: Record<string, unknown> = {}, token: string | null = operator) =>
  call(sut, { method: 'POST', url: '/api/operator/games/sync', body, token });

async function catalogue() {
  return sut.db.select().from(games).orderBy(asc(games.gameCode));
}

describe('POST /api/operator/games/sync', () => {
  it('fills the catalogue and the lobby vendors from the vendor’s signed list', async () => {
    const answer = await sync();
    expect(answer.status).toBe(200);
    expect(answer.body.value.vendors).toEqual([
      {
        vendorCode: 'HOUSE',
        ok: true,
        error: null,
        listed: 3,
        added: 3,
        updated: 0,
        disabled: 0,
        lobbyVendors: 2,
      },
    ]);
    expect(vendor.lastSignature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const rows = await catalogue();
    expect(rows.map((row) => [row.gameCode, row.vassalage, row.gameType, row.enabled])).toEqual([
      ['slot-a', 'KHELA_SLOTS', 'RNG', true],
      ['slot-b', 'KHELA_SLOTS', 'RNG', true],
      ['table-c', 'KHELA_LIVE', 'LIVE', true],
    ]);
    expect(rows[0]).toMatchObject({
      vendorCode: 'HOUSE',
      classify: 'SC',
      names: { en: 'Game slot-a', bn: 'গেম slot-a' },
      minBet: 10n,
      lineNum: 20,
      rtpBasisPoints: 9650,
      sortOrder: 10,
    });
    const lobby = await sut.db.select().from(gameVendors).orderBy(asc(gameVendors.vassalage));
    expect(
      lobby.map((row) => [row.vassalage, row.displayName, row.gameType, row.vendorCode, row.enabled]),
    ).toEqual([
      ['KHELA_LIVE', 'KHELA_LIVE', 'LIVE', 'HOUSE', true],
      ['KHELA_SLOTS', 'Khela Slots', 'RNG', 'HOUSE', true],
    ]);
    const [connection] = await sut.db.select().from(vendorConnections);
    expect(connection?.lastSyncAt).not.toBeNull();
    expect(connection?.lastSyncError).toBeNull();
    // The header menu shows the new vendors at once.
    const menus = await sut.app.inject({ method: 'GET', url: '/lgw/games/game_menus' });
    expect(JSON.stringify(menus.json())).toContain('Khela Slots');
  });

  it('keeps node ids, updates what changed, switches off what is gone and back on when relisted', async () => {
    await sync();
    const before = new Map((await catalogue()).map((row) => [row.gameCode, row.nodeId]));
    vendor.list = listOf(['slot-a', 'table-c', 'slot-d'], { 'slot-a': { minBet: 50, isHot: 1 } });
    const second = await sync();
    expect(second.body.value.vendors[0]).toMatchObject({
      ok: true,
      listed: 3,
      added: 1,
      updated: 2,
      disabled: 1,
    });
    const rows = await catalogue();
    expect(rows.map((row) => [row.gameCode, row.enabled])).toEqual([
      ['slot-a', true],
      ['slot-b', false],
      ['slot-d', true],
      ['table-c', true],
    ]);
    for (const row of rows) if (before.has(row.gameCode)) expect(row.nodeId).toBe(before.get(row.gameCode));
    expect(rows[0]).toMatchObject({ minBet: 50n, isHot: 1 });
    vendor.list = listOf(['slot-a', 'slot-b']);
    const third = await sync();
    expect(third.body.value.vendors[0]).toMatchObject({ added: 0, updated: 2, disabled: 2 });
    const lobby = await sut.db.select().from(gameVendors).where(eq(gameVendors.vassalage, 'KHELA_LIVE'));
    expect(lobby[0]?.enabled).toBe(false);
    expect((await catalogue()).find((row) => row.gameCode === 'slot-b')).toMatchObject({
      nodeId: before.get('slot-b'),
      enabled: true,
    });
  });

  it('records a failing vendor and changes nothing of it, while the others sync', async () => {
    await sync();
    const good = await catalogue();
    await sut.db
      .insert(vendorConnections)
      .values({ vendorCode: 'DOWN', apiBaseUrl: 'http://127.0.0.1:9/', walletSecret: SECRET });
    for (const fault of ['status500', 'badSignature', 'notJson', 'slow'] as const) {
      vendor.fault = fault;
      const answer = await sync();
      const byCode = Object.fromEntries(
        (answer.body.value.vendors as { vendorCode: string; ok: boolean; error: string }[]).map((result) => [
          result.vendorCode,
          result,
        ]),
      );
      expect(byCode.DOWN?.ok).toBe(false);
      expect(byCode.HOUSE?.ok, fault).toBe(false);
      expect(byCode.HOUSE?.error).toMatch(
        { status500: /HTTP 500/, badSignature: /signature mismatch/, notJson: /not JSON/, slow: /timed out/ }[
          fault
        ],
      );
      expect(await catalogue()).toEqual(good);
    }
    const [connection] = await sut.db
      .select()
      .from(vendorConnections)
      .where(eq(vendorConnections.vendorCode, 'HOUSE'));
    expect(connection?.lastSyncError).toMatch(/timed out/);
    vendor.fault = 'none';
    expect((await sync({ vendorCode: 'HOUSE' })).body.value.vendors[0].ok).toBe(true);
    const [healed] = await sut.db
      .select()
      .from(vendorConnections)
      .where(eq(vendorConnections.vendorCode, 'HOUSE'));
    expect(healed?.lastSyncError).toBeNull();
  });

  it('refuses a bad list, an empty one, a duplicate game and another vendor’s lobby vendor', async () => {
    const bad: unknown[] = [
      { ok: true, games: [{ ...gameOf('x'), minBet: 0 }] },
      { ok: true, games: [{ ...gameOf('x'), names: { bn: 'শুধু বাংলা' } }] },
      { ok: true, games: [{ ...gameOf('x'), gameType: 'CASINO' }] },
      { ok: true, games: [] },
      { ok: true, games: [gameOf('x'), gameOf('x')] },
    ];
    for (const list of bad) {
      vendor.list = list;
      const answer = await sync();
      expect(answer.body.value.vendors[0].ok).toBe(false);
    }
    expect(await catalogue()).toEqual([]);
    await sut.db.insert(gameVendors).values({
      vassalage: 'KHELA_SLOTS',
      accountTypeId: 0,
      displayName: 'Someone else',
      gameType: 'RNG',
      vendorCode: 'JILI',
    });
    vendor.list = listOf(['slot-a']);
    const taken = await sync();
    expect(taken.body.value.vendors[0].error).toMatch(/belongs to vendor JILI/);
    expect(await catalogue()).toEqual([]);
  });

  it('refuses a guest, a player and bad input; an unknown vendor is not found', async () => {
    expect((await sync({}, null)).status).toBe(401);
    const player = await tokenFor(sut, await memberIdOf(sut.db, 'demoplayer'));
    expect((await sync({}, player)).status).toBe(403);
    expect((await sync({ vendorCode: 'no spaces allowed' })).status).toBe(400);
    const unknown = await sync({ vendorCode: 'NOPE' });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
    expect(vendor.requests).toBe(0);
  });

  it('skips switched-off connections', async () => {
    await sut.db.update(vendorConnections).set({ enabled: false });
    const results = await syncGameCatalogue({ db: sut.db, env: sut.app.env });
    expect(results).toEqual([]);
    expect(vendor.requests).toBe(0);
  });
});
