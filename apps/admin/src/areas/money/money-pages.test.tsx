import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OperatorSelf } from '@khela/contract';
import { operatorSelf, renderAsOperator } from '../../test/operator-page.tsx';
import { setFetchForTests } from '../../shared/api/client.ts';
import { formatMoney } from './format.ts';
import WithdrawalsPage from './withdrawals-page.tsx';
import DepositsPage from './deposits-page.tsx';

const markup = '<img src=x onerror="window.__xss=1">';

const finance = operatorSelf('finance', { id: 7, account: 'finance1', nickname: 'Finance' });

function answering(values: Record<string, unknown>) {
  setFetchForTests(async (input) => {
    const path = new URL(input, 'http://localhost').pathname;
    const value = values[path];
    return new Response(
      JSON.stringify(value === undefined ? { success: false, code: 'NOT_FOUND' } : { success: true, value }),
      {
        status: value === undefined ? 404 : 200,
        headers: { 'content-type': 'application/json' },
      },
    );
  });
}

function show(page: React.ReactNode, operator: OperatorSelf = finance) {
  return renderAsOperator(page, operator);
}

const withdrawal = {
  withdrawalId: 41,
  status: 'pending',
  currency: 'BDT',
  amount: '12345.50',
  account: {
    accountId: 3,
    kind: 'ewallet',
    providerName: 'bKash',
    accountName: markup,
    accountNumber: '****0078',
  },
  createdAt: Date.UTC(2026, 10, 27, 1),
  decidedAt: null,
  disbursedAt: null,
  confirmBy: null,
  receipt: null,
  receivedAmount: null,
  refunded: null,
  reason: null,
  username: 'demoplayer',
  fullAccountNumber: '01700000078',
  hasProof: false,
  approvedBy: null,
  hasPayoutProof: false,
  payoutReference: null,
  payoutAttempt: null,
  payoutMethods: [],
};

describe('the money pages', () => {
  it('shows a payout account name a member typed as text, never as markup', async () => {
    answering({ '/api/operator/withdrawals': [withdrawal] });
    const { container } = show(<WithdrawalsPage />);
    const table = await screen.findByRole('table', { name: 'Withdrawals' });
    expect(within(table).getByText(markup)).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
    expect(within(table).getByText('12,345.50 BDT')).toBeTruthy();
    // Finance may act: approve or reject; disburse only once approved.
    for (const name of ['Approve', 'Reject'])
      expect(within(table).getByRole('button', { name })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Disburse' })).toBeNull();
  });

  it('asks before approving, names the approver, and offers the payout once approved', async () => {
    answering({ '/api/operator/withdrawals': [withdrawal] });
    const { unmount } = show(<WithdrawalsPage />);
    const table = await screen.findByRole('table', { name: 'Withdrawals' });
    // Before: one click approved at once.
    fireEvent.click(within(table).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve withdrawal 41?' });
    expect(dialog.textContent).toContain('12,345.50 BDT');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    unmount();

    answering({ '/api/operator/withdrawals': [{ ...withdrawal, approvedBy: 'operator#4' }] });
    show(<WithdrawalsPage />);
    const approved = await screen.findByRole('table', { name: 'Withdrawals' });
    // Before: "Approved by operator#4".
    expect(within(approved).getByText('Approved by operator')).toBeTruthy();
    expect(within(approved).queryByRole('button', { name: 'Approve' })).toBeNull();
    fireEvent.click(within(approved).getByRole('button', { name: 'Disburse' }));
    const disburse = await screen.findByRole('dialog');
    // The note's field says when the player reads it.
    expect(within(disburse).getByLabelText(/Note to the player/)).toBeTruthy();
    expect(disburse.textContent).toContain('Shown to the player in their withdrawal record');
  });

  it('shows a deposit reference as text, and no actions to a role that may only read', async () => {
    answering({
      '/api/operator/deposits': [
        {
          orderId: 9,
          methodCode: 'bank',
          kind: 'bank_transfer',
          status: 'pending',
          currency: 'BDT',
          amount: '500.00',
          fee: '0.00',
          credited: '500.00',
          reference: markup,
          receiptCount: 0,
          payUrl: null,
          bank: null,
          createdAt: Date.UTC(2026, 10, 27, 1),
          expiresAt: null,
          decidedAt: null,
          reason: null,
          username: 'demoplayer',
        },
      ],
    });
    const support = operatorSelf('support', finance);
    const { container } = show(<DepositsPage />, support);
    const table = await screen.findByRole('table', { name: 'Deposits' });
    expect(within(table).getByText(markup)).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
    await waitFor(() => expect(within(table).queryByRole('button', { name: 'Approve' })).toBeNull());
  });

  it('formats amounts without floating point', () => {
    expect(formatMoney('12345678901234.56', 'BDT')).toBe('12,345,678,901,234.56 BDT');
    expect(formatMoney('-0.01')).toBe('−0.01');
    expect(formatMoney(null)).toBe('—');
  });
});
