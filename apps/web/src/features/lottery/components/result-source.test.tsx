import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { NumeroProof, NumeroResult } from '@khela/contract';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { MemoryRouter } from '../../../shared/router/router.tsx';
import { renderApp } from '../../../test/render-app.tsx';
import { stubCalls } from '../../../test/stub-calls.ts';
import { DrawHistory } from './draw-history.tsx';
import { resultSourceKey } from './result-source.tsx';

/**
 * Issue 36 item 5: a regional house draw says it is not the official result; an official result
 * names its source; the verify page recomputes house draws only.
 */
const result = [
  { tier: 'special' as const, numbers: ['12327'] },
  { tier: 'first' as const, numbers: ['45678'] },
];

function entry(overrides: Partial<NumeroResult>): NumeroResult {
  return {
    gameCode: 'MB',
    numero: '202612060001',
    drawDate: '2026.12.06',
    status: 'settled',
    winningTime: Date.UTC(2026, 11, 6, 11, 15),
    special: '12327',
    result,
    voidReason: null,
    resultSource: 'house',
    resultOrigin: null,
    ...overrides,
  };
}

afterEach(async () => {
  await changeLanguage('EN', { remember: true });
});

describe('result sources', () => {
  it('names the source of each kind of draw (fast house draws say nothing)', () => {
    expect(resultSourceKey('north', 'house')).toBe('lottery_source_house');
    expect(resultSourceKey('fast', 'house')).toBeNull();
    expect(resultSourceKey('south', 'official', null, true)).toBe('lottery_source_official_game');
    expect(resultSourceKey('south', 'official', 'feed')).toBe('lottery_source_official_feed');
    expect(resultSourceKey('south', 'official', 'entry')).toBe('lottery_source_official_entry');
    expect(resultSourceKey('south', 'official')).toBe('lottery_source_official');
  });

  it.each([
    [
      'VI',
      'Xổ số của nhà cái, không phải kết quả chính thức',
      'Kết quả chính thức · nguồn: bảng kết quả xổ số kiến thiết, do hai nhân viên nhập độc lập',
    ],
    [
      'BN',
      'হাউসের নিজস্ব ড্র, অফিসিয়াল ফলাফল নয়',
      'অফিসিয়াল ফলাফল · উৎস: রাষ্ট্রীয় লটারির ফলাফলপত্র, দুজন অপারেটর আলাদাভাবে লিখেছেন',
    ],
    [
      'EN',
      'House draw, not the official result',
      "Official result · source: the state lottery's sheet, typed in by two operators independently",
    ],
  ] as const)(
    'the results list in %s: the house draw and the official result with its source',
    async (language, house, official) => {
      await changeLanguage(language, { remember: true });
      renderWithRouter(
        <DrawHistory
          region="north"
          numeros={[
            entry({ numero: '202612060001', resultSource: 'official', resultOrigin: 'entry' }),
            entry({ numero: '202612050001' }),
          ]}
        />,
      );
      expect(await screen.findByText(official)).toBeTruthy();
      expect(screen.getByText(house)).toBeTruthy();
      // Only the house draw links to the verify page.
      expect(screen.getByRole('link', { name: '202612050001' })).toBeTruthy();
      expect(screen.queryByRole('link', { name: '202612060001' })).toBeNull();
    },
  );

  it('the verify page recomputes nothing for an official result and names its source', async () => {
    const proof: NumeroProof = {
      gameCode: 'MB',
      region: 'north',
      numero: '202612060001',
      status: 'settled',
      drawDate: '2026.12.06',
      winningTime: Date.UTC(2026, 11, 6, 11, 15),
      seedHash: 'ab'.repeat(32),
      seed: '00'.repeat(32),
      betsDigest: 'cd'.repeat(32),
      betCount: 1,
      result,
      voidReason: null,
      resultSource: 'official',
      resultOrigin: 'feed',
      beacon: null,
    };
    await changeLanguage('EN', { remember: true });
    stubCalls({ lotteryNumeroProof: () => proof });
    renderApp('/lottery/verify?gameCode=MB&numero=202612060001');
    expect(await screen.findByText(/there is nothing to recompute here/)).toBeTruthy();
    expect(screen.getByText("Official result · source: the state lottery's results feed")).toBeTruthy();
    expect(screen.getByText(/This page checks house draws/)).toBeTruthy();
    expect(screen.queryByText(/The revealed seed matches the commitment/)).toBeNull();
    // The seed, digest and beacon play no part in it: not shown.
    expect(screen.queryByText('00'.repeat(32))).toBeNull();
  });
});

function renderWithRouter(element: React.ReactElement) {
  return render(
    <MemoryRouter initialEntries={['/lottery?gameCode=MB&view=history']}>{element}</MemoryRouter>,
  );
}
