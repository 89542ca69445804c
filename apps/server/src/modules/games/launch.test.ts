import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { members, sessions } from '../accounts/accounts.tables.ts';
import { operatorLogin } from '../accounts/accounts.test-support.ts';
import { hashToken } from '../accounts/session.service.ts';
import { memberWalletAddress } from '../ledger/ledger.addresses.ts';
import { getBalance } from '../ledger/ledger.service.ts';
import { gameRounds, gameSessions, gameVendors, games } from './games.tables.ts';
import { hashLaunchToken, launchUrlOf, lobbyUrlOf } from './launch.service.ts';
import {
  VENDOR,
  memberIdOf,
  setupVendor,
  tokenFor,
  vendorCall,
  vendorEnabled,
} from './vendor-wallet.test-support.ts';

// One app for the file: launching writes sessions, never money, so tests can share the database.
let sut: TestApp;
let nodeId: number;
let playerId: number;
let player: string;

beforeAll(async () => {
  sut = await buildTestApp({
    env: { RATE_LIMIT_PER_MINUTE: '100000', GAME_LAUNCH_RATE_LIMIT_PER_MINUTE: '100000' },
  });
  ({ nodeId } = await setupVendor(sut.db));
  playerId = await memberIdOf(sut.db, 'demoplayer');
  player = await tokenFor(sut, playerId);
});
afterAll(async () => {
  await sut.close();
});
beforeEach(async () => {
  await sut.db.delete(gameSessions);
  await sut.db.update(games).set({ enabled: true });
  await sut.db.update(gameVendors).set({ enabled: true, launchKind: 'iframe' });
  await vendorEnabled(sut.db, VENDOR, true);
});

const launch = (body: unknown, token: string | null = player, headers: Record<string, string> = {}) =>
  sut.app.inject({
    method: 'POST',
    url: '/wps/game/launchGame',
    headers: { host: 'localhost', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    payload: body as Record<string, unknown>,
  });

describe('POST /wps/game/launchGame', () => {
  it('answers the vendor’s launch URL with a one-time token kept only as its hash', async () => {
    const answer = await launch({ nodeId });
    expect(answer.statusCode).toBe(200);
    const value = answer.json().value as { content: string; launchKind: string };
    expect(value.launchKind).toBe('iframe');
    const url = new URL(value.content);
    expect(`${url.origin}${url.pathname}`).toBe('https://vendor.example/games/play/slot-1');
    const token = url.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      token,
      lang: 'bn',
      theme: 'light',
      lobby: 'http://localhost/',
      // The brand's digits and clock, for a game page that reads like the site around it.
      digits: 'latn',
      zone: 'Asia/Dhaka',
    });
    const [session] = await sut.db.select().from(gameSessions);
    expect(session).toMatchObject({
      tokenHash: hashLaunchToken(token),
      memberId: playerId,
      nodeId,
      vendorCode: VENDOR,
      gameCode: 'slot-1',
      currency: 'BDT',
      walletKind: 'main',
      language: 'bn',
      authenticatedAt: null,
    });
    const ttl = session!.tokenExpiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(290_000);
    expect(ttl).toBeLessThanOrEqual(300_000);
    // A member who never deposited has no wallet yet: launching opens none (it opens with money).
    await expect(getBalance(sut.db, { address: memberWalletAddress(playerId, 'main') })).rejects.toThrow(
      /no ledger account/,
    );
    // Two launches, two tokens.
    const again = new URL((await launch({ nodeId })).json().value.content as string);
    expect(again.searchParams.get('token')).not.toBe(token);
  });

  it('lets a member with no wallet yet play to a clean refusal: balance 0, the bet refused, no round', async () => {
    const token = new URL((await launch({ nodeId })).json().value.content as string).searchParams.get(
      'token',
    )!;
    const opened = await vendorCall(sut, 'authenticate', { launchToken: token });
    expect(opened.body).toMatchObject({ ok: true, balance: 0, playerId: String(playerId) });
    const sessionId = opened.body.sessionId as string;
    const bet = { sessionId, transactionId: 'nw-d-1', roundId: 'nw-r-1', gameCode: 'slot-1', amount: 100 };
    const refused = await vendorCall(sut, 'debit', bet);
    expect([refused.status, refused.body]).toEqual([
      409,
      { ok: false, code: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds', balance: 0 },
    ]);
    expect(await sut.db.select().from(gameRounds).where(eq(gameRounds.roundId, 'nw-r-1'))).toEqual([]);
    const rollback = {
      sessionId,
      transactionId: 'nw-rb-1',
      roundId: 'nw-r-1',
      referenceTransactionId: 'nw-d-1',
    };
    expect((await vendorCall(sut, 'rollback', rollback)).body).toMatchObject({ ok: true, balance: 0 });
  });

  it('takes language, theme and lobby from the body, or the Language header', async () => {
    const chosen = await launch({ nodeId, language: 'CN', theme: 'dark', lobbyUrl: '/rng?page=TEST_SLOTS' });
    const url = new URL(chosen.json().value.content as string);
    expect(url.searchParams.get('lang')).toBe('zh');
    expect(url.searchParams.get('theme')).toBe('dark');
    expect(url.searchParams.get('lobby')).toBe('http://localhost/rng?page=TEST_SLOTS');
    const header = await launch({ nodeId }, player, { language: 'EN' });
    expect(new URL(header.json().value.content as string).searchParams.get('lang')).toBe('en');
    const absolute = await launch({ nodeId, lobbyUrl: 'http://localhost/live' });
    expect(new URL(absolute.json().value.content as string).searchParams.get('lobby')).toBe(
      'http://localhost/live',
    );
  });

  it('answers the lobby vendor’s launch kind', async () => {
    await sut.db.update(gameVendors).set({ launchKind: 'redirect' });
    expect((await launch({ nodeId })).json().value.launchKind).toBe('redirect');
  });

  it('lets a trial account launch, playing from its demo wallet', async () => {
    const freePlay = await sut.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      payload: {},
    });
    const answer = await launch({ nodeId }, freePlay.json().value.token as string);
    expect(answer.statusCode).toBe(200);
    const [session] = await sut.db.select().from(gameSessions);
    expect(session?.walletKind).toBe('trial');
  });

  it('refuses a guest and an operator', async () => {
    const guest = await launch({ nodeId }, null);
    expect([guest.statusCode, guest.json().code]).toEqual([401, 'UNAUTHENTICATED']);
    const operator = await launch({ nodeId }, await operatorLogin(sut));
    // The launch checks the session in its own statement, among the members' sessions only: an
    // operator's token (operator_sessions) is no session there.
    expect([operator.statusCode, operator.json().code]).toEqual([401, 'UNAUTHENTICATED']);
    expect(await sut.db.select().from(gameSessions)).toEqual([]);
  });

  /** A new session of the player, its row then changed by `change` (drizzle's set). */
  async function sessionWith(change: Partial<typeof sessions.$inferInsert>): Promise<string> {
    const token = await tokenFor(sut, playerId);
    await sut.db
      .update(sessions)
      .set(change)
      .where(eq(sessions.tokenHash, hashToken(token)));
    return token;
  }

  async function lastSeenOf(token: string): Promise<number> {
    const [row] = await sut.db
      .select({ lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    return row!.lastSeenAt.getTime();
  }

  // The session is checked in the launch's own statement (registerCall's sessionInStatement): the
  // same refusals as every member call (authorize.test.ts), and nothing opened for any of them.
  it('refuses a session that is unknown, revoked, idle, past its end, of a disabled account or awaiting a password change', async () => {
    const hourAgo = new Date(Date.now() - 3_600_000);
    const cases: [string, string, [number, string]][] = [
      ['unknown', 'A'.repeat(43), [401, 'UNAUTHENTICATED']],
      ['not a token', 'a b', [401, 'UNAUTHENTICATED']],
      ['revoked', await sessionWith({ revokedAt: new Date() }), [401, 'TOKEN_EXPIRED']],
      ['idle', await sessionWith({ lastSeenAt: hourAgo }), [401, 'TOKEN_EXPIRED']],
      ['past its end', await sessionWith({ expiresAt: new Date(Date.now() - 1000) }), [401, 'TOKEN_EXPIRED']],
      [
        'password change',
        await sessionWith({ passwordChangeRequired: true }),
        [403, 'PASSWORD_CHANGE_REQUIRED'],
      ],
    ];
    for (const [what, token, expected] of cases) {
      const answer = await launch({ nodeId }, token);
      expect([answer.statusCode, answer.json().code], what).toEqual(expected);
    }
    const live = await tokenFor(sut, playerId);
    await sut.db.update(members).set({ status: 'disabled' }).where(eq(members.id, playerId));
    try {
      expect((await launch({ nodeId }, live)).json().code).toBe('TOKEN_EXPIRED');
    } finally {
      await sut.db.update(members).set({ status: 'active' }).where(eq(members.id, playerId));
    }
    expect((await launch({ nodeId }, live)).statusCode).toBe(200);
    expect(await sut.db.select().from(gameSessions)).toHaveLength(1);
  });

  it('answers a caller who must be refused with the refusal, whatever the input', async () => {
    const revoked = await sessionWith({ revokedAt: new Date() });
    const operator = await operatorLogin(sut);
    const refusals: [unknown, string | null, string][] = [
      [{ nodeId: 'one' }, revoked, 'TOKEN_EXPIRED'],
      [{ nodeId, lobbyUrl: 'https://evil.example/' }, revoked, 'TOKEN_EXPIRED'],
      [{ nodeId, lobbyUrl: '/a\u0000b' }, 'A'.repeat(43), 'UNAUTHENTICATED'],
      [{ nodeId, theme: 'blue' }, operator, 'FORBIDDEN'],
      [{ nodeId: 'one' }, null, 'UNAUTHENTICATED'],
    ];
    for (const [body, token, code] of refusals) {
      expect((await launch(body, token)).json().code, JSON.stringify(body)).toBe(code);
    }
    const unreadable = await sut.app.inject({
      method: 'POST',
      url: '/wps/game/launchGame',
      headers: { host: 'localhost', authorization: `Bearer ${revoked}`, 'content-type': 'application/json' },
      payload: '{"nodeId":',
    });
    expect([unreadable.statusCode, unreadable.json().code]).toEqual([401, 'TOKEN_EXPIRED']);
    // A caller let in still gets the input's refusal.
    const bad = await launch({ nodeId: 'one' });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await sut.db.select().from(gameSessions)).toEqual([]);
  });

  it('keeps the session alive as any member call does: touched when a minute old, not before, never when over', async () => {
    const fiveMinutesAgo = new Date(Date.now() - 300_000);
    const stale = await sessionWith({ lastSeenAt: fiveMinutesAgo });
    expect((await launch({ nodeId }, stale)).statusCode).toBe(200);
    expect(await lastSeenOf(stale)).toBeGreaterThan(Date.now() - 10_000);
    const fresh = await sessionWith({ lastSeenAt: new Date(Date.now() - 20_000) });
    const before = await lastSeenOf(fresh);
    expect((await launch({ nodeId }, fresh)).statusCode).toBe(200);
    expect(await lastSeenOf(fresh)).toBe(before);
    const revoked = await sessionWith({ lastSeenAt: fiveMinutesAgo, revokedAt: new Date() });
    expect((await launch({ nodeId }, revoked)).statusCode).toBe(401);
    expect(await lastSeenOf(revoked)).toBe(fiveMinutesAgo.getTime());
  });

  it('refuses bad input: no game, a bad theme, a lobby on another site', async () => {
    for (const body of [
      {},
      { nodeId: 'one' },
      { nodeId: 0 },
      { nodeId, theme: 'blue' },
      { nodeId, language: 'XX' },
      { nodeId, lobbyUrl: 'javascript:alert(1)' },
      { nodeId, lobbyUrl: '//evil.example/' },
      { nodeId, lobbyUrl: 'https://evil.example/' },
    ]) {
      const answer = await launch(body);
      expect([answer.statusCode, answer.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect(await sut.db.select().from(gameSessions)).toEqual([]);
  });

  it('refuses a game that is unknown or switched off, or whose vendor is', async () => {
    const unknown = await launch({ nodeId: 999_999 });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'GAME_UNAVAILABLE']);
    await sut.db.update(games).set({ enabled: false }).where(eq(games.nodeId, nodeId));
    expect((await launch({ nodeId })).json().code).toBe('GAME_UNAVAILABLE');
    await sut.db.update(games).set({ enabled: true });
    await sut.db.update(gameVendors).set({ enabled: false });
    expect((await launch({ nodeId })).json().code).toBe('GAME_UNAVAILABLE');
    await sut.db.update(gameVendors).set({ enabled: true });
    await vendorEnabled(sut.db, VENDOR, false);
    expect((await launch({ nodeId })).json().code).toBe('GAME_UNAVAILABLE');
    expect(await sut.db.select().from(gameSessions)).toEqual([]);
  });
});

describe('POST /wps/relay/GCS_gameLaunchFB', () => {
  it('says the FB sports vendor is not available, to members; guests are refused', async () => {
    const answer = await sut.app.inject({
      method: 'POST',
      url: '/wps/relay/GCS_gameLaunchFB',
      headers: { authorization: `Bearer ${player}` },
      payload: {},
    });
    expect([answer.statusCode, answer.json().code, answer.json().message]).toEqual([
      503,
      'VENDOR_UNAVAILABLE',
      'err_vendor_unavailable',
    ]);
    const guest = await sut.app.inject({ method: 'POST', url: '/wps/relay/GCS_gameLaunchFB', payload: {} });
    expect(guest.statusCode).toBe(401);
    const bad = await sut.app.inject({
      method: 'POST',
      url: '/wps/relay/GCS_gameLaunchFB',
      headers: { authorization: `Bearer ${player}` },
      payload: { theme: 'blue' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('launch URL helpers', () => {
  it('builds the URL from a base with or without a trailing slash and escapes the game code', () => {
    const options = {
      token: 'tok',
      language: 'en',
      theme: 'dark' as const,
      lobbyUrl: 'https://khela.example/rng',
    };
    expect(launchUrlOf({ ...options, apiBaseUrl: 'https://v.example/', gameCode: 'a b/c' })).toBe(
      'https://v.example/play/a%20b%2Fc?token=tok&lang=en&theme=dark&lobby=https%3A%2F%2Fkhela.example%2Frng',
    );
    expect(launchUrlOf({ ...options, apiBaseUrl: 'https://v.example', gameCode: 'x' })).toMatch(
      /^https:\/\/v\.example\/play\/x\?/,
    );
    // The brand's digits travel to the game page, which shows figures as the site does.
    expect(
      new URL(
        launchUrlOf({ ...options, apiBaseUrl: 'https://v.example', gameCode: 'x', digits: 'beng' }),
      ).searchParams.get('digits'),
    ).toBe('beng');
    expect(
      new URL(
        launchUrlOf({ ...options, apiBaseUrl: 'https://v.example', gameCode: 'x', zone: 'Asia/Dhaka' }),
      ).searchParams.get('zone'),
    ).toBe('Asia/Dhaka');
  });

  it('keeps the lobby on the site’s own host', () => {
    expect(lobbyUrlOf(undefined, 'https://khela.example')).toBe('https://khela.example/');
    expect(lobbyUrlOf('/live', 'https://khela.example')).toBe('https://khela.example/live');
    expect(() => lobbyUrlOf('https://khela.example.evil/', 'https://khela.example')).toThrow();
  });
});
