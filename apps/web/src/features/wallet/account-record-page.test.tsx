import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../test/render-app.tsx';
import { useOverlayStore } from '../../shared/stores/overlay-store.ts';
import { useSessionStore } from '../../shared/stores/session-store.ts';

afterEach(() => {
  cleanup();
  useSessionStore.getState().clearSession();
  useOverlayStore.setState({ memberCentre: { open: false, page: 'securityCenter' } });
});

const line = (
  entryId: number,
  type: string,
  amount: string,
  balanceAfter: string,
  remark: string | null,
) => ({
  entryId,
  type,
  time: new Date(2026, 10, 20, 14, 5, 0).getTime(),
  wallet: 'main',
  vendor: null,
  currency: 'BDT',
  amount,
  balanceAfter,
  remark,
});

function openRecord(answer: unknown, answers: Record<string, unknown> = {}) {
  useSessionStore.getState().setSession({ token: 'token-1', isAgent: 0, username: 'rahim01' });
  const view = renderApp('/index', { answers: { '/wps/wallet/record': answer, ...answers } });
  useOverlayStore.getState().openMemberCentre('transactionHistory');
  return view;
}

describe('account record (transactionHistory)', () => {
  it('lists each line with its sign, the running balance and the reason', async () => {
    openRecord({
      list: [
        line(2, 'withdrawal', '-40.00', '60.00', null),
        line(1, 'adjustment', '100.00', '100.00', 'welcome credit'),
      ],
      total: 2,
      totalPages: 1,
      pageNo: 1,
      pageSize: 20,
    });
    const panel = await screen.findByRole('dialog', { name: 'সদস্য কেন্দ্র' });
    await within(panel).findByText('welcome credit');
    const lines = [...panel.querySelectorAll('.record-line')];
    expect(lines).toHaveLength(2);
    expect(lines[0]?.textContent).toContain('উত্তোলন');
    expect(lines[0]?.textContent).toContain('-40.00');
    expect(lines[1]?.textContent).toContain('+100.00');
    expect(lines[1]?.textContent).toContain('welcome credit');
    expect(lines[1]?.textContent).toContain('৳100.00');
  });

  it('shows a withdrawal hold once and a game wallet by its name, not its code (issue 38)', async () => {
    openRecord(
      {
        list: [
          { ...line(5, 'transfer', '-25.00', '75.00', null) },
          { ...line(5, 'transfer', '25.00', '25.00', null), wallet: 'vendor', vendor: 'HOUSET' },
          line(4, 'hold', '-40.00', '100.00', null),
          { ...line(4, 'hold', '40.00', '40.00', null), wallet: 'hold' },
        ],
        total: 4,
        totalPages: 1,
        pageNo: 1,
        pageSize: 20,
      },
      {
        '/wps/relay/GCS_gameWallets': {
          main: '75.00',
          currency: 'BDT',
          wallets: [
            { vendorCode: 'HOUSET', name: 'Arcade', balance: '25.00', booked: '25.00', pending: false },
          ],
        },
      },
    );
    const panel = await screen.findByRole('dialog', { name: 'সদস্য কেন্দ্র' });
    await waitFor(() => expect(panel.querySelectorAll('.record-line')).toHaveLength(3));
    const lines = [...panel.querySelectorAll('.record-line')].map((item) => item.textContent ?? '');
    // One line for the hold (the main wallet's), not a second "Held" on the hold wallet.
    expect(lines.filter((text) => text.includes('-40.00'))).toHaveLength(1);
    expect(lines.some((text) => text.includes('+40.00'))).toBe(false);
    await waitFor(() => expect(panel.textContent).toContain('Arcade'));
    expect(panel.textContent).not.toContain('HOUSET');
  });

  it('says so when there is nothing in the period, and asks again for another type', async () => {
    const { fetchMock } = openRecord({ list: [], total: 0, totalPages: 0, pageNo: 1, pageSize: 20 });
    const panel = await screen.findByRole('dialog', { name: 'সদস্য কেন্দ্র' });
    expect(await within(panel).findByText('এই সময়ে কোনো লেনদেন নেই')).toBeTruthy();
    fireEvent.change(within(panel).getByRole('combobox'), { target: { value: 'deposit' } });
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => String(url).includes('/wps/wallet/record?type=deposit')),
      ).toBe(true),
    );
  });
});
