import { sql, type SQL } from 'drizzle-orm';
import {
  accountTypes,
  isAgentType,
  type AgentContract,
  type ConsolidatedValue,
  type ContractTerms,
  type ContractTier,
  type WageKind,
} from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { AppError } from '../../http/app-error.ts';
import { AmountError, parseAmount } from '../ledger/money.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { edgeCostBp } from './agents.edge.ts';

/**
 * Wage contracts (docs/agents.md "Contracts"): offers, answers, terminations and the operator's
 * platform contracts. Rates are basis points here, percent strings in the calls. Every statement
 * that changes a contract runs in one transaction; the partial unique indexes (one active and one
 * pending per member and kind) are the last guard against races, answered as CONTRACT_OVERLAP.
 */

/** "1.25" → 125 (the schema allows two decimals at most). */
export function basisPoints(percent: string): number {
  return Math.round(Number(percent) * 100);
}

/** 125 → "1.25". */
export function percentOf(bp: number): string {
  return (bp / 100).toFixed(2);
}

function validation(field: string, reason: string): AppError {
  return new AppError('VALIDATION_FAILED', { issues: [{ field, reason }] });
}

function minorOf(text: string, field: string, precision: number): bigint {
  try {
    return parseAmount(text, { precision, allowZero: true });
  } catch (error) {
    if (error instanceof AmountError) throw validation(field, error.message);
    throw error;
  }
}

/** The rates the higher-rate and above-own rules compare. */
interface RateShape {
  maxBp: number;
  winBp?: number;
  lossBp?: number;
}

/**
 * Checks a contract's terms (amounts at the currency's precision, tier ladders that grow) and
 * answers the rates the rules compare.
 */
export function checkTerms(contract: ContractTerms, precision: number): RateShape {
  if (contract.kind === 'realtime') {
    minorOf(contract.terms.singleBet, 'terms.singleBet', precision);
    const winBp = basisPoints(contract.terms.winRate);
    const lossBp = basisPoints(contract.terms.lossRate);
    return { maxBp: Math.max(winBp, lossBp), winBp, lossBp };
  }
  const tiers: ContractTier[] = contract.terms.tiers;
  let previous: { bet: bigint; active: number; bp: number } | null = null;
  tiers.forEach((tier, index) => {
    const bet = minorOf(tier.teamBet, `terms.tiers.${index}.teamBet`, precision);
    const bp = basisPoints(tier.rate);
    if (previous) {
      if (bet < previous.bet || tier.activeMembers < previous.active) {
        throw validation(
          `terms.tiers.${index}.teamBet`,
          'each tier needs at least what the one before needs',
        );
      }
      if (bet === previous.bet && tier.activeMembers === previous.active) {
        throw validation(`terms.tiers.${index}.teamBet`, 'each tier needs more than the one before');
      }
      if (bp < previous.bp) throw validation(`terms.tiers.${index}.rate`, 'a rate below the tier before');
    }
    previous = { bet, active: tier.activeMembers, bp };
  });
  return { maxBp: Math.max(...tiers.map((tier) => basisPoints(tier.rate))) };
}

interface ContractRow {
  id: number;
  kind: WageKind;
  member_id: string;
  member: string;
  upline_id: string | null;
  upline: string | null;
  status: AgentContract['status'];
  terms: ContractTerms;
  max_rate_bp: number;
  created_at: string;
  started_at: string | null;
  ended_at: string | null;
  request: {
    id: number;
    kind: 'new' | 'termination';
    status: 'pending';
    createdAt: number;
    answeredAt: null;
  } | null;
}

/** Contracts as the calls answer them, `where` on `c` (agent_contracts), ordered by `order`. */
const contractSelect = (where: SQL, order: SQL, limit?: { size: number; offset: number }) => sql`
  select c.id, c.kind, c.member_id::text as member_id, m.account as member, c.upline_id::text as upline_id,
         u.account as upline, c.status, c.terms, c.max_rate_bp,
         (extract(epoch from c.created_at) * 1000)::bigint::text as created_at,
         (extract(epoch from c.started_at) * 1000)::bigint::text as started_at,
         (extract(epoch from c.ended_at) * 1000)::bigint::text as ended_at,
         (select jsonb_build_object('id', r.id, 'kind', r.kind, 'status', r.status,
                   'createdAt', (extract(epoch from r.created_at) * 1000)::bigint, 'answeredAt', null)
            from agent_contract_requests r where r.contract_id = c.id and r.status = 'pending') as request
    from agent_contracts c
    join accounts_members m on m.id = c.member_id
    left join accounts_members u on u.id = c.upline_id
   where ${where}
   order by ${order}
   ${limit ? sql`limit ${limit.size} offset ${limit.offset}` : sql``}`;

function contractOf(row: ContractRow, viewerId: number): AgentContract {
  return {
    id: row.id,
    kind: row.kind,
    member: row.member,
    upline: row.upline,
    status: row.status,
    terms: row.terms,
    maxRate: percentOf(row.max_rate_bp),
    createdAt: Number(row.created_at),
    startedAt: row.started_at === null ? null : Number(row.started_at),
    endedAt: row.ended_at === null ? null : Number(row.ended_at),
    pendingRequest: row.request,
    awaitingMe: row.request !== null && Number(row.member_id) === viewerId,
  };
}

async function contractsWhere(
  db: Database,
  viewerId: number,
  where: SQL,
  order: SQL = sql`c.id desc`,
  limit?: { size: number; offset: number },
): Promise<AgentContract[]> {
  const rows = rowsOf<ContractRow>(await db.execute(contractSelect(where, order, limit)));
  return rows.map((row) => contractOf(row, viewerId));
}

async function contractById(db: Database, id: number, viewerId: number): Promise<AgentContract> {
  const [contract] = await contractsWhere(db, viewerId, sql`c.id = ${id}`);
  if (!contract) throw new Error(`contract ${id} vanished`);
  return contract;
}

/**
 * The contracts of one account as `viewerId` sees them (active and pending first, then the rest,
 * newest first): for the downline detail of team management. The caller has checked that the
 * account is in the viewer's team (or is the viewer).
 */
export async function contractsOfMember(
  db: Database,
  memberId: number,
  viewerId: number,
): Promise<AgentContract[]> {
  return contractsWhere(
    db,
    viewerId,
    sql`c.member_id = ${memberId}`,
    sql`(c.status in ('active', 'pending')) desc, c.id desc`,
    { size: 50, offset: 0 },
  );
}

interface Caller {
  id: number;
  type: number;
  status: string;
}

/** The caller may act on contracts: a real, active agent. */
async function actingAgent(db: Database, memberId: number): Promise<Caller> {
  const [row] = rowsOf<{ id: string; type: number; status: string }>(
    await db.execute(
      sql`select id::text as id, type::int as type, status from accounts_members where id = ${memberId}`,
    ),
  );
  if (!row) throw new AppError('FORBIDDEN');
  if (row.type === accountTypes.trial) throw new AppError('TRIAL_ACCOUNT');
  if (row.status !== 'active' || !isAgentType(row.type)) throw new AppError('FORBIDDEN');
  return { id: Number(row.id), type: row.type, status: row.status };
}

interface ActiveTerms {
  id: number;
  terms: ContractTerms;
  max_rate_bp: number;
}

async function activeContract(db: Database, memberId: number, kind: WageKind): Promise<ActiveTerms | null> {
  const [row] = rowsOf<ActiveTerms>(
    await db.execute(sql`select id, terms, max_rate_bp from agent_contracts
                          where member_id = ${memberId} and kind = ${kind} and status = 'active'`),
  );
  return row ?? null;
}

/** The offer is within the offerer's own contract of its kind (each rate at most the offerer's). */
function checkWithinOwn(own: ActiveTerms | null, offer: RateShape, contract: ContractTerms): void {
  if (!own)
    throw new AppError('CONTRACT_ABOVE_OWN', { issues: [{ field: 'terms', reason: 'no own contract' }] });
  if (contract.kind === 'realtime' && own.terms.kind === 'realtime') {
    if ((offer.winBp ?? 0) > basisPoints(own.terms.terms.winRate)) {
      throw new AppError('CONTRACT_ABOVE_OWN', { issues: [{ field: 'terms.winRate', reason: 'above own' }] });
    }
    if ((offer.lossBp ?? 0) > basisPoints(own.terms.terms.lossRate)) {
      throw new AppError('CONTRACT_ABOVE_OWN', {
        issues: [{ field: 'terms.lossRate', reason: 'above own' }],
      });
    }
    return;
  }
  if (offer.maxBp > own.max_rate_bp) {
    throw new AppError('CONTRACT_ABOVE_OWN', { issues: [{ field: 'terms.tiers', reason: 'above own' }] });
  }
}

/** The field of a contract's terms an edge refusal names: its highest rate. */
function rateField(contract: ContractTerms): string {
  if (contract.kind !== 'realtime') return 'terms.tiers';
  const { winRate, lossRate } = contract.terms;
  return Number(winRate) > Number(lossRate) ? 'terms.winRate' : 'terms.lossRate';
}

/**
 * Wages bounded by the house edge (agents.edge.ts; docs/agents.md "Bounded by the house edge"):
 * `contract` with the member's active contracts of the other kinds may take at most `edgeShareBp`
 * (basis points) of the house's expected win, else CONTRACT_ABOVE_EDGE naming the contract's rate
 * and the share it would take. `db` may be a transaction holding the member's contracts.
 */
export async function checkEdgeShare(
  db: Database,
  memberId: number,
  contract: ContractTerms,
  edgeShareBp: number,
): Promise<void> {
  const others = rowsOf<{ terms: ContractTerms }>(
    await db.execute(sql`select terms from agent_contracts
                          where member_id = ${memberId} and kind <> ${contract.kind} and status = 'active'`),
  );
  const total = others.reduce((sum, other) => sum + edgeCostBp(other.terms), edgeCostBp(contract));
  if (total > edgeShareBp) {
    throw new AppError('CONTRACT_ABOVE_EDGE', {
      issues: [
        {
          field: rateField(contract),
          reason:
            `with the agent's other contracts, wages could take ${percentOf(total)} % of the house's expected win; ` +
            `the brand allows ${percentOf(edgeShareBp)} %`,
        },
      ],
    });
  }
}

/** Runs `work` in a transaction; a unique violation of the contract indexes is CONTRACT_OVERLAP. */
async function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => work(tx as unknown as Database));
  } catch (error) {
    if (
      isUniqueViolation(error, 'agent_contracts_one_active') ||
      isUniqueViolation(error, 'agent_contracts_one_pending') ||
      isUniqueViolation(error, 'agent_contract_requests_one_pending')
    ) {
      throw new AppError('CONTRACT_OVERLAP');
    }
    throw error;
  }
}

export type ContractAction =
  | { action: 'offer'; username: string; terms: ContractTerms['terms']; requestId: string }
  | { action: 'accept' | 'reject'; requestNo: number }
  | { action: 'terminate'; contractId: number };

/** One contract call (offer, accept, reject, terminate) of one kind, by `callerId`. */
export async function contractAction(
  db: Database,
  options: {
    callerId: number;
    kind: WageKind;
    body: ContractAction;
    precision: number;
    /** The brand's agentWages.edgeShare in basis points. */
    edgeShareBp: number;
  },
): Promise<AgentContract> {
  const { callerId, kind, body, edgeShareBp } = options;
  await actingAgent(db, callerId);
  switch (body.action) {
    case 'offer':
      return offer(
        db,
        callerId,
        { kind, terms: body.terms } as ContractTerms,
        { ...body, edgeShareBp },
        options.precision,
      );
    case 'accept':
    case 'reject':
      return answer(db, callerId, kind, body.requestNo, body.action, edgeShareBp);
    case 'terminate':
      return terminate(db, callerId, kind, body.contractId);
  }
}

async function replayOf(db: Database, callerId: number, requestId: string, kind: WageKind) {
  const [row] = rowsOf<{ id: number; kind: WageKind }>(
    await db.execute(
      sql`select id, kind from agent_contracts where upline_id = ${callerId} and request_id = ${requestId}`,
    ),
  );
  if (!row) return null;
  if (row.kind !== kind)
    throw new AppError('IDEMPOTENCY_MISMATCH', { issues: [{ field: 'requestId', reason: 'used' }] });
  return contractById(db, row.id, callerId);
}

async function offer(
  db: Database,
  callerId: number,
  contract: ContractTerms,
  body: { username: string; requestId: string; edgeShareBp: number },
  precision: number,
): Promise<AgentContract> {
  const replay = await replayOf(db, callerId, body.requestId, contract.kind);
  if (replay) return replay;
  const rates = checkTerms(contract, precision);
  const [target] = rowsOf<{ id: string; type: number }>(
    await db.execute(sql`select m.id::text as id, m.type::int as type from accounts_members m
                          join member_tree t on t.descendant_id = m.id and t.ancestor_id = ${callerId} and t.depth >= 1
                         where lower(m.account) = lower(${body.username})`),
  );
  if (!target)
    throw new AppError('NOT_FOUND', { issues: [{ field: 'username', reason: 'not in your team' }] });
  if (!isAgentType(target.type)) throw validation('username', 'not an agent');
  const targetId = Number(target.id);
  checkWithinOwn(await activeContract(db, callerId, contract.kind), rates, contract);
  await checkEdgeShare(db, targetId, contract, body.edgeShareBp);
  try {
    const id = await inTransaction(db, async (tx) => {
      // Locks in the order an accept takes them (request, active contract, pending contract), so
      // an offer racing an accept waits instead of deadlocking: first the pending offer's request …
      await tx.execute(sql`select r.id from agent_contract_requests r
                             join agent_contracts c on c.id = r.contract_id
                            where c.member_id = ${targetId} and c.kind = ${contract.kind}
                              and c.status = 'pending' and r.status = 'pending'
                              for update of r`);
      // … then the downline's active one: an accept in flight finishes first.
      const [active] = rowsOf<{ max_rate_bp: number }>(
        await tx.execute(sql`select max_rate_bp from agent_contracts
                              where member_id = ${targetId} and kind = ${contract.kind} and status = 'active'
                              for update`),
      );
      if (active && active.max_rate_bp >= rates.maxBp) throw new AppError('CONTRACT_OVERLAP');
      // A new offer replaces a pending one of its kind.
      await tx.execute(sql`with old as (
          update agent_contracts set status = 'cancelled', ended_at = now()
           where member_id = ${targetId} and kind = ${contract.kind} and status = 'pending' returning id)
        update agent_contract_requests set status = 'cancelled', answered_at = now()
         where contract_id in (select id from old) and status = 'pending'`);
      const [made] = rowsOf<{ id: number }>(
        await tx.execute(sql`insert into agent_contracts (kind, member_id, upline_id, status, terms, max_rate_bp, request_id)
                              values (${contract.kind}, ${targetId}, ${callerId}, 'pending',
                                      ${JSON.stringify(contract)}::jsonb, ${rates.maxBp}, ${body.requestId})
                              returning id`),
      );
      if (!made) throw new Error('contract not written');
      await tx.execute(
        sql`insert into agent_contract_requests (contract_id, kind) values (${made.id}, 'new')`,
      );
      return made.id;
    });
    return await contractById(db, id, callerId);
  } catch (error) {
    // A concurrent retry of the same offer wrote it first (whichever unique index told): answer that one.
    const again = await replayOf(db, callerId, body.requestId, contract.kind);
    if (again) return again;
    throw error;
  }
}

async function answer(
  db: Database,
  callerId: number,
  kind: WageKind,
  requestNo: number,
  action: 'accept' | 'reject',
  edgeShareBp: number,
): Promise<AgentContract> {
  const contractId = await inTransaction(db, async (tx) => {
    const [request] = rowsOf<{
      kind: 'new' | 'termination';
      status: string;
      contract_id: number;
      max_rate_bp: number;
      terms: ContractTerms;
    }>(
      await tx.execute(sql`select r.kind, r.status, r.contract_id, c.max_rate_bp, c.terms
                             from agent_contract_requests r
                             join agent_contracts c on c.id = r.contract_id
                            where r.id = ${requestNo} and c.member_id = ${callerId} and c.kind = ${kind}
                              for update of r`),
    );
    if (!request)
      throw new AppError('NOT_FOUND', { issues: [{ field: 'requestNo', reason: 'no such request' }] });
    // Answered already (or replaced by a newer offer): one answer per request.
    if (request.status !== 'pending') throw new AppError('CONTRACT_OVERLAP');
    const id = request.contract_id;
    if (request.kind === 'new' && action === 'accept') {
      const [active] = rowsOf<{ id: number; max_rate_bp: number }>(
        await tx.execute(sql`select id, max_rate_bp from agent_contracts
                              where member_id = ${callerId} and kind = ${kind} and status = 'active' for update`),
      );
      if (active && active.max_rate_bp >= request.max_rate_bp) throw new AppError('CONTRACT_OVERLAP');
      // The other kinds may have grown since the offer: the edge bound holds at the accept too.
      await checkEdgeShare(tx, callerId, request.terms, edgeShareBp);
      if (active) {
        await tx.execute(
          sql`update agent_contracts set status = 'cancelled', ended_at = now() where id = ${active.id}`,
        );
        await tx.execute(sql`update agent_contract_requests set status = 'cancelled', answered_at = now()
                              where contract_id = ${active.id} and status = 'pending'`);
      }
      const started = rowsOf<{ id: number }>(
        await tx.execute(sql`update agent_contracts set status = 'active', started_at = now()
                              where id = ${id} and status = 'pending' returning id`),
      );
      if (started.length === 0) throw new AppError('CONTRACT_OVERLAP');
    } else if (request.kind === 'new') {
      await tx.execute(sql`update agent_contracts set status = 'rejected', ended_at = now()
                            where id = ${id} and status = 'pending'`);
    } else if (action === 'accept') {
      await tx.execute(sql`update agent_contracts set status = 'ended', ended_at = now()
                            where id = ${id} and status = 'active'`);
    }
    await tx.execute(sql`update agent_contract_requests
                            set status = ${action === 'accept' ? 'accepted' : 'rejected'}, answered_at = now()
                          where id = ${requestNo}`);
    return id;
  });
  return contractById(db, contractId, callerId);
}

async function terminate(
  db: Database,
  callerId: number,
  kind: WageKind,
  contractId: number,
): Promise<AgentContract> {
  const [row] = rowsOf<{ status: string }>(
    await db.execute(sql`select status from agent_contracts
                          where id = ${contractId} and upline_id = ${callerId} and kind = ${kind}`),
  );
  if (!row)
    throw new AppError('NOT_FOUND', {
      issues: [{ field: 'contractId', reason: 'not a contract you offered' }],
    });
  if (row.status !== 'active') throw validation('contractId', 'not active');
  // One pending request per contract: a second terminate answers the contract as it is.
  await db.execute(sql`insert into agent_contract_requests (contract_id, kind)
                        select ${contractId}, 'termination'
                         where not exists (select 1 from agent_contract_requests
                                            where contract_id = ${contractId} and status = 'pending')
                        on conflict do nothing`);
  return contractById(db, contractId, callerId);
}

/** Spec 3 consolidated contract info: the requests waiting for my answer and my active contracts. */
export async function consolidated(db: Database, memberId: number): Promise<ConsolidatedValue> {
  const mine = await contractsWhere(
    db,
    memberId,
    sql`c.member_id = ${memberId} and (c.status = 'active' or exists (
          select 1 from agent_contract_requests r where r.contract_id = c.id and r.status = 'pending'))`,
  );
  const waiting = (kind: WageKind) =>
    mine.find((contract) => contract.kind === kind && contract.awaitingMe)?.pendingRequest?.kind ?? null;
  const active = (kind: WageKind) =>
    mine.find((contract) => contract.kind === kind && contract.status === 'active') ?? null;
  return {
    dailysalreqtype: waiting('daily'),
    divtypereq: waiting('dividend'),
    contracthoursalreq: waiting('hourly'),
    realtimesalreqtype: waiting('realtime'),
    pendingCount: mine.filter((contract) => contract.awaitingMe).length,
    contracts: {
      daily: active('daily'),
      hourly: active('hourly'),
      realtime: active('realtime'),
      dividend: active('dividend'),
    },
  };
}

/** agentContracts: mine (as the paid side) or those I offered, newest first. */
export async function listContracts(
  db: Database,
  memberId: number,
  query: {
    kind?: WageKind;
    scope: 'mine' | 'team';
    status?: AgentContract['status'];
    pageNo: number;
    pageSize: number;
  },
) {
  const conditions = [
    query.scope === 'mine' ? sql`c.member_id = ${memberId}` : sql`c.upline_id = ${memberId}`,
  ];
  if (query.kind) conditions.push(sql`c.kind = ${query.kind}`);
  if (query.status) conditions.push(sql`c.status = ${query.status}`);
  const where = sql.join(conditions, sql` and `);
  const [count] = rowsOf<{ total: number }>(
    await db.execute(sql`select count(*)::int as total from agent_contracts c where ${where}`),
  );
  const total = count?.total ?? 0;
  const list = await contractsWhere(db, memberId, where, sql`c.id desc`, {
    size: query.pageSize,
    offset: (query.pageNo - 1) * query.pageSize,
  });
  return {
    list,
    total,
    totalPages: Math.ceil(total / query.pageSize),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

/**
 * The operator sets a top agent's contract with the platform: active at once, the active one of
 * its kind `cancelled`.
 */
export async function setPlatformContract(
  db: Database,
  options: {
    username: string;
    contract: ContractTerms;
    precision: number;
    operatorId: number;
    /** The brand's agentWages.edgeShare in basis points. */
    edgeShareBp: number;
  },
): Promise<AgentContract> {
  const rates = checkTerms(options.contract, options.precision);
  const [agent] = rowsOf<{ id: string; type: number; upline_id: string | null }>(
    await db.execute(sql`select id::text as id, type::int as type, upline_id::text as upline_id from accounts_members
                          where lower(account) = lower(${options.username}) and role = 'player'`),
  );
  if (!agent || !isAgentType(agent.type)) {
    throw new AppError('NOT_FOUND', { issues: [{ field: 'username', reason: 'no such agent' }] });
  }
  if (agent.upline_id !== null) throw validation('username', 'not a top agent');
  const agentId = Number(agent.id);
  await checkEdgeShare(db, agentId, options.contract, options.edgeShareBp);
  const id = await inTransaction(db, async (tx) => {
    await tx.execute(sql`update agent_contracts set status = 'cancelled', ended_at = now()
                          where member_id = ${agentId} and kind = ${options.contract.kind} and status = 'active'`);
    const [made] = rowsOf<{ id: number }>(
      await tx.execute(sql`insert into agent_contracts (kind, member_id, upline_id, status, terms, max_rate_bp, started_at)
                            values (${options.contract.kind}, ${agentId}, null, 'active',
                                    ${JSON.stringify(options.contract)}::jsonb, ${rates.maxBp}, now())
                            returning id`),
    );
    if (!made) throw new Error('contract not written');
    return made.id;
  });
  return contractById(db, id, options.operatorId);
}
