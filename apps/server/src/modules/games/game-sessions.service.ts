import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { gameSessions } from './games.tables.ts';

/**
 * Ends every game session of a member at every vendor: the launch tokens not yet exchanged die and
 * the wallet sessions expire now, so the protocol's session check refuses the next `balance` and
 * `debit` with INVALID_TOKEN ("unknown or expired session"). Rounds already open still settle:
 * `credit` and `rollback` need only a session that existed (docs/vendor-protocol.md, Sessions).
 *
 * Accounts runs this (handed in by app.ts) through revokeMemberSessions whenever a member's sessions
 * end: logout, password change or reset, two-step verification switched off, an operator's lock,
 * disable or "end sessions", an agent's disable, and the self-exclusion once it exists. Debits also
 * check the launching platform session and the account's status themselves, so an account disabled
 * straight in the database stops too. A transfer-mode vendor asks `balance` before each bet for the
 * same check (docs/vendor-protocol.md, Transfer mode), so its games end here too.
 */
export async function endMemberGameSessions({
  db,
  memberId,
}: {
  db: Database;
  memberId: number;
}): Promise<{ ended: number }> {
  const ended = await db
    .update(gameSessions)
    .set({
      expiresAt: sql`now()`,
      tokenExpiresAt: sql`least(${gameSessions.tokenExpiresAt}, now())`,
    })
    .where(
      and(
        eq(gameSessions.memberId, memberId),
        sql`${gameSessions.expiresAt} > now()`,
        // Only a game launched from a platform session not yet at its absolute end can still play
        // (platformSessionLiveSql), and it was launched after that session began: the bound keeps
        // this a short range of game_sessions_recent_idx however many games the member launched.
        // No such session: nothing to end (null bound, no row).
        sql`${gameSessions.launchedAt} >= (
          select min(s.created_at) from accounts_sessions s where s.member_id = ${memberId} and s.expires_at > now())`,
      ),
    )
    .returning({ id: gameSessions.id });
  return { ended: ended.length };
}
