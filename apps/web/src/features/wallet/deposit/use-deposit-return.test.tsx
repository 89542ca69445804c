import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from '../../../shared/router/router.tsx';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { useDepositReturn } from './use-deposit-return.ts';

function at(path: string) {
  return ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
  );
}

describe('coming back from the payment gateway', () => {
  it('opens the member centre on the deposit page for a logged-in member', () => {
    useOverlayStore.getState().closeMemberCentre();
    useSessionStore.getState().setSession({ token: 'token-1', isAgent: 0, username: 'demoplayer' });
    renderHook(() => useDepositReturn(), { wrapper: at('/index?depositOrder=12') });
    expect(useOverlayStore.getState().memberCentre).toEqual({ open: true, page: 'depositv2' });
  });

  it("opens an agent's own agent centre on the deposit page, not the member centre (issue 38)", () => {
    useOverlayStore.getState().closeMemberCentre();
    useOverlayStore.getState().closeAgentCentre();
    useSessionStore.getState().setSession({ token: 'token-2', isAgent: 41, username: 'demoagent' });
    renderHook(() => useDepositReturn(), { wrapper: at('/index?depositOrder=12') });
    expect(useOverlayStore.getState().agentCentre).toEqual({ open: true, page: 'depositv2' });
    expect(useOverlayStore.getState().memberCentre.open).toBe(false);
  });

  it('does nothing on other addresses or without a session', () => {
    useOverlayStore.getState().closeMemberCentre();
    useSessionStore.getState().setSession({ token: 'token-1', isAgent: 0, username: 'demoplayer' });
    renderHook(() => useDepositReturn(), { wrapper: at('/index') });
    expect(useOverlayStore.getState().memberCentre.open).toBe(false);
    useSessionStore.getState().clearSession();
    renderHook(() => useDepositReturn(), { wrapper: at('/index?depositOrder=12') });
    expect(useOverlayStore.getState().memberCentre.open).toBe(false);
  });
});
