/**
 * Helpers for the vendor protocol tests: a vendor connection with one lobby vendor and a few games
 * written straight into the tables (the catalogue sync has its own tests), member sessions made
 * with the accounts service (no login round trip), and signed protocol calls as a vendor makes them.
 */
import { afterEach, beforeEach } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { vendorSignatureHeader, type VendorAction } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { demoAccounts } from '../accounts/accounts.seed.ts';
import { createSession } from '../accounts/session.service.ts';
import { findMemberByAccount } from '../accounts/members.repository.ts';
import { memberWalletAddress, systemAddress } from '../ledger/ledger.addresses.ts';
import { journalEntries } from '../ledger/ledger.tables.ts';
import { expectLedgerValid } from '../ledger/ledger.test-support.ts';
import {
  getBalance,
  getOrOpenMemberWallet,
  openSystemAccounts,
  postEntry,
} from '../ledger/ledger.service.ts';
import { gameVendors, games, vendorConnections } from './games.tables.ts';
import { signVendorPayload } from './vendor-signature.ts';

export const VENDOR = 'TESTV';
export const SECRET = '7c1f0e5a9b3d2c4e6f8a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e';
export const VASSALAGE = 'TEST_SLOTS';
export const GAME = 'slot-1';
export const CURRENCY = 'BDT';

export async function setupVendor(
  db: Database,
  options: { vendorCode?: string; secret?: string; apiBaseUrl?: string; launchKind?: string } = {},
): Promise<{ nodeId: number; otherNodeId: number }> {
  const vendorCode = options.vendorCode ?? VENDOR;
  await db.insert(vendorConnections).values({
    vendorCode,
    apiBaseUrl: options.apiBaseUrl ?? 'https://vendor.example/games/',
    walletSecret: options.secret ?? SECRET,
  });
  await db.insert(gameVendors).values({
    vassalage: `${VASSALAGE}${vendorCode === VENDOR ? '' : `_${vendorCode}`}`,
    accountTypeId: 0,
    displayName: 'Test Slots',
    gameType: 'RNG',
    vendorCode,
    launchKind: options.launchKind ?? 'iframe',
  });
  const rows = await db
    .insert(games)
    .values(
      [GAME, 'slot-2'].map((gameCode) => ({
        vassalage: `${VASSALAGE}${vendorCode === VENDOR ? '' : `_${vendorCode}`}`,
        vendorCode,
        gameCode,
        gameType: 'RNG',
        names: { en: gameCode, bn: gameCode },
        minBet: 10n,
      })),
    )
    .returning({ nodeId: games.nodeId });
  return { nodeId: rows[0]!.nodeId, otherNodeId: rows[1]!.nodeId };
}

export async function memberIdOf(db: Database, account: string): Promise<number> {
  const member = await findMemberByAccount(db, account);
  if (!member) throw new Error(`no member ${account}`);
  return member.id;
}

/** A member-site session token for an account, as a login would give. */
export async function tokenFor(sut: TestApp, memberId: number): Promise<string> {
  return createSession({
    db: sut.db,
    env: sut.app.env,
    memberId,
    site: 'member',
    ip: null,
    userAgent: null,
  });
}

/** Deposits `amount` minor units into the member's main wallet (world → main). */
export async function fund(db: Database, memberId: number, amount: bigint, key = `fund-${memberId}`) {
  await openSystemAccounts(db, { currency: CURRENCY });
  await getOrOpenMemberWallet(db, { memberId, kind: 'main', currency: CURRENCY });
  await postEntry(db, {
    kind: 'deposit',
    idempotencyKey: key,
    postings: [
      { address: systemAddress('world', CURRENCY), amount: -amount },
      { address: memberWalletAddress(memberId, 'main'), amount },
    ],
  });
}

/** A member with `amount` minor units in the main wallet (fund) and a member-site session token. */
export async function fundedMember(
  sut: TestApp,
  account: string,
  amount: bigint,
): Promise<{ id: number; token: string }> {
  const id = await memberIdOf(sut.db, account);
  const token = await tokenFor(sut, id);
  await fund(sut.db, id, amount);
  return { id, token };
}

export async function walletBalance(db: Database, memberId: number, kind: 'main' | 'trial' = 'main') {
  return (await getBalance(db, { address: memberWalletAddress(memberId, kind) })).balance;
}

export async function houseBalance(db: Database) {
  return (await getBalance(db, { address: systemAddress('house', CURRENCY) })).balance;
}

export interface VendorCallOptions {
  vendorCode?: string;
  secret?: string;
  /** Sign at this unix time instead of now. */
  at?: number;
  /** Send these bytes instead of JSON.stringify(body) (signed as sent unless `header` is given). */
  rawBody?: string;
  /** Send this signature header as is (null: none). */
  header?: string | null;
}

/** A protocol call as a vendor makes it: raw JSON body, signed. */
export async function vendorCall(
  sut: TestApp,
  action: VendorAction | string,
  body: unknown,
  options: VendorCallOptions = {},
) {
  const vendorCode = options.vendorCode ?? VENDOR;
  const rawBody = options.rawBody ?? JSON.stringify(body);
  const header =
    options.header === undefined
      ? signVendorPayload(options.secret ?? SECRET, rawBody, options.at ?? Math.floor(Date.now() / 1000))
      : options.header;
  const response = await sut.app.inject({
    method: 'POST',
    url: `/vendor-wallet/${vendorCode}/${action}`,
    payload: rawBody,
    headers: {
      'content-type': 'application/json',
      ...(header === null ? {} : { [vendorSignatureHeader]: header }),
    },
  });
  return {
    status: response.statusCode,
    body: response.json() as Record<string, unknown> & { ok: boolean; code?: string },
    rawBody: response.body,
    signature: response.headers[vendorSignatureHeader] as string | undefined,
    headers: response.headers,
  };
}

/** Launches the game for the member and returns the launch token of the URL. */
export async function launchToken(sut: TestApp, token: string, nodeId: number): Promise<string> {
  const response = await sut.app.inject({
    method: 'POST',
    url: '/wps/game/launchGame',
    headers: { authorization: `Bearer ${token}` },
    payload: { nodeId },
  });
  if (response.statusCode !== 200) throw new Error(`launch failed: ${response.body}`);
  const url = new URL(response.json().value.content as string);
  return url.searchParams.get('token')!;
}

/** Launch + authenticate: the vendor's wallet session id for the member. */
export async function openWalletSession(sut: TestApp, token: string, nodeId: number): Promise<string> {
  const answer = await vendorCall(sut, 'authenticate', {
    launchToken: await launchToken(sut, token, nodeId),
  });
  if (answer.status !== 200) throw new Error(`authenticate failed: ${answer.rawBody}`);
  return answer.body.sessionId as string;
}

export async function vendorEnabled(db: Database, vendorCode: string, enabled: boolean) {
  await db.update(vendorConnections).set({ enabled }).where(eq(vendorConnections.vendorCode, vendorCode));
}

/** What each vendor wallet test starts from (startVendorTest). */
export interface VendorTest {
  sut: TestApp;
  /** The demo player: 100 000 minor units in the main wallet and a member session. */
  playerId: number;
  playerToken: string;
  /** The test vendor's first game (setupVendor). */
  nodeId: number;
}

/**
 * A test app with the test vendor, its games and a funded demo player with a session; the rate
 * limits raised, as a vendor sends many calls. Pair it with endVendorTest after each test.
 */
export async function startVendorTest(): Promise<VendorTest> {
  const sut = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  const { nodeId } = await setupVendor(sut.db);
  const player = await fundedMember(sut, demoAccounts.player.account, 100_000n);
  return { sut, playerId: player.id, playerToken: player.token, nodeId };
}

/** After each vendor wallet test: the ledger still verifies; the app closes. */
export async function endVendorTest(sut: TestApp): Promise<void> {
  await expectLedgerValid(sut.db);
  await sut.close();
}

/**
 * startVendorTest before each test of the file and endVendorTest after it. Returns what the current
 * test's start made (its fields are replaced before each test); `onStart` gets it too, for a file
 * that keeps it in variables of its own.
 */
export function useVendorTest(onStart?: (started: VendorTest) => void): VendorTest {
  const current = {} as VendorTest;
  let sut: TestApp | undefined;
  beforeEach(async () => {
    const started = await startVendorTest();
    sut = started.sut;
    Object.assign(current, started);
    onStart?.(started);
  });
  afterEach(async () => {
    if (sut) await endVendorTest(sut);
    sut = undefined;
  });
  return current;
}

/**
 * The vendor's round calls on a wallet session, for GAME: `current()` answers the test's app and
 * session (set in a hook).
 */
export function roundCalls(current: () => { sut: TestApp; sessionId: string }) {
  return {
    debit: (transactionId: string, roundId: string, amount: number) =>
      vendorCall(current().sut, 'debit', {
        sessionId: current().sessionId,
        transactionId,
        roundId,
        gameCode: GAME,
        amount,
      }),
    credit: (transactionId: string, roundId: string, amount: number, final: boolean) =>
      vendorCall(current().sut, 'credit', {
        sessionId: current().sessionId,
        transactionId,
        roundId,
        amount,
        final,
      }),
  };
}

/** How many journal entries the ledger holds (a refused call must not add one). */
export async function journalEntryCount(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(journalEntries);
  return row?.total ?? 0;
}
