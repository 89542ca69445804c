import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { operatorSelf, renderAsOperator } from '../../test/operator-page.tsx';
import { setFetchForTests } from '../../shared/api/client.ts';
import RebatesPage from './rebates-page.tsx';

const finance = operatorSelf('finance', { id: 4, account: 'fin1', nickname: 'Finance' });

describe('the rebate claims page', () => {
  it('lists each claim with its member, period, entry and amount, the sum, and filters by member', async () => {
    const asked: string[] = [];
    setFetchForTests(async (input) => {
      const url = new URL(input, 'http://localhost');
      asked.push(`${url.pathname}${url.search}`);
      const value = {
        items: [
          {
            id: 12,
            username: 'rahim01',
            claimedAt: Date.UTC(2026, 11, 6, 5, 0),
            from: Date.UTC(2026, 11, 5, 5, 0),
            to: Date.UTC(2026, 11, 6, 4, 59),
            amount: '1234.56',
            entryId: 901,
          },
        ],
        count: 1,
        total: '1234.56',
      };
      return new Response(JSON.stringify({ success: true, value }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    renderAsOperator(<RebatesPage />, finance);
    const table = await screen.findByRole('table', { name: 'Rebate claims' });
    expect(within(table).getByText('rahim01')).toBeTruthy();
    expect(within(table).getByText('1,234.56')).toBeTruthy();
    expect(within(table).getByRole('link', { name: '#901' }).getAttribute('href')).toBe(
      '/admin/money/ledger?q=rahim01',
    );
    expect(screen.getByTestId('rebate-sum').textContent).toBe('Claims: 1 · paid 1,234.56');
    expect(asked).toEqual(['/api/operator/promotion/rebate-claims?days=7']);

    fireEvent.change(screen.getByLabelText('Member'), { target: { value: ' rahim01 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(asked.at(-1)).toBe('/api/operator/promotion/rebate-claims?days=7&username=rahim01'),
    );
  });
});
