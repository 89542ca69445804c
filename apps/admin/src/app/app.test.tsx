import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { rolePermissions, type OperatorSelf } from '@khela/contract';
import { setFetchForTests } from '../shared/api/client.ts';
import { createQueryClient } from '../shared/api/hooks.ts';
import { startSession } from '../shared/api/session.ts';
import { App } from './app.tsx';
import { syncLocationForTests } from './router.tsx';

const finance: OperatorSelf = {
  id: 7,
  account: 'fin1',
  nickname: 'Fin',
  role: 'finance',
  permissions: [...rolePermissions.finance],
  passwordChangeRequired: false,
  twoFactorSetupRequired: false,
  idleMinutes: 15,
};

function show(path: string) {
  window.history.pushState(null, '', path);
  syncLocationForTests();
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <App />
    </QueryClientProvider>,
  );
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

describe('the back office app', () => {
  it('shows the login page without a session', async () => {
    show('/admin/');
    expect(await screen.findByRole('heading', { name: 'Operator login' })).toBeTruthy();
  });

  it('goes back to the login page with a notice when the session expired', async () => {
    setFetchForTests(async () =>
      json(401, { success: false, code: 'TOKEN_EXPIRED', message: 'err_token_expired' }),
    );
    startSession('old-token');
    show('/admin/');
    expect(await screen.findByRole('heading', { name: 'Operator login' })).toBeTruthy();
    expect(screen.getByText(/Your session ended/)).toBeTruthy();
  });

  it('shows the nav of the role and names the permission a page needs', async () => {
    setFetchForTests(async () => json(200, { success: true, value: finance }));
    startSession('token-1');
    show('/admin/operators');
    expect(await screen.findByText(/“operators\.manage”/)).toBeTruthy();
    const nav = screen.getByRole('navigation');
    expect(nav.textContent).toContain('Home');
    expect(nav.textContent).not.toContain('Operators');
    expect(nav.textContent).not.toContain('Audit trail');
    expect(screen.getByTestId('operator-badge').textContent).toContain('Finance');
  });

  it('asks for the new password first, then the second step', async () => {
    setFetchForTests(async () =>
      json(200, {
        success: true,
        value: { ...finance, passwordChangeRequired: true, twoFactorSetupRequired: true },
      }),
    );
    startSession('token-1');
    show('/admin/');
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
  });
});
