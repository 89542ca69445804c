import { sql, type SQL } from 'drizzle-orm';
import { accountTypes, agentTypes, type Downline, type TeamOverviewValue } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { formatAmount } from '../ledger/money.ts';
import { addDays, dayKey } from '@khela/contract/business-day';
import { brandDayOf, profitPeriod } from '../games/records.service.ts';
import type { SiteSettings } from '../settings/settings.schema.ts';

/**
 * The agent's team (issue 14, COMMON rules): the agent and every account below them, read through
 * the closure table `member_tree` (ancestor_id, descendant_id is its primary key, so "the team of
 * X" is one index range). Every lookup by username or id goes through `findInTeam`: outside the
 * team answers NOT_FOUND exactly like an account that does not exist.
 *
 * The members, ledger, rounds, deposits and withdrawals belong to other modules; the team reports
 * read them in SQL joins through the views those modules publish (accounts_members, ledger_wallets,
 * member_rounds, deposits_orders, withdrawals_requests: one statement per figure, not one call per
 * account), never their tables, and never write.
 */

/** The brand's money, and its business days (settings timeZone): what the team figures are cut by. */
export interface Money {
  currency: string;
  precision: number;
  timeZone: string;
}

export const moneyOf = (
  settings: Pick<SiteSettings, 'currency' | 'currencyPrecision' | 'timeZone'>,
): Money => ({
  currency: settings.currency,
  precision: settings.currencyPrecision,
  timeZone: settings.timeZone,
});

const agentTypeList = sql.raw(agentTypes.join(', '));
const trialType = sql.raw(String(accountTypes.trial));
/** The brand's day (YYYY-MM-DD) of a timestamp: the same expression in SELECT and GROUP BY. */
export const dayOf = (column: SQL, money: Pick<Money, 'timeZone'>) => brandDayOf(column, money.timeZone);

/** The ids of `rootId`'s team (itself included), as a subquery. */
export const teamIds = (rootId: number) =>
  sql`(select descendant_id from member_tree where ancestor_id = ${rootId})`;

export function notInTeam(field = 'username'): AppError {
  return new AppError('NOT_FOUND', { issues: [{ field, reason: 'not in your team' }] });
}

/** Downline rows as the contract shows them: `where` picks among the caller's team (`t`, `m`). */
async function selectDownlines(
  db: Database,
  { agentId, money, where, order, limit, offset }: DownlineQuery,
): Promise<Downline[]> {
  const rows = rowsOf<{
    id: string;
    account: string;
    nickname: string;
    type: number;
    status: 'active' | 'disabled';
    level: number;
    upline: string;
    direct_count: number;
    team_size: number;
    balance: string;
    created_at: string;
    last_login_at: string | null;
  }>(
    await db.execute(sql`
      select m.id::text as id, m.account, m.nickname, m.type::int as type, m.status, t.depth::int as level,
             coalesce(u.account, '') as upline,
             (select count(*) from accounts_members c where c.upline_id = m.id)::int as direct_count,
             (select count(*) from member_tree s where s.ancestor_id = m.id and s.depth > 0)::int as team_size,
             coalesce((select sum(a.balance) from ledger_wallets a
                        where a.owner_member_id = m.id and a.kind = 'main' and a.currency = ${money.currency}), 0)::text
               as balance,
             floor(extract(epoch from m.created_at) * 1000)::text as created_at,
             floor(extract(epoch from m.last_login_at) * 1000)::text as last_login_at
        from member_tree t
        join accounts_members m on m.id = t.descendant_id
        left join accounts_members u on u.id = m.upline_id
       where t.ancestor_id = ${agentId} and ${where}
       order by ${order ?? sql`t.depth, lower(m.account)`}
       limit ${limit ?? 1} offset ${offset ?? 0}`),
  );
  return rows.map((row) => ({
    id: Number(row.id),
    account: row.account,
    nickname: row.nickname,
    type: row.type,
    status: row.status,
    level: row.level,
    upline: row.upline,
    directCount: row.direct_count,
    teamSize: row.team_size,
    balance: formatAmount(BigInt(row.balance), money.precision),
    createdAt: Number(row.created_at),
    lastLoginAt: row.last_login_at === null ? null : Number(row.last_login_at),
  }));
}

interface DownlineQuery {
  agentId: number;
  money: Money;
  where: SQL;
  order?: SQL;
  limit?: number;
  offset?: number;
}

/**
 * An account of the agent's team by username (any case), as a downline row; `self` lets the agent
 * themselves be found (depth 0). Null when it does not exist or is outside the team.
 */
export async function findInTeam(
  db: Database,
  {
    agentId,
    username,
    money,
    self = false,
  }: { agentId: number; username: string; money: Money; self?: boolean },
): Promise<Downline | null> {
  const [row] = await selectDownlines(db, {
    agentId,
    money,
    where: sql`lower(m.account) = lower(${username.trim()}) and t.depth >= ${self ? 0 : 1}`,
  });
  return row ?? null;
}

/** A downline of the team by id (after a change), or null. */
export async function downlineById(
  db: Database,
  { agentId, memberId, money }: { agentId: number; memberId: number; money: Money },
): Promise<Downline | null> {
  const [row] = await selectDownlines(db, {
    agentId,
    money,
    where: sql`m.id = ${memberId} and t.depth >= 1`,
  });
  return row ?? null;
}

/** The accounts from the agent down to `memberId` (the agent first): breadcrumbs. */
export async function pathTo(db: Database, { agentId, memberId }: { agentId: number; memberId: number }) {
  const rows = rowsOf<{ account: string }>(
    await db.execute(sql`
      select m.account from member_tree t join accounts_members m on m.id = t.ancestor_id
       where t.descendant_id = ${memberId}
         and t.depth <= (select depth from member_tree where ancestor_id = ${agentId} and descendant_id = ${memberId})
       order by t.depth desc`),
  );
  return rows.map((row) => row.account);
}

export interface DownlineFilter {
  parent?: string | undefined;
  username?: string | undefined;
  kind?: 'member' | 'agent' | undefined;
  status?: 'active' | 'disabled' | undefined;
  pageNo: number;
  pageSize: number;
}

const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * Team management: the direct downlines of `parent` (the caller by default, else an account of the
 * team), or, with `username`, every account of the team whose name starts with it.
 */
export async function listDownlines(
  db: Database,
  {
    agentId,
    agentAccount,
    money,
    filter,
  }: { agentId: number; agentAccount: string; money: Money; filter: DownlineFilter },
) {
  let scope: SQL;
  let path = [agentAccount];
  if (filter.username) {
    scope = sql`t.depth >= 1 and lower(m.account) like lower(${likePrefix(filter.username.trim())})`;
  } else if (filter.parent) {
    const parent = await findInTeam(db, { agentId, username: filter.parent, money, self: true });
    if (!parent) throw notInTeam('parent');
    scope = sql`m.upline_id = ${parent.id} and t.depth >= 1`;
    path = await pathTo(db, { agentId, memberId: parent.id });
  } else {
    scope = sql`t.depth = 1`;
  }
  const conditions = [scope];
  if (filter.kind === 'agent') conditions.push(sql`m.type in (${agentTypeList})`);
  if (filter.kind === 'member') conditions.push(sql`m.type not in (${agentTypeList})`);
  if (filter.status) conditions.push(sql`m.status = ${filter.status}`);
  const where = sql.join(conditions, sql` and `);
  const [counted] = rowsOf<{ total: number }>(
    await db.execute(sql`
      select count(*)::int as total from member_tree t join accounts_members m on m.id = t.descendant_id
       where t.ancestor_id = ${agentId} and ${where}`),
  );
  const total = counted?.total ?? 0;
  const list =
    total === 0
      ? []
      : await selectDownlines(db, {
          agentId,
          money,
          where,
          limit: filter.pageSize,
          offset: (filter.pageNo - 1) * filter.pageSize,
        });
  return {
    list,
    path,
    total,
    totalPages: Math.ceil(total / filter.pageSize),
    pageNo: filter.pageNo,
    pageSize: filter.pageSize,
  };
}

type TeamFigures = TeamOverviewValue['totals'];

interface FigureSums {
  newMembers: number;
  activeMembers: number;
  firstDeposits: number;
  deposits: bigint;
  withdrawals: bigint;
  bet: bigint;
  win: bigint;
}

const noFigures = (): FigureSums => ({
  newMembers: 0,
  activeMembers: 0,
  firstDeposits: 0,
  deposits: 0n,
  withdrawals: 0n,
  bet: 0n,
  win: 0n,
});

function figuresOf(sums: FigureSums, precision: number): TeamFigures {
  return {
    newMembers: sums.newMembers,
    activeMembers: sums.activeMembers,
    firstDeposits: sums.firstDeposits,
    deposits: formatAmount(sums.deposits, precision),
    withdrawals: formatAmount(sums.withdrawals, precision),
    bet: formatAmount(sums.bet, precision),
    win: formatAmount(sums.win, precision),
    profit: formatAmount(sums.win - sums.bet, precision),
  };
}

/** The brand's days a period touches, oldest first. */
export function daysOf(period: { from: number; to: number }, zone: string): string[] {
  const days: string[] = [];
  if (period.to <= period.from) return days;
  const last = dayKey(period.to - 1, zone);
  for (let day = dayKey(period.from, zone); day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * The figures of `rootId`'s team (itself included; trial accounts never count) in the period, per
 * UTC day and in total: valid betting and wins (settled main-wallet rounds, by settlement time),
 * active members (valid betting > 0), approved deposits (by decision time) and first deposits,
 * withdrawals paid out (by disbursement, less what was refunded), new accounts (by creation).
 */
export async function teamFigures(
  db: Database,
  { rootId, period, money }: { rootId: number; period: { from: number; to: number }; money: Money },
): Promise<{ totals: TeamFigures; days: (TeamFigures & { day: string })[] }> {
  const from = new Date(period.from);
  const to = new Date(period.to);
  const team = sql`(select t.descendant_id from member_tree t join accounts_members m on m.id = t.descendant_id
                     where t.ancestor_id = ${rootId} and m.type <> ${trialType})`;
  const rows = rowsOf<{ what: string; day: string | null; n: number; a: string; b: string }>(
    await db.execute(sql`
      with r as (
        select ${dayOf(sql`settled_at`, money)} as day, member_id, sum(bet_amount) as bet, sum(win_amount) as win
          from member_rounds
         where member_id in ${team} and status = 'settled' and wallet_kind = 'main' and currency = ${money.currency}
           and settled_at >= ${from} and settled_at < ${to}
         group by 1, 2)
      select 'rounds' as what, day, (count(*) filter (where bet > 0))::int as n, sum(bet)::text as a, sum(win)::text as b
        from r group by day
      union all
      select 'active', null, (count(distinct member_id) filter (where bet > 0))::int, '0', '0' from r
      union all
      select 'deposits', ${dayOf(sql`decided_at`, money)}, count(*)::int, sum(amount)::text, '0'
        from deposits_orders
       where member_id in ${team} and status = 'approved' and currency = ${money.currency}
         and decided_at >= ${from} and decided_at < ${to}
       group by 2
      union all
      select 'first', ${dayOf(sql`f.first_at`, money)}, count(*)::int, '0', '0'
        from (select member_id, min(decided_at) as first_at from deposits_orders
               where member_id in ${team} and status = 'approved' group by member_id) f
       where f.first_at >= ${from} and f.first_at < ${to}
       group by 2
      union all
      select 'withdrawals', ${dayOf(sql`disbursed_at`, money)}, count(*)::int, sum(amount - coalesce(refunded, 0))::text, '0'
        from withdrawals_requests
       where member_id in ${team} and status in ('disbursed', 'completed', 'disputed') and currency = ${money.currency}
         and disbursed_at >= ${from} and disbursed_at < ${to}
       group by 2
      union all
      select 'new', ${dayOf(sql`m.created_at`, money)}, count(*)::int, '0', '0'
        from member_tree t join accounts_members m on m.id = t.descendant_id
       where t.ancestor_id = ${rootId} and t.depth > 0 and m.type <> ${trialType}
         and m.created_at >= ${from} and m.created_at < ${to}
       group by 2`),
  );
  const byDay = new Map(daysOf(period, money.timeZone).map((day) => [day, noFigures()]));
  const totals = noFigures();
  for (const row of rows) {
    if (row.what === 'active') {
      totals.activeMembers = row.n;
      continue;
    }
    const day = row.day === null ? undefined : byDay.get(row.day);
    for (const sums of day ? [day, totals] : [totals]) {
      if (row.what === 'rounds') {
        if (sums === day) sums.activeMembers += row.n;
        sums.bet += BigInt(row.a);
        sums.win += BigInt(row.b);
      } else if (row.what === 'deposits') sums.deposits += BigInt(row.a);
      else if (row.what === 'withdrawals') sums.withdrawals += BigInt(row.a);
      else if (row.what === 'first') sums.firstDeposits += row.n;
      else if (row.what === 'new') sums.newMembers += row.n;
    }
  }
  return {
    totals: figuresOf(totals, money.precision),
    days: [...byDay.entries()].map(([day, sums]) => ({ day, ...figuresOf(sums, money.precision) })),
  };
}

/** agentTeamOverview: the team now, and its figures per day of the period (default the last 7 days). */
export async function teamOverview(
  db: Database,
  {
    agentId,
    money,
    query,
    now = Date.now(),
  }: {
    agentId: number;
    money: Money;
    query: { from?: number | undefined; to?: number | undefined };
    now?: number;
  },
): Promise<TeamOverviewValue> {
  const period = profitPeriod(query, now, money.timeZone);
  const [size] = rowsOf<{ team_size: number; agents: number; direct: number; balance: string }>(
    await db.execute(sql`
      select (count(*) filter (where t.depth > 0))::int as team_size,
             (count(*) filter (where t.depth > 0 and m.type in (${agentTypeList})))::int as agents,
             (count(*) filter (where t.depth = 1))::int as direct,
             coalesce(sum(a.balance) filter (where t.depth > 0), 0)::text as balance
        from member_tree t
        join accounts_members m on m.id = t.descendant_id
        left join ledger_wallets a
          on a.owner_member_id = t.descendant_id and a.kind = 'main' and a.currency = ${money.currency}
       where t.ancestor_id = ${agentId}`),
  );
  const figures = await teamFigures(db, { rootId: agentId, period, money });
  return {
    teamSize: size?.team_size ?? 0,
    agents: size?.agents ?? 0,
    directMembers: size?.direct ?? 0,
    teamBalance: formatAmount(BigInt(size?.balance ?? '0'), money.precision),
    ...figures,
    from: period.from,
    to: period.to,
    currency: money.currency,
  };
}
