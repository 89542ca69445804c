import { sql } from 'drizzle-orm';
import { accountTypes, type WageKind, type WageLine, type WageStatus } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { formatAmount } from '../ledger/money.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { profitPeriod } from '../games/records.service.ts';
import { percentOf } from './agents.contracts.ts';
import { notInTeam } from './agents.team.ts';

/** Wage lines (agentWages) and the rounds behind one (agentWageSources): docs/agents.md "Tracing". */

interface WageRow {
  id: string;
  kind: WageKind;
  period_key: string;
  from_ms: string;
  to_ms: string;
  contract_id: number;
  member: string;
  payer: string | null;
  team_bet: string;
  active_members: number;
  win_stake: string;
  loss_stake: string;
  basis_amount: string;
  rate_bp: number;
  win_rate_bp: number | null;
  loss_rate_bp: number | null;
  win_wage: string;
  loss_wage: string;
  due: string;
  paid: string;
  status: WageStatus;
  created_ms: string;
  parts: {
    gameCode: string;
    numero: string;
    winStake: string;
    lossStake: string;
    winWage: string;
    lossWage: string;
  }[];
}

export async function listWages(
  db: Database,
  options: {
    memberId: number;
    precision: number;
    currency: string;
    /** The brand's zone: the default period starts at its midnight. */
    timeZone: string;
    query: {
      kind: WageKind;
      scope: 'received' | 'paid';
      status?: WageStatus;
      username?: string;
      from?: number;
      to?: number;
      pageNo: number;
      pageSize: number;
    };
  },
) {
  const { memberId, query, precision } = options;
  const { from, to } = profitPeriod(query, Date.now(), options.timeZone);
  const conditions = [
    query.scope === 'received' ? sql`w.member_id = ${memberId}` : sql`w.payer_id = ${memberId}`,
    sql`w.kind = ${query.kind}`,
    sql`w.period_from >= to_timestamp(${from} / 1000.0)`,
    sql`w.period_from < to_timestamp(${to} / 1000.0)`,
  ];
  if (query.status) conditions.push(sql`w.status = ${query.status}`);
  if (query.username) {
    // Only a downline of the caller's team: another name is NOT_FOUND, as one that does not exist.
    const [downline] = rowsOf<{ id: string }>(
      await db.execute(sql`select m.id::text as id from accounts_members m
                             join member_tree t on t.descendant_id = m.id and t.ancestor_id = ${memberId}
                            where lower(m.account) = lower(${query.username}) and t.depth > 0`),
    );
    if (!downline) throw notInTeam();
    conditions.push(sql`w.member_id = ${Number(downline.id)}`);
  }
  const where = sql.join(conditions, sql` and `);
  const [totals] = rowsOf<{ total: number; due: string; paid: string }>(
    await db.execute(sql`select count(*)::int as total, coalesce(sum(w.due), 0)::text as due,
                                coalesce(sum(w.paid), 0)::text as paid
                           from agent_wages w where ${where}`),
  );
  const rows = rowsOf<WageRow>(
    await db.execute(sql`
      select w.id::text as id, w.kind, w.period_key,
             (extract(epoch from w.period_from) * 1000)::bigint::text as from_ms,
             (extract(epoch from w.period_to) * 1000)::bigint::text as to_ms,
             w.contract_id, m.account as member, p.account as payer,
             w.team_bet::text as team_bet, w.active_members, w.win_stake::text as win_stake,
             w.loss_stake::text as loss_stake, w.basis_amount::text as basis_amount, w.rate_bp,
             w.win_rate_bp, w.loss_rate_bp, w.win_wage::text as win_wage, w.loss_wage::text as loss_wage,
             w.due::text as due, w.paid::text as paid, w.status,
             (extract(epoch from w.created_at) * 1000)::bigint::text as created_ms,
             coalesce((select jsonb_agg(jsonb_build_object('gameCode', x.game_code, 'numero', x.numero,
                         'winStake', x.win_stake::text, 'lossStake', x.loss_stake::text,
                         'winWage', x.win_wage::text, 'lossWage', x.loss_wage::text) order by x.game_code, x.numero)
                         from agent_wage_parts x where x.wage_id = w.id), '[]'::jsonb) as parts
        from agent_wages w
        join accounts_members m on m.id = w.member_id
        left join accounts_members p on p.id = w.payer_id
       where ${where}
       order by w.period_from desc, w.id desc
       limit ${query.pageSize} offset ${(query.pageNo - 1) * query.pageSize}`),
  );
  const money = (text: string) => formatAmount(BigInt(text), precision);
  const list: WageLine[] = rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    periodKey: row.period_key,
    from: Number(row.from_ms),
    to: Number(row.to_ms),
    contractId: row.contract_id,
    member: row.member,
    payer: row.payer,
    teamBet: money(row.team_bet),
    activeMembers: row.active_members,
    winStake: money(row.win_stake),
    lossStake: money(row.loss_stake),
    basisAmount: money(row.basis_amount),
    rate: percentOf(
      row.kind === 'realtime' ? Math.max(row.win_rate_bp ?? 0, row.loss_rate_bp ?? 0) : row.rate_bp,
    ),
    winRate: row.win_rate_bp === null ? null : percentOf(row.win_rate_bp),
    lossRate: row.loss_rate_bp === null ? null : percentOf(row.loss_rate_bp),
    winWage: money(row.win_wage),
    lossWage: money(row.loss_wage),
    due: money(row.due),
    paid: money(row.paid),
    status: row.status,
    parts: row.parts.map((part) => ({
      gameCode: part.gameCode,
      numero: part.numero,
      winStake: money(part.winStake),
      lossStake: money(part.lossStake),
      winWage: money(part.winWage),
      lossWage: money(part.lossWage),
    })),
    createdAt: Number(row.created_ms),
  }));
  const total = totals?.total ?? 0;
  return {
    list,
    totals: { due: money(totals?.due ?? '0'), paid: money(totals?.paid ?? '0') },
    total,
    totalPages: Math.ceil(total / query.pageSize),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    currency: options.currency,
  };
}

interface SourceRow {
  account: string;
  game_name: string;
  vassalage: string;
  round_id: string;
  bet: string;
  win: string;
  counted: 'bet' | 'win' | 'loss';
  settled_ms: string;
}

/**
 * The rounds one wage line came from, found again from its period and the agent's team (the tree
 * as it is now): daily, hourly and dividend lines the team's valid rounds of the period (counted
 * 'bet'); real-time lines the team's won and lost lottery bets of the line's numeros with a stake of
 * at least the contract's single bet. Their totals equal the line's teamBet, winStake, lossStake.
 */
export async function wageSources(
  db: Database,
  options: {
    memberId: number;
    wageId: string;
    precision: number;
    currency: string;
    pageNo: number;
    pageSize: number;
  },
) {
  const { memberId, precision } = options;
  const [line] = rowsOf<{ id: string; kind: WageKind; member_id: string; single_bet: string | null }>(
    await db.execute(sql`select w.id::text as id, w.kind, w.member_id::text as member_id,
                                c.terms -> 'terms' ->> 'singleBet' as single_bet
                           from agent_wages w join agent_contracts c on c.id = w.contract_id
                          where w.id = ${options.wageId}::bigint
                            and (w.member_id = ${memberId} or w.payer_id = ${memberId})`),
  );
  if (!line) throw new AppError('NOT_FOUND', { issues: [{ field: 'wageId', reason: 'no such wage line' }] });
  const sources =
    line.kind === 'realtime'
      ? sql`select m.account, b.game_code as game_name, b.game_code as vassalage, b.numero || '/L' || b.id as round_id,
                   b.stake as bet, b.payout as win, case when b.status = 'won' then 'win' else 'loss' end as counted,
                   b.settled_at
              from agent_wages w
              join agent_wage_parts x on x.wage_id = w.id
              join lottery_rounds b on b.numero_id = x.numero_id
              join member_tree t on t.descendant_id = b.member_id and t.ancestor_id = w.member_id
              join accounts_members m on m.id = b.member_id
             where w.id = ${line.id}::bigint and b.status in ('won', 'lost') and b.currency = w.currency
               and m.type <> ${accountTypes.trial}
               and b.stake >= agent_contract_minor(${line.single_bet ?? '0'}, ${precision})`
      : sql`select m.account, r.game_type as game_name, r.vassalage, r.round_id, r.bet_amount as bet,
                   r.win_amount as win, 'bet' as counted, r.settled_at
              from agent_wages w
              join member_tree t on t.ancestor_id = w.member_id
              join member_rounds r on r.member_id = t.descendant_id
              join accounts_members m on m.id = r.member_id
             where w.id = ${line.id}::bigint and r.settled_at >= w.period_from and r.settled_at < w.period_to
               and r.status = 'settled' and r.wallet_kind = 'main' and r.currency = w.currency
               and m.type <> ${accountTypes.trial}`;
  const [totals] = rowsOf<{ total: number; bet: string; win_stake: string; loss_stake: string }>(
    await db.execute(sql`select count(*)::int as total,
                                coalesce(sum(s.bet) filter (where s.counted = 'bet'), 0)::text as bet,
                                coalesce(sum(s.bet) filter (where s.counted = 'win'), 0)::text as win_stake,
                                coalesce(sum(s.bet) filter (where s.counted = 'loss'), 0)::text as loss_stake
                           from (${sources}) s`),
  );
  const rows = rowsOf<SourceRow>(
    await db.execute(sql`select s.account, s.game_name, s.vassalage, s.round_id, s.bet::text as bet, s.win::text as win,
                                s.counted, (extract(epoch from s.settled_at) * 1000)::bigint::text as settled_ms
                           from (${sources}) s
                          order by s.settled_at desc, s.round_id desc
                          limit ${options.pageSize} offset ${(options.pageNo - 1) * options.pageSize}`),
  );
  const money = (text: string) => formatAmount(BigInt(text), precision);
  const total = totals?.total ?? 0;
  return {
    list: rows.map((row) => ({
      account: row.account,
      gameName: row.game_name,
      vassalage: row.vassalage,
      roundId: row.round_id,
      bet: money(row.bet),
      win: money(row.win),
      counted: row.counted,
      settledAt: Number(row.settled_ms),
    })),
    totals: {
      bet: money(totals?.bet ?? '0'),
      winStake: money(totals?.win_stake ?? '0'),
      lossStake: money(totals?.loss_stake ?? '0'),
    },
    total,
    totalPages: Math.ceil(total / options.pageSize),
    pageNo: options.pageNo,
    pageSize: options.pageSize,
    currency: options.currency,
  };
}
