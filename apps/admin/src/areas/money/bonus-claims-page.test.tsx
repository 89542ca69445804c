import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { syncLocationForTests } from '../../app/router.tsx';
import { setFetchForTests } from '../../shared/api/client.ts';
import { operatorSelf, renderAsOperator } from '../../test/operator-page.tsx';
import BonusClaimsPage from './bonus-claims-page.tsx';

/**
 * Money → Bonus claims (issue 39 item 4): each claim with its member, promotion, state, wagering,
 * bonus wallet or end, and entries; the count and sums; the filters (promotion from the address,
 * state, period, member) sent as the call's query.
 */
const finance = operatorSelf('finance', { id: 4, account: 'fin1', nickname: 'Finance' });

const active = {
  id: 41,
  promotionId: 1,
  title: 'Welcome bonus',
  username: 'rahim01',
  kind: 'deposit_match',
  state: 'active',
  amount: '500.00',
  wageringRequired: '30000.00',
  wageringDone: null,
  balance: '312.50',
  maxBet: '200.00',
  claimedAt: Date.UTC(2026, 11, 6, 5, 0),
  activatedAt: Date.UTC(2026, 11, 6, 5, 10),
  expiresAt: Date.UTC(2026, 11, 13, 5, 10),
  endedAt: null,
  endAmount: null,
  depositOrderId: 77,
  grantEntryId: 901,
  endEntryId: null,
};

const expired = {
  ...active,
  id: 40,
  username: '<img src=x onerror=alert(1)>',
  kind: 'fixed',
  state: 'expired',
  amount: '10.00',
  wageringRequired: '600.00',
  wageringDone: '120.00',
  balance: null,
  expiresAt: null,
  endedAt: Date.UTC(2026, 11, 7, 5, 0),
  endAmount: '8.00',
  depositOrderId: null,
  grantEntryId: 880,
  endEntryId: 950,
};

afterEach(() => {
  window.history.replaceState(null, '', '/');
  syncLocationForTests();
});

describe('the bonus claims page', () => {
  it('lists each claim with its state, wagering, wallet or end and entries, the sums, and sends the filters', async () => {
    window.history.replaceState(null, '', '/admin/money/bonus-claims?promotionId=1');
    syncLocationForTests();
    const asked: string[] = [];
    setFetchForTests(async (input) => {
      const url = new URL(input, 'http://localhost');
      asked.push(`${url.pathname}${url.search}`);
      const value = {
        items: [active, expired],
        count: 2,
        granted: '510.00',
        outstanding: '312.50',
        converted: '0.00',
        returned: '8.00',
        promotions: [
          { promotionId: 1, title: 'Welcome bonus' },
          { promotionId: 2, title: 'Friday reload' },
        ],
      };
      return new Response(JSON.stringify({ success: true, value }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    const { container } = renderAsOperator(<BonusClaimsPage />, finance);
    const table = await screen.findByRole('table', { name: 'Bonus claims' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first!.textContent).toContain('rahim01');
    expect(first!.textContent).toContain('Welcome bonus · deposit match');
    expect(first!.textContent).toContain('Active');
    expect(first!.textContent).toMatch(/expires 2026-12-13/);
    expect(first!.textContent).toContain('— / 30,000.00');
    expect(first!.textContent).toContain('312.50');
    expect(within(first!).getByRole('link', { name: 'Entry 901 (credit)' }).getAttribute('href')).toBe(
      '/admin/money/ledger?q=rahim01',
    );
    expect(second!.textContent).toContain('Expired');
    expect(second!.textContent).toContain('120.00 / 600.00');
    expect(second!.textContent).toContain('8.00');
    expect(within(second!).getByRole('link', { name: 'Entry 950 (end)' })).toBeTruthy();
    // A member's name is text, never markup.
    expect(second!.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('bonus-claims-sum').textContent).toBe(
      'Claims: 2 · credited 510.00 · outstanding 312.50 · converted 0.00 · returned 8.00',
    );
    expect(asked).toEqual(['/api/operator/promotion/claims?days=7&promotionId=1']);
    expect((screen.getByLabelText('Promotion') as HTMLSelectElement).value).toBe('1');

    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'expired' } });
    await waitFor(() =>
      expect(asked.at(-1)).toBe('/api/operator/promotion/claims?days=7&promotionId=1&state=expired'),
    );
    fireEvent.change(screen.getByLabelText('Promotion'), { target: { value: '' } });
    await waitFor(() => expect(asked.at(-1)).toBe('/api/operator/promotion/claims?days=7&state=expired'));
    fireEvent.change(screen.getByLabelText('Member'), { target: { value: ' rahim01 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(asked.at(-1)).toBe('/api/operator/promotion/claims?days=7&state=expired&username=rahim01'),
    );
  });
});
