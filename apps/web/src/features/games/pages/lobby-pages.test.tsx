/**
 * @vitest-environment-options {"settings": {"disableIframePageLoading": true}}
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Game, GameMenu } from '@khela/contract';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { renderApp } from '../../../test/render-app.tsx';

beforeEach(async () => {
  await changeLanguage('EN', { remember: true });
});

function game(nodeId: number, gameName: string, overrides: Partial<Game> = {}): Game {
  return {
    nodeId,
    vassalage: 'KHELA',
    gameType: 'RNG',
    code: `code-${nodeId}`,
    gameCode: `code-${nodeId}`,
    gameName,
    icon: null,
    minBet: '0.20',
    lineNum: 20,
    isHot: 0,
    classify: 'SC',
    defaultPlayType: null,
    accountTypeName: 'Khela Originals',
    vendor: 'KHELA',
    isGame: true,
    launchFlags: [],
    rtpBasisPoints: 9600,
    ...overrides,
  };
}

const vendorCard = (vassalage: string, displayName: string, gameType: 'RNG' | 'LIVE' = 'RNG') => ({
  vassalage,
  accountTypeId: 1,
  displayName,
  smallIcon: null,
  isHot: 0 as const,
  gameType,
});
const menus: GameMenu = [
  { category: 'LIVE', vendors: [vendorCard('KHELA_LIVE', 'Khela Tables', 'LIVE')] },
  { category: 'RNG', vendors: [vendorCard('KHELA', 'Khela Originals'), vendorCard('OTHER', 'Other Slots')] },
];
const page = (games: Game[]) => ({
  games,
  total: games.length,
  totalPages: 1,
  pageNo: 1,
  pageSize: 21,
  data: { lanes: [] },
});
const answers = {
  '/wps/relay/GCSGAME_hotGamesV2': {
    list: [{ gameType: 'RNG', games: [game(1, 'Bengal Tiger', { isHot: 1 })] }],
  },
  '/wps/relay/GCSGAME_gameList': page([game(1, 'Bengal Tiger'), game(2, 'Golden Fruits')]),
  '/wps/relay/MCSFE_getFavoriteGames': { list: [] },
  '/wps/relay/MCSFE_getFavoriteGamesList': { content: [], total: 0, totalPages: 0, pageNo: 1, pageSize: 21 },
  '/wps/relay/GCS_recentGame': { list: [], total: 0, totalPages: 0, pageNo: 1, pageSize: 21 },
};

/** The JSON body a stubbed fetch call sent (the stub is typed with its URL only). */
function bodyOf(call: unknown[] | undefined): unknown {
  const init = call?.[1] as RequestInit | undefined;
  return init?.body;
}

/** The game-list requests made so far, as their query parameters. */
function listRequests(fetchMock: ReturnType<typeof renderApp>['fetchMock']) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/wps/relay/GCSGAME_gameList')
    .map((url) => Object.fromEntries(url.searchParams));
}

describe('slot lobby (/rng)', () => {
  it('opens on the hot list for a visitor, without saved or recent lists', async () => {
    renderApp('/rng', { gameMenus: menus, answers });
    const tabs = await screen.findByRole('group', { name: 'Game lists' });
    await within(tabs).findByRole('button', { name: 'Hot games', pressed: true });
    expect(within(tabs).queryByRole('button', { name: 'Saved' })).toBeNull();
    expect(within(tabs).queryByRole('button', { name: 'Recent' })).toBeNull();
    const list = await screen.findByRole('list', { name: 'Hot games' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list.textContent).toContain('Bengal Tiger');
    expect(list.textContent).toContain('Min ৳0.20');
  });

  it('offers saved and recent lists to a member', async () => {
    useSessionStore.getState().setSession({ token: 'token-1', isAgent: 0, username: 'rahim01' });
    renderApp('/rng', { gameMenus: menus, answers });
    const tabs = await screen.findByRole('group', { name: 'Game lists' });
    fireEvent.click(await within(tabs).findByRole('button', { name: 'Saved' }));
    expect(await screen.findByText('No saved games yet')).toBeTruthy();
    fireEvent.click(within(tabs).getByRole('button', { name: 'Recent' }));
    expect(await screen.findByText('No recent games')).toBeTruthy();
  });

  it('shows the vendor of ?page= with 21 a page, and a new filter clears the vendor (spec 4)', async () => {
    const { fetchMock, router } = renderApp('/rng?page=KHELA', { gameMenus: menus, answers });
    await screen.findByRole('list', { name: 'All games' });
    await waitFor(() =>
      expect(listRequests(fetchMock)).toContainEqual(
        expect.objectContaining({
          gameType: 'RNG',
          vassalage: 'KHELA',
          pageNo: '1',
          pageSize: '21',
          clientType: '3',
        }),
      ),
    );
    expect(window.sessionStorage.getItem('vassalage')).toBe('KHELA');
    expect(screen.getByRole('button', { name: 'Khela Originals', pressed: true })).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Type' }), { target: { value: 'AC' } });
    await waitFor(() =>
      expect(listRequests(fetchMock).at(-1)).toEqual(
        expect.objectContaining({ gameClassify: 'AC', pageNo: '1' }),
      ),
    );
    expect(listRequests(fetchMock).at(-1)).not.toHaveProperty('vassalage');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('button', { name: 'All providers', pressed: true })).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Minimum bet' }), { target: { value: '0.05' } });
    await waitFor(() =>
      expect(listRequests(fetchMock).at(-1)).toEqual(expect.objectContaining({ minBet: '0.05' })),
    );
    expect(listRequests(fetchMock).at(-1)).not.toHaveProperty('gameClassify');
    expect((screen.getByRole('combobox', { name: 'Type' }) as HTMLSelectElement).value).toBe('');
  });

  it('searches 500 ms after the last key, not before', async () => {
    const { fetchMock } = renderApp('/rng?page=KHELA', { gameMenus: menus, answers });
    const search = await screen.findByRole('searchbox', { name: 'Search games by name' });
    await screen.findByRole('list', { name: 'All games' });
    const typedAt = Date.now();
    fireEvent.change(search, { target: { value: 'Tig' } });
    fireEvent.change(search, { target: { value: 'Tiger' } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(listRequests(fetchMock).some((query) => 'gameName' in query)).toBe(false);
    await waitFor(() =>
      expect(listRequests(fetchMock).at(-1)).toEqual(expect.objectContaining({ gameName: 'Tiger' })),
    );
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(480);
    expect(listRequests(fetchMock).filter((query) => 'gameName' in query)).toHaveLength(1);
    // The search replaced the vendor filter.
    expect(listRequests(fetchMock).at(-1)).not.toHaveProperty('vassalage');
  });

  it('asks a visitor to log in before saving or starting a game', async () => {
    renderApp('/rng', { gameMenus: menus, answers });
    const list = await screen.findByRole('list', { name: 'Hot games' });
    fireEvent.click(within(list).getByRole('button', { name: 'Save Bengal Tiger' }));
    expect(useOverlayStore.getState().openModals).toContain('loginPopupModal');
    useOverlayStore.getState().closeModal('loginPopupModal');
    fireEvent.click(within(list).getByRole('button', { name: /^Bengal Tiger/ }));
    expect(useOverlayStore.getState().openModals).toContain('loginPopupModal');
  });

  it('warns a trial account that saving needs a real account, and saves for a member', async () => {
    useSessionStore.getState().setSession({ token: 'trial-token', isAgent: 4, username: 'guest1' });
    const trial = renderApp('/rng', { gameMenus: menus, answers });
    let list = await screen.findByRole('list', { name: 'Hot games' });
    fireEvent.click(within(list).getByRole('button', { name: 'Save Bengal Tiger' }));
    expect(useOverlayStore.getState().pendingConfirm?.messageKey).toBe('in_need_true_account');
    trial.unmount();
    useOverlayStore.getState().settleConfirm(false);

    useSessionStore.getState().setSession({ token: 'token-1', isAgent: 0, username: 'rahim01' });
    const member = renderApp('/rng', {
      gameMenus: menus,
      answers: { ...answers, '/wps/relay/MCSFE_addFavoriteGame': { nodeId: 1, favourite: true } },
    });
    list = await screen.findByRole('list', { name: 'Hot games' });
    fireEvent.click(within(list).getByRole('button', { name: 'Save Bengal Tiger' }));
    await waitFor(() => {
      const call = member.fetchMock.mock.calls.find(([input]) =>
        String(input).includes('MCSFE_addFavoriteGame'),
      );
      expect(call).toBeDefined();
      expect(JSON.parse(String(bodyOf(call)))).toEqual({
        nodeId: 1,
        vendor: 'KHELA',
        gameType: 'RNG',
      });
    });
  });
});

describe('launching (/game)', () => {
  it('opens /game for a member and embeds the vendor URL from launchGame', async () => {
    useSessionStore.getState().setSession({ token: 'token-1', isAgent: 0, username: 'rahim01' });
    const { router, fetchMock } = renderApp('/rng', {
      gameMenus: menus,
      answers: {
        ...answers,
        '/wps/game/launchGame': {
          content: 'https://games.example/play/video5x3?token=abc',
          launchKind: 'iframe',
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Hot games' });
    // The /game page is a lazy chunk the navigation waits for: let act see it through.
    await act(async () => fireEvent.click(within(list).getByRole('button', { name: /^Bengal Tiger/ })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'));
    expect(new URLSearchParams(router.state.location.search).get('nodeId')).toBe('1');
    const frame = await waitFor(() => {
      const element = document.querySelector('iframe.game-launch__frame');
      if (!element) throw new Error('no frame yet');
      return element;
    });
    expect(frame.getAttribute('src')).toBe('https://games.example/play/video5x3?token=abc');
    const launch = fetchMock.mock.calls.find(([input]) => String(input).includes('/wps/game/launchGame'));
    expect(JSON.parse(String(bodyOf(launch)))).toEqual({
      nodeId: 1,
      language: 'EN',
      theme: 'light',
      lobbyUrl: `${window.location.origin}/rng`,
    });
    expect(screen.getByRole('link', { name: 'Back to lobby' }).getAttribute('href')).toBe('/rng');
  });

  it('says why a launch failed and offers a retry', async () => {
    useSessionStore.getState().setSession({ token: 'token-1', isAgent: 0, username: 'rahim01' });
    const { fetchMock } = renderApp('/game?nodeId=5&from=%2Flive', { gameMenus: menus, answers });
    const answerOf = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input: string) => {
      if (input.includes('/wps/game/launchGame'))
        return new Response(
          JSON.stringify({ success: false, code: 'VENDOR_UNAVAILABLE', message: 'err_vendor_unavailable' }),
          { status: 503, headers: { 'content-type': 'application/json' } },
        );
      return answerOf!(input);
    });
    expect(
      await screen.findByText('This game provider is not available right now. Please try again later.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to lobby' }).getAttribute('href')).toBe('/live');
  });

  it('asks a visitor to log in, and refuses a return path to another site', async () => {
    renderApp('/game?nodeId=5&from=%2F%2Fevil.example', { gameMenus: menus, answers });
    expect(await screen.findByText('Log in to start this game')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to lobby' }).getAttribute('href')).toBe('/index');
    fireEvent.click(screen.getAllByRole('button', { name: 'Log in' }).at(-1)!);
    expect(useOverlayStore.getState().openModals).toContain('loginPopupModal');
  });
});

describe('header vendor dropdown', () => {
  it('shows up to 11 vendors then more, not centred, with arrows past 7', async () => {
    const many = Array.from({ length: 12 }, (_, index) => vendorCard(`V${index}`, `Vendor ${index}`));
    renderApp('/index', { gameMenus: [{ category: 'RNG', vendors: many }], answers });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    fireEvent.click(await within(nav).findByRole('button', { name: 'Slots' }));
    const row = await within(nav).findByRole('list', { name: 'Slots' });
    expect(within(row).getAllByRole('link', { name: /Vendor/ })).toHaveLength(11);
    expect(within(row).getByRole('link', { name: 'More' }).getAttribute('href')).toBe('/rng');
    expect(row.className).not.toContain('centred');
    expect(within(nav).getByRole('button', { name: 'Next' })).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Vendor 0' }).getAttribute('href')).toBe('/rng?page=V0');
  });

  it('centres a short row without arrows', async () => {
    renderApp('/index', { gameMenus: menus, answers });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    fireEvent.click(await within(nav).findByRole('button', { name: 'Live casino' }));
    const row = await within(nav).findByRole('list', { name: 'Live casino' });
    expect(row.className).toContain('centred');
    expect(within(nav).queryByRole('button', { name: 'Next' })).toBeNull();
    expect(within(row).getByRole('link', { name: 'Khela Tables' }).getAttribute('href')).toBe(
      '/games/LIVE/vassalage/KHELA_LIVE',
    );
  });
});
