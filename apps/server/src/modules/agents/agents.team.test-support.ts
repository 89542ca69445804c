/**
 * Two agent trees for the team tests: agent A (`ta`) and agent B (`tb`), each with an agent and a
 * player directly under it and a player under that agent. The tests call as A and use B's tree as
 * "another tree". Accounts are inserted straight into members (the triggers keep member_tree).
 */
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { call, loginAs, operatorLogin } from '../accounts/accounts.test-support.ts';
import { scryptOf } from '../accounts/accounts.context.ts';
import { members } from '../accounts/accounts.tables.ts';
import { hashPassword } from '../accounts/password-hash.ts';
import { insertSettledRound } from '../games/games.test-support.ts';

export const teamPassword = 'Team-test-2026';
export const teamPaymentPassword = '135790';
export const agentHost = 'agent.localhost';

/** name → [upline name, type, affiliate code] */
const layout: Record<string, [string | null, number, string | null]> = {
  ta: [null, 1, 'TAOWN1'],
  ta_agent: ['ta', 1, null],
  ta_player: ['ta', 0, null],
  ta_deep: ['ta_agent', 0, null],
  tb: [null, 1, 'TBOWN1'],
  tb_agent: ['tb', 2, null],
  tb_player: ['tb', 0, null],
  tb_deep: ['tb_agent', 0, null],
};

export interface Teams {
  sut: TestApp;
  operator: string;
  ids: Record<string, number>;
  /** A's session on the agent site. */
  a: string;
  close(): Promise<void>;
}

export async function buildTeams(): Promise<Teams> {
  const sut = await buildTestApp({
    env: {
      RATE_LIMIT_PER_MINUTE: '100000',
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
      REGISTER_RATE_LIMIT_PER_MINUTE: '100000',
      MONEY_RATE_LIMIT_PER_MINUTE: '100000',
      ALTCHA_CHALLENGES_PER_MINUTE: '100000',
    },
  });
  const scrypt = scryptOf(sut.app.env);
  const passwordHash = await hashPassword(teamPassword, scrypt);
  const paymentPasswordHash = await hashPassword(teamPaymentPassword, scrypt);
  const ids: Record<string, number> = {};
  for (const [account, [upline, type, affiliateCode]] of Object.entries(layout)) {
    const [row] = await sut.db
      .insert(members)
      .values({
        account,
        nickname: account,
        type,
        affiliateCode,
        uplineId: upline ? ids[upline] : null,
        passwordHash,
        paymentPasswordHash,
        registerMethod: 'TEST',
      })
      .returning({ id: members.id });
    ids[account] = row!.id;
  }
  return {
    sut,
    operator: await operatorLogin(sut),
    ids,
    a: await agentLogin(sut, 'ta'),
    close: () => sut.close(),
  };
}

/** A session of an agent on the agent site. */
export async function agentLogin(sut: TestApp, username: string): Promise<string> {
  const answer = await loginAs(sut, username, teamPassword, { host: agentHost });
  const token = (answer.body.value as { token?: string } | undefined)?.token;
  if (!token) throw new Error(`agent login failed: ${JSON.stringify(answer.body)}`);
  return token;
}

/** A session of a player on the member site. */
export async function playerLogin(sut: TestApp, username: string): Promise<string> {
  const answer = await loginAs(sut, username, teamPassword);
  const token = (answer.body.value as { token?: string } | undefined)?.token;
  if (!token) throw new Error(`player login failed: ${JSON.stringify(answer.body)}`);
  return token;
}

let keys = 0;
/** Credits a member's main wallet through the operator's adjustment (one journal entry). */
export async function credit(teams: Teams, username: string, amount: string) {
  const answer = await call(teams.sut, {
    method: 'POST',
    url: '/api/operator/wallet/adjust',
    token: teams.operator,
    body: { username, amount, reason: 'team test funds', idempotencyKey: `team-${Date.now()}-${++keys}` },
  });
  // Posted at once, not held for a second operator (the owner is held by the daily limits too).
  if (answer.status !== 200 || answer.body.value?.status !== 'posted') {
    throw new Error(`credit failed: ${JSON.stringify(answer.body)}`);
  }
}

/** A settled main-wallet round of a house game (amounts in minor units). */
export async function settledRound(
  teams: Teams,
  { memberId, bet, win, at }: { memberId: number; bet: bigint; win: bigint; at: Date },
) {
  await insertSettledRound(teams.sut.db, { memberId, gameType: 'SLOT', bet, win, settledAt: at });
}

/**
 * The members' statuses, balances, sessions, contracts and links: what must not change when a call
 * is refused. `prefix`: only the accounts whose name starts with it (e.g. B's tree, `tb`).
 */
export async function snapshot(teams: Teams, prefix = ''): Promise<string> {
  const result = await teams.sut.db.execute(sql`
    select m.account, m.status, m.type, m.upline_id::text as upline,
           coalesce((select sum(a.balance) from ledger_accounts a where a.owner_member_id = m.id), 0)::text as balance,
           (select count(*) from sessions s where s.member_id = m.id and s.revoked_at is null)::int as sessions,
           (select count(*) from agent_contracts c where c.member_id = m.id)::int as contracts,
           (select string_agg(c.status, ',' order by c.id) from agent_contracts c where c.member_id = m.id) as statuses,
           (select string_agg(r.status, ',' order by r.id) from agent_contract_requests r
              join agent_contracts c on c.id = r.contract_id where c.member_id = m.id) as requests,
           (select count(*) from agent_links l where l.agent_id = m.id)::int as links
      from members m where m.account like ${`${prefix}%`} order by m.id`);
  return JSON.stringify((result as unknown as { rows: unknown[] }).rows);
}
