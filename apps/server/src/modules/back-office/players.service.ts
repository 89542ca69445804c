import { count, desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  isAgentType,
  type MemberKind,
  type PlayerActivity,
  type PlayerActivityKind,
  type PlayerDetail,
  type PlayerNote,
  type PlayerSummary,
  type BalanceValue,
} from '@khela/contract';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import {
  countLiveSessions,
  getMemberProfile,
  listMemberSessions,
  memberExists,
  searchMembers,
  uplineChainOf,
  type MemberRow,
  type SearchKind,
} from '../accounts/member-admin.service.ts';
import { operatorOf } from '../accounts/authorize.ts';
import { idleMinutesOf } from '../accounts/session.service.ts';
import { agentOverviewForOperator } from '../agents/player-admin.service.ts';
import { recordOperatorChange } from '../audit/audit.service.ts';
import { getDepositLimits } from '../deposits/deposits.service.ts';
import { rankLevelOf } from '../vip/vip.service.ts';
import { countMemberDeposits, listMemberDepositsForOperator } from '../deposits/player-admin.service.ts';
import { countMemberRounds, listMemberRoundsForOperator } from '../games/player-admin.service.ts';
import type { SiteSettings } from '../settings/settings.schema.ts';
import { getWalletBalance, getWalletBalances, listAccountRecord } from '../wallet/wallet.service.ts';
import {
  countMemberWithdrawals,
  listMemberWithdrawalsForOperator,
} from '../withdrawals/player-admin.service.ts';
import { memberNotes } from './players.tables.ts';

/** The back office's players and agents (issue 15): reads through the owning modules' services. */

type Money = Pick<SiteSettings, 'currency' | 'currencyPrecision'>;

export function kindOf(type: number): MemberKind {
  if (type === 4) return 'trial';
  return isAgentType(type) ? 'agent' : 'player';
}

function summaryOf(row: MemberRow, balance: BalanceValue): PlayerSummary {
  return {
    id: row.id,
    account: row.account,
    nickname: row.nickname,
    type: row.type,
    kind: kindOf(row.type),
    status: row.status,
    mobile: row.mobile,
    registeredAt: row.createdAt.getTime(),
    lastLoginAt: row.lastLoginAt?.getTime() ?? null,
    balance: balance.sumBalance,
    currency: balance.currency,
  };
}

export async function searchPlayers(
  db: Database,
  money: Money,
  query: { by: SearchKind; q: string; page: number; pageSize: number },
) {
  const { rows, total } = await searchMembers(db, query);
  // One read of the page's wallets, not one per row.
  const balances = await getWalletBalances(db, money, rows);
  const items = rows.map((row) => summaryOf(row, balances.get(row.id)!));
  return { items, total, page: query.page, pageSize: query.pageSize };
}

async function countNotes(db: Database, memberId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(memberNotes)
    .where(eq(memberNotes.memberId, memberId));
  return Number(row?.total ?? 0);
}

export async function playerDetail(
  db: Database,
  env: Pick<Env, 'SESSION_IDLE_MINUTES'>,
  money: Money,
  memberId: number,
): Promise<PlayerDetail> {
  const profile = await getMemberProfile(db, memberId);
  const balance = await getWalletBalance({ db, money, memberId, memberType: profile.type });
  const summary = summaryOf(profile, balance);
  const deposit = await getDepositLimits(db, { memberId, precision: money.currencyPrecision });
  return {
    profile: {
      ...summary,
      email: profile.email,
      payeeName: profile.payeeName,
      registerIp: profile.registerIp,
      registerMethod: profile.registerMethod,
      registerDomain: profile.registerDomain,
      rankLevel: await rankLevelOf(db, memberId),
      labels: profile.labels,
      twoFactorOn: profile.twoFactorOn,
      statusReason: profile.statusReason,
      statusChangedAt: profile.statusChangedAt?.getTime() ?? null,
    },
    balance: {
      sumBalance: balance.sumBalance,
      totalBalance: balance.totalBalance,
      gameWallets: balance.gameWallets,
      held: balance.held,
      currency: balance.currency,
      wallets: balance.wallets,
    },
    limits: { deposit },
    upline: await uplineChainOf(db, memberId),
    agent: isAgentType(profile.type) ? await agentOverviewForOperator(db, memberId) : null,
    counts: {
      deposits: await countMemberDeposits(db, memberId),
      withdrawals: await countMemberWithdrawals(db, memberId),
      rounds: await countMemberRounds(db, memberId),
      liveSessions: await countLiveSessions(db, memberId, idleMinutesOf(env, 'member')),
      notes: await countNotes(db, memberId),
    },
  };
}

async function requireMember(db: Database, memberId: number): Promise<void> {
  if (!(await memberExists(db, memberId))) {
    throw new AppError('NOT_FOUND', { issues: [{ field: 'id', reason: 'no such member' }] });
  }
}

export async function playerActivity(
  db: Database,
  env: Pick<Env, 'SESSION_IDLE_MINUTES'>,
  money: Money,
  query: { id: number; kind: PlayerActivityKind; page: number; pageSize: number },
): Promise<PlayerActivity> {
  await requireMember(db, query.id);
  const paging = { page: query.page, pageSize: query.pageSize };
  const list = { memberId: query.id, ...paging, precision: money.currencyPrecision };
  switch (query.kind) {
    case 'sessions':
    case 'logins': {
      const { rows, total } = await listMemberSessions(db, {
        memberId: query.id,
        ...paging,
        idleMinutes: idleMinutesOf(env, 'member'),
      });
      if (query.kind === 'logins') {
        return {
          kind: 'logins',
          total,
          ...paging,
          items: rows.map((row) => ({
            at: row.createdAt.getTime(),
            site: row.site,
            ip: row.ip,
            userAgent: row.userAgent,
          })),
        };
      }
      return {
        kind: 'sessions',
        total,
        ...paging,
        items: rows.map((row) => ({
          id: row.id,
          site: row.site,
          ip: row.ip,
          userAgent: row.userAgent,
          createdAt: row.createdAt.getTime(),
          lastSeenAt: row.lastSeenAt.getTime(),
          endedAt: row.endedAt?.getTime() ?? null,
          live: row.live,
        })),
      };
    }
    case 'deposits':
      return { kind: 'deposits', ...paging, ...(await listMemberDepositsForOperator(db, list)) };
    case 'withdrawals':
      return { kind: 'withdrawals', ...paging, ...(await listMemberWithdrawalsForOperator(db, list)) };
    case 'rounds':
      return { kind: 'rounds', ...paging, ...(await listMemberRoundsForOperator(db, list)) };
    case 'bonuses': {
      const record = await listAccountRecord({
        db,
        memberId: query.id,
        query: { type: 'bonus', pageNo: query.page, pageSize: query.pageSize },
      });
      return {
        kind: 'bonuses',
        ...paging,
        total: record.total,
        items: record.list.map((line) => ({
          entryId: line.entryId,
          at: line.time,
          wallet: line.wallet,
          amount: line.amount,
          balanceAfter: line.balanceAfter,
          remark: line.remark,
        })),
      };
    }
  }
}

function noteOf(row: typeof memberNotes.$inferSelect): PlayerNote {
  return { id: row.id, at: row.createdAt.getTime(), operator: row.operator, text: row.text };
}

export async function listPlayerNotes(db: Database, memberId: number): Promise<PlayerNote[]> {
  await requireMember(db, memberId);
  const rows = await db
    .select()
    .from(memberNotes)
    .where(eq(memberNotes.memberId, memberId))
    .orderBy(desc(memberNotes.id))
    .limit(500);
  return rows.map(noteOf);
}

export async function addPlayerNote(
  db: Database,
  request: FastifyRequest,
  body: { id: number; text: string },
): Promise<PlayerNote> {
  await requireMember(db, body.id);
  const session = operatorOf(request);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(memberNotes)
      .values({
        memberId: body.id,
        operatorId: session.operatorId,
        operator: session.account,
        text: body.text,
      })
      .returning();
    if (!row) throw new Error('note not inserted');
    await recordOperatorChange(tx, request, {
      action: 'operatorPlayerAddNote',
      targetKind: 'member',
      targetId: body.id,
      before: null,
      after: { noteId: row.id, text: row.text },
    });
    return noteOf(row);
  });
}
