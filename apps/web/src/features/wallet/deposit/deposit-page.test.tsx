import { describe, expect, it } from 'vitest';
import { fireEvent, waitFor, within } from '@testing-library/react';
import type { DepositMethod, DepositOrder } from '@khela/contract';
import { failure } from '../../../test/test-answers.ts';
import { openWalletPage } from './wallet-test-kit.ts';

const methods: DepositMethod[] = [
  {
    code: 'bank',
    kind: 'bank_transfer',
    name: 'Bank transfer',
    logoUrl: null,
    min: '100.00',
    max: '100000.00',
    feeBps: 0,
    currency: 'BDT',
    bank: { bankName: 'Demo Bank Ltd.', accountName: 'Khela Demo', accountNumber: '0000-1234-5678' },
    walletProvider: null,
  },
  {
    code: 'bkash',
    kind: 'bkash',
    name: 'bKash (demo)',
    logoUrl: null,
    min: '50.00',
    max: '50000.00',
    feeBps: 150,
    currency: 'BDT',
    bank: null,
    walletProvider: null,
  },
];

function order(overrides: Partial<DepositOrder>): DepositOrder {
  return {
    orderId: 1,
    methodCode: 'bkash',
    kind: 'bkash',
    status: 'approved',
    currency: 'BDT',
    amount: '500.00',
    fee: '7.50',
    credited: '492.50',
    reference: null,
    receiptCount: 0,
    payUrl: null,
    bank: null,
    createdAt: Date.UTC(2026, 10, 20, 10, 0),
    expiresAt: null,
    decidedAt: null,
    reason: null,
    wallet: null,
    ...overrides,
  };
}

const history = {
  list: [
    order({
      orderId: 2,
      methodCode: 'bank',
      kind: 'bank_transfer',
      status: 'pending',
      amount: '200.00',
      reference: 'REF-1',
    }),
    order({ orderId: 1 }),
    order({ orderId: 3, status: 'expired', amount: '75.00' }),
  ],
  total: 3,
  totalPages: 1,
  pageNo: 1,
};

const limits = {
  day: {
    current: '1000.00',
    pending: { amount: '5000.00', from: Date.UTC(2026, 10, 21, 9, 30) },
    used: '700.00',
  },
  week: { current: null, pending: null, used: '700.00' },
  month: { current: null, pending: null, used: '775.00' },
};

function depositAnswers(
  extra: (path: string, body: unknown) => ReturnType<Parameters<typeof openWalletPage>[1]> = () => undefined,
) {
  return (path: string, body: unknown) => {
    const found = extra(path, body);
    if (found) return found;
    if (path === '/wps/deposit/methods') return { body: methods };
    if (path === '/wps/deposit/history') return { body: history };
    if (path === '/wps/deposit/limits') return { body: limits };
    return undefined;
  };
}

const amountField = (panel: HTMLElement) => within(panel).getByRole('textbox', { name: /^Amount/ });

describe('the deposit page', () => {
  it('shows the methods, the history with statuses and the limits, and sends a bank transfer', async () => {
    const { panel, seen } = await openWalletPage(
      'depositv2',
      depositAnswers((path) =>
        path === '/wps/deposit/create'
          ? {
              body: order({
                orderId: 9,
                methodCode: 'bank',
                kind: 'bank_transfer',
                status: 'pending',
                amount: '250.00',
              }),
            }
          : undefined,
      ),
    );
    const bank = await within(panel).findByRole('radio', { name: /Bank transfer/ });
    expect(bank.getAttribute('aria-checked')).toBe('true');
    const bkash = within(panel).getByRole('radio', { name: /bKash \(demo\)/ });
    expect(bkash.textContent).toContain('৳50.00 to ৳50,000.00');
    expect(bkash.textContent).toContain('Fee 1.5 %');
    // No "Test payment" any more: the demo's gateways are bKash (demo) and Nagad (demo), named so.
    expect(panel.textContent).not.toContain('Test payment');
    expect(within(panel).queryByRole('note')).toBeNull();
    expect(within(panel).getByText('0000-1234-5678')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Copy Account number' })).toBeTruthy();

    const items = await within(panel).findAllByRole('listitem');
    const text = items.map((item) => item.textContent).join('\n');
    expect(text).toContain('Pending');
    expect(text).toContain('Approved');
    expect(text).toContain('Expired');
    expect(text).toContain('Credited ৳492.50 (fee ৳7.50)');
    expect(within(panel).getByText('৳5,000.00 from 2026-11-21', { exact: false })).toBeTruthy();
    expect(within(panel).getByText(/A lower limit applies at once/)).toBeTruthy();

    fireEvent.input(amountField(panel), { target: { value: '250' } });
    fireEvent.input(within(panel).getByRole('textbox', { name: 'Transfer reference' }), {
      target: { value: 'REF-77' },
    });
    // A receipt picture: a gif is refused here, a png is kept and sent.
    const picker = within(panel).getByLabelText('Transfer receipt (optional)');
    const gif = new File([new Uint8Array([0x47, 0x49, 0x46])], 'receipt.gif', { type: 'image/gif' });
    fireEvent.change(picker, { target: { files: [gif] } });
    expect(await within(panel).findByText('Only png or jpg images')).toBeTruthy();
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'receipt.png', {
      type: 'image/png',
    });
    fireEvent.change(picker, { target: { files: [png] } });
    expect(await within(panel).findByAltText('receipt.png')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Submit deposit' }));
    expect(
      await within(panel).findByText('Deposit #9 (৳250.00) was sent and is waiting to be checked.'),
    ).toBeTruthy();
    const created = seen.find((call) => call.path === '/wps/deposit/create');
    expect(created?.body).toMatchObject({
      methodCode: 'bank',
      amount: '250',
      reference: 'REF-77',
      receipts: [{ contentType: 'image/png', data: 'iVBORw0KGgo=' }],
    });
    expect(String((created?.body as { requestId: string }).requestId)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('checks the amount and the reference on the client before sending anything', async () => {
    const { panel, seen } = await openWalletPage('depositv2', depositAnswers());
    fireEvent.click(await within(panel).findByRole('radio', { name: /bKash \(demo\)/ }));
    fireEvent.input(amountField(panel), { target: { value: '20' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Pay now' }));
    expect(await within(panel).findByText('The least is ৳50.00')).toBeTruthy();
    fireEvent.input(amountField(panel), { target: { value: '60.125' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Pay now' }));
    expect(await within(panel).findByText('At most 2 decimal places')).toBeTruthy();

    fireEvent.click(within(panel).getByRole('radio', { name: /Bank transfer/ }));
    fireEvent.input(amountField(panel), { target: { value: '300' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Submit deposit' }));
    expect(await within(panel).findByText('Enter the transfer reference')).toBeTruthy();
    expect(seen.some((call) => call.path === '/wps/deposit/create')).toBe(false);
  });

  it('shows the deposit limit the server refused, and retries a failed submission with the same request id', async () => {
    let calls = 0;
    const { panel, seen } = await openWalletPage(
      'depositv2',
      depositAnswers((path) => {
        if (path !== '/wps/deposit/create') return undefined;
        calls += 1;
        if (calls === 1) return failure(500, 'INTERNAL', 'err_unknown');
        if (calls === 2) return failure(500, 'INTERNAL', 'err_unknown');
        return failure(400, 'DEPOSIT_LIMIT_EXCEEDED', 'err_deposit_limit_exceeded', {
          value: { period: 'day', limit: '1000.00', used: '700.00' },
        });
      }),
    );
    fireEvent.click(await within(panel).findByRole('radio', { name: /bKash \(demo\)/ }));
    fireEvent.input(amountField(panel), { target: { value: '400' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Pay now' }));
    expect(await within(panel).findByText('Something went wrong. Please try again.')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(calls).toBe(2));
    const ids = seen
      .filter((call) => call.path === '/wps/deposit/create')
      .map((call) => (call.body as { requestId: string }).requestId);
    expect(ids[0]).toBe(ids[1]);

    fireEvent.input(amountField(panel), { target: { value: '401' } });
    await waitFor(() => expect(within(panel).queryByRole('button', { name: 'Sending…' })).toBeNull());
    fireEvent.click(within(panel).getByRole('button', { name: 'Pay now' }));
    expect(
      await within(panel).findByText(
        'This deposit would pass your 24 hours limit of ৳1,000.00 (৳700.00 deposited already).',
      ),
    ).toBeTruthy();
    const third = seen.filter((call) => call.path === '/wps/deposit/create')[2]?.body as {
      requestId: string;
    };
    expect(third.requestId).not.toBe(ids[0]);
  });

  it('explains the limits rule and sends only the limits that changed', async () => {
    const { panel, seen } = await openWalletPage(
      'depositv2',
      depositAnswers((path, body) =>
        path === '/wps/deposit/limits' && body
          ? { body: { ...limits, week: { ...limits.week, current: '3000.00' } } }
          : undefined,
      ),
    );
    const week = await within(panel).findByRole('textbox', { name: '7 days' });
    fireEvent.input(week, { target: { value: 'abc' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save limits' }));
    expect(await within(panel).findByText('Enter an amount such as 500 or 500.50')).toBeTruthy();
    fireEvent.input(week, { target: { value: '3000' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save limits' }));
    expect(await within(panel).findByText('Deposit limits saved.')).toBeTruthy();
    const saved = seen.find((call) => call.path === '/wps/deposit/limits' && call.method === 'POST');
    expect(saved?.body).toEqual({ week: '3000' });
  });

  it('takes a manual wallet deposit: the number to send to, then the sender number and the TrxID', async () => {
    const bkash: DepositMethod = {
      code: 'bkash_send',
      kind: 'wallet_manual',
      name: 'bKash Send Money',
      logoUrl: null,
      min: '100.00',
      max: '25000.00',
      feeBps: 0,
      currency: 'BDT',
      bank: null,
      walletProvider: 'bkash',
    };
    let creates = 0;
    const { panel, seen } = await openWalletPage('depositv2', (path, body) => {
      if (path === '/wps/deposit/methods') return { body: [bkash] };
      if (path === '/wps/deposit/history') return { body: { list: [], total: 0, totalPages: 0, pageNo: 1 } };
      if (path === '/wps/deposit/limits') return { body: limits };
      if (path === '/wps/deposit/wallet-number')
        return { body: { numberId: 4, provider: 'bkash', number: '01711000001', label: null } };
      if (path === '/wps/deposit/create') {
        creates += 1;
        if (creates === 1) {
          return failure(409, 'TRX_ID_USED', 'err_trx_id_used', {
            issues: [{ field: 'wallet.trxId', reason: 'already used' }],
          });
        }
        return {
          body: order({
            orderId: 12,
            methodCode: 'bkash_send',
            kind: 'wallet_manual',
            status: 'pending',
            amount: '1500.00',
            wallet: {
              provider: 'bkash',
              receivingNumber: '01711000001',
              senderNumber: '01712345678',
              trxId: (body as { wallet: { trxId: string } }).wallet.trxId,
            },
          }),
        };
      }
      return undefined;
    });
    expect(await within(panel).findByText(/Send the money with bKash Send Money/)).toBeTruthy();
    fireEvent.input(amountField(panel), { target: { value: '1500' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Show the number' }));
    expect(await within(panel).findByTestId('receiving-number')).toHaveProperty('textContent', '01711000001');
    expect(within(panel).getByText(/Send exactly ৳1,500.00 to this number/)).toBeTruthy();

    const sender = within(panel).getByRole('textbox', { name: /Your bKash number/ });
    const trx = within(panel).getByRole('textbox', { name: /Transaction ID/ });
    fireEvent.input(sender, { target: { value: '01212345678' } });
    fireEvent.input(trx, { target: { value: '9BK4C7' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Submit TrxID' }));
    expect(await within(panel).findByText(/A Bangladeshi mobile number/)).toBeTruthy();
    expect(within(panel).getByText('This is not a bKash transaction ID')).toBeTruthy();
    expect(seen.some((call) => call.path === '/wps/deposit/create')).toBe(false);

    fireEvent.input(sender, { target: { value: '017 1234 5678' } });
    fireEvent.input(trx, { target: { value: '9bk4c7dx2m' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Submit TrxID' }));
    expect(await within(panel).findByText('This TrxID has already been submitted')).toBeTruthy();
    // Said as used, not as mistyped (the e2e journey found the field saying "not a bKash transaction ID").
    expect(within(panel).queryByText('This is not a bKash transaction ID')).toBeNull();
    fireEvent.input(trx, { target: { value: '8N7A6B5C4D' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Submit TrxID' }));
    expect(
      await within(panel).findByText('Deposit #12 (৳1,500.00) was sent and is waiting to be checked.'),
    ).toBeTruthy();
    const sent = seen.filter((call) => call.path === '/wps/deposit/create').map((call) => call.body);
    expect(sent[0]).toMatchObject({
      methodCode: 'bkash_send',
      amount: '1500',
      wallet: { numberId: 4, senderNumber: '01712345678', trxId: '9BK4C7DX2M' },
    });
    expect(sent[1]).toMatchObject({ wallet: { trxId: '8N7A6B5C4D' } });
  });
});
