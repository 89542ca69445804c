import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReconciliationItem } from '@khela/contract';
import { operatorSelf, renderAsOperator } from '../../test/operator-page.tsx';
import { setFetchForTests } from '../../shared/api/client.ts';
import ReconciliationPage from './reconciliation-page.tsx';

const markup = '<img src=x onerror="window.__xss=1">';
const finance = operatorSelf('finance', { id: 7, account: 'finance1', nickname: 'Finance' });

const item: ReconciliationItem = {
  itemId: 5,
  businessDay: '2026-12-05',
  provider: 'bkash',
  orderId: 41,
  username: 'demoplayer',
  kind: 'credited_not_paid',
  orderStatus: 'approved',
  orderAmount: '1200.00',
  providerStatus: 'unknown',
  providerAmount: null,
  providerTransactionId: null,
  state: 'open',
  resolvedBy: null,
  resolvedAt: null,
  note: null,
  foundAt: Date.UTC(2026, 11, 6, 4),
};

/** Answers the list with `rows` and a resolve with the item resolved; records every request. */
function answering(rows: ReconciliationItem[]) {
  const seen: { path: string; search: string; body: unknown }[] = [];
  setFetchForTests(async (input, init) => {
    const url = new URL(input, 'http://localhost');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    seen.push({ path: url.pathname, search: url.search, body });
    const value =
      url.pathname === '/api/operator/deposit/reconciliation/resolve'
        ? { ...item, state: 'resolved', note: 'checked', resolvedBy: 'finance1#7', resolvedAt: Date.now() }
        : rows;
    return new Response(JSON.stringify({ success: true, value }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return seen;
}

describe('the reconciliation page', () => {
  it('lists the open mismatches, filters them, and resolves one with a note', async () => {
    const seen = answering([item]);
    renderAsOperator(<ReconciliationPage />, finance);
    const table = await screen.findByRole('table', { name: 'Reconciliation with bKash and Nagad' });
    expect(within(table).getByText('Credited here, not paid at the provider')).toBeTruthy();
    expect(within(table).getByText('Unknown to the provider')).toBeTruthy();
    expect(within(table).getByText('1,200.00')).toBeTruthy();
    // Open ones first: the default filter.
    expect(seen[0]?.search).toContain('state=open');

    fireEvent.click(within(table).getByRole('button', { name: 'Resolve with note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve the mismatch of order #41' });
    fireEvent.input(within(dialog).getByRole('textbox'), {
      target: { value: 'bKash statement checked: reversed' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resolve with note' }));
    await waitFor(() =>
      expect(seen.find((request) => request.path.endsWith('/resolve'))?.body).toEqual({
        itemId: 5,
        note: 'bKash statement checked: reversed',
      }),
    );
    expect(await screen.findByText('The mismatch of order #41 is resolved.')).toBeTruthy();

    // A filter is asked of the server, with the state kept.
    fireEvent.change(screen.getByLabelText('Provider'), { target: { value: 'nagad' } });
    await waitFor(() =>
      expect(
        seen.some((request) => /provider=nagad/.test(request.search) && /state=open/.test(request.search)),
      ).toBe(true),
    );
  });

  it('shows a note as text, and no resolve action to a role that may only read', async () => {
    answering([{ ...item, state: 'settled', note: markup, resolvedBy: 'operator#1', resolvedAt: 1 }]);
    const support = operatorSelf('support', finance);
    const { container } = renderAsOperator(<ReconciliationPage />, support);
    const table = await screen.findByRole('table', { name: 'Reconciliation with bKash and Nagad' });
    expect(within(table).getByText(new RegExp(markup.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Resolve with note' })).toBeNull();
  });
});
