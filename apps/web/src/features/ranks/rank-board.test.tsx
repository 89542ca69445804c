import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { renderApp } from '../../test/render-app.tsx';

beforeEach(async () => {
  await changeLanguage('EN', { remember: true });
});

const board = (rankType: 'bet' | 'deposit', list: unknown[]) => ({
  '/wps/relay/GCSGAME_getRankList': { rankType, currency: 'BDT', periodDays: 30, list },
});

describe('rank pages', () => {
  it('lists the top bettors, masked, with the period, from GCSGAME_getRankList', async () => {
    const { fetchMock } = renderApp('/bet-rank', {
      answers: board('bet', [
        { rank: 1, customerName: 'bi****er', amount: '1000.00' },
        { rank: 2, customerName: 'de****er', amount: '75.50' },
      ]),
    });
    expect(await screen.findByRole('heading', { name: 'Top 20 bettors' })).toBeTruthy();
    expect(screen.getByText('Last 30 days')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Top 20 bettors' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('bi****er');
    expect(rows[0]?.textContent).toContain('৳1,000.00');
    expect(rows[1]?.textContent).toContain('de****er');
    // The place is read from visually hidden text: a plain span may not carry aria-label
    // (axe aria-prohibited-attr, serious, 2 nodes in each language before).
    expect(list.querySelector('[aria-label]')).toBeNull();
    expect(within(rows[0]!).getByText('Place 1')).toBeTruthy();
    expect(screen.getByTestId('zone-note').textContent).toContain('Asia/Dhaka');
    await waitFor(() => {
      const url = fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .find((entry) => entry.pathname === '/wps/relay/GCSGAME_getRankList');
      expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
        rankType: 'bet',
        gameCategory: 'ALL',
        limitNum: '20',
      });
    });
  });

  it('says honestly that nobody has deposited yet', async () => {
    renderApp('/deposit-rank', { answers: board('deposit', []) });
    expect(await screen.findByRole('heading', { name: 'Top 20 depositors' })).toBeTruthy();
    expect(await screen.findByText('Nobody on the board yet')).toBeTruthy();
    expect(screen.getByText(/deposits approved in the last 30 days/)).toBeTruthy();
  });

  it('offers a retry when the board cannot be read', async () => {
    renderApp('/bet-rank');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
