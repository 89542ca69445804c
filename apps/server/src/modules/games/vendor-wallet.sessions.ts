import { sql } from 'drizzle-orm';
import type { AuthenticateRequest, BalanceRequest, VendorLanguage } from '@khela/contract';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/database.ts';
import {
  fragmentText,
  relaxedCommitRows,
  runBatchable,
  type BatchableStatement,
} from '../../db/batched-statement.ts';
import { executePrepared } from '../../db/prepared.ts';
import { memberDisplayNameSql, platformSessionLiveSql } from '../accounts/session.service.ts';
import { memberPlayBalanceSql } from '../ledger/ledger.service.ts';
import { hashLaunchToken } from './launch.service.ts';
import { minorUnits, ok, vendorError, type VendorReply } from './vendor-wallet.replies.ts';

/** Game sessions as the vendor wallet sees them: the launch token exchange, lookups and sliding. */

export type VendorEnv = Pick<Env, 'GAME_SESSION_IDLE_MINUTES'> &
  Partial<Pick<Env, 'MONEY_BATCH_CONCURRENCY' | 'MONEY_BATCH_SIZE'>>;

/** What every vendor wallet call is given: the database, the settings it reads, who calls, the request. */
export interface VendorCall<Request> {
  db: Database;
  env: VendorEnv;
  vendorCode: string;
  request: Request;
}

/**
 * The token exchange over `calls`, rows of (token_hash, vendor_code, idle_minutes, n): each
 * unused, unexpired token of a live platform session opens its wallet session, answered with the
 * player's name and balance.
 */
function authenticateText(calls: string): string {
  return `
    with c(token_hash, vendor_code, idle_minutes, n) as (${calls}),
    opened as (
      update game_sessions
         set authenticated_at = now(),
             expires_at = now() + make_interval(mins => c.idle_minutes)
        from c
       where game_sessions.token_hash = c.token_hash
         and game_sessions.vendor_code = c.vendor_code
         and game_sessions.authenticated_at is null
         and game_sessions.token_expires_at > now()
         and ${fragmentText(platformSessionLiveSql(sql`game_sessions.platform_session_id`))}
      returning c.n, game_sessions.id, game_sessions.member_id, game_sessions.wallet_kind,
                game_sessions.currency, game_sessions.language)
    select o.n::int as n, o.id::text as session_id, o.member_id, o.currency, o.language,
           ${fragmentText(memberDisplayNameSql(sql`o.member_id`))} as nickname,
           ${fragmentText(memberPlayBalanceSql(sql`o.member_id`, sql`o.wallet_kind`))} as balance
      from opened o`;
}

const authenticateOneRow = 'select $1::text, $2::text, $3::int, 1::bigint';

/** A token exchange: $1 the launch token's hash, $2 the vendor, $3 the wallet session's idle minutes. */
export const authenticateStatement: BatchableStatement = {
  name: 'vendor_authenticate',
  // A crash may lose an exchange: the session is then unauthenticated again, the vendor's next call
  // is refused (no money moves) and the launch token can be exchanged again for the same session,
  // whose id the durable launch keeps for this player. Its commit does not wait for the WAL flush
  // on the pool (relaxedCommitRows).
  text: authenticateText(relaxedCommitRows(authenticateOneRow)),
  batchText: authenticateText(
    relaxedCommitRows('select * from unnest($1::text[], $2::text[], $3::int[]) with ordinality'),
  ),
  strictText: authenticateText(authenticateOneRow),
};

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
  const [row] = await runBatchable<{
    session_id: string;
    member_id: number;
    currency: string;
    language: string;
    nickname: string | null;
    balance: string;
  }>(db, authenticateStatement, [
    hashLaunchToken(request.launchToken),
    vendorCode,
    env.GAME_SESSION_IDLE_MINUTES,
  ]);
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

/**
 * The wallet balance of a live session, in one statement: the session read, its slide (at most once
 * a minute: only when its end is a minute behind) and the balance.
 */
export async function balance({
  db,
  env,
  vendorCode,
  request,
}: VendorCall<BalanceRequest>): Promise<VendorReply> {
  const minutes = env.GAME_SESSION_IDLE_MINUTES;
  const [row] = await executePrepared<{ currency: string; balance: string }>(
    db,
    'vendor_balance',
    sql`
      with live as (
        select s.id, s.member_id, s.wallet_kind, s.currency,
               s.expires_at < now() + make_interval(mins => ${minutes}) - interval '60 seconds' as needs_touch
          from game_sessions s
         where s.id = ${request.sessionId}::bigint and s.vendor_code = ${vendorCode}
           and s.authenticated_at is not null and s.expires_at > now()
           and ${platformSessionLiveSql(sql`s.platform_session_id`)}),
      slid as (
        update game_sessions g set expires_at = now() + make_interval(mins => ${minutes})
          from live where g.id = live.id and live.needs_touch
        returning g.id)
      select live.currency,
             ${memberPlayBalanceSql(sql`live.member_id`, sql`live.wallet_kind`)} as balance
        from live`,
  );
  if (!row) return vendorError('INVALID_TOKEN', 'unknown or expired session');
  return ok({ balance: minorUnits(BigInt(row.balance)), currency: row.currency });
}
