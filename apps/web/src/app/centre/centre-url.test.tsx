import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { memberCentreHref, agentCentreHref } from '../../shared/config/centre-pages.ts';
import { useOverlayStore } from '../../shared/stores/overlay-store.ts';
import { useSessionStore } from '../../shared/stores/session-store.ts';
import { renderApp } from '../../test/render-app.tsx';
import { centreInSearch, searchWithCentre } from './use-centre-url.ts';

const memberCentreName = 'সদস্য কেন্দ্র';
const agentCentreName = 'এজেন্ট সেন্টার';

function logIn(isAgent: number | null) {
  useSessionStore.getState().setSession({ token: 'token-1', isAgent, username: 'rahim01' });
}

/** The page the open panel shows (its section carries the page key). */
async function shownPage(dialogName: string): Promise<string | null> {
  const panel = await screen.findByRole('dialog', { name: dialogName });
  return panel.querySelector('section[data-page]')?.getAttribute('data-page') ?? null;
}

describe('centre addresses', () => {
  it('reads and writes the centre query, keeping the other parameters', () => {
    expect(centreInSearch('?centre=withdraw')).toEqual({ kind: 'member', page: 'withdraw' });
    expect(centreInSearch('?agentCentre=agentDailyWages2')).toEqual({
      kind: 'agent',
      page: 'agentDailyWages2',
    });
    expect(centreInSearch('?centre=nonsense')).toBeNull();
    expect(searchWithCentre('?depositOrder=12', { kind: 'member', page: 'depositv2' })).toBe(
      '?depositOrder=12&centre=depositv2',
    );
    expect(searchWithCentre('?depositOrder=12&centre=depositv2', null)).toBe('?depositOrder=12');
    expect(memberCentreHref('withdraw')).toBe('/index?centre=withdraw');
    expect(agentCentreHref('agentDailyWages2')).toBe('/index?agentCentre=agentDailyWages2');
  });

  it('opens a member centre page from its address (a link, or a reload)', async () => {
    logIn(null);
    renderApp('/index?centre=withdraw');
    expect(await shownPage(memberCentreName)).toBe('withdraw');
    expect(useOverlayStore.getState().memberCentre).toEqual({ open: true, page: 'withdraw' });
  });

  it('opens an agent centre page from its address, by the spec page key', async () => {
    logIn(1);
    renderApp('/index?agentCentre=agentDailyWages2');
    expect(await shownPage(agentCentreName)).toBe('agentDailyWages2');
  });

  it('puts the page opened from the menu in the address, so a reload restores it', async () => {
    logIn(null);
    const first = renderApp('/index');
    await screen.findByRole('button', { name: 'অ্যাকাউন্ট মেনু' });
    act(() => useOverlayStore.getState().openMemberCentre('depositv2'));
    const panel = await screen.findByRole('dialog', { name: memberCentreName });
    await waitFor(() => expect(first.router.state.location.search).toBe('?centre=depositv2'));
    // Another page of the open panel replaces the address (Back still closes the panel). The page
    // is a lazy chunk: act sees the click through until it has arrived.
    await act(async () => fireEvent.click(within(panel).getByRole('button', { name: 'ওয়ালেট' })));
    await waitFor(() => expect(first.router.state.location.search).toBe('?centre=transferFund'));
    const address = `${first.router.state.location.pathname}${first.router.state.location.search}`;
    first.unmount();

    useOverlayStore.getState().closeMemberCentre();
    renderApp(address);
    expect(await shownPage(memberCentreName)).toBe('transferFund');
  });

  it('closes the panel on Back, and opens it again on Forward', async () => {
    logIn(null);
    const { router } = renderApp('/index');
    await screen.findByRole('button', { name: 'অ্যাকাউন্ট মেনু' });
    act(() => useOverlayStore.getState().openMemberCentre('withdraw'));
    await screen.findByRole('dialog', { name: memberCentreName });
    await waitFor(() => expect(router.state.location.search).toBe('?centre=withdraw'));

    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: memberCentreName })).toBeNull());
    expect(router.state.location.search).toBe('');
    expect(useOverlayStore.getState().memberCentre.open).toBe(false);

    await act(() => router.navigate(1));
    expect(await shownPage(memberCentreName)).toBe('withdraw');
  });

  it('goes Back over the opened entry when the panel is closed by its button', async () => {
    logIn(1);
    const { router } = renderApp('/index');
    await screen.findByRole('button', { name: 'অ্যাকাউন্ট মেনু' });
    act(() => useOverlayStore.getState().openAgentCentre('agentTeamOverview'));
    const panel = await screen.findByRole('dialog', { name: agentCentreName });
    await waitFor(() => expect(router.state.location.search).toBe('?agentCentre=agentTeamOverview'));
    fireEvent.click(within(panel).getByRole('button', { name: 'বন্ধ করুন' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.historyAction).toBe('POP');
    expect(useOverlayStore.getState().agentCentre.open).toBe(false);
  });

  it('drops the parameter when a panel opened by address is closed (nothing of ours to go Back to)', async () => {
    logIn(null);
    const { router } = renderApp('/index?centre=withdraw&x=1');
    const panel = await screen.findByRole('dialog', { name: memberCentreName });
    fireEvent.click(within(panel).getByRole('button', { name: 'বন্ধ করুন' }));
    await waitFor(() => expect(router.state.location.search).toBe('?x=1'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('asks a visitor to log in first, then opens the page', async () => {
    renderApp('/index?centre=withdraw');
    await waitFor(() => expect(useOverlayStore.getState().openModals).toContain('loginPopupModal'));
    expect(useOverlayStore.getState().memberCentre.open).toBe(false);
    // As the login form does: the session starts and the login dialog closes.
    act(() => {
      logIn(null);
      useOverlayStore.getState().closeModal('loginPopupModal');
    });
    expect(await shownPage(memberCentreName)).toBe('withdraw');
  });

  it('opens the page again where the login lands', async () => {
    const { router } = renderApp('/index?centre=withdraw');
    await waitFor(() => expect(useOverlayStore.getState().openModals).toContain('loginPopupModal'));
    act(() => {
      logIn(null);
      useOverlayStore.getState().closeModal('loginPopupModal');
    });
    await screen.findByRole('dialog', { name: memberCentreName });
    // useFinishLogin lands on '/' after a login.
    await act(() => router.navigate('/'));
    await waitFor(() => expect(router.state.location.search).toBe('?centre=withdraw'));
    expect(await shownPage(memberCentreName)).toBe('withdraw');
    await act(() => router.navigate(-1));
    await waitFor(() => expect(useOverlayStore.getState().memberCentre.open).toBe(false));
  });

  it("does not open the agent centre's address for a member", async () => {
    logIn(null);
    const { router } = renderApp('/index?agentCentre=agentTeamOverview');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(useOverlayStore.getState().agentCentre.open).toBe(false);
  });
});
