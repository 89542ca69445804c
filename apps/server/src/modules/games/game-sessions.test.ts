import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { members, sessions } from '../accounts/accounts.tables.ts';
import { demoAccounts } from '../accounts/accounts.seed.ts';
import { call } from '../accounts/accounts.test-support.ts';
import { endMemberGameSessions } from './game-sessions.service.ts';
import { gameSessions } from './games.tables.ts';
import {
  GAME,
  fundedMember,
  journalEntryCount,
  launchToken,
  openWalletSession,
  setupVendor,
  tokenFor,
  useVendorTest,
  vendorCall,
  walletBalance,
} from './vendor-wallet.test-support.ts';

/**
 * A game session lives no longer than the platform session that launched it (issue 10, section
 * 3): after a logout, a password change or a disabled account the next bet is refused with the
 * protocol's session-expired answer and no money moves, while a round already open still settles.
 */

const vt = useVendorTest();

const debit = (sessionId: string, transactionId: string, roundId: string, amount: number) =>
  vendorCall(vt.sut, 'debit', { sessionId, transactionId, roundId, gameCode: GAME, amount });
const credit = (sessionId: string, transactionId: string, roundId: string, amount: number) =>
  vendorCall(vt.sut, 'credit', { sessionId, transactionId, roundId, amount, final: true });

const events: Record<string, () => Promise<void>> = {
  logout: async () => {
    const answer = await call(vt.sut, {
      method: 'DELETE',
      url: '/wps/session/logout',
      token: vt.playerToken,
    });
    expect(answer.status).toBe(200);
  },
  'password change': async () => {
    const answer = await call(vt.sut, {
      method: 'POST',
      url: '/wps/member/password',
      token: vt.playerToken,
      sealed: true,
      body: {
        oldPassword: demoAccounts.player.password,
        newPassword: 'Another-pass-2026',
        confirmNewPassword: 'Another-pass-2026',
      },
    });
    expect(answer.status).toBe(200);
  },
  // No call disables an account yet: an operator (or a tool) sets it in the database, and the
  // debit must still notice.
  'disabled account': async () => {
    await vt.sut.db.update(members).set({ status: 'disabled' }).where(eq(members.id, vt.playerId));
  },
};

describe.each(Object.keys(events))('after a %s', (event) => {
  it('refuses the next bet with the session-expired answer, moves nothing, and still settles the open round', async () => {
    const sessionId = await openWalletSession(vt.sut, vt.playerToken, vt.nodeId);
    const bet = await debit(sessionId, 'd-1', 'r-1', 1_000);
    expect(bet).toMatchObject({ status: 200, body: { ok: true, balance: 99_000 } });

    await events[event]!();

    const entries = await journalEntryCount(vt.sut.db);
    const refused = await debit(sessionId, 'd-2', 'r-2', 1_000);
    expect([refused.status, refused.body.code]).toEqual([401, 'INVALID_TOKEN']);
    // Another bet into the round that is open is refused too.
    const more = await debit(sessionId, 'd-3', 'r-1', 1_000);
    expect([more.status, more.body.code]).toEqual([401, 'INVALID_TOKEN']);
    const balance = await vendorCall(vt.sut, 'balance', { sessionId });
    expect([balance.status, balance.body.code]).toEqual([401, 'INVALID_TOKEN']);
    expect(await journalEntryCount(vt.sut.db)).toBe(entries);
    expect(await walletBalance(vt.sut.db, vt.playerId)).toBe(99_000n);

    // The bet already taken is paid out: a credit needs only a session that existed.
    const win = await credit(sessionId, 'c-1', 'r-1', 2_500);
    expect(win).toMatchObject({ status: 200, body: { ok: true, balance: 101_500 } });
  });
});

describe('ending game sessions', () => {
  it('ends every game session of the member at every vendor on logout, launched or playing', async () => {
    await setupVendor(vt.sut.db, { vendorCode: 'OTHER' });
    const playing = await openWalletSession(vt.sut, vt.playerToken, vt.nodeId);
    const launched = await launchToken(vt.sut, vt.playerToken, vt.nodeId);
    await events.logout!();
    const rows = await vt.sut.db
      .select({ isLive: sql<boolean>`${gameSessions.expiresAt} > now()` })
      .from(gameSessions)
      .where(eq(gameSessions.memberId, vt.playerId));
    expect(rows.map((row) => row.isLive)).toEqual([false, false]);
    // The launch token not yet exchanged is dead too.
    const late = await vendorCall(vt.sut, 'authenticate', { launchToken: launched });
    expect([late.status, late.body.code]).toEqual([401, 'INVALID_TOKEN']);
    expect((await debit(playing, 'd-1', 'r-1', 100)).body.code).toBe('INVALID_TOKEN');
  });

  it('refuses a launch token whose platform session ended, even if only that session was revoked', async () => {
    const launched = await launchToken(vt.sut, vt.playerToken, vt.nodeId);
    await vt.sut.db.update(sessions).set({ revokedAt: sql`now()` });
    const answer = await vendorCall(vt.sut, 'authenticate', { launchToken: launched });
    expect([answer.status, answer.body.code]).toEqual([401, 'INVALID_TOKEN']);
  });

  it('stops bets at the platform session’s absolute end, but not at its idle clock', async () => {
    const sessionId = await openWalletSession(vt.sut, vt.playerToken, vt.nodeId);
    // Playing in the game makes no calls to the site: the site's idle clock must not end the game.
    await vt.sut.db.update(sessions).set({ lastSeenAt: sql`now() - interval '2 hours'` });
    expect((await debit(sessionId, 'd-1', 'r-1', 100)).status).toBe(200);
    await vt.sut.db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await debit(sessionId, 'd-2', 'r-2', 100)).body.code).toBe('INVALID_TOKEN');
  });

  it('ends the games of every platform session still running, the oldest login’s too', async () => {
    // A game launched from the first login, a day-old launch time (the range the end looks in
    // starts at the oldest platform session not yet at its end), then a second login and its game.
    const first = await openWalletSession(vt.sut, vt.playerToken, vt.nodeId);
    await vt.sut.db.update(sessions).set({ createdAt: sql`now() - interval '1 day'` });
    await vt.sut.db
      .update(gameSessions)
      .set({ launchedAt: sql`now() - interval '23 hours'` })
      .where(eq(gameSessions.id, Number(first)));
    const second = await openWalletSession(vt.sut, await tokenFor(vt.sut, vt.playerId), vt.nodeId);
    expect(await endMemberGameSessions({ db: vt.sut.db, memberId: vt.playerId })).toEqual({ ended: 2 });
    expect((await debit(first, 'd-1', 'r-1', 100)).body.code).toBe('INVALID_TOKEN');
    expect((await debit(second, 'd-2', 'r-2', 100)).body.code).toBe('INVALID_TOKEN');
  });

  it('leaves other members’ game sessions alone', async () => {
    const other = await fundedMember(vt.sut, demoAccounts.agent.account, 10_000n);
    const otherSession = await openWalletSession(vt.sut, other.token, vt.nodeId);
    await openWalletSession(vt.sut, vt.playerToken, vt.nodeId);
    expect(await endMemberGameSessions({ db: vt.sut.db, memberId: vt.playerId })).toEqual({ ended: 1 });
    expect((await debit(otherSession, 'd-1', 'r-1', 100)).status).toBe(200);
  });
});
