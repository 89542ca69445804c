import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { operatorSelf, renderAsOperator } from '../../test/operator-page.tsx';
import { setFetchForTests } from '../../shared/api/client.ts';
import AlertsPage from './alerts-page.tsx';

const risk = operatorSelf('risk', { id: 9, account: 'risk1', nickname: 'Risk' });

const alert = (kind: string, extra: Record<string, unknown>) => ({
  kind,
  at: Date.UTC(2026, 11, 6, 5, 0),
  operator: 'fin1',
  username: null,
  count: 1,
  amount: null,
  adjustmentId: null,
  withdrawalId: null,
  ...extra,
});

function answering(value: unknown, asked: string[]) {
  setFetchForTests(async (input) => {
    const url = new URL(input, 'http://localhost');
    asked.push(`${url.pathname}${url.search}`);
    return new Response(JSON.stringify({ success: true, value }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
}

function show() {
  return renderAsOperator(<AlertsPage />, risk);
}

describe('the insider alerts page', () => {
  it('lists each pattern with its operator, member, count and amount', async () => {
    const asked: string[] = [];
    answering(
      {
        items: [
          alert('nearThreshold', { count: 6, amount: '59999.94' }),
          alert('adjustThenWithdraw', {
            username: 'demoplayer',
            amount: '40000.00',
            adjustmentId: 3,
            withdrawalId: 8,
          }),
          alert('secondStepLocked', { count: 10 }),
        ],
      },
      asked,
    );
    show();
    const table = await screen.findByRole('table', { name: 'Insider alerts' });
    expect(within(table).getByText('Adjustments just under the threshold')).toBeTruthy();
    expect(within(table).getByText('59,999.94')).toBeTruthy();
    expect(within(table).getByText('Credit, then a withdrawal within 72 h')).toBeTruthy();
    expect(within(table).getByText('demoplayer · adjustment 3, withdrawal 8')).toBeTruthy();
    expect(within(table).getByText('Second step locked after wrong codes')).toBeTruthy();
    expect(asked[0]).toContain('/api/operator/money/alerts?days=7');
  });

  it('says so when there is nothing to look at', async () => {
    answering({ items: [] }, []);
    show();
    expect(await screen.findByText('No alerts in this period.')).toBeTruthy();
  });
});
