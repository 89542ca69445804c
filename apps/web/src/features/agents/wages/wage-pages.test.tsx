import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import {
  consolidatedFixture,
  contractFixture,
  openAgentPage,
  page,
  paths,
  queriesTo,
  wageLineFixture,
} from '../contracts/agent-test-kit.tsx';

beforeEach(async () => {
  await changeLanguage('EN', { remember: true });
});

const wagesValue = (list: ReturnType<typeof wageLineFixture>[]) => ({
  ...page(list),
  totals: { due: '80.00', paid: '75.00' },
  currency: 'BDT',
});

describe('daily wages (agentDailyWages2)', () => {
  it('shows skeletons while the wage lines load', async () => {
    openAgentPage('agentDailyWages2', {
      answers: { [paths.consolidated]: consolidatedFixture(), [paths.contracts]: page([]) },
      hang: [paths.wages],
    });
    const panel = await screen.findByRole('dialog');
    const lines = await within(panel).findByRole('region', { name: 'Wage lines' });
    expect(lines.querySelector('[aria-busy="true"] .skeleton')).toBeTruthy();
  });

  it('shows my contract with its tier table and payer, and the empty states', async () => {
    const view = openAgentPage('agentDailyWages2', {
      answers: {
        [paths.consolidated]: consolidatedFixture(),
        [paths.contracts]: page([]),
        [paths.wages]: wagesValue([]),
      },
    });
    const panel = await screen.findByRole('dialog');
    const mine = await within(panel).findByRole('region', { name: 'My contract' });
    const tiers = await within(mine).findByRole('table', { name: 'Tiers' });
    const rows = [...tiers.querySelectorAll('tbody tr')].map((row) =>
      [...row.children].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['1', '৳1,000.00', '0', '0.50%'],
      ['2', '৳5,000.00', '3', '1.25%'],
    ]);
    expect(mine.textContent).toContain('Paid by the platform');
    expect(mine.textContent).toContain('Active');
    // Empty states: no team contracts, no wage lines.
    expect(
      await within(panel).findByText('You have offered no contract of this kind to your team.'),
    ).toBeTruthy();
    expect(await within(panel).findByText('No wage lines in this period')).toBeTruthy();
    expect(queriesTo(view.fetchMock, paths.wages)[0]?.get('kind')).toBe('daily');
    expect(queriesTo(view.fetchMock, paths.wages)[0]?.get('scope')).toBe('received');
  });

  it('accepts and rejects a request waiting for my answer with its request number', async () => {
    const offer = contractFixture({
      id: 9,
      status: 'pending',
      upline: 'bigboss',
      startedAt: null,
      pendingRequest: { id: 41, kind: 'new', status: 'pending', createdAt: 1, answeredAt: null },
      awaitingMe: true,
    });
    const view = openAgentPage('agentDailyWages2', {
      answers: {
        [paths.consolidated]: consolidatedFixture({ dailysalreqtype: 'new', pendingCount: 1 }),
        [paths.contracts]: page([offer]),
        [paths.wages]: wagesValue([]),
      },
      posts: {
        [paths.daily]: () => ({ ...offer, status: 'active', pendingRequest: null, awaitingMe: false }),
      },
    });
    const panel = await screen.findByRole('dialog');
    const request = await within(panel).findByRole('group', { name: 'A request waiting for your answer' });
    expect(request.textContent).toContain('bigboss offers you this contract');
    fireEvent.click(within(request).getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(view.sent).toContainEqual({ path: paths.daily, body: { action: 'accept', requestNo: 41 } }),
    );
    expect(await screen.findByText('Your answer was sent')).toBeTruthy();
    fireEvent.click(within(request).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(view.sent).toContainEqual({ path: paths.daily, body: { action: 'reject', requestNo: 41 } }),
    );
  });

  it('shows a failed answer beside the buttons', async () => {
    const offer = contractFixture({
      pendingRequest: { id: 42, kind: 'termination', status: 'pending', createdAt: 1, answeredAt: null },
      awaitingMe: true,
      upline: 'bigboss',
    });
    openAgentPage('agentDailyWages2', {
      answers: {
        [paths.consolidated]: consolidatedFixture(),
        [paths.contracts]: page([offer]),
        [paths.wages]: wagesValue([]),
      },
      posts: {},
    });
    const panel = await screen.findByRole('dialog');
    const request = await within(panel).findByRole('group', { name: 'A request waiting for your answer' });
    expect(request.textContent).toContain('bigboss asks to end this contract');
    fireEvent.click(within(request).getByRole('button', { name: 'Accept' }));
    expect((await within(panel).findByRole('alert')).textContent).toBeTruthy();
  });

  it('lists wage lines with status badges and totals, filters them and opens a line to its rounds', async () => {
    const view = openAgentPage('agentDailyWages2', {
      answers: {
        [paths.consolidated]: consolidatedFixture(),
        [paths.contracts]: page([contractFixture({ member: 'sub01', upline: 'demoagent' })]),
        [paths.wages]: wagesValue([
          wageLineFixture(),
          wageLineFixture({
            id: '102',
            periodKey: 'D:2026-11-24',
            status: 'partial',
            paid: '5.00',
            payer: 'bigboss',
          }),
          wageLineFixture({
            id: '103',
            periodKey: 'D:2026-11-23',
            status: 'not_reached',
            due: '0.00',
            paid: '0.00',
          }),
        ]),
        [paths.sources]: {
          ...page([
            {
              account: 'player7',
              gameName: 'Lucky Lotus',
              vassalage: 'KHELA_SLOTS',
              roundId: 'r-1',
              bet: '6000.00',
              win: '10.00',
              counted: 'bet',
              settledAt: Date.UTC(2026, 10, 25, 12),
            },
          ]),
          totals: { bet: '6000.00', winStake: '0.00', lossStake: '0.00' },
          currency: 'BDT',
        },
      },
    });
    const panel = await screen.findByRole('dialog');
    const lines = await within(panel).findByRole('region', { name: 'Wage lines' });
    await within(lines).findByText('2026-11-25');
    expect(within(lines).getByLabelText('Totals for these filters').textContent).toContain('Due৳80.00');
    expect(lines.textContent).toContain('Issued');
    expect(lines.textContent).toContain('Partially issued');
    expect(lines.textContent).toContain('Not reached');
    expect(lines.textContent).toContain('Paid by bigboss');
    // The team's contract, with terminate.
    const team = within(panel).getByRole('region', { name: 'Contracts I offered to my team' });
    expect(team.textContent).toContain('sub01');
    expect(within(team).getByRole('button', { name: 'End contract' })).toBeTruthy();

    fireEvent.click(within(lines).getByRole('button', { name: 'Paid to my team' }));
    await waitFor(() => expect(queriesTo(view.fetchMock, paths.wages).at(-1)?.get('scope')).toBe('paid'));
    fireEvent.change(within(lines).getByLabelText('Status'), { target: { value: 'insufficient' } });
    await waitFor(() =>
      expect(queriesTo(view.fetchMock, paths.wages).at(-1)?.get('status')).toBe('insufficient'),
    );

    const open = within(lines).getAllByRole('button', { name: 'Show where it came from' })[0];
    if (!open) throw new Error('no line');
    fireEvent.click(open);
    expect(await within(lines).findByText('player7')).toBeTruthy();
    expect(queriesTo(view.fetchMock, paths.sources)[0]?.get('wageId')).toBe('101');
    expect(within(lines).getByText('Valid bet', { exact: false })).toBeTruthy();
  });
});

describe('real-time salary (agentRealtimeSalary)', () => {
  it('shows the real-time rates and each line by lottery game and round', async () => {
    const realtime = contractFixture({
      id: 8,
      kind: 'realtime',
      terms: { kind: 'realtime', terms: { winRate: '0.2', lossRate: '0.5', singleBet: '10.00' } },
      maxRate: '0.5',
    });
    openAgentPage('agentRealtimeSalary', {
      answers: {
        [paths.consolidated]: consolidatedFixture({
          contracts: { daily: null, hourly: null, dividend: null, realtime },
        }),
        [paths.contracts]: page([]),
        [paths.wages]: wagesValue([
          wageLineFixture({
            kind: 'realtime',
            periodKey: 'R:2026-11-26T13:05',
            winStake: '100.00',
            lossStake: '200.00',
            winRate: '0.2',
            lossRate: '0.5',
            winWage: '0.20',
            lossWage: '1.00',
            due: '1.20',
            paid: '1.20',
            parts: [
              {
                gameCode: 'FAST1',
                numero: '202611260791',
                winStake: '100.00',
                lossStake: '200.00',
                winWage: '0.20',
                lossWage: '1.00',
              },
            ],
          }),
        ]),
        [paths.sources]: {
          ...page([]),
          totals: { bet: '0.00', winStake: '0.00', lossStake: '0.00' },
          currency: 'BDT',
        },
      },
    });
    const panel = await screen.findByRole('dialog');
    const mine = await within(panel).findByRole('region', { name: 'My contract' });
    await within(mine).findByText('0.2%');
    expect(mine.textContent).toContain('Loss rate0.5%');
    expect(mine.textContent).toContain('Single bet amount৳10.00');
    const lines = within(panel).getByRole('region', { name: 'Wage lines' });
    await within(lines).findByText('2026-11-26 13:05');
    fireEvent.click(within(lines).getByRole('button', { name: 'Show where it came from' }));
    const parts = await within(lines).findByRole('table', { name: 'By lottery game and round' });
    expect(parts.textContent).toContain('FAST1 · 202611260791');
    expect(parts.textContent).toContain('0.20');
    expect(parts.textContent).toContain('1.00');
  });
});
