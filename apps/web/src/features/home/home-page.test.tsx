import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Announcement, Banner } from '@khela/contract';
import { renderApp } from '../../test/render-app.tsx';
import { useOverlayStore } from '../../shared/stores/overlay-store.ts';
import { JACKPOT_INTERVAL_MS, JACKPOT_STEP_CENTS, jackpotCentsAt } from './jackpot.ts';

const banners: Banner[] = [1, 2, 3].map((id) => ({
  bannerId: id,
  groupName: 'home',
  url: `/content/banners/b${id}-desktop.svg`,
  mobileUrl: `/content/banners/b${id}-mobile.svg`,
  title: `ব্যানার ${id}`,
  linkageType: id === 1 ? 'route' : id === 2 ? 'url' : null,
  linkageTarget: id === 1 ? '/register' : id === 2 ? 'https://example.org/' : null,
}));

const announcements: Announcement[] = [
  {
    id: 7,
    type: 'B',
    title: 'প্রথম ঘোষণা',
    content: '<p>এক</p>',
    startDateStr: Date.UTC(2026, 0, 2, 3, 4, 5),
  },
  { id: 8, type: 'B', title: 'দ্বিতীয় ঘোষণা', content: '<p>দুই</p>', startDateStr: Date.UTC(2026, 0, 1) },
];

function renderHome(answers: Record<string, unknown> = {}) {
  // The popup list on start is tested with the notice page; here it would cover the page.
  sessionStorage.setItem('noticePopupGuest', '1');
  return renderApp('/index', {
    answers: {
      '/wps/system/banners': banners,
      '/wps/relay/MCSFE_getListAnnouncements': { promotion: { content: announcements } },
      '/wps/relay/GCSGAME_hotGamesV2': { list: [] },
      '/wps/relay/MCSFE_getWinnerBoard': { currency: 'BDT', list: [] },
      ...answers,
    },
  });
}

afterEach(() => {
  vi.useRealTimers();
  useOverlayStore.setState({ openModals: [] });
  sessionStorage.clear();
});

describe('jackpot figure', () => {
  it('is derived from the time and grows by 165.11 per 3 s step', () => {
    const start = jackpotCentsAt(Date.UTC(2026, 10, 22, 0, 0, 0));
    expect(jackpotCentsAt(Date.UTC(2026, 10, 22, 0, 0, 3))).toBe(start + JACKPOT_STEP_CENTS);
    expect(jackpotCentsAt(Date.UTC(2026, 10, 22, 0, 0, 2))).toBe(start);
    expect(JACKPOT_STEP_CENTS).toBe(16_511);
    expect(JACKPOT_INTERVAL_MS).toBe(3000);
  });
});

describe('home page', () => {
  it('shows the banners with mobile and desktop pictures, the first eager and the rest lazy', async () => {
    renderHome();
    const carousel = await screen.findByRole('region', { name: 'ব্যানার' });
    const images = within(carousel).getAllByRole('img', { hidden: true });
    expect(images.map((image) => image.getAttribute('alt'))).toEqual(['ব্যানার 1', 'ব্যানার 2', 'ব্যানার 3']);
    expect(images.map((image) => image.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
    expect(carousel.querySelector('source')?.getAttribute('srcset')).toBe('/content/banners/b1-mobile.svg');
    // Linkages: an in-app route, an external link in a new tab, a picture without a link.
    expect(carousel.querySelector('a[href="/register"]')).toBeTruthy();
    expect(carousel.querySelector('a[href="https://example.org/"]')?.getAttribute('rel')).toBe(
      'noopener noreferrer',
    );
    const dots = within(carousel).getAllByRole('button');
    expect(dots).toHaveLength(3);
    expect(dots[0]?.getAttribute('aria-current')).toBe('true');
    fireEvent.click(dots[2]!);
    expect(dots[2]?.getAttribute('aria-current')).toBe('true');
  });

  it('moves to the next banner every 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderHome();
    const carousel = await screen.findByRole('region', { name: 'ব্যানার' });
    const dots = within(carousel).getAllByRole('button');
    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    expect(dots[1]?.getAttribute('aria-current')).toBe('true');
  });

  it('opens noticeModal at the announcement clicked in the notice bar', async () => {
    renderHome();
    const bar = await screen.findByRole('region', { name: 'ঘোষণা' });
    const second = within(bar).getAllByRole('button', { name: 'দ্বিতীয় ঘোষণা' })[0]!;
    fireEvent.click(second);
    expect(useOverlayStore.getState().openModals).toEqual(['noticeModal']);
    const dialog = await screen.findByRole('dialog');
    const open = await within(dialog).findByRole('button', { expanded: true });
    expect(open.textContent).toContain('দ্বিতীয় ঘোষণা');
    expect(within(dialog).getByText('দুই')).toBeTruthy();
  });

  it('stops the notice strip while something covers the page, and runs it again after', async () => {
    renderHome();
    const bar = await screen.findByRole('region', { name: 'ঘোষণা' });
    expect(bar.classList.contains('notice-bar--still')).toBe(false);
    act(() => useOverlayStore.setState({ openModals: ['noticeModal'] }));
    expect(bar.classList.contains('notice-bar--still')).toBe(true);
    act(() => useOverlayStore.setState({ openModals: [] }));
    expect(bar.classList.contains('notice-bar--still')).toBe(false);
  });

  it('says honestly that there are no hot games and no winners yet', async () => {
    renderHome();
    expect(await screen.findByText('এখনো কোনো জনপ্রিয় গেম নেই')).toBeTruthy();
    expect(screen.getByText('এখনো কোনো বিজয়ী নেই')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'জ্যাকপট' })).toBeTruthy();
  });

  it('lists the winners the server names: masked name, game, amount', async () => {
    renderHome({
      '/wps/relay/MCSFE_getWinnerBoard': {
        currency: 'BDT',
        list: [
          {
            vo: {
              iconUrl: null,
              customerName: 'de****er',
              gameName: 'সোনালি ফল',
              nodeId: 3,
              winAmount: '900.00',
              settledAt: Date.UTC(2026, 10, 22),
            },
          },
        ],
      },
    });
    expect(await screen.findByText('de****er')).toBeTruthy();
    expect(screen.getByText('সোনালি ফল')).toBeTruthy();
    expect(screen.getByText(/900\.00/)).toBeTruthy(); // No icon: a trophy on the brand's gold, not an empty grey square (issue 38).
    const item = screen.getByText('de****er').closest('li')!;
    const icon = item.querySelector('.winner-list__icon')!;
    expect(icon.classList.contains('winner-list__icon--fallback')).toBe(true);
    expect(icon.querySelector('svg')).not.toBeNull();
  });

  it('gives the hot games beside the winners tiles of at least 8.5rem on a desktop, not the lobby seven columns (issue 38)', () => {
    const rule =
      /@media \(min-width: 900px\) \{\s*\.home-columns \.game-grid \{\s*grid-template-columns: repeat\(auto-fill, minmax\(8\.5rem, 1fr\)\);/;
    const homeCss = readFileSync(
      ['src', 'apps/web/src']
        .map((root) => path.resolve(process.cwd(), root, 'features/home/home-page.css'))
        .find((file) => existsSync(file))!,
      'utf8',
    );
    expect(homeCss).toMatch(rule);
  });
});
