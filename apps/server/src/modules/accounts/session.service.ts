import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { runBatchable, type BatchableStatement } from '../../db/batched-statement.ts';
import type { Env } from '../../config/env.ts';
import { sessions } from './accounts.tables.ts';

/** The sites a member's session is for. Operators have sessions of their own (operator-session.service.ts). */
export type SessionSite = 'member' | 'agent';

/** What a member call's handler knows of the caller (`request.session`): a player, agent or trial. */
export interface SessionInfo {
  sessionId: number;
  memberId: number;
  account: string;
  /** 0 player, 1/2/41/42 agents, 4 trial. */
  type: number;
  site: SessionSite;
  /** The login's password must change first: the session is good for that call only (authorize). */
  passwordChangeRequired: boolean;
  /**
   * An account opened by its upline must set its own payment password (after the password change)
   * before anything else (authorize). Read from the account, so setting it frees every session.
   */
  paymentPasswordSetupRequired: boolean;
}

/**
 * An operator's session ends after at most 15 minutes without a call (issue 15), whatever the
 * members' SESSION_IDLE_MINUTES says.
 */
export const OPERATOR_IDLE_MINUTES_MAX = 15;

export function idleMinutesOf(
  env: Pick<Env, 'SESSION_IDLE_MINUTES'>,
  site: SessionSite | 'operator',
): number {
  return site === 'operator'
    ? Math.min(env.SESSION_IDLE_MINUTES, OPERATOR_IDLE_MINUTES_MAX)
    : env.SESSION_IDLE_MINUTES;
}

type SessionEnv = Pick<Env, 'SESSION_IDLE_MINUTES' | 'SESSION_ABSOLUTE_HOURS'>;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new session: 256 random bits as the token, only its SHA-256 stored. */
export async function createSession({
  db,
  env,
  memberId,
  site,
  ip,
  userAgent,
  passwordChangeRequired = false,
}: {
  db: Database;
  env: SessionEnv;
  memberId: number;
  site: SessionSite;
  ip: string | null;
  userAgent: string | null;
  /** A login whose password must change ('123456', expired, operator's mark). */
  passwordChangeRequired?: boolean;
}): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    memberId,
    site,
    ip,
    userAgent: userAgent?.slice(0, 512) ?? null,
    passwordChangeRequired,
    expiresAt: sql`now() + make_interval(hours => ${env.SESSION_ABSOLUTE_HOURS})`,
  });
  return token;
}

/**
 * The session check's columns, from `sessions s join members m`; the idle limits and the touch
 * interval are given as SQL. A statement that folds the check into its own work (the game launch)
 * selects them too and hands the row to `judgeSessionRow`.
 */
export function sessionCheckColumns(operatorIdle: string, idle: string, touch: string): string {
  return `s.id as session_id, s.member_id, s.site, s.revoked_at is not null as revoked,
    s.password_change_required,
    s.expires_at > now() and s.last_seen_at > now() - make_interval(mins => case when s.site = 'operator'
      then ${operatorIdle} else ${idle} end) as is_live,
    s.last_seen_at < now() - make_interval(secs => ${touch}) as is_stale,
    m.account, m.type, m.role, m.status, m.must_set_payment_password`;
}

/**
 * The condition, on a row of `sessionCheckColumns` named `row`, under which `judgeSessionRow` finds
 * the session valid: a statement that acts for the caller acts only then (and touches only then).
 */
export function sessionValidSql(row: string): string {
  return `(not ${row}.revoked and ${row}.is_live and ${row}.status = 'active'
    and ${row}.role = 'player' and ${row}.site <> 'operator')`;
}

/**
 * The session check inside another module's statement that acts for many callers at once (the
 * games' launch): two CTEs over `calls`, a relation with columns n, session_token_hash,
 * operator_idle, idle and touch — `checked`, one row of `sessionCheckColumns` (and n) per call whose
 * token is known, and `touched`, the idle clock pushed forward on the valid stale ones as
 * `resolveSession` would. The SQL that names accounts' tables stays here, in accounts.
 */
export function sessionCheckCtes(calls: string): string {
  return `checked as (
      select ${calls}.n, ${sessionCheckColumns(`${calls}.operator_idle`, `${calls}.idle`, `${calls}.touch`)}
        from ${calls} join sessions s on s.token_hash = ${calls}.session_token_hash
        join members m on m.id = s.member_id),
    touched as (
      update sessions set last_seen_at = now()
        from checked where sessions.id = checked.session_id and checked.is_stale
         and ${sessionValidSql('checked')})`;
}

/**
 * The session check: $1 the token's hash, $2 the operators' idle minutes, $3 the members', $4 the
 * touch interval in seconds. Planning it once per connection matters (named statement: planning
 * cost PostgreSQL more than running it, 230 µs against 33 µs on the bench).
 */
export const sessionResolveStatement: BatchableStatement = {
  name: 'session_resolve',
  text: `select ${sessionCheckColumns('$2::int', '$3::int', '$4::int')}
    from sessions s join members m on m.id = s.member_id
   where s.token_hash = $1`,
  batchText: `select c.n::int as n, ${sessionCheckColumns('c.operator_idle', 'c.idle', 'c.touch')}
    from unnest($1::text[], $2::int[], $3::int[], $4::int[])
           with ordinality as c(token_hash, operator_idle, idle, touch, n)
    join sessions s on s.token_hash = c.token_hash
    join members m on m.id = s.member_id`,
};

/** A row of `sessionCheckColumns`, as node-pg gives it. */
export interface SessionCheckRow {
  session_id: string | number;
  member_id: string | number;
  /** 'operator' only on rows from before operators had their own sessions (revoked by migration 0031). */
  site: 'member' | 'agent' | 'operator';
  revoked: boolean;
  password_change_required: boolean;
  is_live: boolean;
  is_stale: boolean;
  account: string;
  type: number;
  role: 'player' | 'operator';
  status: string;
  must_set_payment_password: boolean;
}

export type ResolvedSession =
  { state: 'valid'; session: SessionInfo } | { state: 'expired' } | { state: 'unknown' };

/**
 * What a session check's row says: unknown (no row), expired (idle, absolute, revoked, or its
 * account disabled: `sessionValidSql` is the same rule in SQL), or the valid session. A row that is
 * not a player's session is unknown here: an operator's session from before migration 0031, or
 * a member row marked `role = 'operator'` (an operator moved out by 0031, or a forged mark): no
 * member call takes it, and no operator call ever reads this table.
 */
export function judgeSessionRow(found: SessionCheckRow | undefined): ResolvedSession {
  if (!found || found.site === 'operator' || found.role !== 'player') return { state: 'unknown' };
  if (found.revoked || !found.is_live || found.status !== 'active') return { state: 'expired' };
  return {
    state: 'valid',
    session: {
      sessionId: Number(found.session_id),
      memberId: Number(found.member_id),
      account: found.account,
      type: Number(found.type),
      site: found.site,
      passwordChangeRequired: found.password_change_required,
      paymentPasswordSetupRequired: found.must_set_payment_password === true,
    },
  };
}

/** The session check's values after the token's hash: the idle limits and the touch interval. */
export function sessionCheckValues(env: SessionEnv): [number, number, number] {
  return [idleMinutesOf(env, 'operator'), env.SESSION_IDLE_MINUTES, touchSeconds(env)];
}

/**
 * The session of a token. Expired (idle, absolute, revoked, or its account disabled) is told apart
 * from unknown so the web can say "your session has expired". The idle clock is pushed forward at
 * most every `touchSeconds`, so a busy session costs one write a minute, not one per call.
 */
export async function resolveSession({
  db,
  env,
  token,
  touch = true,
}: {
  db: Database;
  env: SessionEnv;
  token: string;
  /** False for checks the person did not cause (a balance push): they must not keep a session alive. */
  touch?: boolean;
}): Promise<ResolvedSession> {
  // One statement per check, grouped with the checks that arrive meanwhile on PostgreSQL
  // (db/batched-statement.ts): every signed-in call runs it.
  const [found] = await runBatchable<SessionCheckRow>(db, sessionResolveStatement, [
    hashToken(token),
    ...sessionCheckValues(env),
  ]);
  const resolved = judgeSessionRow(found);
  if (resolved.state === 'valid' && touch && found?.is_stale) {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(sessions.id, resolved.session.sessionId));
  }
  return resolved;
}

/** How often a busy session's idle clock is pushed forward (members' and operators' alike). */
export function touchSeconds(env: SessionEnv): number {
  return Math.min(60, Math.floor((idleMinutesOf(env, 'operator') * 60) / 4));
}

/** What another module must do when a member's sessions end, done before the revoke returns. */
export type SessionsRevokedHandler = (args: { db: Database; memberId: number }) => Promise<unknown>;

/**
 * The handlers of `revokeMemberSessions`, for the modules that build on accounts (games ends the
 * member's game sessions): accounts imports none of them, the composition root (app.ts, through
 * accountsRoutes' options) hands them in. Process-wide; a handler added twice runs once.
 */
const sessionsRevokedHandlers = new Set<SessionsRevokedHandler>();

export function onMemberSessionsRevoked(handler: SessionsRevokedHandler): void {
  sessionsRevokedHandlers.add(handler);
}

/**
 * Ends every live session of an account (logout, password change or reset, two-step verification
 * switched off, an operator's lock, disable or "end sessions", an agent's disable), and with them
 * the member's game sessions at every vendor, seamless or transfer mode (a handler the games module
 * hands in): a game must not go on betting for a session that is over. The one ending: the
 * self-exclusion, when built, calls it in the transaction that sets the status (docs/accounts.md).
 */
export async function revokeMemberSessions({
  db,
  memberId,
}: {
  db: Database;
  memberId: number;
}): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt)));
  for (const handler of sessionsRevokedHandlers) await handler({ db, memberId });
}

/**
 * An SQL condition, true while the platform session `sessionId` may still spend: not revoked,
 * before its absolute end, and its account active. For the vendor wallet's hot path, which folds
 * it into the one statement it already runs (docs/design.md: round trips cost more than rows) instead
 * of asking this module in a second round trip. The idle clock is left out on purpose: a player
 * busy in a game makes no calls to the site, and the game session keeps its own idle clock.
 */
export function platformSessionLiveSql(sessionId: SQL): SQL {
  // The same condition is written once more in SQL, in vendor_money_call (drizzle/0014).
  return sql`exists (
    select 1 from sessions ps join members pm on pm.id = ps.member_id
     where ps.id = ${sessionId} and ps.revoked_at is null and ps.expires_at > now()
       and pm.status = 'active')`;
}

/** An SQL expression: the name a vendor shows for member `memberId` (nickname, else the account). */
export function memberDisplayNameSql(memberId: SQL): SQL {
  return sql`(select coalesce(nullif(m.nickname, ''), m.account) from members m where m.id = ${memberId})`;
}

/**
 * The account's last logins, newest first: the sessions it opened (a login, a registration, a
 * password change's new token), with the address and browser they came from, whether each is the
 * caller's and whether it is still usable (memberLoginHistory, "My account").
 */
export async function loginHistory({
  db,
  env,
  memberId,
  currentSessionId,
  limit = 20,
}: {
  db: Database;
  env: SessionEnv;
  memberId: number;
  currentSessionId: number;
  limit?: number;
}): Promise<
  {
    at: number;
    ip: string | null;
    device: string | null;
    site: SessionSite;
    current: boolean;
    active: boolean;
  }[]
> {
  const rows = await db
    .select({
      id: sessions.id,
      at: sessions.createdAt,
      ip: sessions.ip,
      device: sessions.userAgent,
      site: sessions.site,
      active: sql<boolean>`${sessions.revokedAt} is null and ${sessions.expiresAt} > now()
        and ${sessions.lastSeenAt} > now() - make_interval(mins => ${env.SESSION_IDLE_MINUTES})`,
    })
    .from(sessions)
    .where(and(eq(sessions.memberId, memberId), sql`${sessions.site} <> 'operator'`))
    .orderBy(sql`${sessions.createdAt} desc, ${sessions.id} desc`)
    .limit(limit);
  return rows.map((row) => ({
    at: row.at.getTime(),
    ip: row.ip,
    device: row.device,
    site: row.site === 'agent' ? 'agent' : 'member',
    current: row.id === currentSessionId,
    active: row.active,
  }));
}
