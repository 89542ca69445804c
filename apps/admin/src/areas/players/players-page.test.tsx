import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { rolePermissions, type OperatorSelf } from '@khela/contract';
import { createQueryClient } from '../../shared/api/hooks.ts';
import { setFetchForTests } from '../../shared/api/client.ts';
import { startSession } from '../../shared/api/session.ts';
import { OperatorContext } from '../../app/operator.ts';
import { syncLocationForTests } from '../../app/router.tsx';
import PlayersPage from './players-page.tsx';

/** The players area renders what members typed as text: a nickname with HTML stays letters. */
const nickname = '<img src=x onerror=alert(1)>';
const support: OperatorSelf = {
  id: 9,
  account: 'support1',
  nickname: 'Support',
  role: 'support',
  permissions: [...rolePermissions.support],
  passwordChangeRequired: false,
  twoFactorSetupRequired: false,
  idleMinutes: 15,
};
const member = {
  id: 42,
  account: 'xssnick',
  nickname,
  type: 0,
  kind: 'player',
  status: 'disabled',
  mobile: null,
  registeredAt: 0,
  lastLoginAt: null,
  balance: '1.00',
  currency: 'BDT',
};

function answer(value: unknown) {
  return new Response(JSON.stringify({ success: true, value }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

function show(path: string) {
  window.history.replaceState(null, '', path);
  syncLocationForTests();
  startSession('test-token');
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <OperatorContext.Provider value={support}>
        <PlayersPage />
      </OperatorContext.Provider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  setFetchForTests((input, init) => fetch(input, init));
});

describe('players area', () => {
  it('lists search results with the nickname as text, never as an element', async () => {
    const asked: string[] = [];
    setFetchForTests(async (input) => {
      asked.push(input);
      return answer({ items: [member], total: 1, page: 1, pageSize: 20 });
    });
    const { container } = show('/admin/players?by=username&q=xss');
    expect(await screen.findByText(nickname)).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'xssnick' }).getAttribute('href')).toBe('/admin/players/42');
    expect(asked[0]).toContain('/api/operator/players?');
    expect(asked[0]).toContain('q=xss');
  });

  it("shows a member's page: status, reason, actions of the role, the nickname as text", async () => {
    setFetchForTests(async () =>
      answer({
        profile: {
          ...member,
          email: null,
          payeeName: nickname,
          registerIp: null,
          registerMethod: null,
          registerDomain: null,
          rankLevel: 0,
          labels: [],
          twoFactorOn: false,
          statusReason: '<b>fraud</b>',
          statusChangedAt: 0,
        },
        balance: {
          sumBalance: '1.00',
          totalBalance: '1.00',
          gameWallets: '0.00',
          held: '0.00',
          currency: 'BDT',
          wallets: [],
        },
        limits: {
          deposit: {
            day: { current: null, pending: null, used: '0.00' },
            week: { current: null, pending: null, used: '0.00' },
            month: { current: null, pending: null, used: '0.00' },
          },
        },
        upline: [],
        agent: null,
        counts: { deposits: 0, withdrawals: 0, rounds: 0, liveSessions: 0, notes: 0 },
      }),
    );
    const { container } = show('/admin/players/42');
    expect(await screen.findByRole('heading', { level: 1, name: 'xssnick' })).toBeTruthy();
    expect(screen.getAllByText(nickname).length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('<b>fraud</b>')).toBeTruthy();
    expect(container.querySelector('img, b')).toBeNull();
    // Support may reactivate and end sessions; the agent tab is absent for a player.
    expect(screen.getByRole('button', { name: 'Reactivate' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'End all sessions' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Team and contracts' })).toBeNull();
  });
});
