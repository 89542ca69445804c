import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { recordOperatorChange } from '../audit/audit.service.ts';
import { members, sessions, type MemberStatus } from './accounts.tables.ts';
import { revokeMemberSessions } from './session.service.ts';

/**
 * What the back office asks of accounts about members (issue 15, players and agents): search,
 * a member's profile, upline and sessions, and the operator's status changes. Accounts owns the
 * members and sessions tables; the back office's players module reads and writes them only here.
 * Operators are never found nor changed here (they have their own calls).
 */

export type SearchKind = 'username' | 'mobile' | 'id' | 'ip';

export interface MemberRow {
  id: number;
  account: string;
  nickname: string;
  type: number;
  status: MemberStatus;
  mobile: string | null;
  createdAt: Date;
  lastLoginAt: Date | null;
}

export interface MemberProfileRow extends MemberRow {
  email: string | null;
  payeeName: string | null;
  registerIp: string | null;
  registerMethod: string | null;
  registerDomain: string | null;
  labels: string[];
  twoFactorOn: boolean;
  statusReason: string | null;
  statusChangedAt: Date | null;
  uplineId: number | null;
}

const rowColumns = {
  id: members.id,
  account: members.account,
  nickname: members.nickname,
  type: members.type,
  status: members.status,
  mobile: members.mobile,
  createdAt: members.createdAt,
  lastLoginAt: members.lastLoginAt,
};

function likePrefix(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** A member (not an operator) found by the search's kind; null when the text cannot match that kind. */
function searchCondition(by: SearchKind, q: string): SQL | null {
  const text = q.trim();
  switch (by) {
    case 'username':
      return sql`lower(${members.account}) like ${`${likePrefix(text.toLowerCase())}%`}`;
    case 'mobile': {
      const digits = text.replace(/[^0-9]/g, '');
      if (!digits) return null;
      return sql`${members.mobile} like ${`%${digits}%`}`;
    }
    case 'id': {
      if (!/^[0-9]{1,10}$/.test(text) || Number(text) > 2_147_483_647) return null;
      return eq(members.id, Number(text));
    }
    case 'ip':
      return sql`(${members.registerIp} = ${text} or exists (
        select 1 from ${sessions} s where s.member_id = ${members.id} and s.ip = ${text}))`;
  }
}

/** Members (never operators) matching a search, newest first, paged. */
export async function searchMembers(
  db: Database,
  query: { by: SearchKind; q: string; page: number; pageSize: number },
): Promise<{ rows: MemberRow[]; total: number }> {
  const condition = searchCondition(query.by, query.q);
  if (!condition) return { rows: [], total: 0 };
  const where = and(eq(members.role, 'player'), condition);
  const [total] = await db.select({ total: count() }).from(members).where(where);
  const rows = await db
    .select(rowColumns)
    .from(members)
    .where(where)
    .orderBy(desc(members.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { rows, total: Number(total?.total ?? 0) };
}

/** A member's profile (not an operator's), or NOT_FOUND. */
export async function getMemberProfile(db: Database, memberId: number): Promise<MemberProfileRow> {
  const [row] = await db
    .select({
      ...rowColumns,
      email: members.email,
      payeeName: members.payeeName,
      registerIp: members.registerIp,
      registerMethod: members.registerMethod,
      registerDomain: members.registerDomain,
      labels: members.memberLabels,
      twoFactorOn: sql<boolean>`${members.totpSecret} is not null`,
      statusReason: members.statusReason,
      statusChangedAt: members.statusChangedAt,
      uplineId: members.uplineId,
    })
    .from(members)
    .where(and(eq(members.id, memberId), eq(members.role, 'player')));
  if (!row) throw new AppError('NOT_FOUND', { issues: [{ field: 'id', reason: 'no such member' }] });
  return row;
}

/** The chain of uplines of a member, from the direct upline to the top (at most 50 levels). */
export async function uplineChainOf(
  db: Database,
  memberId: number,
): Promise<{ id: number; account: string; type: number }[]> {
  const result = await db.execute(sql`
    with recursive chain(id, account, type, upline_id, depth) as (
      select m.id, m.account, m.type, m.upline_id, 0 from members m where m.id = ${memberId}
      union all
      select u.id, u.account, u.type, u.upline_id, c.depth + 1
        from members u join chain c on u.id = c.upline_id
       where c.depth < 50
    )
    select id, account, type from chain where depth > 0 order by depth`);
  const rows = (
    result as unknown as { rows: { id: number | string; account: string; type: number | string }[] }
  ).rows;
  return rows.map((row) => ({ id: Number(row.id), account: row.account, type: Number(row.type) }));
}

export interface MemberSessionRow {
  id: number;
  site: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  endedAt: Date | null;
  live: boolean;
}

/** A member's sessions (each one a login), newest first, paged. */
export async function listMemberSessions(
  db: Database,
  query: { memberId: number; page: number; pageSize: number; idleMinutes: number },
): Promise<{ rows: MemberSessionRow[]; total: number }> {
  const where = eq(sessions.memberId, query.memberId);
  const [total] = await db.select({ total: count() }).from(sessions).where(where);
  const rows = await db
    .select({
      id: sessions.id,
      site: sessions.site,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      endedAt: sql<Date | null>`case
        when ${sessions.revokedAt} is not null then ${sessions.revokedAt}
        when ${sessions.expiresAt} <= now() then ${sessions.expiresAt}
        when ${sessions.lastSeenAt} <= now() - make_interval(mins => ${query.idleMinutes}::int)
          then ${sessions.lastSeenAt} + make_interval(mins => ${query.idleMinutes}::int)
        else null end`.mapWith(sessions.revokedAt),
    })
    .from(sessions)
    .where(where)
    .orderBy(desc(sessions.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    rows: rows.map((row) => ({ ...row, live: row.endedAt === null })),
    total: Number(total?.total ?? 0),
  };
}

/**
 * How many sessions of the member may still be used (not revoked, before their end); with
 * `idleMinutes`, only those also used within that many minutes.
 */
export async function countLiveSessions(
  db: Database,
  memberId: number,
  idleMinutes?: number,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(sessions)
    .where(
      and(
        eq(sessions.memberId, memberId),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > now()`,
        idleMinutes === undefined
          ? undefined
          : sql`${sessions.lastSeenAt} > now() - make_interval(mins => ${idleMinutes}::int)`,
      ),
    );
  return Number(row?.total ?? 0);
}

async function findPlayerForUpdate(db: Database, memberId: number) {
  const [row] = await db
    .select({
      id: members.id,
      account: members.account,
      role: members.role,
      status: members.status,
      statusReason: members.statusReason,
      statusChangedAt: members.statusChangedAt,
    })
    .from(members)
    .where(eq(members.id, memberId))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', { issues: [{ field: 'id', reason: 'no such member' }] });
  if (row.role === 'operator') {
    throw new AppError('CONFLICT', { issues: [{ field: 'id', reason: 'an operator, not a member' }] });
  }
  return row;
}

/**
 * An operator's status change of a member (lock, disable, reactivate) with a reason. Any status
 * but active ends every web session and every game session of the member in the same transaction
 * (revokeMemberSessions), so the next bet of a game already open is refused. A self-exclusion is
 * the player's own: an operator cannot lift it. Operators are refused as targets. The change is
 * recorded in the operators' audit trail with the state before and after, in the same transaction.
 */
export async function setMemberStatusByOperator(
  db: Database,
  request: FastifyRequest,
  body: { memberId: number; status: 'active' | 'locked' | 'disabled'; reason: string },
) {
  return db.transaction(async (tx) => {
    const before = await findPlayerForUpdate(tx, body.memberId);
    if (before.status === 'self_excluded' && body.status === 'active') {
      throw new AppError('CONFLICT', {
        issues: [{ field: 'status', reason: 'self-excluded by the player: cannot be lifted here' }],
      });
    }
    const [after] = await tx
      .update(members)
      .set({ status: body.status, statusReason: body.reason, statusChangedAt: sql`now()` })
      .where(eq(members.id, body.memberId))
      .returning({
        id: members.id,
        status: members.status,
        statusReason: members.statusReason,
        statusChangedAt: members.statusChangedAt,
      });
    if (!after) throw new Error('member not updated');
    let sessionsEnded = 0;
    if (body.status !== 'active') {
      sessionsEnded = await countLiveSessions(tx, body.memberId);
      await revokeMemberSessions({ db: tx, memberId: body.memberId });
    }
    await recordOperatorChange(tx, request, {
      targetKind: 'member',
      targetId: before.id,
      reason: body.reason,
      before: { account: before.account, status: before.status, statusReason: before.statusReason },
      after: {
        account: before.account,
        status: after.status,
        statusReason: after.statusReason,
        sessionsEnded,
      },
    });
    return after;
  });
}

/** Ends every web and game session of a member (an operator's action), audited in the same transaction. */
export async function endMemberSessionsByOperator(
  db: Database,
  request: FastifyRequest,
  body: { memberId: number; reason?: string | undefined },
): Promise<{ ended: number }> {
  return db.transaction(async (tx) => {
    const member = await findPlayerForUpdate(tx, body.memberId);
    const ended = await countLiveSessions(tx, body.memberId);
    await revokeMemberSessions({ db: tx, memberId: body.memberId });
    await recordOperatorChange(tx, request, {
      targetKind: 'member',
      targetId: member.id,
      reason: body.reason ?? null,
      before: { account: member.account, liveSessions: ended },
      after: { account: member.account, liveSessions: 0 },
    });
    return { ended };
  });
}

/** Whether a member (not an operator) of this id exists. */
export async function memberExists(db: Database, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, memberId), eq(members.role, 'player')));
  return Boolean(row);
}
