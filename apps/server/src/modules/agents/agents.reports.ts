import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { revenueSources, type GameCategory, type LanguageCode, type RecordKind } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { accountNamesOf } from '../accounts/member.service.ts';
import { listEntries, rowsOf } from '../ledger/ledger.service.ts';
import { formatAmount } from '../ledger/money.ts';
import { listRoundRecord, profitPeriod } from '../games/records.service.ts';
import { dayOf, findInTeam, notInTeam, teamIds, type Money } from './agents.team.ts';

/**
 * The agent's team reports (personalHistoryCopy team betting, palStatementsAgentCopy,
 * agentRevenueReport, agentDownlineTransactionDetailsCopy). Each reads only the caller's team
 * (`teamIds`, or one account of it found by `findInTeam`), one page at a time.
 */

interface Period {
  from?: number | undefined;
  to?: number | undefined;
}

interface Page {
  pageNo: number;
  pageSize: number;
}

const pageOf = (total: number, page: Page) => ({
  total,
  totalPages: Math.ceil(total / page.pageSize),
  pageNo: page.pageNo,
  pageSize: page.pageSize,
});

/** The owners a report reads: one account of the team (or NOT_FOUND), else the whole team. */
async function ownersOf(
  db: Database,
  { agentId, username, money }: { agentId: number; username?: string | undefined; money: Money },
): Promise<SQL> {
  if (!username) return teamIds(agentId);
  const one = await findInTeam(db, { agentId, username, money, self: true });
  if (!one) throw notInTeam();
  return sql`(select ${one.id}::bigint)`;
}

/**
 * agentTeamBetting: the member betting record over the team in the period (default: the last 7
 * days), each line with its account.
 */
export async function teamBetting(
  db: Database,
  {
    agentId,
    money,
    language,
    query,
    now = Date.now(),
  }: {
    agentId: number;
    money: Money;
    language: LanguageCode;
    query: Period & Page & { username?: string | undefined; gameType?: GameCategory | undefined };
    now?: number;
  },
) {
  const period = profitPeriod(query, now, money.timeZone);
  const owners = await ownersOf(db, { agentId, username: query.username, money });
  const record = await listRoundRecord({
    db,
    owners: {
      members: (memberId: AnyColumn) => sql`${memberId} in ${owners}`,
      account: (memberId: AnyColumn) =>
        sql<string>`(select m.account from accounts_members m where m.id = ${memberId})`,
    },
    filter: {
      gameType: query.gameType,
      from: period.from,
      to: period.to,
      pageNo: query.pageNo,
      pageSize: query.pageSize,
    },
    view: { language, ...money },
  });
  return { ...record, list: record.list.map((line) => ({ ...line, account: line.account ?? '' })) };
}

interface ProfitLossRow {
  account: string;
  type: number;
  level: number;
  rounds: number;
  bet: string;
  win: string;
  deposits: string;
  withdrawn: string;
  wages: string;
}

/**
 * agentProfitLoss: per account of the team with anything in the period (settled main-wallet
 * rounds by settlement time, approved deposits, paid-out withdrawals, wages and dividends paid to
 * it), the caller first then by level and name, with totals over every such account.
 */
export async function teamProfitLoss(
  db: Database,
  {
    agentId,
    money,
    query,
    now = Date.now(),
  }: {
    agentId: number;
    money: Money;
    query: Period & Page & { username?: string | undefined };
    now?: number;
  },
) {
  const period = profitPeriod(query, now, money.timeZone);
  const owners = await ownersOf(db, { agentId, username: query.username, money });
  const from = new Date(period.from);
  const to = new Date(period.to);
  const lines = sql`
    with r as (
      select member_id as id, count(*) as rounds, sum(bet_amount) as bet, sum(win_amount) as win
        from member_rounds
       where member_id in ${owners} and status = 'settled' and wallet_kind = 'main' and currency = ${money.currency}
         and settled_at >= ${from} and settled_at < ${to}
       group by member_id),
    d as (
      select member_id as id, sum(amount) as amount from deposits_orders
       where member_id in ${owners} and status = 'approved' and currency = ${money.currency}
         and decided_at >= ${from} and decided_at < ${to}
       group by member_id),
    w as (
      select member_id as id, sum(amount - coalesce(refunded, 0)) as amount from withdrawals_requests
       where member_id in ${owners} and status in ('disbursed', 'completed', 'disputed') and currency = ${money.currency}
         and disbursed_at >= ${from} and disbursed_at < ${to}
       group by member_id),
    g as (
      select member_id as id, sum(paid) as amount from agent_wages
       where member_id in ${owners} and currency = ${money.currency} and paid > 0
         and created_at >= ${from} and created_at < ${to}
       group by member_id),
    lines as (
      select t.descendant_id as id, t.depth,
             coalesce(r.rounds, 0) as rounds, coalesce(r.bet, 0) as bet, coalesce(r.win, 0) as win,
             coalesce(d.amount, 0) as deposits, coalesce(w.amount, 0) as withdrawn, coalesce(g.amount, 0) as wages
        from member_tree t
        left join r on r.id = t.descendant_id
        left join d on d.id = t.descendant_id
        left join w on w.id = t.descendant_id
        left join g on g.id = t.descendant_id
       where t.ancestor_id = ${agentId} and t.descendant_id in ${owners}
         and (r.id is not null or d.id is not null or w.id is not null or g.id is not null))`;
  const [summed] = rowsOf<Omit<ProfitLossRow, 'account' | 'type' | 'level'> & { lines: number }>(
    await db.execute(sql`${lines}
      select count(*)::int as lines, coalesce(sum(rounds), 0)::int as rounds, coalesce(sum(bet), 0)::text as bet,
             coalesce(sum(win), 0)::text as win, coalesce(sum(deposits), 0)::text as deposits,
             coalesce(sum(withdrawn), 0)::text as withdrawn, coalesce(sum(wages), 0)::text as wages
        from lines`),
  );
  const total = summed?.lines ?? 0;
  const rows =
    total === 0
      ? []
      : rowsOf<ProfitLossRow>(
          await db.execute(sql`${lines}
            select m.account, m.type::int as type, l.depth::int as level, l.rounds::int as rounds,
                   l.bet::text as bet, l.win::text as win, l.deposits::text as deposits,
                   l.withdrawn::text as withdrawn, l.wages::text as wages
              from lines l join accounts_members m on m.id = l.id
             order by l.depth, lower(m.account)
             limit ${query.pageSize} offset ${(query.pageNo - 1) * query.pageSize}`),
        );
  const amounts = (row: Omit<ProfitLossRow, 'account' | 'type' | 'level'>) => {
    const format = (text: string) => formatAmount(BigInt(text), money.precision);
    return {
      rounds: row.rounds,
      bet: format(row.bet),
      win: format(row.win),
      profit: formatAmount(BigInt(row.win) - BigInt(row.bet), money.precision),
      deposits: format(row.deposits),
      withdrawals: format(row.withdrawn),
      wages: format(row.wages),
    };
  };
  const zero = { rounds: 0, bet: '0', win: '0', deposits: '0', withdrawn: '0', wages: '0' };
  return {
    list: rows.map((row) => ({ account: row.account, type: row.type, level: row.level, ...amounts(row) })),
    totals: amounts(summed ?? zero),
    ...pageOf(total, query),
    currency: money.currency,
  };
}

type RevenueSource = (typeof revenueSources)[number];

/**
 * agentRevenue: what reached the caller's main wallet in the period, by source: wages and
 * dividends paid to them (agent_wages, by payment time), and transfers into it from accounts of
 * their team (a `transfer` journal entry whose sending wallet belongs to a downline).
 */
export async function agentRevenue(
  db: Database,
  { agentId, money, query, now = Date.now() }: { agentId: number; money: Money; query: Period; now?: number },
) {
  const period = profitPeriod(query, now, money.timeZone);
  const from = new Date(period.from);
  const to = new Date(period.to);
  const rows = rowsOf<{ source: RevenueSource; day: string; amount: string; n: number }>(
    await db.execute(sql`
      select kind as source, ${dayOf(sql`created_at`, money)} as day, sum(paid)::text as amount, count(*)::int as n
        from agent_wages
       where member_id = ${agentId} and currency = ${money.currency} and paid > 0
         and created_at >= ${from} and created_at < ${to}
       group by 1, 2
      union all
      select 'transfer', ${dayOf(sql`e.created_at`, money)}, sum(p.amount)::text, count(*)::int
        from ledger_wallets a
        join ledger_entry_postings p on p.account_id = a.id and p.amount > 0
        join ledger_entries e on e.id = p.entry_id
       where a.owner_member_id = ${agentId} and a.kind = 'main' and a.currency = ${money.currency}
         and e.kind = 'transfer' and e.created_at >= ${from} and e.created_at < ${to}
         and exists (
           select 1 from ledger_entry_postings q
             join ledger_wallets qa on qa.id = q.account_id
             join member_tree t on t.descendant_id = qa.owner_member_id and t.ancestor_id = ${agentId} and t.depth > 0
            where q.entry_id = p.entry_id and q.amount < 0)
       group by 2`),
  );
  const format = (amount: bigint) => formatAmount(amount, money.precision);
  const emptySources = () => new Map(revenueSources.map((source) => [source, { amount: 0n, count: 0 }]));
  const overall = emptySources();
  const byDay = new Map<string, ReturnType<typeof emptySources>>();
  for (const row of rows) {
    const day = byDay.get(row.day) ?? emptySources();
    byDay.set(row.day, day);
    for (const sources of [day, overall]) {
      const sum = sources.get(row.source);
      if (!sum) continue;
      sum.amount += BigInt(row.amount);
      sum.count += row.n;
    }
  }
  const listOf = (sources: ReturnType<typeof emptySources>) =>
    [...sources.entries()].map(([source, sum]) => ({ source, amount: format(sum.amount), count: sum.count }));
  const totalOf = (sources: ReturnType<typeof emptySources>) =>
    format([...sources.values()].reduce((sum, source) => sum + source.amount, 0n));
  return {
    bySource: listOf(overall),
    total: totalOf(overall),
    days: [...byDay.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([day, sources]) => ({ day, total: totalOf(sources), bySource: listOf(sources) })),
    from: period.from,
    to: period.to,
    currency: money.currency,
  };
}

/** Short words for a ledger line: the counterparty of a transfer, else the entry's reason or period. */
function remarkOf(metadata: Record<string, unknown>): string {
  const text = (key: string) => (typeof metadata[key] === 'string' ? (metadata[key] as string) : null);
  const from = text('from');
  const to = text('to');
  if (from && to) return `${from} → ${to}`;
  return text('reason') ?? text('periodKey') ?? text('gameCode') ?? text('vendor') ?? '';
}

/**
 * agentTeamTransactions: the ledger lines of the team's main wallets (or one account's) in the
 * period (default: the last 7 days), newest first.
 */
export async function teamTransactions(
  db: Database,
  {
    agentId,
    money,
    query,
    now = Date.now(),
  }: {
    agentId: number;
    money: Money;
    query: Period & Page & { username?: string | undefined; kind?: RecordKind | undefined };
    now?: number;
  },
) {
  const { from, to } = profitPeriod(query, now, money.timeZone);
  const owners = await ownersOf(db, { agentId, username: query.username, money });
  const { kind } = query;
  const page = await listEntries(db, {
    memberId: agentId,
    ownerIn: owners,
    walletKinds: ['main'],
    ...(kind && { kinds: [kind] }),
    from: new Date(from),
    to: new Date(to),
    page: query.pageNo,
    pageSize: query.pageSize,
  });
  const names = await accountNamesOf(db, [...new Set(page.items.map((line) => line.ownerMemberId))]);
  return {
    list: page.items.map((line) => ({
      entryId: line.entryId,
      account: names.get(line.ownerMemberId) ?? '',
      kind: line.kind,
      amount: formatAmount(line.amount, line.precision),
      balanceAfter: formatAmount(line.balanceAfter, line.precision),
      createdAt: line.createdAt.getTime(),
      remark: remarkOf(line.metadata),
    })),
    ...pageOf(page.total, query),
    currency: money.currency,
  };
}
