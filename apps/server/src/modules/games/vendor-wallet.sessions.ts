import { and, eq, sql } from 'drizzle-orm';
import type { AuthenticateRequest, BalanceRequest, VendorLanguage } from '@khela/contract';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/database.ts';
import { memberDisplayNameSql, platformSessionLiveSql } from '../accounts/session.service.ts';
import { memberBalanceSql, rowsOf } from '../ledger/ledger.service.ts';
import { gameSessions } from './games.tables.ts';
import { hashLaunchToken } from './launch.service.ts';
import { balanceOf, type WalletOf } from './vendor-wallet.ledger.ts';
import { minorUnits, ok, vendorError, type VendorReply } from './vendor-wallet.replies.ts';

/** Game sessions as the vendor wallet sees them: the launch token exchange, lookups and sliding. */

export type VendorEnv = Pick<Env, 'GAME_SESSION_IDLE_MINUTES'>;

/** What every vendor wallet call is given: the database, the settings it reads, who calls, the request. */
export interface VendorCall<Request> {
  db: Database;
  env: VendorEnv;
  vendorCode: string;
  request: Request;
}

export interface WalletSession extends WalletOf {
  sessionId: number;
  gameCode: string;
  language: string;
  isLive: boolean;
  /** Live, and its end is more than a minute behind "idle minutes from now": worth a write. */
  needsTouch: boolean;
}

/** The platform session that launched the game is still live (and its account active). */
const launchingSessionLive = platformSessionLiveSql(sql`${gameSessions.platformSessionId}`);

export async function findSession(
  db: Database,
  env: VendorEnv,
  vendorCode: string,
  sessionId: string,
): Promise<WalletSession | null> {
  const minutes = env.GAME_SESSION_IDLE_MINUTES;
  const [row] = await db
    .select({
      sessionId: gameSessions.id,
      memberId: gameSessions.memberId,
      walletKind: gameSessions.walletKind,
      currency: gameSessions.currency,
      gameCode: gameSessions.gameCode,
      language: gameSessions.language,
      authenticatedAt: gameSessions.authenticatedAt,
      isLive: sql<boolean>`${gameSessions.expiresAt} > now() and ${launchingSessionLive}`,
      needsTouch: sql<boolean>`${gameSessions.expiresAt} > now() and
        ${gameSessions.expiresAt} < now() + make_interval(mins => ${minutes}) - interval '60 seconds'`,
    })
    .from(gameSessions)
    .where(and(eq(gameSessions.id, Number(sessionId)), eq(gameSessions.vendorCode, vendorCode)));
  if (!row || row.authenticatedAt === null) return null;
  return {
    sessionId: row.sessionId,
    memberId: row.memberId,
    walletKind: row.walletKind,
    currency: row.currency,
    gameCode: row.gameCode,
    language: row.language,
    isLive: row.isLive,
    needsTouch: row.needsTouch,
  };
}

/**
 * Slides a live session's end to GAME_SESSION_IDLE_MINUTES from now. Written at most once a
 * minute per session (callers ask only when `needsTouch`), outside the money transaction.
 */
export async function touchSession(db: Database, env: VendorEnv, sessionId: number): Promise<void> {
  const minutes = env.GAME_SESSION_IDLE_MINUTES;
  await db
    .update(gameSessions)
    .set({ expiresAt: sql`now() + make_interval(mins => ${minutes})` })
    .where(
      and(
        eq(gameSessions.id, sessionId),
        sql`${gameSessions.expiresAt} > now()`,
        sql`${gameSessions.expiresAt} < now() + make_interval(mins => ${minutes}) - interval '60 seconds'`,
      ),
    );
}

/**
 * Exchanges a launch token for a wallet session in one statement (one round trip): the session row
 * opened, the player's name and balance read with it. Of two racing exchanges exactly one gets the
 * row. A launch from a platform session that ended since (logout, password change, the account
 * disabled) opens nothing.
 */
export async function authenticate({
  db,
  env,
  vendorCode,
  request,
}: VendorCall<AuthenticateRequest>): Promise<VendorReply> {
  const [row] = rowsOf<{
    session_id: string;
    member_id: number;
    currency: string;
    language: string;
    nickname: string | null;
    balance: string;
  }>(
    await db.execute(sql`
      with opened as (
        update game_sessions
           set authenticated_at = now(),
               expires_at = now() + make_interval(mins => ${env.GAME_SESSION_IDLE_MINUTES})
         where token_hash = ${hashLaunchToken(request.launchToken)}
           and vendor_code = ${vendorCode}
           and authenticated_at is null
           and token_expires_at > now()
           and ${platformSessionLiveSql(sql`game_sessions.platform_session_id`)}
        returning id, member_id, wallet_kind, currency, language)
      select o.id::text as session_id, o.member_id, o.currency, o.language,
             ${memberDisplayNameSql(sql`o.member_id`)} as nickname,
             ${memberBalanceSql(sql`'member:' || o.member_id || ':' || o.wallet_kind`)} as balance
        from opened o`),
  );
  if (!row) return vendorError('INVALID_TOKEN', 'unknown, used or expired launch token');
  return ok({
    sessionId: row.session_id,
    playerId: String(row.member_id),
    nickname: row.nickname ?? String(row.member_id),
    currency: row.currency,
    balance: minorUnits(BigInt(row.balance)),
    language: row.language as VendorLanguage,
  });
}

export async function balance({
  db,
  env,
  vendorCode,
  request,
}: VendorCall<BalanceRequest>): Promise<VendorReply> {
  const session = await findSession(db, env, vendorCode, request.sessionId);
  if (!session?.isLive) return vendorError('INVALID_TOKEN', 'unknown or expired session');
  const amount = await balanceOf(db, session);
  if (session.needsTouch) await touchSession(db, env, session.sessionId);
  return ok({ balance: minorUnits(amount), currency: session.currency });
}
