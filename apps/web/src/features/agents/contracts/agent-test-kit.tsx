// Test support for the agent centre's report, wage and contract pages (component tests only).
import { act } from '@testing-library/react';
import type { Mock } from 'vitest';
import type { AgentContract, ConsolidatedValue, WageLine } from '@khela/contract';
import type { AgentCentrePageKey } from '../../../shared/config/centre-pages.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { gameMenusFixture, renderApp, whitelabelFixture } from '../../../test/render-app.tsx';
import { features } from '../../../test/fixtures.ts';
import { answerCalls, failure as testFailure, type Answer } from '../../../test/test-answers.ts';

/** The failure envelope of the server: a code, its text key and the field issues (409 like the contract's). */
export function failure(
  code: string,
  message: string,
  issues: { field: string; reason: string; rule?: string; limit?: number }[] = [],
): Answer {
  return testFailure(code === 'VALIDATION_FAILED' ? 400 : 409, code, message, { value: { issues } });
}

export interface AgentApi {
  /** GET answers by path (the `value` of a success envelope). */
  answers?: Record<string, unknown>;
  /** POST answers by path, from the sent body: a value, or a failure. */
  posts?: Record<string, (body: unknown) => unknown>;
  /** GET paths that never answer (the loading state). */
  hang?: readonly string[];
}

function isAnswer(result: unknown): result is Answer {
  return (
    typeof result === 'object' &&
    result !== null &&
    'body' in result &&
    typeof (result as Answer).status === 'number'
  );
}

/** Answers the POSTs of `posts` (recorded in order), keeps `hang` paths waiting, the rest as before. */
export function routePosts(fetchMock: Mock, posts: AgentApi['posts'] = {}, hang: AgentApi['hang'] = []) {
  const sent: { path: string; body: unknown }[] = [];
  answerCalls(fetchMock, (path, body) => {
    const handler = posts[path];
    if (!handler) return undefined;
    sent.push({ path, body });
    const result = handler(body);
    return isAnswer(result) ? result : { body: result };
  });
  const answered = fetchMock.getMockImplementation() as (
    input: string,
    init?: RequestInit,
  ) => Promise<Response>;
  fetchMock.mockImplementation(async (input: string, init?: RequestInit) =>
    hang.includes(new URL(input, 'http://localhost').pathname)
      ? new Promise<Response>(() => undefined)
      : answered(input, init),
  );
  return sent;
}

/** Everything on: the four wage pages are in the menu. */
export const agentWhitelabel = () =>
  whitelabelFixture({
    features: { ...features, salary: true, hourSalary: true, realTimeSalary: true, dividend: true },
  });

/** A logged-in agent with the agent centre open on `page`. */
export function openAgentPage(page: AgentCentrePageKey, api: AgentApi = {}) {
  useSessionStore.getState().setSession({ token: 'token-1', isAgent: 1, username: 'demoagent' });
  const view = renderApp('/index', {
    whitelabel: agentWhitelabel(),
    gameMenus: gameMenusFixture,
    answers: api.answers ?? {},
  });
  const sent = routePosts(view.fetchMock, api.posts, api.hang);
  act(() => useOverlayStore.getState().openAgentCentre(page));
  return { ...view, sent };
}

/** The query strings the page sent to one path, in order. */
export function queriesTo(fetchMock: { mock: { calls: unknown[][] } }, path: string): URLSearchParams[] {
  return fetchMock.mock.calls.flatMap(([input]) => {
    const url = new URL(String(input), 'http://localhost');
    return url.pathname === path ? [url.searchParams] : [];
  });
}

export const paths = {
  consolidated: '/wps/member/info/funds/consolidated',
  contracts: '/wps/agent/contracts',
  wages: '/wps/agent/wages',
  sources: '/wps/agent/wages/sources',
  daily: '/wps/relay/MCS2_processDailySalContract',
  realtime: '/wps/relay/MCSFE_processRealTimeSalaryContract',
  dividend: '/wps/relay/MCS2_processDividendReq',
} as const;

export function contractFixture(overrides: Partial<AgentContract> = {}): AgentContract {
  return {
    id: 7,
    kind: 'daily',
    member: 'demoagent',
    upline: null,
    status: 'active',
    terms: {
      kind: 'daily',
      terms: {
        tiers: [
          { teamBet: '1000.00', activeMembers: 0, rate: '0.50' },
          { teamBet: '5000.00', activeMembers: 3, rate: '1.25' },
        ],
      },
    },
    maxRate: '1.25',
    createdAt: Date.UTC(2026, 10, 20, 9, 0),
    startedAt: Date.UTC(2026, 10, 20, 9, 5),
    endedAt: null,
    pendingRequest: null,
    awaitingMe: false,
    ...overrides,
  };
}

export function consolidatedFixture(overrides: Partial<ConsolidatedValue> = {}): ConsolidatedValue {
  return {
    dailysalreqtype: null,
    divtypereq: null,
    contracthoursalreq: null,
    realtimesalreqtype: null,
    pendingCount: 0,
    contracts: { daily: contractFixture(), hourly: null, realtime: null, dividend: null },
    ...overrides,
  };
}

export function wageLineFixture(overrides: Partial<WageLine> = {}): WageLine {
  return {
    id: '101',
    kind: 'daily',
    periodKey: 'D:2026-11-25',
    from: Date.UTC(2026, 10, 25),
    to: Date.UTC(2026, 10, 26),
    contractId: 7,
    member: 'demoagent',
    payer: null,
    teamBet: '6000.00',
    activeMembers: 4,
    winStake: '0.00',
    lossStake: '0.00',
    basisAmount: '0.00',
    rate: '1.25',
    winRate: null,
    lossRate: null,
    winWage: '0.00',
    lossWage: '0.00',
    due: '75.00',
    paid: '75.00',
    status: 'issued',
    parts: [],
    createdAt: Date.UTC(2026, 10, 26, 0, 5),
    ...overrides,
  };
}

export const page = (list: unknown[], extra: Record<string, unknown> = {}) => ({
  list,
  total: list.length,
  totalPages: list.length > 0 ? 1 : 0,
  pageNo: 1,
  pageSize: 20,
  ...extra,
});
