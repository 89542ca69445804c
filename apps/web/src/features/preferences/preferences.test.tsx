import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, whitelabelFixture } from '../../test/render-app.tsx';

describe('language menu', () => {
  it('switches the texts without a reload and remembers the choice', async () => {
    const { fetchMock } = renderApp('/index');
    const header = await screen.findByRole('banner');
    expect(await within(header).findByRole('button', { name: 'লগ ইন' })).toBeTruthy();

    fireEvent.click(within(header).getByRole('button', { name: 'ভাষা: বাংলা' }));
    fireEvent.click(within(header).getByRole('menuitemradio', { name: 'English' }));

    expect(await within(header).findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(within(header).getByRole('button', { name: 'Register' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(window.localStorage.getItem('language')).toBe('EN');
    expect(document.documentElement.lang).toBe('en');
    // The page was not reloaded: the start-up calls ran once.
    expect(fetchMock.mock.calls.filter(([url]) => url === '/wps/system/whitelabel')).toHaveLength(1);
  });

  it("lists the brand's languages only", async () => {
    renderApp('/index', { whitelabel: whitelabelFixture({ languages: ['BN', 'EN'] }) });
    const header = await screen.findByRole('banner');
    fireEvent.click(await within(header).findByRole('button', { name: 'ভাষা: বাংলা' }));
    const options = within(header).getAllByRole('menuitemradio');
    expect(options.map((option) => option.textContent)).toEqual(['বাংলা', 'English']);
    expect(options[0]?.getAttribute('aria-checked')).toBe('true');
  });

  it('switches to the complete Chinese catalogue', async () => {
    renderApp('/index');
    const header = await screen.findByRole('banner');
    fireEvent.click(await within(header).findByRole('button', { name: 'ভাষা: বাংলা' }));
    fireEvent.click(within(header).getByRole('menuitemradio', { name: '中文' }));
    expect(await within(header).findByRole('button', { name: '登录' })).toBeTruthy();
    // Every key is translated (locales.test.ts): Chinese, never English or the raw key.
    expect(await screen.findByText('暂无可用游戏')).toBeTruthy();
    expect(document.documentElement.lang).toBe('zh');
  });
});

describe('theme switch', () => {
  it('toggles dark and light and writes localStorage', async () => {
    renderApp('/index');
    const header = await screen.findByRole('banner');
    const toggle = await within(header).findByRole('switch', { name: 'ডার্ক থিম' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');

    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');

    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(window.localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
