import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import {
  consolidatedFixture,
  contractFixture,
  openAgentPage,
  page,
  paths,
  wageLineFixture,
} from '../contracts/agent-test-kit.tsx';

/**
 * Issue 34 item 5: one zone per page. The contract's "since" and the wage lines are both on the
 * brand's clock (Asia/Dhaka in the fixtures' whitelabel), and the page says so, in the visitor's
 * language. Before, "Since" was the browser's local time above a line keyed in UTC.
 */
const realtime = contractFixture({
  id: 8,
  kind: 'realtime',
  terms: { kind: 'realtime', terms: { winRate: '0.2', lossRate: '0.5', singleBet: '10.00' } },
  maxRate: '0.5',
  startedAt: Date.UTC(2026, 11, 5, 23, 5), // 05:05 on the 6th in Dhaka
});

function openRealtime() {
  return openAgentPage('agentRealtimeSalary', {
    answers: {
      [paths.consolidated]: consolidatedFixture({
        contracts: { daily: null, hourly: null, dividend: null, realtime },
      }),
      [paths.contracts]: page([]),
      [paths.wages]: {
        ...page([
          wageLineFixture({
            kind: 'realtime',
            periodKey: 'R:2026-12-06T05:40', // the server keys slots on the brand's clock
          }),
        ]),
        totals: { due: '75.00', paid: '75.00' },
        currency: 'BDT',
      },
    },
  });
}

describe("the brand's zone on the agent centre", () => {
  beforeEach(async () => {
    await changeLanguage('EN', { remember: true });
  });

  it('names the zone and shows every time of the page on its clock', async () => {
    openRealtime();
    const panel = await screen.findByRole('dialog');
    expect(await within(panel).findByText('Times in Asia/Dhaka (GMT+6)')).toBeTruthy();
    const mine = await within(panel).findByRole('region', { name: 'My contract' });
    await within(mine).findByText('0.2%');
    expect(mine.textContent).toContain('Since 2026-12-06 05:05:00');
    const lines = within(panel).getByRole('region', { name: 'Wage lines' });
    await within(lines).findByText('2026-12-06 05:40');
  });

  it('says it in Bengali too', async () => {
    await changeLanguage('BN', { remember: true });
    openRealtime();
    const panel = await screen.findByRole('dialog');
    expect(await within(panel).findByText('সময় Asia/Dhaka (GMT+6) অনুযায়ী')).toBeTruthy();
  });
});
