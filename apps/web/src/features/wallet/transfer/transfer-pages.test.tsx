import { describe, expect, it } from 'vitest';
import type { GameWallet } from '@khela/contract';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { failure, type Answer } from '../../../test/test-answers.ts';
import { balance, memberInfo, openSealed, openWalletPage } from '../deposit/wallet-test-kit.ts';

const transferred = { entryId: 12, replayed: false, balance: '950.00', currency: 'BDT', to: 'demoagent' };

function transferAnswer(answer: Answer) {
  return (path: string) => (path === '/wps/wallet/transferUpline' ? answer : undefined);
}

describe('the transfer to the upline', () => {
  it('names the upline, sends the amount sealed with the payment password, and shows the new balance', async () => {
    const { panel, seen } = await openWalletPage('transferUpline', transferAnswer({ body: transferred }));
    expect(await within(panel).findByText('Send to demoagent')).toBeTruthy();
    expect(await within(panel).findByText('৳1,000.00')).toBeTruthy();
    fireEvent.input(within(panel).getByRole('textbox', { name: 'Amount' }), { target: { value: '50' } });
    fireEvent.input(within(panel).getByLabelText('Payment password'), { target: { value: '246810' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Transfer' }));
    expect(
      await within(panel).findByText('৳50.00 sent to demoagent. Your balance is now ৳950.00.'),
    ).toBeTruthy();
    const body = await openSealed(seen.find((call) => call.path === '/wps/wallet/transferUpline')?.body);
    expect(body).toMatchObject({ amount: '50', paymentPassword: '246810' });
    expect(String(body.requestId)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('checks the amount against the main wallet before sending', async () => {
    const { panel, seen } = await openWalletPage('transferUpline', transferAnswer({ body: transferred }));
    await within(panel).findByText('৳1,000.00');
    fireEvent.click(within(panel).getByRole('button', { name: 'Transfer' }));
    expect(await within(panel).findByText('Enter an amount')).toBeTruthy();
    fireEvent.input(within(panel).getByRole('textbox', { name: 'Amount' }), { target: { value: '1000.01' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Transfer' }));
    expect(await within(panel).findByText('More than your available ৳1,000.00')).toBeTruthy();
    expect(seen.some((call) => call.path === '/wps/wallet/transferUpline')).toBe(false);
  });

  it('puts a wrong payment password under the field and shows the limits the server gives', async () => {
    let calls = 0;
    const { panel } = await openWalletPage('transferUpline', (path) => {
      if (path !== '/wps/wallet/transferUpline') return undefined;
      calls += 1;
      return calls === 1
        ? failure(400, 'WRONG_PASSWORD', 'err_wrong_password')
        : failure(400, 'AMOUNT_OUT_OF_RANGE', 'err_amount_out_of_range', {
            value: { min: '1.00', max: '500.00' },
          });
    });
    await within(panel).findByText('৳1,000.00');
    fireEvent.input(within(panel).getByRole('textbox', { name: 'Amount' }), { target: { value: '600' } });
    fireEvent.input(within(panel).getByLabelText('Payment password'), { target: { value: '000000' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Transfer' }));
    const password = within(panel).getByLabelText('Payment password');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(within(panel).getByText('The password is wrong.')).toBeTruthy();
    fireEvent.input(password, { target: { value: '246810' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Transfer' }));
    expect(await within(panel).findByText('Enter an amount from ৳1.00 to ৳500.00')).toBeTruthy();
  });

  it('says so when the member has no upline', async () => {
    const { panel } = await openWalletPage('transferUpline', () => undefined, {
      member: memberInfo({ toUpline: null }),
    });
    expect(await within(panel).findByText(/You have no upline agent/)).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Transfer' })).toBeNull();
  });

  it('says so when the server finds no upline', async () => {
    const { panel } = await openWalletPage(
      'transferUpline',
      transferAnswer(failure(404, 'NOT_FOUND', 'err_not_found')),
    );
    await within(panel).findByText('৳1,000.00');
    fireEvent.input(within(panel).getByRole('textbox', { name: 'Amount' }), { target: { value: '10' } });
    fireEvent.input(within(panel).getByLabelText('Payment password'), { target: { value: '246810' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Transfer' }));
    expect(await within(panel).findByText(/You have no upline agent/)).toBeTruthy();
  });
});

const noGameWallets = { body: { main: '542.50', currency: 'BDT', wallets: [] } };
const arcade = {
  vendorCode: 'HOUSET',
  name: 'Khela Arcade',
  balance: '25.00',
  booked: '20.00',
  pending: false,
};

describe('the wallets page', () => {
  it('lists the member wallets with what is held, and says plainly that there are no game wallets', async () => {
    const { panel } = await openWalletPage('transferFund', (path) => {
      if (path === '/wps/v2/wallets/balance') return { body: balance('542.50', { held: '100.00' }) };
      return path === '/wps/relay/GCS_gameWallets' ? noGameWallets : undefined;
    });
    const list = await within(panel).findByRole('list', { name: 'My wallets' });
    expect(list.textContent).toContain('Main wallet৳542.50');
    expect(list.textContent).toContain('Bonus wallet৳0.00');
    expect(list.textContent).toContain('On hold৳100.00');
    expect(await within(panel).findByText('No game wallets yet')).toBeTruthy();
    const page = panel.querySelector<HTMLElement>('.centre__page')!;
    expect(within(page).queryByRole('button', { name: /transfer/i })).toBeNull();
  });

  it('counts the game wallets in the total, so moving money into one keeps the total level', async () => {
    const { panel } = await openWalletPage('transferFund', (path) => {
      if (path === '/wps/v2/wallets/balance')
        return { body: { ...balance('70.00'), gameWallets: '30.00', totalBalance: '100.00' } };
      return path === '/wps/relay/GCS_gameWallets' ? noGameWallets : undefined;
    });
    const total = await within(panel).findByRole('heading', { name: 'Total balance' });
    expect(total.parentElement!.textContent).toContain('৳100.00');
    const list = within(panel).getByRole('list', { name: 'My wallets' });
    expect(list.textContent).toContain('Game wallets (at last transfer)৳30.00');
    expect(within(panel).getByText(/The live balance of each game wallet/)).toBeTruthy();
  });

  it('shows a failure of the balance call', async () => {
    const { panel } = await openWalletPage('transferFund', (path) =>
      path === '/wps/v2/wallets/balance' ? failure(500, 'INTERNAL', 'err_unknown') : undefined,
    );
    expect(await within(panel).findByText('Something went wrong. Please try again.')).toBeTruthy();
  });
});

describe('the game wallets of the wallets page', () => {
  function gameWalletsAnswer(transferAnswer: (body: unknown) => Answer, wallets: GameWallet[] = [arcade]) {
    return (path: string, body: unknown) => {
      if (path === '/wps/relay/GCS_gameWallets')
        return { body: { main: '1000.00', currency: 'BDT', wallets } };
      if (path === '/wps/relay/GCS_walletTransfer') return transferAnswer(body);
      return undefined;
    };
  }

  it('shows each game wallet as the vendor reports it and moves money into it', async () => {
    const { panel, seen } = await openWalletPage(
      'transferFund',
      gameWalletsAnswer(() => ({
        body: {
          transfers: [{ vendorCode: 'HOUSET', direction: 'in', amount: '40.00', status: 'done', code: null }],
          main: '960.00',
          currency: 'BDT',
        },
      })),
    );
    const list = await within(panel).findByRole('list', { name: 'Game wallets' });
    expect(list.textContent).toContain('Khela Arcade৳25.00');
    expect(within(panel).getByText('Available to move: ৳1,000.00')).toBeTruthy();
    fireEvent.input(within(panel).getByRole('textbox', { name: 'Amount' }), { target: { value: '40' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Transfer' }));
    expect(await within(panel).findByText('৳40.00 moved to Khela Arcade.')).toBeTruthy();
    const body = seen.find((call) => call.path === '/wps/relay/GCS_walletTransfer')?.body as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({ direction: 'in', vendorCode: 'HOUSET', amount: '40' });
    expect(String(body.requestId)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('takes money out up to the game balance, and recalls everything', async () => {
    const { panel, seen } = await openWalletPage(
      'transferFund',
      gameWalletsAnswer((body) =>
        (body as { direction: string }).direction === 'recall'
          ? {
              body: {
                transfers: [
                  { vendorCode: 'HOUSET', direction: 'out', amount: '25.00', status: 'done', code: null },
                ],
                main: '1025.00',
                currency: 'BDT',
              },
            }
          : failure(409, 'INSUFFICIENT_FUNDS', 'err_insufficient_funds'),
      ),
    );
    await within(panel).findByText('Khela Arcade');
    fireEvent.click(within(panel).getByRole('radio', { name: 'Khela Arcade → Main' }));
    expect(within(panel).getByText('Available to move: ৳25.00')).toBeTruthy();
    fireEvent.input(within(panel).getByRole('textbox', { name: 'Amount' }), { target: { value: '25.01' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Transfer' }));
    expect(await within(panel).findByText('More than your available ৳25.00')).toBeTruthy();
    expect(seen.some((call) => call.path === '/wps/relay/GCS_walletTransfer')).toBe(false);
    fireEvent.click(within(panel).getByRole('button', { name: 'All' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Transfer' }));
    // The vendor says the game wallet holds less by now (the member kept playing).
    expect(await within(panel).findByText('Not enough balance')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Recall all' }));
    expect(
      await within(panel).findByText('৳25.00 moved from Khela Arcade back to your main wallet.'),
    ).toBeTruthy();
  });

  it('says so when the vendor is late or cannot be read', async () => {
    const { panel } = await openWalletPage(
      'transferFund',
      gameWalletsAnswer(
        () => ({
          body: {
            transfers: [
              { vendorCode: 'HOUSET', direction: 'in', amount: '5.00', status: 'pending', code: null },
            ],
            main: '995.00',
            currency: 'BDT',
          },
        }),
        [{ ...arcade, balance: null, pending: true }],
      ),
    );
    expect(await within(panel).findByText('Not reachable now')).toBeTruthy();
    expect(within(panel).getByText(/transfer in progress/)).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Recall all' }).hasAttribute('disabled')).toBe(true);
    fireEvent.input(within(panel).getByRole('textbox', { name: 'Amount' }), { target: { value: '5' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Transfer' }));
    expect(
      await within(panel).findByText(
        'Khela Arcade has not answered yet: we keep trying, and your money is safe.',
      ),
    ).toBeTruthy();
  });
});
