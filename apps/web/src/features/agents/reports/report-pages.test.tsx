import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BettingRecordLine } from '@khela/contract';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { openAgentPage, page, queriesTo } from '../contracts/agent-test-kit.tsx';

beforeEach(async () => {
  await changeLanguage('EN', { remember: true });
});

const dayMs = 24 * 60 * 60 * 1000;

function round(overrides: Partial<BettingRecordLine & { account: string }>) {
  return {
    account: 'player7',
    roundId: 'r-1',
    nodeId: 1,
    gameName: 'Lucky Lotus',
    vassalage: 'KHELA_SLOTS',
    vendorName: 'Khela Slots',
    gameType: 'RNG',
    bet: '10.00',
    win: '25.50',
    profit: '15.50',
    status: 'settled',
    startedAt: Date.UTC(2026, 10, 25, 10),
    settledAt: Date.UTC(2026, 10, 25, 10, 1),
    wallet: 'main',
    ...overrides,
  };
}

describe('team betting (personalHistoryCopy)', () => {
  const path = '/wps/agent/team/bets';

  it('shows each round with the account that played it, the totals, and asks again by member and period', async () => {
    const view = openAgentPage('personalHistoryCopy', {
      answers: {
        [path]: {
          ...page([round({}), round({ account: 'player8', roundId: 'r-2', profit: '-10.00', win: '0.00' })], {
            total: 30,
            totalPages: 2,
          }),
          totals: { rounds: 30, bet: '300.00', win: '250.00', profit: '-50.00' },
          currency: 'BDT',
        },
      },
    });
    const panel = await screen.findByRole('dialog');
    await within(panel).findByText('player8');
    const rounds = [...panel.querySelectorAll('.record-line')];
    expect(rounds).toHaveLength(2);
    expect(rounds[0]?.querySelector('.records__account')?.textContent).toBe('player7');
    expect(rounds[0]?.textContent).toContain('Khela Slots');
    expect(within(panel).getByLabelText('Totals for these filters').textContent).toContain('Rounds30');
    expect(within(panel).getByText('1 of 2')).toBeTruthy();

    const first = queriesTo(view.fetchMock, path)[0];
    // Days start at the brand's midnight: 00:00 in Dhaka is 18:00 UTC.
    expect((Number(first?.get('from')) + 6 * 3_600_000) % dayMs).toBe(0);
    expect(Number(first?.get('to')) - Number(first?.get('from'))).toBe(7 * dayMs);
    expect(first?.has('username')).toBe(false);

    fireEvent.change(within(panel).getByRole('searchbox', { name: 'Username' }), {
      target: { value: 'player8' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(queriesTo(view.fetchMock, path).at(-1)?.get('username')).toBe('player8'));
    fireEvent.click(within(panel).getByRole('button', { name: 'Yesterday' }));
    await waitFor(() => {
      const last = queriesTo(view.fetchMock, path).at(-1);
      expect(Number(last?.get('to')) - Number(last?.get('from'))).toBe(dayMs);
    });
    fireEvent.change(within(panel).getByLabelText('Category'), { target: { value: 'RNG' } });
    await waitFor(() => expect(queriesTo(view.fetchMock, path).at(-1)?.get('gameType')).toBe('RNG'));
  });

  it('says plainly when the team has no rounds', async () => {
    openAgentPage('personalHistoryCopy', {
      answers: {
        [path]: {
          ...page([]),
          totals: { rounds: 0, bet: '0.00', win: '0.00', profit: '0.00' },
          currency: 'BDT',
        },
      },
    });
    const empty = await screen.findByText('No rounds in this period');
    expect(empty.closest('.empty-state')?.textContent).toContain('Your team placed no bets');
    expect(document.querySelector('.record-line')).toBeNull();
  });

  it('shows skeletons while loading', async () => {
    openAgentPage('personalHistoryCopy', { hang: [path] });
    const panel = await screen.findByRole('dialog');
    await waitFor(() => expect(panel.querySelector('.agent-loading .skeleton')).toBeTruthy());
  });
});

describe('user profit and loss (palStatementsAgentCopy)', () => {
  it('shows one row per account with its figures and the totals', async () => {
    openAgentPage('palStatementsAgentCopy', {
      answers: {
        '/wps/agent/team/pal': {
          ...page([
            {
              account: 'player7',
              type: 0,
              level: 1,
              rounds: 12,
              bet: '120.00',
              win: '150.00',
              profit: '30.00',
              deposits: '500.00',
              withdrawals: '0.00',
              wages: '0.00',
            },
          ]),
          totals: {
            rounds: 12,
            bet: '120.00',
            win: '150.00',
            profit: '30.00',
            deposits: '500.00',
            withdrawals: '0.00',
            wages: '0.00',
          },
          currency: 'BDT',
        },
      },
    });
    const panel = await screen.findByRole('dialog');
    const table = await within(panel).findByRole('table', { name: 'User profit and loss' });
    const cells = [...(table.querySelector('tbody tr')?.children ?? [])].map((cell) =>
      cell.textContent?.replace(/^(Level|Rounds|Bet|Win|Profit\/loss|Deposits|Withdrawals|Wages)/, ''),
    );
    expect(cells).toEqual(['player7', '1', '12', '120.00', '150.00', '+30.00', '500.00', '0.00', '0.00']);
    expect(within(panel).getByLabelText('Totals for these filters').textContent).toContain('Deposits৳500.00');
  });
});

describe('my income (agentRevenueReport)', () => {
  it('shows income by source and by day with bars', async () => {
    const bySource = [
      { source: 'daily', amount: '75.00', count: 1 },
      { source: 'hourly', amount: '0.00', count: 0 },
      { source: 'realtime', amount: '25.00', count: 5 },
      { source: 'dividend', amount: '0.00', count: 0 },
      { source: 'transfer', amount: '50.00', count: 2 },
    ];
    openAgentPage('agentRevenueReport', {
      answers: {
        '/wps/agent/revenue': {
          bySource,
          total: '150.00',
          days: [{ day: '2026-11-25', total: '150.00', bySource }],
          from: 0,
          to: 1,
          currency: 'BDT',
        },
      },
    });
    const panel = await screen.findByRole('dialog');
    const sources = await within(panel).findByRole('region', { name: 'By source' });
    const rows = [...sources.querySelectorAll('li')];
    expect(rows[0]?.textContent).toContain('Daily wages');
    expect(rows[0]?.textContent).toContain('৳75.00');
    expect((rows[0]?.querySelector('.agent-bars__fill') as HTMLElement).style.width).toBe('100%');
    expect((rows[1]?.querySelector('.agent-bars__fill') as HTMLElement).style.width).toBe('0%');
    expect(rows[4]?.textContent).toContain('Transfers from my team');
    const days = within(panel).getByRole('region', { name: 'By day' });
    expect(days.textContent).toContain('2026-11-25');
    expect(within(days).getByRole('img').getAttribute('aria-label')).toContain('Daily wages ৳75.00');
    expect(within(panel).getByLabelText('Totals for these filters').textContent).toContain('৳150.00');
  });

  it('says plainly when there is no income', async () => {
    openAgentPage('agentRevenueReport', {
      answers: {
        '/wps/agent/revenue': { bySource: [], total: '0.00', days: [], from: 0, to: 1, currency: 'BDT' },
      },
    });
    const panel = await screen.findByRole('dialog');
    expect(await within(panel).findByText('No income in this period')).toBeTruthy();
  });
});

describe('team account details (agentDownlineTransactionDetailsCopy)', () => {
  const path = '/wps/agent/team/transactions';

  it('lists the team ledger lines and filters by kind, wages and dividends included', async () => {
    const view = openAgentPage('agentDownlineTransactionDetailsCopy', {
      answers: {
        [path]: {
          ...page([
            {
              entryId: 3,
              account: 'sub01',
              kind: 'wage',
              amount: '75.00',
              balanceAfter: '175.00',
              createdAt: Date.UTC(2026, 10, 26, 0, 5),
              remark: 'D:2026-11-25',
            },
          ]),
          currency: 'BDT',
        },
      },
    });
    const panel = await screen.findByRole('dialog');
    const line = (await within(panel).findByText('sub01')).closest('li');
    expect(line?.textContent).toContain('Wage');
    expect(line?.textContent).toContain('+75.00');
    expect(line?.textContent).toContain('D:2026-11-25');
    const kinds = within(panel).getByLabelText('Type');
    const options = [...kinds.querySelectorAll('option')].map((option) => option.textContent);
    expect(options).toContain('Wage');
    expect(options).toContain('Dividend');
    fireEvent.change(kinds, { target: { value: 'dividend' } });
    await waitFor(() => expect(queriesTo(view.fetchMock, path).at(-1)?.get('kind')).toBe('dividend'));
  });
});
