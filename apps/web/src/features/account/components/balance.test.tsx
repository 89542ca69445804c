import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { stubCalls } from '../../../test/stub-calls.ts';

afterEach(() => {
  useSessionStore.getState().clearSession();
});

const balance = (sumBalance: string, gameWallets: string, totalBalance: string) => () => ({
  sumBalance,
  gameWallets,
  totalBalance,
  currency: 'BDT',
  held: '0.00',
  demo: false,
  wallets: [{ kind: 'main', vendor: null, balance: sumBalance }],
});

describe('the header balance (issue 38)', () => {
  it('offers the total with the game wallets when they hold money', async () => {
    await changeLanguage('EN', { remember: true });
    useSessionStore.getState().setSession({ token: 'token-1', isAgent: 0, username: 'rahim01' });
    stubCalls({ walletBalance: balance('100.00', '50.00', '150.00') });
    renderApp('/index');
    const button = await screen.findByRole('button', { name: /^Balance: 100\.00/ });
    await waitFor(() => expect(button.textContent).toContain('৳150.00 with game wallets'));
    expect(button.getAttribute('aria-label')).toContain('৳150.00 with game wallets');
  });

  it('shows the one figure when the game wallets are empty', async () => {
    await changeLanguage('EN', { remember: true });
    useSessionStore.getState().setSession({ token: 'token-1', isAgent: 0, username: 'rahim01' });
    stubCalls({ walletBalance: balance('100.00', '0.00', '100.00') });
    renderApp('/index');
    const button = await screen.findByRole('button', { name: /^Balance: 100\.00/ });
    expect(button.textContent).not.toContain('game wallets');
  });
});
