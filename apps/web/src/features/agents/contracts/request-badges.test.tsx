import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { renderApp } from '../../../test/render-app.tsx';
import {
  agentWhitelabel,
  consolidatedFixture,
  openAgentPage,
  page,
  paths,
  queriesTo,
} from './agent-test-kit.tsx';

beforeEach(async () => {
  await changeLanguage('EN', { remember: true });
});

describe('agent centre menu badges (consolidated info)', () => {
  it('counts a waiting request on the wage entry of its kind only', async () => {
    openAgentPage('agentRevenueReport', {
      answers: {
        [paths.consolidated]: consolidatedFixture({
          dailysalreqtype: 'new',
          realtimesalreqtype: 'termination',
          pendingCount: 2,
        }),
        '/wps/agent/revenue': { bySource: [], total: '0.00', days: [], from: 0, to: 1, currency: 'BDT' },
        [paths.contracts]: page([]),
      },
    });
    const panel = await screen.findByRole('dialog');
    const menu = within(panel).getByRole('navigation');
    expect(
      await within(menu).findByRole('button', { name: 'Daily wages 1 waiting for your answer' }),
    ).toBeTruthy();
    expect(within(menu).getByRole('button', { name: /^Real-time salary 1 waiting/ })).toBeTruthy();
    expect(within(menu).getByRole('button', { name: 'Dividend' })).toBeTruthy();
    expect(within(menu).getAllByText('waiting for your answer', { exact: false })).toHaveLength(2);
  });

  it('asks nothing while the agent centre is closed', async () => {
    useSessionStore.getState().setSession({ token: 'token-1', isAgent: 1, username: 'demoagent' });
    const { fetchMock } = renderApp('/index', {
      whitelabel: agentWhitelabel(),
      answers: { [paths.consolidated]: consolidatedFixture({ dailysalreqtype: 'new' }) },
    });
    await screen.findByRole('button', { name: 'Account menu' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(queriesTo(fetchMock, paths.consolidated)).toHaveLength(0);
  });
});
