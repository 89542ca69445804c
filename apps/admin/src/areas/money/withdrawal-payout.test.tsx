import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OperatorSelf, PayoutAttempt, ValueOf } from '@khela/contract';
import type { operatorWithdrawals } from '@khela/contract/call-routes';
import { operatorSelf, renderAsOperator } from '../../test/operator-page.tsx';
import { setFetchForTests } from '../../shared/api/client.ts';
import WithdrawalsPage from './withdrawals-page.tsx';

type Row = ValueOf<typeof operatorWithdrawals>[number];

const sender = operatorSelf('finance', { id: 7, account: 'finance1', nickname: 'Finance' });
const checker = operatorSelf('finance', { id: 8, account: 'finance2', nickname: 'Finance 2' });

const approved: Row = {
  withdrawalId: 41,
  status: 'pending',
  currency: 'BDT',
  amount: '500.00',
  account: {
    accountId: 3,
    kind: 'ewallet',
    providerName: 'bKash',
    walletProvider: 'bkash',
    accountName: 'Demo Player',
    accountNumber: '*******5678',
  },
  createdAt: Date.UTC(2026, 11, 6, 1),
  decidedAt: null,
  disbursedAt: null,
  confirmBy: null,
  receipt: null,
  receivedAmount: null,
  refunded: null,
  reason: null,
  username: 'demoplayer',
  fullAccountNumber: '01712345678',
  hasProof: false,
  approvedBy: 'approver#3',
  hasPayoutProof: false,
  payoutReference: null,
  payoutAttempt: null,
  payoutMethods: ['bkash_b2c'],
};

const attempt: PayoutAttempt = {
  attemptId: 9,
  withdrawalId: 41,
  method: 'bkash_b2c',
  reference: 'wd-41-1',
  amount: '500.00',
  currency: 'BDT',
  receiver: '01712345678',
  status: 'uncertain',
  transactionId: null,
  outcome: 'b2cPayment: timeout',
  sentBy: 'finance1#7',
  sentAt: Date.UTC(2026, 11, 6, 2),
  resolvedBy: null,
  resolvedAt: null,
  note: null,
};

/** Answers the queue with `rows`, a send or a resolve with `answer`; records what was sent. */
function answering(rows: Row[], answer: { attempt: PayoutAttempt } | null = null) {
  const seen: { path: string; body: unknown }[] = [];
  setFetchForTests(async (input, init) => {
    const path = new URL(input, 'http://localhost').pathname;
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    seen.push({ path, body });
    const value = path === '/api/operator/withdrawals' ? rows : { withdrawal: rows[0], ...answer };
    return new Response(JSON.stringify({ success: true, value }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return seen;
}

/** The queue of `rows` as `operator` sees it: its table, and the requests the page made. */
async function queue(rows: Row[], operator: OperatorSelf, answer: { attempt: PayoutAttempt } | null = null) {
  const seen = answering(rows, answer);
  const view = renderAsOperator(<WithdrawalsPage />, operator);
  const table = await screen.findByRole('table', { name: 'Withdrawals' });
  return { seen, table, unmount: view.unmount };
}

describe('payouts by bKash B2C in the withdrawal queue', () => {
  it('sends an approved bKash withdrawal after saying what happens if bKash does not answer', async () => {
    const trx = 'BK7Q2M9X4A';
    const { seen, table } = await queue([approved], sender, {
      attempt: { ...attempt, status: 'paid', transactionId: trx, outcome: null },
    });
    // Both ways stay open: by bKash's API, or by hand with a proof.
    expect(within(table).getByRole('button', { name: 'Disburse' })).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Send by bKash' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send withdrawal 41 by bKash?' });
    expect(dialog.textContent).toContain('500.00 BDT to the bKash wallet 01712345678 (Demo Player)');
    expect(dialog.textContent).toContain('held until another operator checks the bKash merchant portal');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send now' }));
    await waitFor(() =>
      expect(seen.find((request) => request.path === '/api/operator/withdrawal/send')?.body).toEqual({
        withdrawalId: 41,
        method: 'bkash_b2c',
      }),
    );
    expect(await screen.findByText(`Paid by bKash: TrxID ${trx}.`)).toBeTruthy();
  });

  it('offers no bKash send where the server says it cannot be sent', async () => {
    const { table } = await queue([{ ...approved, payoutMethods: [] }], sender);
    expect(within(table).getByRole('button', { name: 'Disburse' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Send by bKash' })).toBeNull();
  });

  it('holds an uncertain payout: no disburse or reject, and another operator resolves it with the trxID', async () => {
    const trx = 'BK7Q2M9X4A';
    const held: Row = { ...approved, payoutMethods: [], payoutAttempt: attempt };
    const { seen, table } = await queue([held], checker, {
      attempt: { ...attempt, status: 'paid', transactionId: trx },
    });
    expect(within(table).getByText('bKash payout wd-41-1: outcome unknown, held')).toBeTruthy();
    expect(within(table).getByText('b2cPayment: timeout')).toBeTruthy();
    for (const name of ['Disburse', 'Reject', 'Send by bKash']) {
      expect(within(table).queryByRole('button', { name })).toBeNull();
    }
    fireEvent.click(within(table).getByRole('button', { name: 'Resolve bKash payout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve the bKash payout of withdrawal 41' });
    expect(dialog.textContent).toContain('invoice wd-41-1 (500.00 BDT to 01712345678)');
    fireEvent.change(within(dialog).getByLabelText(/What the bKash portal shows/), {
      target: { value: 'paid' },
    });
    const trxField = await within(dialog).findByLabelText(/bKash TrxID/);
    fireEvent.input(trxField, { target: { value: 'short' } });
    fireEvent.input(within(dialog).getByLabelText(/What you checked/), {
      target: { value: 'portal: completed' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByText('A bKash TrxID is 10 letters and digits')).toBeTruthy();
    expect(seen.some((request) => request.path.endsWith('/payout/resolve'))).toBe(false);
    fireEvent.input(trxField, { target: { value: trx.toLowerCase() } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() =>
      expect(seen.find((request) => request.path.endsWith('/payout/resolve'))?.body).toEqual({
        attemptId: 9,
        outcome: 'paid',
        transactionId: trx.toLowerCase(),
        note: 'portal: completed',
      }),
    );
    expect(await screen.findByText(`Withdrawal 41 is paid out: TrxID ${trx}.`)).toBeTruthy();
  });

  it('tells the sender another operator resolves it, and shows a read-only role no action', async () => {
    const { table, unmount } = await queue(
      [{ ...approved, payoutMethods: [], payoutAttempt: attempt }],
      sender,
    );
    fireEvent.click(within(table).getByRole('button', { name: 'Resolve bKash payout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve the bKash payout of withdrawal 41' });
    expect(within(dialog).getByRole('status').textContent).toContain('You sent this payout');
    expect(within(dialog).queryByRole('button', { name: 'Resolve' })).toBeNull();
    unmount();

    const failed = { ...attempt, status: 'failed' as const, outcome: 'refused: 2023 Insufficient Balance' };
    const support = operatorSelf('support', { id: 9, account: 'help', nickname: 'Help' });
    const { table: readOnly } = await queue([{ ...approved, payoutAttempt: failed }], support);
    expect(within(readOnly).getByText('bKash payout wd-41-1: failed, nothing paid')).toBeTruthy();
    expect(within(readOnly).getByText('refused: 2023 Insufficient Balance')).toBeTruthy();
    expect(within(readOnly).queryAllByRole('button')).toHaveLength(0);
  });
});
