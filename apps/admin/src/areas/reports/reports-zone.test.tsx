import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { operatorSelf, renderAsOperator } from '../../test/operator-page.tsx';
import { setFetchForTests } from '../../shared/api/client.ts';
import { setBrandZone } from '../../shared/lib/format.ts';
import ReportsPage from './reports-page.tsx';

const owner = operatorSelf('owner', { id: 1, account: 'owner1', nickname: 'Owner' });

describe("the reports page and the brand's zone", () => {
  it('names the zone its days are in and asks for days of that zone', async () => {
    const asked: string[] = [];
    setFetchForTests(async (input) => {
      const url = new URL(input, 'http://localhost');
      const values: Record<string, unknown> = {
        '/api/operator/reports/gaming': {
          updatedAt: null,
          currency: 'BDT',
          rows: [],
          totals: {
            rounds: 0,
            stake: '0.00',
            payout: '0.00',
            ggr: '0.00',
            bonuses: '0.00',
            ngr: '0.00',
            players: 0,
          },
        },
      };
      if (url.pathname.startsWith('/api/operator/reports')) asked.push(url.search);
      const value = values[url.pathname];
      return new Response(
        JSON.stringify(
          value === undefined ? { success: false, code: 'NOT_FOUND' } : { success: true, value },
        ),
        { status: value === undefined ? 404 : 200, headers: { 'content-type': 'application/json' } },
      );
    });
    // The shell sets it from the whitelabel before any page renders (app.tsx).
    setBrandZone('Asia/Kathmandu');
    renderAsOperator(<ReportsPage />, owner);
    expect(
      await screen.findByText("Days and times in Asia/Kathmandu (GMT+5:45), the brand's time zone."),
    ).toBeTruthy();
    expect(asked.length).toBeGreaterThan(0);
  });
});
