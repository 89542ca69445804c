import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentCalls, walletCalls, type CallDefinition } from '@khela/contract';
import { call } from '../accounts/accounts.test-support.ts';
import { members } from '../accounts/accounts.tables.ts';
import { agentContractRequests, agentContracts, agentLinks, agentWages } from './agents.tables.ts';
import {
  agentHost,
  buildTeams,
  credit,
  settledRound,
  snapshot,
  teamPaymentPassword,
  type Teams,
} from './agents.team.test-support.ts';

/**
 * Issue 14: every agent call, made by agent A with ids and usernames of agent B's tree, answers
 * NOT_FOUND (a list: nothing of B's tree), and nothing of B's tree changes (balances, statuses,
 * sessions, contracts, requests, links). A new agent call in the contract fails "has a case for
 * every agent call" until a case is written here.
 */

let teams: Teams;
/** Ids of B's rows the cases name. */
const b = { activeContract: 0, pendingRequest: 0, wage: 0 };

beforeAll(async () => {
  teams = await buildTeams();
  const { ids, sut } = teams;
  const terms = {
    kind: 'daily' as const,
    terms: { tiers: [{ teamBet: '100', activeMembers: 1, rate: '0.5' }] },
  };
  const [active] = await sut.db
    .insert(agentContracts)
    .values({
      kind: 'daily',
      memberId: ids.tb_agent!,
      uplineId: ids.tb!,
      status: 'active',
      terms,
      maxRateBp: 50,
      startedAt: new Date(),
    })
    .returning();
  const [pending] = await sut.db
    .insert(agentContracts)
    .values({
      kind: 'hourly',
      memberId: ids.tb_agent!,
      uplineId: ids.tb!,
      status: 'pending',
      terms,
      maxRateBp: 50,
    })
    .returning();
  const [request] = await sut.db
    .insert(agentContractRequests)
    .values({ contractId: pending!.id, kind: 'new' })
    .returning();
  const [wage] = await sut.db
    .insert(agentWages)
    .values({
      kind: 'daily',
      periodKey: 'D:2026-11-25',
      periodFrom: new Date('2026-11-25T00:00:00Z'),
      periodTo: new Date('2026-11-26T00:00:00Z'),
      contractId: active!.id,
      memberId: ids.tb_agent!,
      payerId: ids.tb!,
      currency: 'BDT',
      teamBet: 20_000n,
      due: 100n,
      paid: 100n,
      status: 'issued',
    })
    .returning();
  // A name that passes the brand's username rule (the others have underscores).
  await sut.db
    .insert(members)
    .values({ account: 'tbclean1', nickname: 'tbclean1', uplineId: ids.tb!, registerMethod: 'TEST' });
  await sut.db.insert(agentLinks).values({ agentId: ids.tb!, code: 'TBLINK2', kind: 'agent' });
  Object.assign(b, { activeContract: active!.id, pendingRequest: request!.id, wage: wage!.id });
  // B's tree has money, rounds and income; A's has none, so any of B's in A's answers shows.
  await credit(teams, 'tb', '100');
  await credit(teams, 'tb_player', '100');
  await credit(teams, 'ta', '100');
  await settledRound(teams, { memberId: ids.tb_deep!, bet: 10_000n, win: 0n, at: new Date() });
});
afterAll(async () => {
  await teams.close();
});

type Answer = Awaited<ReturnType<typeof call>>;

/** A's call of `definition` (query or body), as the web makes it on the agent site. */
function send(definition: CallDefinition, input: Record<string, unknown> = {}): Promise<Answer> {
  const isGet = definition.method === 'GET';
  const query = new URLSearchParams(
    Object.entries(input).map(([key, value]): [string, string] => [key, String(value)]),
  );
  return call(teams.sut, {
    method: definition.method as 'GET' | 'POST',
    url: isGet && query.size > 0 ? `${definition.path}?${query}` : definition.path,
    ...(isGet ? {} : { body: input }),
    sealed: definition.encrypted,
    token: teams.a,
    host: agentHost,
  });
}

const notFound = (answer: Answer) => expect([answer.status, answer.body.code]).toEqual([404, 'NOT_FOUND']);
/** B's accounts are all named `tb…`, B's codes `TB…`: none may appear in an answer of A's. */
const nothingOfB = (answer: Answer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(JSON.stringify(answer.body.value)).not.toMatch(/"tb/i);
};

type AgentCallName = keyof typeof agentCalls;
type Case = () => Promise<void>;

const offer = (username: string) => ({
  action: 'offer',
  username,
  terms: { tiers: [{ teamBet: '100', activeMembers: 1, rate: '0.5' }] },
  requestId: 'subtree-offer-1',
});
const realtimeOffer = (username: string) => ({
  action: 'offer',
  username,
  terms: { winRate: '0.5', lossRate: '0.5', singleBet: '10' },
  requestId: 'subtree-offer-2',
});
const dividendOffer = (username: string) => ({
  action: 'offer',
  username,
  terms: { basis: 'loss', period: 'D', tiers: [{ teamBet: '100', activeMembers: 1, rate: '0.5' }] },
  requestId: 'subtree-offer-3',
});

/** A contract call: an offer to B's downline, an answer to B's request, a termination of B's contract. */
function contractCase(definition: CallDefinition, body: (username: string) => Record<string, unknown>): Case {
  return async () => {
    notFound(await send(definition, body('tb_agent')));
    notFound(await send(definition, body('tb_deep')));
    notFound(await send(definition, { action: 'accept', requestNo: b.pendingRequest }));
    notFound(await send(definition, { action: 'reject', requestNo: b.pendingRequest }));
    notFound(await send(definition, { action: 'terminate', contractId: b.activeContract }));
  };
}

/** The calls of ag-wages (contracts and wages): they answer only once merged. */
const wageCases = {
  agentConsolidated: async () => {
    const answer = await send(agentCalls.agentConsolidated);
    nothingOfB(answer);
    expect(answer.body.value.pendingCount).toBe(0);
  },
  dailyContract: contractCase(agentCalls.dailyContract, offer),
  hourlyContract: contractCase(agentCalls.hourlyContract, offer),
  realtimeContract: contractCase(agentCalls.realtimeContract, realtimeOffer),
  dividendContract: contractCase(agentCalls.dividendContract, dividendOffer),
  agentContracts: async () => {
    for (const scope of ['mine', 'team']) {
      const answer = await send(agentCalls.agentContracts, { scope });
      nothingOfB(answer);
      expect(answer.body.value.total).toBe(0);
    }
  },
  agentWages: async () => {
    notFound(await send(agentCalls.agentWages, { kind: 'daily', scope: 'paid', username: 'tb_agent' }));
    for (const scope of ['received', 'paid']) {
      const answer = await send(agentCalls.agentWages, { kind: 'daily', scope });
      nothingOfB(answer);
      expect(answer.body.value.total).toBe(0);
    }
  },
  agentWageSources: async () => {
    notFound(await send(agentCalls.agentWageSources, { wageId: String(b.wage) }));
  },
} satisfies Partial<Record<AgentCallName, Case>>;

const teamCases = {
  agentTeamOverview: async () => {
    const answer = await send(agentCalls.agentTeamOverview);
    nothingOfB(answer);
    expect(answer.body.value).toMatchObject({ teamSize: 3, teamBalance: '0.00' });
    expect(answer.body.value.totals).toMatchObject({ bet: '0.00', activeMembers: 0 });
  },
  agentRegisterDownline: async () => {
    // A taken name of B's tree is refused like any taken name; nothing joins B's tree.
    const answer = await send(agentCalls.agentRegisterDownline, {
      username: 'TbClean1',
      password: 'Subtree-pass-2026',
      confirmPassword: 'Subtree-pass-2026',
      kind: 'member',
    });
    expect([answer.status, answer.body.code]).toEqual([409, 'USERNAME_TAKEN']);
  },
  agentLinks: async () => {
    nothingOfB(await send(agentCalls.agentLinks));
  },
  agentCreateLink: async () => {
    const answer = await send(agentCalls.agentCreateLink, { kind: 'agent' });
    nothingOfB(answer);
  },
  agentDownlines: async () => {
    notFound(await send(agentCalls.agentDownlines, { parent: 'tb' }));
    notFound(await send(agentCalls.agentDownlines, { parent: 'tb_agent' }));
    const search = await send(agentCalls.agentDownlines, { username: 'tb' });
    nothingOfB(search);
    expect(search.body.value.total).toBe(0);
    nothingOfB(await send(agentCalls.agentDownlines));
  },
  agentDownlineDetail: async () => {
    for (const username of ['tb', 'tb_agent', 'tb_deep']) {
      notFound(await send(agentCalls.agentDownlineDetail, { username }));
    }
  },
  agentDownlineStatus: async () => {
    for (const username of ['tb', 'tb_agent', 'tb_deep']) {
      notFound(await send(agentCalls.agentDownlineStatus, { username, status: 'disabled' }));
    }
  },
  agentTeamBetting: async () => {
    notFound(await send(agentCalls.agentTeamBetting, { username: 'tb_deep' }));
    const answer = await send(agentCalls.agentTeamBetting);
    nothingOfB(answer);
    expect(answer.body.value.total).toBe(0);
  },
  agentProfitLoss: async () => {
    notFound(await send(agentCalls.agentProfitLoss, { username: 'tb_player' }));
    const answer = await send(agentCalls.agentProfitLoss);
    nothingOfB(answer);
    expect(answer.body.value.totals.bet).toBe('0.00');
  },
  agentRevenue: async () => {
    const answer = await send(agentCalls.agentRevenue);
    nothingOfB(answer);
    expect(answer.body.value.total).toBe('0.00');
  },
  agentTeamTransactions: async () => {
    notFound(await send(agentCalls.agentTeamTransactions, { username: 'tb_player' }));
    notFound(await send(agentCalls.agentTeamTransactions, { username: 'tb' }));
    const answer = await send(agentCalls.agentTeamTransactions);
    nothingOfB(answer);
    // Only A's own credit: A is of A's team.
    expect(answer.body.value.list.map((line: { account: string }) => line.account)).toEqual(['ta']);
  },
} satisfies Partial<Record<AgentCallName, Case>>;

/** Exhaustive at compile time too: a new agent call without a case does not type-check. */
const agentCases: Record<Exclude<AgentCallName, 'operatorAgentContract'>, Case> = {
  ...wageCases,
  ...teamCases,
};

async function expectNothingOfBChanged(run: Case) {
  const beforeB = await snapshot(teams, 'tb');
  const beforeA = await snapshot(teams, 'ta');
  await run();
  expect(await snapshot(teams, 'tb')).toBe(beforeB);
  // A's own accounts change only by what A asked for themselves (a new link of their own).
  const strip = (text: string) => text.replace(/"links":\d+/g, '');
  expect(strip(await snapshot(teams, 'ta'))).toBe(strip(beforeA));
}

describe("agent calls with ids and usernames of another agent's tree", () => {
  it('has a case for every agent call of the contract', () => {
    const names = Object.entries(agentCalls)
      .filter(([, definition]) => definition.auth === 'agent')
      .map(([name]) => name);
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) expect(Object.keys(agentCases), name).toContain(name);
  });

  for (const [name, run] of Object.entries(teamCases)) {
    it(`${name}: NOT_FOUND or nothing of the other tree, nothing changed`, () =>
      expectNothingOfBChanged(run));
  }

  it('transferDownline: NOT_FOUND for every account of the other tree, no money moved', () =>
    expectNothingOfBChanged(async () => {
      for (const username of ['tb', 'tb_agent', 'tb_player', 'tb_deep']) {
        notFound(
          await send(walletCalls.transferDownline, {
            username,
            amount: '10',
            paymentPassword: teamPaymentPassword,
            requestId: `subtree-transfer-${username}`,
          }),
        );
      }
    }));

  for (const [name, run] of Object.entries(wageCases)) {
    it(`${name}: NOT_FOUND or nothing of the other tree, nothing changed`, () =>
      expectNothingOfBChanged(run));
  }
});
