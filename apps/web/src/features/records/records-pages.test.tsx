import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BettingRecordLine, BettingRecordValue, PersonalProfitValue } from '@khela/contract';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { useOverlayStore } from '../../shared/stores/overlay-store.ts';
import { useSessionStore } from '../../shared/stores/session-store.ts';
import { gameMenusFixture, renderApp } from '../../test/render-app.tsx';

const dayMs = 24 * 60 * 60 * 1000;

// test/setup.ts brings the language back to Bengali and empties the stores after each test.
beforeEach(async () => {
  await changeLanguage('EN', { remember: true });
});

function line(overrides: Partial<BettingRecordLine>): BettingRecordLine {
  return {
    roundId: 'r-1',
    nodeId: 1,
    gameName: 'Lucky Lotus',
    vassalage: 'KHELA_SLOTS',
    vendorName: 'Khela Slots',
    gameType: 'RNG',
    bet: '10.00',
    win: '25.50',
    profit: '15.50',
    status: 'settled',
    startedAt: Date.UTC(2026, 2, 1, 10, 0),
    settledAt: Date.UTC(2026, 2, 1, 10, 1),
    wallet: 'main',
    ...overrides,
  };
}

/** Two regional lottery bets: a house draw (MB) and an official result typed in by two operators. */
const lotterySourceLines: BettingRecordLine[] = [
  line({
    roundId: 'L8',
    gameName: 'Miền Bắc',
    gameType: 'LOTT',
    draw: {
      numero: '202611260001',
      playType: 'de',
      numbers: ['27'],
      odds: '95',
      hits: 0,
      special: null,
      region: 'north',
      resultSource: 'house',
      resultOrigin: null,
    },
  }),
  line({
    roundId: 'L9',
    gameName: 'TP. Hồ Chí Minh',
    gameType: 'LOTT',
    draw: {
      numero: '202611260001',
      playType: 'duoi_db',
      numbers: ['27'],
      odds: '95',
      hits: 1,
      special: '123427',
      region: 'south',
      resultSource: 'official',
      resultOrigin: 'entry',
    },
  }),
];

const emptyRecord: BettingRecordValue = {
  list: [],
  totals: { rounds: 0, bet: '0.00', win: '0.00', profit: '0.00' },
  total: 0,
  totalPages: 0,
  pageNo: 1,
  pageSize: 20,
  currency: 'BDT',
};

function openPage(page: 'personalHistoryCopy' | 'personalProfit', answers: Record<string, unknown>) {
  useSessionStore.getState().setSession({ token: 'token-1', isAgent: 0, username: 'rahim01' });
  const view = renderApp('/index', { gameMenus: gameMenusFixture, answers });
  useOverlayStore.getState().openMemberCentre(page);
  return view;
}

/** The query strings the page sent to one path, in order. */
function queriesTo(fetchMock: ReturnType<typeof renderApp>['fetchMock'], path: string): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}

describe('betting record (personalHistoryCopy)', () => {
  const recordPath = '/wps/relay/MCSFE_getBettingRecord';

  it('shows the totals of the filtered set and each round with its result, status and wallet', async () => {
    openPage('personalHistoryCopy', {
      [recordPath]: {
        list: [
          line({
            roundId: 'r-2',
            gameName: 'Baccarat One',
            vendorName: 'Khela Tables',
            gameType: 'LIVE',
            bet: '5.00',
            win: '0.00',
            profit: '-5.00',
            status: 'open',
            settledAt: null,
          }),
          line({ roundId: 'r-1' }),
          line({ roundId: 'r-3', bet: '0.00', win: '0.00', profit: '0.00', status: 'rolled_back' }),
          line({ roundId: 'r-4', wallet: 'trial', profit: '-1.00', bet: '1.00', win: '0.00' }),
          line({
            roundId: 'L7',
            gameName: 'Fast 1 minute',
            gameType: 'ELOTT',
            draw: {
              numero: '202611260042',
              playType: 'lo2',
              numbers: ['45'],
              odds: '3.5',
              hits: 2,
              special: '12345',
              region: 'fast',
              resultSource: 'house',
              resultOrigin: null,
            },
          }),
          ...lotterySourceLines,
        ],
        totals: { rounds: 42, bet: '1234.00', win: '1300.50', profit: '66.50' },
        total: 42,
        totalPages: 3,
        pageNo: 1,
        pageSize: 20,
        currency: 'BDT',
      } satisfies BettingRecordValue,
    });
    const panel = await screen.findByRole('dialog');
    expect(within(panel).getByRole('heading', { name: 'Betting record' })).toBeTruthy();
    await within(panel).findByText('Baccarat One');

    const totals = within(panel).getByLabelText('Totals for these filters');
    expect(totals.textContent).toContain('Rounds42');
    expect(totals.textContent).toContain('Total bet৳1,234.00');
    expect(totals.textContent).toContain('Total win৳1,300.50');
    expect(totals.textContent).toContain('Profit/loss+66.50');

    const rounds = [...panel.querySelectorAll('.record-line')];
    expect(rounds).toHaveLength(7);
    // A lottery bet shows its draw: numero, play type, numbers, odds and the special prize.
    expect(rounds[4]?.querySelector('.records__draw')?.textContent).toBe(
      'Draw 202611260042 · Lô 2 số 45 ×3.5 · Special 12345',
    );
    // And where its numbers come from: a fast game says nothing (there is no official draw), a
    // regional house draw that it is not the official result, an official one its source.
    expect(rounds[4]?.querySelector('.records__source')).toBeNull();
    expect(rounds[5]?.querySelector('.records__source')?.textContent).toBe(
      'House draw, not the official result',
    );
    expect(rounds[6]?.querySelector('.records__source--official')?.textContent).toBe(
      "Official result · source: the state lottery's sheet, typed in by two operators independently",
    );
    expect(rounds[0]?.querySelector('.records__draw')).toBeNull();
    expect(rounds[0]?.textContent).toContain('Khela Tables · Live casino');
    expect(rounds[0]?.textContent).toContain('Pending');
    expect(rounds[0]?.querySelector('.records-profit')?.textContent).toBe('-5.00');
    expect(rounds[0]?.querySelector('.records-profit--win')).toBeNull();
    expect(rounds[1]?.textContent).toContain('Settled');
    expect(rounds[1]?.textContent).toContain('Bet 10.00');
    expect(rounds[1]?.textContent).toContain('Win 25.50');
    // A win is marked (green); a loss or nothing stays plain.
    expect(rounds[1]?.querySelector('.records-profit--win')?.textContent).toBe('+15.50');
    expect(rounds[2]?.textContent).toContain('Cancelled');
    expect(rounds[2]?.querySelector('.records-profit--win')).toBeNull();
    expect(rounds[3]?.textContent).toContain('Demo funds');
    expect(rounds[0]?.textContent).not.toContain('Demo funds');
    expect(within(panel).getByText('1 of 3')).toBeTruthy();
  });

  it("names each regional lottery line's result source in Bengali", async () => {
    await changeLanguage('BN', { remember: true });
    openPage('personalHistoryCopy', {
      [recordPath]: { ...emptyRecord, list: lotterySourceLines, total: 2, totalPages: 1 },
    });
    const panel = await screen.findByRole('dialog');
    await waitFor(() => expect(panel.querySelectorAll('.records__source')).toHaveLength(2));
    const sources = [...panel.querySelectorAll('.records__source')].map((source) => source.textContent);
    expect(sources).toEqual([
      'হাউসের নিজস্ব ড্র, অফিসিয়াল ফলাফল নয়',
      'অফিসিয়াল ফলাফল · উৎস: রাষ্ট্রীয় লটারির ফলাফলপত্র, দুজন অপারেটর আলাদাভাবে লিখেছেন',
    ]);
  });

  it('asks again with each filter and pages through the record', async () => {
    const { fetchMock } = openPage('personalHistoryCopy', {
      [recordPath]: { ...emptyRecord, list: [line({})], total: 30, totalPages: 2 },
    });
    const panel = await screen.findByRole('dialog');
    await within(panel).findByText('Lucky Lotus');
    const first = queriesTo(fetchMock, recordPath)[0];
    // The default period is the last 7 days from local midnight; no other filter.
    expect(Number(first?.get('from'))).toBeLessThan(Date.now() - 6 * dayMs);
    expect(first?.has('gameType')).toBe(false);

    fireEvent.change(within(panel).getByLabelText('Category'), { target: { value: 'RNG' } });
    await waitFor(() => expect(queriesTo(fetchMock, recordPath).at(-1)?.get('gameType')).toBe('RNG'));
    const provider = within(panel).getByLabelText('Provider');
    // Only the chosen category's providers are offered.
    expect([...provider.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'All providers',
      'Khela Slots',
    ]);
    fireEvent.change(provider, { target: { value: 'KHELA_SLOTS' } });
    await waitFor(() =>
      expect(queriesTo(fetchMock, recordPath).at(-1)?.get('vassalage')).toBe('KHELA_SLOTS'),
    );
    fireEvent.change(within(panel).getByLabelText('Status'), { target: { value: 'open' } });
    await waitFor(() => expect(queriesTo(fetchMock, recordPath).at(-1)?.get('status')).toBe('open'));
    fireEvent.click(within(panel).getByRole('button', { name: 'All time' }));
    await waitFor(() => expect(queriesTo(fetchMock, recordPath).at(-1)?.has('from')).toBe(false));
    expect(queriesTo(fetchMock, recordPath).at(-1)?.get('gameType')).toBe('RNG');

    fireEvent.click(within(panel).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queriesTo(fetchMock, recordPath).at(-1)?.get('pageNo')).toBe('2'));
    // Choosing another category goes back to page 1 and drops a provider it does not have.
    fireEvent.change(within(panel).getByLabelText('Category'), { target: { value: 'FISH' } });
    await waitFor(() => expect(queriesTo(fetchMock, recordPath).at(-1)?.get('gameType')).toBe('FISH'));
    expect(queriesTo(fetchMock, recordPath).at(-1)?.get('pageNo')).toBe('1');
    expect(queriesTo(fetchMock, recordPath).at(-1)?.has('vassalage')).toBe(false);
  });

  it('says plainly when there are no rounds, without a totals bar', async () => {
    openPage('personalHistoryCopy', { [recordPath]: emptyRecord });
    const panel = await screen.findByRole('dialog');
    expect(await within(panel).findByText('No rounds in this period')).toBeTruthy();
    expect(within(panel).queryByLabelText('Totals for these filters')).toBeNull();
  });

  it('says so when the record cannot be read', async () => {
    openPage('personalHistoryCopy', {});
    const panel = await screen.findByRole('dialog');
    expect((await within(panel).findByRole('alert')).textContent).toContain('Network link is abnormal');
  });
});

describe('profit and loss (personalProfit)', () => {
  const profitPath = '/wps/relay/MCSFE_getPersonalProfit';
  const value: PersonalProfitValue = {
    days: [
      {
        day: '2026-03-03',
        rounds: 1,
        bet: '3.00',
        win: '9.00',
        profit: '6.00',
        byCategory: [{ gameType: 'RNG', rounds: 1, bet: '3.00', win: '9.00', profit: '6.00' }],
      },
      {
        day: '2026-03-01',
        rounds: 3,
        bet: '17.00',
        win: '12.00',
        profit: '-5.00',
        byCategory: [
          { gameType: 'LIVE', rounds: 1, bet: '5.00', win: '0.00', profit: '-5.00' },
          { gameType: 'RNG', rounds: 2, bet: '12.00', win: '12.00', profit: '0.00' },
        ],
      },
    ],
    totals: { rounds: 4, bet: '20.00', win: '21.00', profit: '1.00' },
    from: Date.UTC(2026, 1, 25),
    to: Date.UTC(2026, 2, 4),
    timeZone: 'UTC',
    currency: 'BDT',
  };

  it('shows each day with its total and a row per category, and the period totals', async () => {
    openPage('personalProfit', { [profitPath]: value });
    const panel = await screen.findByRole('dialog');
    expect(within(panel).getByRole('heading', { name: 'Profit and loss' })).toBeTruthy();
    const table = await within(panel).findByRole('table', { name: 'Profit and loss by day and category' });
    const groups = [...table.querySelectorAll('tbody')];
    expect(groups).toHaveLength(2);
    const rowsOf = (group: Element | undefined) =>
      [...(group?.querySelectorAll('tr') ?? [])].map((row) =>
        [...row.children].map((cell) => cell.textContent?.replace(/^(Rounds|Bet|Win)/, '')),
      );
    expect(rowsOf(groups[0])).toEqual([
      ['2026-03-03', '1', '3.00', '9.00', '+6.00'],
      ['Slots', '1', '3.00', '9.00', '+6.00'],
    ]);
    expect(rowsOf(groups[1])).toEqual([
      ['2026-03-01', '3', '17.00', '12.00', '-5.00'],
      ['Live casino', '1', '5.00', '0.00', '-5.00'],
      ['Slots', '2', '12.00', '12.00', '0.00'],
    ]);
    expect(within(panel).getByLabelText('Totals for these filters').textContent).toContain(
      'Profit/loss+1.00',
    );
    expect(within(panel).getByText(/midnight to midnight in the time zone above/)).toBeTruthy();
  });

  it("asks for the period from the brand's midnight (Asia/Dhaka), and for one category", async () => {
    const { fetchMock } = openPage('personalProfit', { [profitPath]: value });
    const panel = await screen.findByRole('dialog');
    await within(panel).findByRole('table');
    const week = Number(queriesTo(fetchMock, profitPath)[0]?.get('from'));
    // 00:00 in Dhaka is 18:00 UTC.
    expect((week + 6 * 3_600_000) % dayMs).toBe(0);
    expect(Date.now() - week).toBeGreaterThan(6 * dayMs);
    expect(Date.now() - week).toBeLessThanOrEqual(7 * dayMs);

    fireEvent.click(within(panel).getByRole('button', { name: '90 days' }));
    await waitFor(() =>
      expect(Number(queriesTo(fetchMock, profitPath).at(-1)?.get('from'))).toBe(week - 83 * dayMs),
    );
    fireEvent.change(within(panel).getByLabelText('Category'), { target: { value: 'FISH' } });
    await waitFor(() => expect(queriesTo(fetchMock, profitPath).at(-1)?.get('gameType')).toBe('FISH'));
  });

  it('says plainly when nothing was settled in the period', async () => {
    openPage('personalProfit', {
      [profitPath]: { ...value, days: [], totals: { rounds: 0, bet: '0.00', win: '0.00', profit: '0.00' } },
    });
    const panel = await screen.findByRole('dialog');
    expect(await within(panel).findByText('No settled rounds in this period')).toBeTruthy();
    expect(within(panel).queryByRole('table')).toBeNull();
  });
});
