import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, type LotteryBet, type LotteryGame, type NumeroProof } from '@khela/contract';
import { deriveDraw, newServerSeed, seedHashOf, type DrawResult } from '@khela/contract/lottery-draw';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { stubCalls, type CallHandler } from '../../../test/stub-calls.ts';

beforeEach(async () => {
  await changeLanguage('EN', { remember: true });
});

const serverTime = Date.now();

function lottery(gameCode: string, gameName: string, overrides: Partial<LotteryGame> = {}): LotteryGame {
  const fast = gameCode.startsWith('FAST');
  return {
    gameId: 1,
    nodeId: 100,
    gameCode,
    gameName,
    vassalage: fast ? 'TCG_SEA' : 'TCG_LOTTO_VN',
    gameType: fast ? 'ELOTT' : 'LOTT',
    prizeMode: fast ? 'Elott' : 'Lott',
    region: fast ? 'fast' : 'south',
    gameMenuTag: fast ? 'FAST' : 'SOUTH',
    remark: `${gameName} remark`,
    drawDayOfWeek: '1,2,3,4,5,6,7',
    intervalSeconds: fast ? 60 : null,
    drawTime: fast ? null : '16:15',
    tag: null,
    isHot: 0,
    numero: '202611260100',
    remainTime: 45_000,
    lockTime: serverTime + 45_000,
    winningTime: serverTime + 55_000,
    latest: {
      gameCode,
      numero: '202611260099',
      drawDate: '2026.11.26',
      status: 'settled',
      winningTime: serverTime - 5_000,
      special: '12345',
      voidReason: null,
      resultSource: 'house',
      resultOrigin: null,
      result: [
        { tier: 'special', numbers: ['12345'] },
        { tier: 'first', numbers: ['67890'] },
        { tier: 'second', numbers: ['11111', '22222'] },
        { tier: 'third', numbers: ['33333', '44444', '55555'] },
      ],
    },
    resources: [],
    playTypes: fast ? ['lo2', 'lo3', 'de', 'xien2', 'odd_even'] : ['lo2', 'de'],
    resultSource: 'house',
    rtp: fast ? { min: '72.08', max: '97.50' } : { min: '95.00', max: '95.00' },
    ...overrides,
  };
}

const menu = {
  serverTime,
  gameMenus: [
    {
      tag: 'FAST',
      games: [lottery('FAST_1', 'Fast 1 minute', { isHot: 1 }), lottery('FAST_3', 'Fast 3 minutes')],
    },
    { tag: 'NORTH', games: [lottery('MB', 'Miền Bắc', { region: 'north', gameMenuTag: 'NORTH' })] },
    { tag: 'CENTRAL', games: [lottery('DN', 'Đà Nẵng', { drawDayOfWeek: '4,7', gameMenuTag: 'CENTRAL' })] },
    { tag: 'SOUTH', games: [lottery('HCM', 'Hồ Chí Minh', { drawDayOfWeek: '2,7' })] },
  ],
};

function bet(overrides: Partial<LotteryBet> = {}): LotteryBet {
  return {
    betId: 1,
    gameCode: 'FAST_1',
    gameName: 'Fast 1 minute',
    numero: '202611260100',
    playType: 'lo2',
    numbers: ['07'],
    stake: '10.00',
    odds: '3.5',
    status: 'open',
    hits: 0,
    payout: '0.00',
    placedAt: serverTime,
    settledAt: null,
    cancellable: true,
    cancelUntil: serverTime + 600_000,
    seedHash: 'ab'.repeat(32),
    beaconRound: 1234,
    ...overrides,
  };
}

function lotteryCalls(extra: Record<string, CallHandler> = {}) {
  return stubCalls({
    lotteryGameMenu: () => menu,
    lotteryRecentGames: () => ({ list: [lottery('MB', 'Miền Bắc')] }),
    lotteryOpenNumero: () => ({
      serverTime,
      gameCode: 'FAST_1',
      numero: '202611260100',
      status: 'open',
      openTime: serverTime - 10_000,
      lockTime: serverTime + 45_000,
      winningTime: serverTime + 55_000,
      remainTime: 45_000,
      seedHash: 'ab'.repeat(32),
      beaconRound: null,
    }),
    lotteryOdds: () => ({
      list: [
        {
          prizeMode: 'Elott',
          region: 'fast',
          playType: 'lo2',
          odds: '3.5',
          minStake: '1.00',
          maxStake: '5000.00',
        },
        {
          prizeMode: 'Elott',
          region: 'fast',
          playType: 'xien2',
          odds: '17',
          minStake: '1.00',
          maxStake: '500.00',
        },
      ],
    }),
    lotteryNumeros: () => ({ list: [menu.gameMenus[0]?.games[0]?.latest] }),
    lotteryMyBets: () => ({ list: [], total: 0, totalPages: 0, pageNo: 1, pageSize: 50 }),
    ...extra,
  });
}

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Lotteries' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

/** Opens Fast 1 minute's Lô 2 số, picks 07 with a stake of 10 and presses "Place bets". */
async function betOn07() {
  renderApp('/lottery?gameCode=FAST_1&playType=lo2');
  await screen.findByRole('heading', { name: 'Fast 1 minute' });
  fireEvent.click(screen.getByRole('button', { name: '07' }));
  fireEvent.change(await screen.findByLabelText(/Stake per bet/), { target: { value: '10' } });
  fireEvent.click(screen.getByRole('button', { name: 'Place bets' }));
}

describe('lottery lobby', () => {
  it('shows the first tag’s games with countdown, numero and the latest result (6 numbers, special marked)', async () => {
    lotteryCalls();
    renderApp('/lottery');
    expect((await screen.findByRole('link', { name: 'Fast 1 minute' })).getAttribute('href')).toBe(
      '/lottery?gameCode=FAST_1',
    );
    expect(cardNames()).toEqual(['Fast 1 minute', 'Fast 3 minutes']);
    const card = screen.getByRole('link', { name: 'Fast 1 minute' }).closest('li') as HTMLElement;
    expect(within(card).getByText('202611260100')).toBeTruthy();
    expect(within(card).getByText('Closes in')).toBeTruthy();
    expect(within(card).getByText(/^00:4\d$/)).toBeTruthy();
    expect(within(card).getByText('2026.11.26')).toBeTruthy();
    const balls = within(within(card).getByRole('list', { name: 'Latest result' })).getAllByRole('listitem');
    expect(balls).toHaveLength(6);
    expect(balls[0]?.classList.contains('lottery-ball--special')).toBe(true);
    // 4 tags + hot, fav, recent: more than 4 tabs, so the strip has arrows (spec 2).
    expect(screen.getAllByRole('tab')).toHaveLength(7);
    expect(screen.getByRole('button', { name: 'More tabs' })).toBeTruthy();
  });

  it('filters by tab, weekday and name (debounced)', async () => {
    lotteryCalls();
    renderApp('/lottery');
    await screen.findByRole('link', { name: 'Fast 1 minute' });
    fireEvent.click(screen.getByRole('tab', { name: 'South' }));
    expect(cardNames()).toEqual(['Hồ Chí Minh']);
    fireEvent.click(screen.getByRole('tab', { name: 'Hot' }));
    expect(cardNames()).toEqual(['Fast 1 minute']);
    fireEvent.click(screen.getByRole('tab', { name: 'Central' }));
    expect(cardNames()).toEqual(['Đà Nẵng']);
    fireEvent.click(screen.getByRole('button', { name: 'Mon' }));
    expect(screen.getByText('No lottery matches')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Wed' }));
    expect(cardNames()).toEqual(['Đà Nẵng']);
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Fast' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by name' }), {
      target: { value: '3 min' },
    });
    // Spec 5: the search waits 500 ms after the last key.
    expect(cardNames()).toEqual(['Fast 1 minute', 'Fast 3 minutes']);
    await waitFor(() => expect(cardNames()).toEqual(['Fast 3 minutes']));
  });

  it('keeps favourites per username in localStorage; a visitor gets the login popup', async () => {
    lotteryCalls();
    renderApp('/lottery');
    await screen.findByRole('link', { name: 'Fast 1 minute' });
    fireEvent.click(screen.getByRole('button', { name: 'Add Fast 1 minute to favourites' }));
    expect(useOverlayStore.getState().openModals).toContain('loginPopupModal');
    fireEvent.click(screen.getByRole('tab', { name: 'Favourites' }));
    expect(screen.getByText('Log in to see this list')).toBeTruthy();

    act(() => useSessionStore.getState().setSession({ token: 'token-1', isAgent: 0, username: 'rahim01' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Fast' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Fast 3 minutes to favourites' }));
    expect(localStorage.getItem('lotteryFav:rahim01')).toBe('["FAST_3"]');
    fireEvent.click(screen.getByRole('tab', { name: 'Favourites' }));
    expect(cardNames()).toEqual(['Fast 3 minutes']);
    expect(
      screen
        .getByRole('button', { name: 'Remove Fast 3 minutes from favourites' })
        .getAttribute('aria-pressed'),
    ).toBe('true');

    act(() => useSessionStore.getState().setSession({ token: 'token-2', isAgent: 0, username: 'karim02' }));
    expect(await screen.findByText('No lottery matches')).toBeTruthy();
    expect(localStorage.getItem('lotteryFav:rahim01')).toBe('["FAST_3"]');
  });

  it('lists the member’s recent lotteries; /vnlottery asks for the regional draws only', async () => {
    useSessionStore.getState().setSession({ token: 'token-1', isAgent: 0, username: 'rahim01' });
    const seen: unknown[] = [];
    lotteryCalls({
      lotteryGameMenu: (input) => {
        seen.push(input);
        return menu;
      },
    });
    renderApp('/vnlottery');
    await screen.findByRole('link', { name: 'Fast 1 minute' });
    expect(seen[0]).toMatchObject({ query: { prizeMode: 'Lott' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Recent' }));
    expect((await screen.findByRole('link', { name: 'Miền Bắc' })).getAttribute('href')).toBe(
      '/vnlottery?gameCode=MB',
    );
  });

  it('says so when the menu cannot be loaded', async () => {
    lotteryCalls({
      lotteryGameMenu: () => {
        throw new ApiError({ code: 'NETWORK', message: 'err_network', status: 0 });
      },
    });
    renderApp('/lottery');
    expect(await screen.findByText('The lotteries could not be loaded')).toBeTruthy();
  });
});

describe('betting view', () => {
  it('builds a slip (bets, total, win per hit) and places it once per request id, errors in place', async () => {
    useSessionStore.getState().setSession({ token: 'token-1', isAgent: 0, username: 'rahim01' });
    let attempts = 0;
    const calls = lotteryCalls({
      lotteryPlaceSlip: () => {
        attempts += 1;
        if (attempts === 1)
          throw new ApiError({ code: 'INSUFFICIENT_FUNDS', message: 'err_insufficient_funds', status: 409 });
        if (attempts === 2)
          throw new ApiError({ code: 'BETTING_CLOSED', message: 'err_betting_closed', status: 409 });
        return { bets: [bet()], total: '30.00', balance: '70.00', replayed: false };
      },
    });
    renderApp('/lottery?gameCode=FAST_1&playType=lo2');
    expect(await screen.findByRole('heading', { name: 'Fast 1 minute' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Lô 2 số/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText(/Pays for every prize number that ends in your two digits/)).toBeTruthy();

    for (const number of ['07', '42', '99']) fireEvent.click(screen.getByRole('button', { name: number }));
    const stake = await screen.findByLabelText(/Stake per bet/);
    fireEvent.change(stake, { target: { value: '10' } });
    expect(screen.getByTestId('slip-bet-count').textContent).toContain('3');
    expect(screen.getByTestId('slip-total').textContent).toContain('30.00');
    expect(screen.getByTestId('slip-win').textContent).toContain('35.00');
    fireEvent.click(screen.getByRole('button', { name: 'Remove 42' }));
    expect(screen.getByTestId('slip-bet-count').textContent).toContain('2');
    fireEvent.click(screen.getByRole('button', { name: '42' }));

    const place = async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Place bets' }));
      const dialog = await screen.findByRole('alertdialog');
      expect(dialog.textContent).toContain('202611260100');
      await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' })));
    };
    await place();
    expect(await screen.findByText('Not enough balance')).toBeTruthy();
    await place();
    expect(await screen.findByText('Betting on this draw has closed')).toBeTruthy();
    await place();
    await waitFor(() => expect(attempts).toBe(3));

    const bodies = calls.filter((call) => call.id === 'lotteryPlaceSlip').map((call) => call.body);
    expect(bodies[0]).toMatchObject({
      gameCode: 'FAST_1',
      numero: '202611260100',
      playType: 'lo2',
      numbers: ['07', '99', '42'],
      unitStake: '10',
      multiplier: 1,
    });
    // The same slip sent again keeps its request id: the server places it at most once.
    expect(new Set(bodies.map((body) => body?.requestId)).size).toBe(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove 07' })).toBeNull());
  });

  it('xiên takes exactly its count; a visitor who places gets the login popup', async () => {
    lotteryCalls();
    renderApp('/lottery?gameCode=FAST_1&playType=xien2');
    await screen.findByRole('heading', { name: 'Fast 1 minute' });
    expect(screen.getAllByText(/pick exactly 2 different numbers/).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: '11' }));
    fireEvent.click(screen.getByRole('button', { name: '22' }));
    expect((screen.getByRole('button', { name: '33' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('slip-bet-count').textContent).toContain('1');
    fireEvent.click(screen.getByRole('button', { name: 'Place bets' }));
    expect(useOverlayStore.getState().openModals).toContain('loginPopupModal');
  });

  it('a trial account is told to register a real account (spec 5) and places nothing', async () => {
    useSessionStore.getState().setSession({ token: 'trial-token', isAgent: 4, username: 'guest1' });
    const calls = lotteryCalls();
    await betOn07();
    expect((await screen.findByRole('alertdialog')).textContent).toContain(
      'Please Register An Account First',
    );
    expect(calls.some((call) => call.id === 'lotteryPlaceSlip')).toBe(false);
  });

  it('shows the member’s bets with a cancel button, and the history tab links each draw to its proof', async () => {
    useSessionStore.getState().setSession({ token: 'token-1', isAgent: 0, username: 'rahim01' });
    const calls = lotteryCalls({
      lotteryCancelBet: () => ({ bet: bet({ status: 'cancelled', cancellable: false }), balance: '100.00' }),
      lotteryMyBets: () => ({
        list: [
          bet(),
          bet({
            betId: 2,
            status: 'won',
            hits: 2,
            payout: '70.00',
            cancellable: false,
            numero: '202611260099',
          }),
        ],
        total: 2,
        totalPages: 1,
        pageNo: 1,
        pageSize: 50,
      }),
    });
    const { router } = renderApp('/lottery?gameCode=FAST_1');
    const bets = await screen.findByRole('list', { name: 'My bets' });
    expect(within(bets).getAllByRole('button', { name: 'Cancel bet' })).toHaveLength(1);
    expect(within(bets).getByText('Won')).toBeTruthy();
    expect(within(bets).getByText(/70\.00/)).toBeTruthy();
    fireEvent.click(within(bets).getByRole('button', { name: 'Cancel bet' }));
    const dialog = await screen.findByRole('alertdialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' })));
    await waitFor(() =>
      expect(calls.find((call) => call.id === 'lotteryCancelBet')?.body).toEqual({ betId: 1 }),
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Draw history' }));
    expect(router.state.location.search).toContain('view=history');
    expect((await screen.findByRole('link', { name: '202611260099' })).getAttribute('href')).toBe(
      '/lottery/verify?gameCode=FAST_1&numero=202611260099',
    );
  });
});

describe('verify page', () => {
  async function proofOf(
    tamper: (proof: NumeroProof) => NumeroProof = (proof) => proof,
  ): Promise<NumeroProof> {
    const seed = newServerSeed();
    const inputs = {
      gameCode: 'FAST_1',
      numero: '202611260042',
      region: 'fast' as const,
      seed,
      betsDigest: 'cd'.repeat(32),
    };
    const result: DrawResult = await deriveDraw(inputs);
    return tamper({
      ...inputs,
      status: 'settled',
      drawDate: '2026.11.26',
      winningTime: serverTime,
      seedHash: await seedHashOf(seed),
      betCount: 3,
      result,
      voidReason: null,
      resultSource: 'house',
      resultOrigin: null,
      beacon: null,
    });
  }

  it('recomputes the draw in the browser: ✓ commitment and ✓ numbers', async () => {
    const proof = await proofOf();
    stubCalls({ lotteryNumeroProof: () => proof });
    renderApp('/lottery/verify?gameCode=FAST_1&numero=202611260042');
    expect(await screen.findByText(/The revealed seed matches the commitment/)).toBeTruthy();
    expect(screen.getByText(/The published numbers match the draw recomputed/)).toBeTruthy();
    expect(screen.getByText(proof.seedHash)).toBeTruthy();
    expect(screen.getByText(proof.seed ?? '')).toBeTruthy();
    expect(screen.getByText('3')).toBeTruthy();
  });

  it('a tampered number or seed is shown as ✗ with what differs', async () => {
    const proof = await proofOf((original) => {
      const result = structuredClone(original.result ?? []);
      const special = result[0];
      if (special) special.numbers[0] = special.numbers[0] === '00000' ? '11111' : '00000';
      return { ...original, result, seedHash: 'ef'.repeat(32) };
    });
    stubCalls({ lotteryNumeroProof: () => proof });
    renderApp('/lottery/verify?gameCode=FAST_1&numero=202611260042');
    expect(await screen.findByText(/The seed does not match its commitment/)).toBeTruthy();
    expect(screen.getByText(/The numbers do not match the recomputed draw/)).toBeTruthy();
    expect(screen.getAllByText('(differs)')).toHaveLength(2);
  });

  it('before the draw shows the commitment and says the seed comes at the draw; the form opens another', async () => {
    const proof = await proofOf((original) => ({
      ...original,
      status: 'open',
      seed: null,
      result: null,
      betsDigest: null,
    }));
    stubCalls({ lotteryNumeroProof: () => proof });
    const { router } = renderApp('/lottery/verify?gameCode=FAST_1&numero=202611260042');
    expect(await screen.findByText(/This draw has not happened yet/)).toBeTruthy();
    expect(screen.getByText(proof.seedHash)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Draw'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText(/A draw number has 12 digits/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Game code'), { target: { value: 'mb' } });
    fireEvent.change(screen.getByLabelText('Draw'), { target: { value: '202611250001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.search).toBe('?gameCode=MB&numero=202611250001'));
  });
});

describe('the draw', () => {
  it('after the draw time asks for the result until it is there, and marks the member’s wins', async () => {
    useSessionStore.getState().setSession({ token: 'token-1', isAgent: 0, username: 'rahim01' });
    const start = Date.now();
    const drawn = {
      gameCode: 'FAST_1',
      numero: '202611260100',
      drawDate: '2026.11.26',
      status: 'settled',
      winningTime: start + 1_000,
      special: '12307',
      voidReason: null,
      result: [
        { tier: 'special', numbers: ['12307'] },
        { tier: 'first', numbers: ['55555'] },
      ],
    };
    let numeroCalls = 0;
    let placed = false;
    lotteryCalls({
      lotteryOpenNumero: () => ({
        serverTime: Date.now(),
        gameCode: 'FAST_1',
        numero: '202611260100',
        status: 'open',
        openTime: start - 10_000,
        lockTime: start + 800,
        winningTime: start + 1_000,
        remainTime: start + 800 - Date.now(),
        seedHash: 'ab'.repeat(32),
        beaconRound: null,
      }),
      lotteryNumeros: () => {
        numeroCalls += 1;
        return { list: numeroCalls > 1 && placed ? [drawn] : [] };
      },
      lotteryPlaceSlip: () => {
        placed = true;
        return { bets: [bet()], total: '10.00', balance: '90.00', replayed: false };
      },
      lotteryMyBets: () => ({
        list: placed
          ? [bet({ status: numeroCalls > 1 ? 'won' : 'open', hits: 1, payout: '35.00', cancellable: false })]
          : [],
        total: 1,
        totalPages: 1,
        pageNo: 1,
        pageSize: 50,
      }),
    });
    await betOn07();
    const dialog = await screen.findByRole('alertdialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' })));
    expect(await screen.findByRole('heading', { name: 'Result of draw 202611260100' })).toBeTruthy();
    const table = await screen.findByRole('table', {}, { timeout: 10_000 });
    const special = within(table).getByText('12307');
    expect(special.classList.contains('lottery-result__number--hit')).toBe(true);
    expect(within(table).getByText('55555').classList.contains('lottery-result__number--hit')).toBe(false);
    expect(await screen.findByRole('link', { name: 'Verify this draw' })).toBeTruthy();
  }, 20_000);
});
