import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyReply } from 'fastify';
import { count, eq, sql } from 'drizzle-orm';
import { transferRecordsRequestSchema, vendorSignatureHeader, type TransferRecord } from '@khela/contract';
import type { TestApp } from '../../test/helper.ts';
import { journalEntryCount } from './vendor-wallet.test-support.ts';
import { appWithVendors, newMember } from './games.test-support.ts';
import { gameRounds, games, vendorConnections, vendorRecordCursors } from './games.tables.ts';
import { fakeVendorForFile, sendSigned } from './fake-vendor.test-support.ts';
import { checkVendorSignature } from './vendor-signature.ts';
import { pullVendorRecords } from './vendor-records.service.ts';
import { listOperatorVendors } from './games-operator.service.ts';

const SECRET = 'd4'.repeat(32);
const VENDOR = 'ARCADE';

/**
 * A stand-in transfer-mode vendor on a loopback port (a test double of a third party, not of the
 * platform) serving its bet records: the cursor is the index of the last record served. It checks
 * the platform's signature (a caller without the secret is refused) and has switchable faults:
 * `down` answers 503, `forged` signs with another secret, `refuse` says a signed no.
 */
interface FakeRecordsVendor {
  records: TransferRecord[];
  fault: 'none' | 'down' | 'forged' | 'refuse';
  /** The cursors the platform asked from, in order. */
  asked: (string | null)[];
  /** Hold the next answer this long (a slow vendor), then answer as usual. */
  holdNextMs: number;
}

const vendor: FakeRecordsVendor = { records: [], fault: 'none', asked: [], holdNextMs: 0 };
const remote = fakeVendorForFile((server) => {
  const answer = (reply: FastifyReply, status: number, body: unknown, secret = SECRET) =>
    sendSigned(reply, secret, status, body);
  server.post('/api/transfer/records', async (request, reply) => {
    const raw = String(request.body);
    const header = String(request.headers[vendorSignatureHeader]);
    if (checkVendorSignature({ walletSecret: SECRET, rawBody: raw, header }) !== 'ok') {
      return answer(reply, 401, { ok: false, code: 'BAD_SIGNATURE', message: 'signature' });
    }
    const { cursor, limit } = transferRecordsRequestSchema.parse(JSON.parse(raw));
    vendor.asked.push(cursor);
    const hold = vendor.holdNextMs;
    vendor.holdNextMs = 0;
    if (hold > 0) await new Promise((resolve) => setTimeout(resolve, hold));
    if (vendor.fault === 'down') return reply.code(503).send({ ok: false });
    if (vendor.fault === 'refuse') {
      return answer(reply, 400, { ok: false, code: 'BAD_REQUEST', message: 'cursor: not ours' });
    }
    const from = cursor === null ? 0 : Number(cursor) + 1;
    const page = vendor.records.slice(from, from + limit);
    const body = {
      ok: true,
      records: page,
      cursor: page.length > 0 ? String(from + page.length - 1) : cursor,
      more: from + page.length < vendor.records.length,
    };
    return answer(reply, 200, body, vendor.fault === 'forged' ? 'e5'.repeat(32) : SECRET);
  });
});

let sut: TestApp;
let member: { id: number; token: string };

beforeEach(async () => {
  sut = await appWithVendors([
    {
      vassalage: 'ARCADE_LOBBY',
      accountTypeId: 0,
      displayName: 'Test Arcade',
      gameType: 'RNG',
      walletMode: 'transfer',
      vendorCode: VENDOR,
    },
  ]);
  vendor.records = [];
  vendor.fault = 'none';
  vendor.asked = [];
  vendor.holdNextMs = 0;
  await sut.db
    .insert(vendorConnections)
    .values({ vendorCode: VENDOR, apiBaseUrl: remote.url, walletSecret: SECRET, walletMode: 'transfer' });
  await sut.db.insert(games).values([
    {
      vassalage: 'ARCADE_LOBBY',
      vendorCode: VENDOR,
      gameCode: 'dice',
      gameType: 'RNG',
      names: { en: 'Dice', bn: 'ডাইস' },
      minBet: 10n,
    },
  ]);
  member = await newMember(sut, 'arcade01');
});
afterEach(async () => {
  await sut.close();
});

const context = () => ({ db: sut.db, env: { VENDOR_TIMEOUT_MS: 15_000 } });
const pull = (options: { pageSize?: number; maxPages?: number } = {}) =>
  pullVendorRecords(context(), { vendorCode: VENDOR, ...options });

/** A settled dice round of the member at the vendor: minute `minute` of 1 March 2026 (UTC). */
function played(index: number, bet: number, win: number, gameCode = 'dice'): TransferRecord {
  const startedAt = Date.parse('2026-03-01T10:00:00Z') + index * 60_000;
  return {
    roundId: `arc-${index}`,
    playerId: String(member.id),
    gameCode,
    currency: 'BDT',
    bet,
    win,
    startedAt,
    settledAt: startedAt + 2_000,
    detail: { roll: 4321 },
  };
}

async function storedRounds() {
  return sut.db
    .select({
      roundId: gameRounds.roundId,
      memberId: gameRounds.memberId,
      bet: gameRounds.betAmount,
      win: gameRounds.winAmount,
      status: gameRounds.status,
      startedAt: gameRounds.startedAt,
      settledAt: gameRounds.settledAt,
    })
    .from(gameRounds)
    .where(eq(gameRounds.vendorCode, VENDOR))
    .orderBy(gameRounds.roundId);
}

async function cursorRow() {
  const [row] = await sut.db
    .select()
    .from(vendorRecordCursors)
    .where(eq(vendorRecordCursors.vendorCode, VENDOR));
  return row;
}

const bettingRecord = async () => {
  const response = await sut.app.inject({
    method: 'GET',
    url: '/wps/relay/MCSFE_getBettingRecord?language=EN',
    headers: { authorization: `Bearer ${member.token}` },
  });
  expect(response.statusCode).toBe(200);
  return response.json().value;
};

describe('pulling the bet records of a transfer-mode vendor', () => {
  it('keeps every settled round, page by page, and the betting record lists them by name', async () => {
    vendor.records = [played(1, 1_000, 2_500), played(2, 500, 0), played(3, 200, 200)];
    const entriesBefore = await journalEntryCount(sut.db);

    const [outcome] = await pull({ pageSize: 2 });
    expect(outcome).toEqual({ vendorCode: VENDOR, read: 3, stored: 3, reachedEnd: true });
    expect(vendor.asked).toEqual([null, '1']);
    expect(await storedRounds()).toEqual([
      {
        roundId: 'arc-1',
        memberId: member.id,
        bet: 1_000n,
        win: 2_500n,
        status: 'settled',
        startedAt: new Date('2026-03-01T10:01:00Z'),
        settledAt: new Date('2026-03-01T10:01:02Z'),
      },
      expect.objectContaining({ roundId: 'arc-2', bet: 500n, win: 0n }),
      expect.objectContaining({ roundId: 'arc-3', bet: 200n, win: 200n }),
    ]);
    expect(await cursorRow()).toMatchObject({ cursor: '2', lastError: null, pulledAt: expect.any(Date) });
    // Records only: no money moved.
    expect(await journalEntryCount(sut.db)).toBe(entriesBefore);

    const record = await bettingRecord();
    expect(record.totals).toEqual({ rounds: 3, bet: '17.00', win: '27.00', profit: '10.00' });
    expect(record.list[0]).toMatchObject({
      roundId: 'arc-3',
      gameName: 'Dice',
      vendorName: 'Test Arcade',
      gameType: 'RNG',
      bet: '2.00',
      win: '2.00',
      status: 'settled',
      wallet: 'main',
      startedAt: Date.parse('2026-03-01T10:03:00Z'),
    });
  });

  it('stores a record pulled twice once', async () => {
    vendor.records = [played(1, 1_000, 0), played(2, 300, 600)];
    expect((await pull())[0]).toMatchObject({ read: 2, stored: 2 });
    // Nothing new: the vendor is asked from the cursor and serves nothing.
    expect((await pull())[0]).toMatchObject({ read: 0, stored: 0, reachedEnd: true });
    expect(vendor.asked).toEqual([null, '1']);
    // The cursor lost (or a vendor serving its records again): read again, kept once.
    await sut.db.update(vendorRecordCursors).set({ cursor: null });
    expect((await pull())[0]).toMatchObject({ read: 2, stored: 0, reachedEnd: true });
    expect(await storedRounds()).toHaveLength(2);
  });

  it('resumes from the stored cursor after a pull cut short, losing nothing', async () => {
    vendor.records = [1, 2, 3, 4, 5].map((index) => played(index, 100, 0));
    // One page a run: the rest waits for the next run.
    expect((await pull({ pageSize: 2, maxPages: 1 }))[0]).toMatchObject({ read: 2, reachedEnd: false });
    expect((await cursorRow())?.cursor).toBe('1');
    expect((await cursorRow())?.pulledAt).toBeNull();

    // The vendor stops answering: the cursor stays where the last stored page ended.
    vendor.fault = 'down';
    const [cut] = await pull({ pageSize: 2 });
    expect(cut).toMatchObject({
      read: 0,
      stored: 0,
      reachedEnd: false,
      error: expect.stringMatching(/^no answer/),
    });
    expect(await cursorRow()).toMatchObject({ cursor: '1', lastError: cut!.error });
    // The back office's vendor list says why the records are behind (Site → Games, "Bet records").
    const listed = async () => (await listOperatorVendors(sut.db)).find((row) => row.vendorCode === VENDOR);
    expect(await listed()).toMatchObject({
      walletMode: 'transfer',
      recordsPulledAt: null,
      recordsError: cut!.error,
    });

    vendor.fault = 'none';
    vendor.asked = [];
    expect((await pull({ pageSize: 2 }))[0]).toMatchObject({ read: 3, stored: 3, reachedEnd: true });
    expect(vendor.asked).toEqual(['1', '3']);
    expect((await storedRounds()).map((row) => row.roundId)).toEqual([
      'arc-1',
      'arc-2',
      'arc-3',
      'arc-4',
      'arc-5',
    ]);
    expect((await cursorRow())?.lastError).toBeNull();
    expect(await listed()).toMatchObject({ recordsPulledAt: expect.any(Number), recordsError: null });
  });

  it('lets a pull overtaken by another store nothing and never move the cursor back', async () => {
    vendor.records = [1, 2, 3, 4, 5, 6].map((index) => played(index, 100, 0));
    // The first pull's first answer is slow: a second pull reads everything meanwhile.
    vendor.holdNextMs = 6_000;
    const slow = pull({ pageSize: 2 });
    await vi.waitFor(() => expect(vendor.asked).toHaveLength(1));
    const [fast] = await pull({ pageSize: 2 });
    expect(fast).toMatchObject({ read: 6, stored: 6, reachedEnd: true });
    expect((await cursorRow())?.cursor).toBe('5');
    // Its page from the start arrives after the cursor moved on: not kept, the cursor stays.
    expect((await slow)[0]).toMatchObject({ read: 0, stored: 0, reachedEnd: false });
    expect((await cursorRow())?.cursor).toBe('5');
    expect(await storedRounds()).toHaveLength(6);
  });

  it('keeps nothing of a page whose storing fails, and the next pull stores it whole', async () => {
    vendor.records = [played(1, 100, 0), played(2, 100, 0), played(3, 100, 0)];
    // A real fault at the database on the page's last round (not a mock).
    await sut.db.execute(
      sql.raw(`create function test_fail_round() returns trigger language plpgsql as $$
        begin if new.round_id = 'arc-3' then raise exception 'database unavailable (test)'; end if; return new; end $$`),
    );
    await sut.db.execute(
      sql.raw(`create trigger test_fail_round before insert on game_rounds
        for each row execute function test_fail_round()`),
    );
    await expect(pull({ pageSize: 10 })).rejects.toThrow();
    expect(await storedRounds()).toEqual([]);
    expect((await cursorRow())?.cursor).toBeNull();

    await sut.db.execute(sql.raw('drop trigger test_fail_round on game_rounds'));
    expect((await pull({ pageSize: 10 }))[0]).toMatchObject({ read: 3, stored: 3 });
    expect(await storedRounds()).toHaveLength(3);
  });

  it('stops before a round of a game not in the catalogue yet, and takes it once the game is there', async () => {
    vendor.records = [played(1, 100, 0), played(2, 100, 0, 'crash'), played(3, 100, 0)];
    const [first] = await pull({ pageSize: 1 });
    expect(first).toMatchObject({ read: 1, stored: 1, reachedEnd: false });
    expect(first?.error).toContain('game crash is not in the catalogue');
    expect(await cursorRow()).toMatchObject({ cursor: '0', lastError: first!.error });

    await sut.db.insert(games).values({
      vassalage: 'ARCADE_LOBBY',
      vendorCode: VENDOR,
      gameCode: 'crash',
      gameType: 'RNG',
      names: { en: 'Crash' },
      minBet: 10n,
    });
    expect((await pull({ pageSize: 1 }))[0]).toMatchObject({ read: 2, stored: 2, reachedEnd: true });
    const names = (await bettingRecord()).list.map((line: { gameName: string }) => line.gameName);
    expect(names).toEqual(['Dice', 'Crash', 'Dice']);
  });

  it('trusts no answer signed with another secret, and stores nothing of it', async () => {
    vendor.records = [played(1, 100, 0)];
    vendor.fault = 'forged';
    const [outcome] = await pull();
    expect(outcome).toMatchObject({ read: 0, stored: 0, error: expect.stringContaining('answer signature') });
    expect(await storedRounds()).toEqual([]);
    expect((await cursorRow())?.cursor).toBeNull();
  });

  it("keeps the cursor on the vendor's refusal, with its reason", async () => {
    vendor.records = [played(1, 100, 0)];
    vendor.fault = 'refuse';
    const [outcome] = await pull();
    expect(outcome?.error).toBe('refused: BAD_REQUEST cursor: not ours');
    expect(await cursorRow()).toMatchObject({
      cursor: null,
      lastError: 'refused: BAD_REQUEST cursor: not ours',
    });
  });

  it('is refused by the vendor when it calls without the connection secret', async () => {
    vendor.records = [played(1, 100, 0)];
    await sut.db.update(vendorConnections).set({ walletSecret: 'f6'.repeat(32) });
    const [outcome] = await pull();
    // The vendor's refusal is signed with the vendor's secret, which the platform does not hold
    // here: it is no trustworthy answer either way, and nothing is kept.
    expect(outcome?.error).toMatch(/^no answer: answer signature/);
    expect(vendor.asked).toEqual([]);
    const [{ rounds } = { rounds: -1 }] = await sut.db
      .select({ rounds: count() })
      .from(gameRounds)
      .where(eq(gameRounds.vendorCode, VENDOR));
    expect(rounds).toBe(0);
  });

  it('reads no seamless vendor and no switched-off one', async () => {
    await sut.db.update(vendorConnections).set({ enabled: false });
    expect(await pullVendorRecords(context())).toEqual([]);
    expect(vendor.asked).toEqual([]);
  });
});
