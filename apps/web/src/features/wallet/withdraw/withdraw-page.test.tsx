import { describe, expect, it } from 'vitest';
import { fireEvent, waitFor, within } from '@testing-library/react';
import type { PayoutAccount, Withdrawal } from '@khela/contract';
import { failure, type Answer } from '../../../test/test-answers.ts';
import { openSealed, openWalletPage } from '../deposit/wallet-test-kit.ts';

const account: PayoutAccount = {
  accountId: 4,
  kind: 'ewallet',
  providerName: 'bKash',
  walletProvider: 'bkash',
  accountName: 'Demo Player',
  accountNumber: '*******0002',
};

// 21:45 on the brand's clock (Asia/Dhaka, UTC+6).
const confirmBy = Date.UTC(2026, 10, 23, 15, 45);

function withdrawal(overrides: Partial<Withdrawal>): Withdrawal {
  return {
    withdrawalId: 1,
    status: 'pending',
    currency: 'BDT',
    amount: '100.00',
    account,
    createdAt: Date.UTC(2026, 10, 20, 10, 0),
    decidedAt: null,
    disbursedAt: null,
    confirmBy: null,
    receipt: null,
    receivedAmount: null,
    refunded: null,
    reason: null,
    ...overrides,
  };
}

const info = {
  available: '692.50',
  min: '100.00',
  max: '50000.00',
  currency: 'BDT',
  autoReceiveMinutes: 60,
  hasPaymentPassword: true,
  bonus: null as { amount: string; wageringLeft: string } | null,
};

function withdrawAnswers(
  extra: (path: string, body: unknown) => Answer | undefined = () => undefined,
  overrides: { info?: typeof info; accounts?: PayoutAccount[] } = {},
) {
  return (path: string, body: unknown) => {
    const found = extra(path, body);
    if (found) return found;
    if (path === '/wps/withdraw/info') return { body: overrides.info ?? info };
    if (path === '/wps/withdraw/accounts') return { body: overrides.accounts ?? [account] };
    if (path === '/wps/withdraw/history') {
      return {
        body: {
          list: [
            withdrawal({ withdrawalId: 3, status: 'disbursed', confirmBy, disbursedAt: Date.now() }),
            withdrawal({ withdrawalId: 2, status: 'rejected', reason: 'Account name differs' }),
            withdrawal({ withdrawalId: 1, status: 'completed', receipt: 'full' }),
          ],
          total: 3,
          totalPages: 1,
          pageNo: 1,
        },
      };
    }
    return undefined;
  };
}

/** Sends the receipt form's answer and returns the body of the confirm call it made. */
async function sendAnswer(receipt: HTMLElement, seen: { path: string; body: unknown }[]) {
  fireEvent.click(within(receipt).getByRole('button', { name: 'Send answer' }));
  await waitFor(() => expect(seen.some((call) => call.path === '/wps/withdraw/confirm')).toBe(true));
  return seen.find((call) => call.path === '/wps/withdraw/confirm')?.body;
}

describe('the withdraw page', () => {
  it('shows what can be withdrawn, the accounts and the history, and confirms a partial receipt', async () => {
    const { panel, seen } = await openWalletPage(
      'withdraw',
      withdrawAnswers((path) =>
        path === '/wps/withdraw/confirm'
          ? {
              body: withdrawal({
                withdrawalId: 3,
                status: 'disputed',
                receipt: 'partial',
                receivedAmount: '60.00',
              }),
            }
          : undefined,
      ),
    );
    expect(await within(panel).findByText('৳692.50')).toBeTruthy();
    expect(
      within(panel).getByText(
        'Each withdrawal ৳100.00 to ৳50,000.00. Bonus and demo funds cannot be withdrawn.',
      ),
    ).toBeTruthy();
    expect((await within(panel).findAllByText(/Demo Player/)).length).toBeGreaterThan(0);
    const receipt = await within(panel).findByRole('form', { name: 'Did the money arrive?' });
    expect(within(panel).getByText('Paid out')).toBeTruthy();
    expect(within(panel).getByText('Rejected')).toBeTruthy();
    expect(within(panel).getByText('Completed')).toBeTruthy();
    expect(within(receipt).getByText(/No answer by 21:45 counts as received/)).toBeTruthy();

    fireEvent.click(within(receipt).getByLabelText('Received partly'));
    fireEvent.change(within(receipt).getByRole('textbox', { name: 'Amount received' }), {
      target: { value: '60' },
    });
    expect(within(receipt).getByText('Missing: ৳40.00')).toBeTruthy();
    expect(await sendAnswer(receipt, seen)).toEqual({
      withdrawalId: 3,
      receipt: 'partial',
      receivedAmount: '60',
    });
  });

  it('checks the request and the receipt on the client', async () => {
    const { panel, seen } = await openWalletPage('withdraw', withdrawAnswers());
    const amount = await within(panel).findByRole('textbox', { name: /^Amount/ });
    fireEvent.input(amount, { target: { value: '700' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Request withdrawal' }));
    expect(await within(panel).findByText('More than your available ৳692.50')).toBeTruthy();
    expect(within(panel).getByText('Enter your payment password')).toBeTruthy();

    const receipt = within(panel).getByRole('form', { name: 'Did the money arrive?' });
    fireEvent.click(within(receipt).getByLabelText('Not received'));
    fireEvent.click(within(receipt).getByRole('button', { name: 'Send answer' }));
    expect(await within(receipt).findByText('Add a proof image')).toBeTruthy();
    const file = within(receipt).getByLabelText(/Proof image/);
    fireEvent.change(file, { target: { files: [new File(['GIF89a'], 'proof.gif', { type: 'image/gif' })] } });
    expect(await within(receipt).findByText('Only png or jpg images')).toBeTruthy();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(file, { target: { files: [big] } });
    expect(await within(receipt).findByText('The image is larger than 5 MB')).toBeTruthy();
    expect(
      seen.some((call) => call.path === '/wps/withdraw/create' || call.path === '/wps/withdraw/confirm'),
    ).toBe(false);
  });

  it('sends a not-received answer with the proof image as base64', async () => {
    const { panel, seen } = await openWalletPage(
      'withdraw',
      withdrawAnswers((path) =>
        path === '/wps/withdraw/confirm'
          ? { body: withdrawal({ withdrawalId: 3, status: 'disputed' }) }
          : undefined,
      ),
    );
    const receipt = await within(panel).findByRole('form', { name: 'Did the money arrive?' });
    fireEvent.click(within(receipt).getByLabelText('Not received'));
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'proof.png', {
      type: 'image/png',
    });
    fireEvent.change(within(receipt).getByLabelText(/Proof image/), { target: { files: [png] } });
    expect(await within(receipt).findByAltText('proof.png')).toBeTruthy();
    expect(await sendAnswer(receipt, seen)).toEqual({
      withdrawalId: 3,
      receipt: 'none',
      proof: { contentType: 'image/png', data: 'iVBORw0KGgo=' },
    });
  });

  it('puts a wrong payment password under the field and sends the request sealed', async () => {
    const { panel, seen } = await openWalletPage(
      'withdraw',
      withdrawAnswers((path) =>
        path === '/wps/withdraw/create' ? failure(400, 'WRONG_PASSWORD', 'err_wrong_password') : undefined,
      ),
    );
    fireEvent.input(await within(panel).findByRole('textbox', { name: /^Amount/ }), {
      target: { value: '100' },
    });
    fireEvent.input(within(panel).getAllByLabelText('Payment password')[0]!, { target: { value: '999999' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Request withdrawal' }));
    expect(await within(panel).findByText('The password is wrong.')).toBeTruthy();
    const sent = seen.find((call) => call.path === '/wps/withdraw/create');
    const body = await openSealed(sent?.body);
    expect(body).toMatchObject({ accountId: 4, amount: '100', paymentPassword: '999999' });
  });

  it('says plainly when the account has no payment password yet', async () => {
    const { panel } = await openWalletPage(
      'withdraw',
      withdrawAnswers(undefined, { info: { ...info, hasPaymentPassword: false }, accounts: [] }),
    );
    expect(await within(panel).findByText(/Your account has no payment password yet/)).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Set payment password' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Request withdrawal' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Add an account' })).toBeNull();
  });

  it('binds a mobile wallet from the list, on a Bangladeshi mobile number checked before sending', async () => {
    const { panel, seen } = await openWalletPage(
      'withdraw',
      withdrawAnswers((path) =>
        path === '/wps/withdraw/account/bind'
          ? {
              body: {
                accountId: 5,
                kind: 'ewallet',
                providerName: 'Nagad',
                walletProvider: 'nagad',
                accountName: 'Demo Player',
                accountNumber: '*******5678',
              },
            }
          : undefined,
      ),
    );
    fireEvent.click(await within(panel).findByRole('button', { name: 'Add an account' }));
    const form = within(panel).getByRole('form', { name: 'Bind a withdrawal account' });
    expect(within(form).queryByRole('textbox', { name: /E-wallet name/ })).toBeNull();
    fireEvent.click(within(form).getByRole('radio', { name: 'Nagad' }));
    expect(within(form).getByText('The mobile number of your Nagad account')).toBeTruthy();
    fireEvent.input(within(form).getByRole('textbox', { name: /Account holder/ }), {
      target: { value: 'Demo Player' },
    });
    const number = within(form).getByRole('textbox', { name: /Wallet number/ });
    fireEvent.input(number, { target: { value: '01212345678' } });
    fireEvent.input(within(form).getByLabelText('Payment password'), { target: { value: '246810' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Bind account' }));
    expect(
      await within(form).findByText('A Bangladeshi mobile number: 01, then 3 to 9, then 8 digits'),
    ).toBeTruthy();
    expect(seen.some((call) => call.path === '/wps/withdraw/account/bind')).toBe(false);

    fireEvent.input(number, { target: { value: '+880 1712-345678' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Bind account' }));
    await waitFor(() => expect(seen.some((call) => call.path === '/wps/withdraw/account/bind')).toBe(true));
    const sent = seen.find((call) => call.path === '/wps/withdraw/account/bind');
    expect(await openSealed(sent?.body)).toMatchObject({
      kind: 'ewallet',
      walletProvider: 'nagad',
      accountName: 'Demo Player',
      accountNumber: '01712345678',
      paymentPassword: '246810',
    });
  });

  it('asks to forfeit a bonus being wagered, and sends forfeitBonus only once the box is ticked', async () => {
    const { panel, seen } = await openWalletPage(
      'withdraw',
      withdrawAnswers(
        (path) => (path === '/wps/withdraw/create' ? { body: withdrawal({ withdrawalId: 9 }) } : undefined),
        { info: { ...info, bonus: { amount: '500.00', wageringLeft: '10500.00' } } },
      ),
    );
    expect(
      await within(panel).findByText(
        'You have a bonus of ৳500.00 with ৳10,500.00 wagering left. Withdrawing now forfeits it.',
      ),
    ).toBeTruthy();
    fireEvent.input(within(panel).getByRole('textbox', { name: /^Amount/ }), { target: { value: '100' } });
    fireEvent.input(within(panel).getAllByLabelText('Payment password')[0]!, { target: { value: '999999' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Request withdrawal' }));
    expect(
      await within(panel).findByText('Tick the box to withdraw: this withdrawal forfeits your bonus.'),
    ).toBeTruthy();
    expect(seen.some((call) => call.path === '/wps/withdraw/create')).toBe(false);

    fireEvent.click(within(panel).getByRole('checkbox', { name: 'I understand, forfeit my bonus' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Request withdrawal' }));
    await waitFor(() => expect(seen.some((call) => call.path === '/wps/withdraw/create')).toBe(true));
    const sent = seen.find((call) => call.path === '/wps/withdraw/create');
    expect(await openSealed(sent?.body)).toMatchObject({ accountId: 4, amount: '100', forfeitBonus: true });
  });

  it('shows the same warning when the server says a bonus is being wagered', async () => {
    const { panel, seen } = await openWalletPage(
      'withdraw',
      withdrawAnswers((path) =>
        path === '/wps/withdraw/create'
          ? failure(409, 'BONUS_FORFEIT_REQUIRED', 'err_bonus_forfeit_required', {
              value: { bonus: '500.00', wageringLeft: '10500.00' },
            })
          : undefined,
      ),
    );
    fireEvent.input(await within(panel).findByRole('textbox', { name: /^Amount/ }), {
      target: { value: '100' },
    });
    expect(within(panel).queryByRole('checkbox', { name: 'I understand, forfeit my bonus' })).toBeNull();
    fireEvent.input(within(panel).getAllByLabelText('Payment password')[0]!, { target: { value: '999999' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Request withdrawal' }));
    expect(
      await within(panel).findByText(
        'You have a bonus of ৳500.00 with ৳10,500.00 wagering left. Withdrawing now forfeits it.',
      ),
    ).toBeTruthy();
    expect(within(panel).getByRole('checkbox', { name: 'I understand, forfeit my bonus' })).toBeTruthy();
    const sent = seen.find((call) => call.path === '/wps/withdraw/create');
    expect((await openSealed(sent?.body)).forfeitBonus).toBeUndefined();
  });
});
